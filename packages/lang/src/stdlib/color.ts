// Colors as numbers: r * 2^24 + g * 2^16 + b * 2^8 + transparency (0 opaque .. 100 clear).
// na color is NaN. Values only: there is no chart.

import { builtinFunction, builtinVariable, call, type CallEmit, type FunctionRecord, type VariableRecord } from "../builtins/record";

/** `v` rounded into 0..hi (a function of the module: a closure made on each rgb() call cost an allocation, and under tsx a name set on it). */
function clampRound(v: number, hi: number): number {
  return Math.min(hi, Math.max(0, Math.round(v)));
}

export function rgb(r: number, g: number, b: number, transp = 0): number {
  if (r !== r || g !== g || b !== b) return NaN;
  const t = transp === transp ? clampRound(transp, 100) : 0;
  return clampRound(r, 255) * 16777216 + clampRound(g, 255) * 65536 + clampRound(b, 255) * 256 + t;
}

export function hex(h: string, transp = 0): number {
  const n = parseInt(h.replace("#", "").slice(0, 6), 16);
  return rgb((n >> 16) & 255, (n >> 8) & 255, n & 255, transp);
}

/** From a `#RRGGBBAA` literal's alpha (255 opaque) to Pine's transparency. */
export function fromLiteral(r: number, g: number, b: number, a: number): number {
  return rgb(r, g, b, Math.round(((255 - a) / 255) * 100));
}

export function newColor(color: number, transp: number): number {
  if (color !== color) return NaN;
  return rgb(r(color), g(color), b(color), transp);
}

export function r(c: number): number {
  return c !== c ? NaN : Math.floor(c / 16777216) % 256;
}
export function g(c: number): number {
  return c !== c ? NaN : Math.floor(c / 65536) % 256;
}
export function b(c: number): number {
  return c !== c ? NaN : Math.floor(c / 256) % 256;
}
export function t(c: number): number {
  return c !== c ? NaN : c % 256;
}

/** `a` moved toward `z` by the fraction k. */
function mix(a: number, z: number, k: number): number {
  return a + (z - a) * k;
}

/** color.from_gradient(value, bottom_value, top_value, bottom_color, top_color). */
export function fromGradient(v: number, lo: number, hi: number, c0: number, c1: number): number {
  if (v !== v || lo !== lo || hi !== hi || c0 !== c0 || c1 !== c1) return NaN;
  const k = hi === lo ? 0 : Math.min(1, Math.max(0, (v - lo) / (hi - lo)));
  return rgb(mix(r(c0), r(c1), k), mix(g(c0), g(c1), k), mix(b(c0), b(c1), k), mix(t(c0), t(c1), k));
}

/**
 * A color input's value for a run: a run gives colors as text, as the Interface writes them
 * (`#RRGGBB`, `#RRGGBBAA`, or a palette constant's name, `color.teal`, the script's version's color:
 * docs/adr/0227); a color number is itself.
 * Text naming no color leaves the input at its default.
 */
export function inputColor(v: unknown, fallback: number, version = 6): number {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return fallback;
  const s = v.trim();
  const m = /^#([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})([0-9A-Fa-f]{2})?$/.exec(s);
  if (m) return fromLiteral(parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16), m[4] === undefined ? 255 : parseInt(m[4], 16));
  const named = namedColorOf(s.startsWith("color.") ? s.slice(6) : s, version);
  if (named !== undefined) return named;
  const n = s === "" ? NaN : Number(s);
  return n === n ? n : fallback;
}

/**
 * Pine's named colors as the v6 reference documents them: the one table the runtime (`NAMED`), the
 * docs reference and the checker's folding (the records' `value`) all read (docs/adr/0072-color-palette.md).
 */
export const PALETTE: Readonly<Record<string, string>> = Object.freeze({
  aqua: "#00BCD4", black: "#363A45", blue: "#2962FF", fuchsia: "#E040FB", gray: "#787B86", green: "#4CAF50",
  lime: "#00E676", maroon: "#880E4F", navy: "#311B92", olive: "#808000", orange: "#FF9800", purple: "#9C27B0",
  red: "#F23645", silver: "#B2B5BE", teal: "#089981", white: "#FFFFFF", yellow: "#FDD835",
});

