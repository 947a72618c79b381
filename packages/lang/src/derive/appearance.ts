// What a chart needs from the Interface (docs/adr/0065-interface-appearance.md): the declaration's
// `overlay`, each output's `style` (from its plot function and `style` argument) and `color` (a
// constant color argument as `#RRGGBBAA`; null when the color is computed on each bar), the
// hlines, and the drawing caps the declaration sets (max_labels_count, ...).

import { builtinFunction, builtinVariable } from "../builtins";
import type { Call, Expr, Script } from "../language/ast";
import { findDeclaration } from "../check";
import type { DrawingCaps } from "../stdlib/drawing/store";
import { paletteHex } from "../stdlib/color";
import { argument } from "./arguments";
import type { CallIndex } from "./interface";
import type { HlineSpec, OutputStyle } from "../types";
import { builtinName } from "./walk";



const PLOT_STYLES: Readonly<Record<string, OutputStyle>> = {
  "plot.style_line": "line", "plot.style_linebr": "line", "plot.style_stepline": "stepline", "plot.style_stepline_diamond": "stepline", "plot.style_steplinebr": "stepline",
  "plot.style_histogram": "histogram", "plot.style_cross": "cross", "plot.style_area": "area", "plot.style_areabr": "area",
  "plot.style_columns": "columns", "plot.style_circles": "circles",
};

const BY_FUNCTION: Readonly<Record<string, OutputStyle>> = { plotshape: "shape", plotarrow: "shape", plotchar: "char", plotcandle: "candle", plotbar: "bar" };

/** Calls that leave something on the chart without an output: an indicator with one of them is valid. */
export const DRAWING_CALLS: ReadonlySet<string> = new Set(["label.new", "line.new", "box.new", "table.new", "polyline.new", "linefill.new", "label.copy", "line.copy", "box.copy"]);

/** The built-in constant an argument is, or stands for when written with a const name (the checker's `folded`). */
function constName(given: Expr | undefined): string | null {
  const e = given?.folded ?? given;
  if (e && (e.kind === "Identifier" || e.kind === "Member") && e.symbol?.kind === "builtinVariable") return e.symbol.name;
  return null;
}

function hex2(n: number): string {
  return Math.max(0, Math.min(255, Math.round(n))).toString(16).toUpperCase().padStart(2, "0");
}

/**
 * A color known without running the script, as `#RRGGBBAA`: a literal, `color.<name>` (a v5 script's
 * red, teal and yellow are v5's: docs/adr/0227-v5-named-colors.md), or `color.new(<either>, <number>)`.
 */
export function constantColor(given: Expr | undefined, version = 6): string | null {
  const e = given?.folded ?? given;
  if (!e) return null;
  if (e.kind === "ColorLit") return `#${hex2(e.r)}${hex2(e.g)}${hex2(e.b)}${hex2(e.a)}`;
  const name = constName(e);
  if (name !== null) {
    const v = name.startsWith("color.") ? (paletteHex(name.slice(6), version) ?? builtinVariable(name)?.value) : builtinVariable(name)?.value;
    return typeof v === "string" && /^#[0-9A-Fa-f]{6}$/.test(v) ? `${v.toUpperCase()}FF` : null;
  }
  if (e.kind === "Call" && builtinName(e) === "color.new") {
    const base = constantColor(argument(e, "color")?.value, version);
    const t = argument(e, "transp")?.value;
    const transp = t?.kind === "NumberLit" ? t.value : null;
    if (base === null || transp === null) return null;
    return `${base.slice(0, 7)}${hex2(((100 - Math.min(100, Math.max(0, transp))) / 100) * 255)}`;
  }
  return null;
}

/** A plot-like call's style. */
export function outputStyle(c: Call, name: string): OutputStyle {
  const fixed = BY_FUNCTION[name];
  if (fixed) return fixed;
  const s = constName(argument(c, "style")?.value);
  return (s !== null ? PLOT_STYLES[s] : undefined) ?? "line";
}

