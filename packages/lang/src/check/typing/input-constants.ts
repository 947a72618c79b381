// The constant arguments of an input call written with names or arithmetic, as TradingView's own
// scripts write them (`const string VIRIDIS = "Viridis"`, `input.string(VIRIDIS, options =
// [VIRIDIS, MAGMA])`, `int DEFAULT_POINT = timestamp("2025-09")`, `input.time(DEFAULT_POINT)`): each
// is folded to the literal it stands for (A.Annotated `folded`), which the Interface's default,
// options and bounds, and the compiled default, read in its place.

import type * as A from "../../language/ast";
import { timestampOf } from "../../stdlib/time";
import { prim } from "../types";
import type { Typer } from "./state";

const PARAMS: ReadonlySet<string> = new Set(["defval", "minval", "maxval", "options", "title"]);

/** Folds an input call's constant arguments (see above), given as [parameter name, argument] pairs. */
export function foldInputArguments(t: Typer, args: ReadonlyArray<readonly [string | null, A.Expr]>): void {
  for (const [p, arg] of args) {
    if (p === null || !PARAMS.has(p)) continue;
    const values = arg.kind === "TupleExpr" ? arg.elements : [arg];
    for (const v of values) {
      const f = folded(t, v, 0);
      if (f !== null && f !== v) v.folded = f;
    }
  }
}

/** The literal `e` stands for: itself when a literal, through global constants and arithmetic otherwise; null when not constant. */
function folded(t: Typer, e: A.Expr, depth: number): A.Expr | null {
  if (depth > 32) return null;
  switch (e.kind) {
    case "NumberLit":
    case "StringLit":
    case "BoolLit":
    case "ColorLit":
      return e;
    case "Identifier":
    case "Member": {
      if (e.symbol?.kind === "builtinVariable") return e;
      const init = e.kind === "Identifier" && e.symbol?.kind === "local" ? t.constants.get(e.symbol.id) : undefined;
      return init ? folded(t, init, depth + 1) : null;
    }
    case "Call":
      // timestamp("2025-09") of a constant string: its time
      if (e.target?.kind === "builtin" && e.target.name === "timestamp" && e.args.length === 1) {
        const text = folded(t, e.args[0]!.value, depth + 1);
        const ms = text?.kind === "StringLit" ? timestampOf(text.value) : NaN;
        return Number.isFinite(ms) ? numberLit(e, ms, true) : null;
      }
      return null;
    case "Unary": {
      const v = numberOf(t, e.operand, depth);
      return e.op === "-" && v !== null ? numberLit(e, -v, isIntTyped(e)) : null;
    }
    case "Binary":
      return binary(t, e, depth);
    default:
      return null;
  }
}

function binary(t: Typer, e: A.Binary, depth: number): A.Expr | null {
  if (e.op === "+") {
    const l = folded(t, e.left, depth + 1);
    const r = folded(t, e.right, depth + 1);
    if (l?.kind === "StringLit" && r?.kind === "StringLit") return { kind: "StringLit", span: e.span, value: l.value + r.value };
  }
  const l = numberOf(t, e.left, depth);
  const r = numberOf(t, e.right, depth);
  if (l === null || r === null) return null;
  const int = isIntTyped(e);
  switch (e.op) {
    case "+":
      return numberLit(e, l + r, int);
    case "-":
      return numberLit(e, l - r, int);
    case "*":
      return numberLit(e, l * r, int);
    case "/":
      // an int-typed division (two const ints in v5) truncates toward zero
      return r === 0 ? null : numberLit(e, int ? Math.trunc(l / r) : l / r, int);
    case "%":
      return r === 0 ? null : numberLit(e, l % r, int);
    default:
      return null;
  }
}

function numberOf(t: Typer, e: A.Expr, depth: number): number | null {
  const f = folded(t, e, depth + 1);
  return f?.kind === "NumberLit" ? f.value : null;
}

function isIntTyped(e: A.Expr): boolean {
  return e.type !== undefined && prim(e.type, "int");
}

function numberLit(at: A.Expr, value: number, isInt: boolean): A.NumberLit {
  return { kind: "NumberLit", span: at.span, value, isInt, raw: String(value), type: at.type, qual: "const" };
}
