// Request expressions a chart's run may evaluate in place when they request the chart's own bars
// (docs/adr/0194-own-bars-requests-in-place.md). A request of the chart's symbol and timeframe
// (`request.security(syminfo.tickerid, "", get_ohlc())`, a timeframe input left empty) is a context
// whose bars are the chart's: its run over them records, on each bar, the expression's value
// there. When that value depends on nothing but the bars themselves (bar series, their history at
// constant offsets, literals, operators, and user functions without parameters made of those), it
// is the value the expression has on the same chart bar, so the chart's run evaluates it there and
// the context needs no run over its bars (for a script that cannot be sliced, a second whole run).

import type * as A from "../language/ast";
import type { UserFunction } from "./types";

/** Built-in series whose value on a bar is the bar's own (the same in the chart's run and in its own context's). */
const BAR_SERIES: ReadonlySet<string> = new Set(["open", "high", "low", "close", "volume", "time", "hl2", "hlc3", "ohlc4", "hlcc4"]);

/** User functions followed through at most this many calls deep. */
const MAX_DEPTH = 4;

/** Whether `e` reads only the bars (see the file comment): its value on a bar is the same in any run over the same bars. */
export function barsOnly(e: A.Expr, functions: ReadonlyMap<number, UserFunction>, depth = 0): boolean {
  const only = (x: A.Expr): boolean => barsOnly(x, functions, depth);
  switch (e.kind) {
    case "NumberLit":
    case "BoolLit":
    case "NaLit":
      return true;
    case "Identifier":
      return e.symbol?.kind === "builtinVariable" && BAR_SERIES.has(e.symbol.name);
    case "Index":
      // a history reference at a constant offset reads the bar column itself
      return e.index.kind === "NumberLit" && e.object.kind === "Identifier" && only(e.object);
    case "Unary":
      return only(e.operand);
    case "Binary":
      return only(e.left) && only(e.right);
    case "Ternary":
      return only(e.cond) && only(e.then) && only(e.else);
    case "TupleExpr":
      return e.elements.every(only);
    case "Call":
      return depth < MAX_DEPTH && barsOnlyFunction(e, functions, depth);
    default:
      return false;
  }
}

/** A call of a user function without parameters whose body is one expression that reads only the bars. */
function barsOnlyFunction(c: A.Call, functions: ReadonlyMap<number, UserFunction>, depth: number): boolean {
  const t = c.target;
  if (t?.kind !== "user" || c.args.length > 0) return false;
  const decl = functions.get(t.fn.id)?.decl;
  if (decl === undefined || decl.params.length > 0 || decl.body.body.length !== 1) return false;
  const only = decl.body.body[0]!;
  return only.kind === "ExprStmt" && barsOnly(only.expr, functions, depth + 1);
}