/** plot's `linestyle` (v6) when a constant dashed or dotted (docs/adr/0242); null for solid, na or a value known only as the script runs. */
export function outputLinestyle(c: Call): "dashed" | "dotted" | null {
  const s = constName(argument(c, "linestyle")?.value);
  return s === "plot.linestyle_dashed" ? "dashed" : s === "plot.linestyle_dotted" ? "dotted" : null;
}

/** A plot-like call's constant color (plotcandle and plotbar: their `color` too). */
export function outputColor(c: Call, version = 6): string | null {
  return constantColor(argument(c, "color")?.value, version);
}

function numberOf(e: Expr | undefined): number | null {
  if (e?.kind === "NumberLit") return e.value;
  if (e?.kind === "Unary" && e.op === "-" && e.operand.kind === "NumberLit") return -e.operand.value;
  return null;
}

export function deriveHlines({ calls }: CallIndex, version = 6): HlineSpec[] {
  return calls.flatMap((c) => {
    if (builtinName(c) !== "hline") return [];
    // a price or title written as a constant: the literal the checker folded it to
    const folded = (p: string): Expr | undefined => {
      const e = argument(c, p)?.value;
      return e?.folded ?? e;
    };
    const t = folded("title");
    return [{ price: numberOf(folded("price")), title: t?.kind === "StringLit" ? t.value : null, color: constantColor(argument(c, "color")?.value, version) }];
  });
}

export function hasDrawings({ calls }: CallIndex): boolean {
  return calls.some((c) => {
    const n = builtinName(c);
    return n !== null && DRAWING_CALLS.has(n);
  });
}

/** Calls TradingView counts as a script's output that are chart-only here (docs/adr/0122). */
const CHART_ONLY_CALLS: ReadonlySet<string> = new Set(["bgcolor", "barcolor", "fill", "hline"]);

/** log.* calls: TradingView runs a script whose only output is its Pine Logs (docs/adr/0190). */
const LOG_CALLS: ReadonlySet<string> = new Set(["log.info", "log.warning", "log.error"]);

/** Whether the script writes log lines (log.info, log.warning, log.error). */
export function hasLogs({ calls }: CallIndex): boolean {
  return calls.some((c) => {
    const n = builtinName(c);
    return n !== null && LOG_CALLS.has(n);
  });
}

/** The chart-only output calls the script makes (bgcolor, barcolor, fill, hline), each named once. */
export function chartOnlyCalls({ calls }: CallIndex): string[] {
  const names = new Set<string>();
  for (const c of calls) {
    const n = builtinName(c);
    if (n !== null && CHART_ONLY_CALLS.has(n)) names.add(n);
  }
  return [...names];
}

function declared(script: Script, param: string): Expr | undefined {
  const d = findDeclaration(script);
  return d && builtinFunction(d.call.target?.kind === "builtin" ? d.call.target.name : "") ? argument(d.call, param)?.value : undefined;
}

/** The declaration's `overlay` (false when absent or not a literal). */
export function overlayOf(script: Script): boolean {
  const e = declared(script, "overlay");
  return e?.kind === "BoolLit" ? e.value : false;
}

/** The declaration's max_labels_count, max_lines_count, max_boxes_count, max_polylines_count as written (the store clamps each kind's: stdlib/drawing/store.ts MOST_COUNT). */
export function drawingCapsOf(script: Script): DrawingCaps {
  const caps: DrawingCaps = {};
  const pairs = [["label", "max_labels_count"], ["line", "max_lines_count"], ["box", "max_boxes_count"], ["polyline", "max_polylines_count"]] as const;
  for (const [kind, param] of pairs) {
    const e = declared(script, param);
    const n = numberOf(e?.folded ?? e); // a const variable (the user manual's `MAX_LABELS = 10`) as the checker folded it
    if (n !== null) caps[kind] = n;
  }
  return caps;
}