/** The palette as color numbers (what compiled code reads). */
export const NAMED: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(Object.entries(PALETTE).map(([n, h]) => [n, hex(h)])),
);

/**
 * The named colors whose values a `//@version=5` script sees differently: TradingView's v6 migration
 * guide ("Color changes") gives v5's `color.red` #FF5252, `color.teal` #00897B and `color.yellow`
 * #FFEB3B (docs/adr/0227-v5-named-colors.md); the other 14 are the same in both versions.
 */
export const PALETTE_V5: Readonly<Record<string, string>> = Object.freeze({ red: "#FF5252", teal: "#00897B", yellow: "#FFEB3B" });
const NAMED_V5: Readonly<Record<string, number>> = Object.freeze(Object.fromEntries(Object.entries(PALETTE_V5).map(([n, h]) => [n, hex(h)])));

/** `color.<name>`'s number in a script of this Pine version (undefined: no such color). */
export function namedColorOf(name: string, version: number): number | undefined {
  return (version < 6 ? NAMED_V5[name] : undefined) ?? NAMED[name];
}

/** `color.<name>`'s `#RRGGBB` in a script of this Pine version (undefined: no such color). */
export function paletteHex(name: string, version: number): string | undefined {
  return (version < 6 ? PALETTE_V5[name] : undefined) ?? PALETTE[name];
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

/** A compiled argument that is a non-negative number literal (`80`, `(2998255104)`: a palette color): its value, else null. */
function literalNumber(js: string): number | null {
  const m = /^\(?(\d+(?:\.\d+)?)\)?$/.exec(js);
  return m ? Number(m[1]) : null;
}

/**
 * A call of a pure color function: its value in the compiled code when every argument is a number
 * literal (`color.new(color.red, 80)`, compiled once rather than worked out on every bar), else the
 * runtime's call.
 */
function foldedCall(impl: (...xs: number[]) => number, args: readonly string[], b: CallEmit): string {
  const values = args.map(literalNumber);
  if (values.every((v): v is number => v !== null)) return `(${String(impl(...values))})`;
  return `${b.fn(impl)}(${args.join(", ")})`;
}

export const colorNew = builtinFunction({
  sig: "color.new(color: series color, transp: series float): color",
  doc: "`color` with transparency `transp` (0 opaque to 100 invisible).",
  emit: (b) => foldedCall(newColor, [b.a("color"), b.a("transp")], b),
});
export const colorRgb = builtinFunction({
  sig: "color.rgb(red: series float, green: series float, blue: series float, transp: series float = 0): color",
  doc: "A color from red, green, blue (0-255) and transparency (0-100).",
  emit: (b) => foldedCall(rgb, [b.a("red"), b.a("green"), b.a("blue"), b.a("transp", "0")], b),
});
const COMPONENTS: ReadonlyArray<[string, string, (c: number) => number]> = [["r", "red", r], ["g", "green", g], ["b", "blue", b]];
export const colorComponents: FunctionRecord[] = COMPONENTS.map(([n, what, f]) =>
  builtinFunction({ sig: `color.${n}(color: series color): float`, doc: `The color's ${what} component (0-255).`, emit: call(f, (e) => [e.a("color")]) }),
);
export const colorT = builtinFunction({ sig: "color.t(color: series color): float", doc: "The color's transparency (0-100).", emit: call(t, (b) => [b.a("color")]) });
export const colorFromGradient = builtinFunction({
  sig: "color.from_gradient(value: series float, bottom_value: series float, top_value: series float, bottom_color: series color, top_color: series color): series color",
  doc: "The color between `bottom_color` and `top_color` in proportion to where `value` lies.",
  emit: call(fromGradient, (b) => [b.a("value"), b.a("bottom_value"), b.a("top_value"), b.a("bottom_color"), b.a("top_color")]),
});
export const colorPalette: VariableRecord[] = Object.entries(PALETTE).map(([n, hexText]) =>
  builtinVariable({ name: `color.${n}`, type: "const color", doc: `The color ${n} (${hexText}).`, value: hexText, emit: `$rt.namedColor(${JSON.stringify(n)})` }),
);
