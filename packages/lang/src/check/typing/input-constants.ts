// The constant arguments of an input call written with names, arithmetic or built-in calls, as
// TradingView's own scripts write them (`const string VIRIDIS = "Viridis"`, `input.string(VIRIDIS,
// options = [VIRIDIS, MAGMA])`, `input.time(timestamp("2025-09"))`, `input.int(math.max(3, 5))`,
// `input.color(color.new(color.teal, 70))`): each is folded to the literal it stands for
// (A.Annotated `folded`), which the Interface's default, options and bounds, and the compiled
// default, read in its place. An input's default is a const expression (TradingView's user manual,
// "Type system"), worked out by const-value.ts; one it cannot work out is refused rather than read
// as na (docs/adr/0290).

import type * as A from "../../language/ast";
import { Code } from "../../language/codes";
import { b as blue, g as green, r as red, t as transparency } from "../../stdlib/color";
import { prim } from "../types";
import { constValue, NotConstant, type ConstValue } from "./const-value";
import type { Typer } from "./state";

// force_overlay: a plot call's const bool, which the Interface reports (docs/adr/0220), as it does a
// plot's color, style and linestyle; message: an alertcondition's; price: an hline's; max_*_count: a declaration's
// drawing caps (the user manual's Limitations example writes `max_labels_count = MAX_LABELS`)
const PARAMS: ReadonlySet<string> = new Set(["defval", "minval", "maxval", "options", "title", "force_overlay", "message", "price", "color", "style", "linestyle", "max_labels_count", "max_lines_count", "max_boxes_count", "max_polylines_count"]);
/** An input's parameters whose value the Interface and the run need: one not worked out is an error. */
const NEEDED: ReadonlySet<string> = new Set(["defval", "minval", "maxval", "options"]);

/** Folds an input call's constant arguments (see above), given as [parameter name, argument] pairs. */
export function foldInputArguments(t: Typer, args: ReadonlyArray<readonly [string | null, A.Expr]>): void {
  for (const [p, arg] of args) {
    if (p === null || !PARAMS.has(p)) continue;
    const values = arg.kind === "TupleExpr" ? arg.elements : [arg];
    for (const v of values) {
      const f = folded(t, v, NEEDED.has(p));
      if (f instanceof NotConstant) {
        if (NEEDED.has(p)) t.ctx.error(Code.unsupported_feature, `This input's ${p === "defval" ? "default" : p} is const in Pine, but it cannot be worked out before the script runs here: ${f.message}. Write it with literals, operators, const variables and math.*, str.*, color.* or timestamp() calls.`, v.span);
      } else if (f !== v) v.folded = f;
    }
  }
}

/**
 * The literal `e` stands for: itself when a literal, a built-in constant (`color.teal`, which the
 * Interface names) or not const (`input.source(close)`); the literal or built-in constant a const
 * name stands for; else the literal of its value. NotConstant when that value cannot be worked out.
 * `valued`: an input's default, bounds or options, where a built-in constant other than a color is
 * its value (`size.small` is "small", `math.pi` 3.14159...), as TradingView's inputs take it.
 */
function folded(t: Typer, e: A.Expr, valued: boolean): A.Expr | NotConstant {
  const named = nameFor(t, e, 0, valued);
  if (named !== null) return named;
  if (e.qual !== "const" || e.type?.kind !== "primitive") return e;
  let v: ConstValue;
  try {
    v = constValue(t, e);
  } catch (err) {
    if (err instanceof NotConstant) return err;
    throw err;
  }
  return literalOf(e, v) ?? e;
}

/** A literal, a built-in constant or an enum member, written directly or through const names; else null. */
function nameFor(t: Typer, e: A.Expr, depth: number, valued: boolean): A.Expr | null {
  if (depth > 32) return null;
  switch (e.kind) {
    case "NumberLit":
    case "StringLit":
    case "BoolLit":
    case "ColorLit":
    case "NaLit":
      return e;
    case "Identifier":
    case "Member": {
      if (e.symbol?.kind === "enumMember") return e;
      if (e.symbol?.kind === "builtinVariable") return valued && e.qual === "const" && !(e.type !== undefined && prim(e.type, "color")) ? null : e;
      const init = e.constant ?? (e.kind === "Identifier" && e.symbol?.kind === "local" ? t.constants.get(e.symbol.id) : undefined);
      return init ? nameFor(t, init, depth + 1, valued) : null;
    }
    default:
      return null;
  }
}

/** The literal of a value of `at`'s type; null for na (the default stays na, as written). */
function literalOf(at: A.Expr, v: ConstValue): A.Expr | null {
  const base = { span: at.span, type: at.type, qual: "const" as const };
  if (typeof v === "string") return { kind: "StringLit", value: v, ...base };
  if (typeof v === "boolean") return { kind: "BoolLit", value: v, ...base };
  if (typeof v !== "number" || v !== v) return null;
  if (at.type !== undefined && prim(at.type, "color")) return colorLit(at, v);
  return { kind: "NumberLit", value: v, isInt: at.type !== undefined && prim(at.type, "int"), raw: String(v), ...base };
}

/** A color number (r, g, b and transparency 0-100) as a `#RRGGBBAA` literal. */
function colorLit(at: A.Expr, c: number): A.ColorLit {
  const [r, g, b] = [red(c), green(c), blue(c)];
  const a = Math.round(((100 - transparency(c)) / 100) * 255);
  const hex = (n: number): string => n.toString(16).padStart(2, "0");
  return { kind: "ColorLit", span: at.span, raw: `#${hex(r)}${hex(g)}${hex(b)}${hex(a)}`, r, g, b, a, type: at.type, qual: "const" };
}
