// Pine v6's int division (the `differences` docs topic, packages/lang/src/docs/guides.ts: "Int
// division"). TradingView types `a / b` of two ints int, with a value that keeps its fraction
// (`15 / 2` is 7.5), and truncates it where an int is taken. This dialect types it float, so the
// value keeps its fraction everywhere else, and takes it truncated (read through `int()` in place)
// where an int is wanted: an int parameter, a history offset, a for bound, a variable declared int.
// "Int-valued" is what TradingView types int although this dialect types it float: such a
// division, arithmetic of ints and int-valued operands (also through math.max/min/abs and nz, and
// unary minus or plus: `offset = +half`), and
// a variable whose every value is int-valued (`half = length / 2`, then `half := half + 1`;
// `half := half + 0.5` makes it an ordinary float).

import type * as A from "../../language/ast";
import { castInPlace } from "../match";
import { INT, prim } from "../types";
import type { Typer } from "./state";

const ARITHMETIC: ReadonlySet<string> = new Set(["+", "-", "*", "/", "%"]);
/** Built-ins whose result TradingView types int when every argument is (math.max(int, int) is int). */
const INT_PRESERVING: ReadonlySet<string> = new Set(["math.max", "math.min", "math.abs", "nz"]);

/** `a / b` of two ints. */
export function isIntDivision(e: A.Expr): boolean {
  const isInt = (x: A.Expr): boolean => x.type?.kind === "primitive" && x.type.name === "int";
  return e.kind === "Binary" && e.op === "/" && isInt(e.left) && isInt(e.right);
}

/** An int, or a float expression TradingView types int (see above). */
export function intValued(t: Typer, e: A.Expr): boolean {
  if (!e.type) return false;
  if (prim(e.type, "int")) return true;
  if (!prim(e.type, "float")) return false;
  switch (e.kind) {
    case "Binary":
      return ARITHMETIC.has(e.op) && intValued(t, e.left) && intValued(t, e.right);
    case "Unary":
      return (e.op === "-" || e.op === "+") && intValued(t, e.operand);
    case "Ternary":
      return intValued(t, e.then) && intValued(t, e.else);
    case "Identifier":
      return e.symbol?.kind === "local" && t.intDivisions.has(e.symbol.id);
    case "Call":
      return e.target?.kind === "builtin" && INT_PRESERVING.has(e.target.name) && e.args.every((a) => intValued(t, a.value));
    default:
      return false;
  }
}

/** A float `e` that is int-valued, where an int is wanted: typed int, its value truncated toward zero. */
export function takeAsInt(t: Typer, e: A.Expr): boolean {
  if (!e.type || !prim(e.type, "float") || !intValued(t, e)) return false;
  if (e.kind === "Binary" && e.op === "/") e.type = INT; // codegen truncates an int-typed division
  else castInPlace(e);
  return true;
}
