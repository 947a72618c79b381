// The constant arguments of an input call written with names or arithmetic, as TradingView's own
// scripts write them (`const string VIRIDIS = "Viridis"`, `input.string(VIRIDIS, options =
// [VIRIDIS, MAGMA])`, `int DEFAULT_POINT = timestamp("2025-09")`, `input.time(DEFAULT_POINT)`): each
// is folded to the literal it stands for (A.Annotated `folded`), which the Interface's default,
// options and bounds, and the compiled default, read in its place. Colors made of constants
// (`color.new(color.teal, 70)`, `color.rgb(0, 187, 212, 60)`) fold to a color literal.

import type * as A from "../../language/ast";
import { timestampOf } from "../../stdlib/time";
import { builtinFunction } from "../../builtins";
import { lookupVariable } from "../builtin-lookup";
import { prim } from "../types";
import type { Typer } from "./state";

// force_overlay: a plot call's const bool, which the Interface reports (docs/adr/0220)
const PARAMS: ReadonlySet<string> = new Set(["defval", "minval", "maxval", "options", "title", "force_overlay"]);

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
      return call(t, e, depth);
    case "Unary": {
      const v = numberOf(t, e.operand, depth);
      if (v === null) return null;
      return e.op === "-" ? numberLit(e, -v, isIntTyped(e)) : e.op === "+" ? numberLit(e, v, isIntTyped(e)) : null;
    }
    case "Binary":
      return binary(t, e, depth);
    default:
      return null;
  }
}

/** `timestamp("2025-09")`, `color.new(<color>, <transparency>)` and `color.rgb(r, g, b[, transparency])` of constants. */
function call(t: Typer, e: A.Call, depth: number): A.Expr | null {
  const name = e.target?.kind === "builtin" ? e.target.name : null;
  const placed = name === null ? null : positional(name, e.args);
  if (placed === null) return null;
  const args = placed.map((a) => folded(t, a, depth + 1));
  if (args.some((a) => a === null)) return null;
  const num = (k: number): number | null => (args[k]?.kind === "NumberLit" ? (args[k] as A.NumberLit).value : null);
  if (name === "timestamp" && args.length === 1 && args[0]!.kind === "StringLit") {
    const ms = timestampOf(args[0]!.value);
    return Number.isFinite(ms) ? numberLit(e, ms, true) : null;
  }
  if (name === "color.new" && args.length === 2) {
    const base = colorOf(args[0]!);
    const transp = num(1);
    return base === null || transp === null ? null : colorLit(e, base.r, base.g, base.b, ((100 - Math.min(100, Math.max(0, transp))) / 100) * 255);
  }
  if (name === "color.rgb" && (args.length === 3 || args.length === 4)) {
    const [r, g, b, tr] = [num(0), num(1), num(2), args.length === 4 ? num(3) : 0];
    return r === null || g === null || b === null || tr === null ? null : colorLit(e, r, g, b, ((100 - tr) / 100) * 255);
  }
  return null;
}

/**
 * The arguments of a call in its signature's order, named ones (`color.new(color = c, transp = 60)`)
 * put at their parameter's place; null when a name is unknown or a parameter before the last given
 * one is left out.
 */
function positional(name: string, args: readonly A.Argument[]): A.Expr[] | null {
  if (args.every((a) => a.name === null)) return args.map((a) => a.value);
  for (const sig of builtinFunction(name)?.signatures ?? []) {
    const names = sig.params.map((p) => p.name);
    const out: Array<A.Expr | undefined> = [];
    let fits = true;
    args.forEach((a, k) => {
      const at = a.name === null ? k : names.indexOf(a.name.name);
      if (at < 0 || out[at] !== undefined) fits = false;
      else out[at] = a.value;
    });
    if (fits && out.length <= names.length && !out.includes(undefined)) return out as A.Expr[];
  }
  return null;
}

/** A color literal, or a built-in color constant (`color.teal`) as one. */
function colorOf(e: A.Expr): { r: number; g: number; b: number } | null {
  if (e.kind === "ColorLit") return e;
  const v = e.kind === "Identifier" || e.kind === "Member" ? (e.symbol?.kind === "builtinVariable" ? lookupVariable(e.symbol.name)?.value : undefined) : undefined;
  const m = typeof v === "string" ? /^#([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})$/.exec(v) : null;
  return m ? { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) } : null;
}

function colorLit(at: A.Expr, r: number, g: number, b: number, a: number): A.ColorLit {
  const hex = (n: number): string => Math.max(0, Math.min(255, Math.round(n))).toString(16).padStart(2, "0");
  return { kind: "ColorLit", span: at.span, raw: `#${hex(r)}${hex(g)}${hex(b)}${hex(a)}`, r, g, b, a: Math.round(a), type: at.type, qual: "const" };
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
