// math.*, str.*, color.* (LANGUAGE.md item 9): pure functions, so a result keeps the strongest
// qualifier of its arguments (`math.max(1, 2)` is const, `math.max(close, 1)` is series).

import type { TableBuilder } from "./signature";

export function addValues(t: TableBuilder): void {
  addMath(t);
  addStr(t);
  addColor(t);
}

function addMath(t: TableBuilder): void {
  t.fn("math.abs(number: series N): N", "Absolute value.");
  t.fn("math.sign(number: series float): float", "-1, 0 or 1 by the sign of `number`.");
  for (const n of ["ceil", "floor"]) t.fn(`math.${n}(number: series float): int`, `Rounds ${n === "ceil" ? "up" : "down"} to an integer.`);
  t.fn("math.round(number: series float): int", "Rounds to the nearest integer (halves away from zero).");
  t.fn("math.round(number: series float, precision: series int): float", "Rounds to `precision` decimals.");
  t.fn("math.round_to_mintick(number: series float): float", "Rounds to the instrument's mintick.");
  t.fn("math.max(...number: N): N", "The largest of its arguments.");
  t.fn("math.min(...number: N): N", "The smallest of its arguments.");
  t.fn("math.avg(...number: float): float", "The mean of its arguments.");
  t.fn("math.pow(base: series float, exponent: series float): float", "`base` raised to `exponent`.");
  const unary: Array<[string, string]> = [
    ["sqrt", "Square root."],
    ["log", "Natural logarithm."],
    ["log10", "Base-10 logarithm."],
    ["exp", "e raised to `number`."],
    ["sin", "Sine (radians)."],
    ["cos", "Cosine (radians)."],
    ["tan", "Tangent (radians)."],
    ["asin", "Arcsine, in radians."],
    ["acos", "Arccosine, in radians."],
    ["atan", "Arctangent, in radians."],
    ["todegrees", "Radians to degrees."],
    ["toradians", "Degrees to radians."],
  ];
  for (const [n, doc] of unary) t.fn(`math.${n}(number: series float): float`, doc);
  t.fn("math.random(min: series float = 0, max: series float = 1, seed: simple int = na): series float", "A pseudo-random number in [min, max), reproducible with `seed`.");
  t.variable("math.pi", "const float", "π.", Math.PI);
  t.variable("math.e", "const float", "Euler's number.", Math.E);
  t.variable("math.phi", "const float", "The golden ratio.", (1 + Math.sqrt(5)) / 2);
  t.variable("math.rphi", "const float", "The golden ratio's reciprocal.", (Math.sqrt(5) - 1) / 2);
}

function addStr(t: TableBuilder): void {
  t.fn("str.tostring(value: series T): string", "The value as a string.");
  t.fn("str.tostring(value: series T, format: series string): string", "The value as a string in `format` (`#.##`, `format.percent`, ...).");
  t.fn("str.tonumber(string: series string): float", "The string as a number, or na.");
  t.fn("str.format(formatString: series string, ...arg: series T): string", "Replaces `{0}`, `{1}`, ... in `formatString` by the arguments.");
  t.fn("str.contains(source: series string, str: series string): bool", "True when `source` contains `str`.");
  t.fn("str.startswith(source: series string, str: series string): bool", "True when `source` starts with `str`.");
  t.fn("str.endswith(source: series string, str: series string): bool", "True when `source` ends with `str`.");
  t.fn("str.length(string: series string): int", "Number of characters.");
  t.fn("str.lower(source: series string): string", "Lower-case copy.");
  t.fn("str.upper(source: series string): string", "Upper-case copy.");
  t.fn("str.trim(source: series string): string", "Copy without leading and trailing whitespace.");
  t.fn("str.pos(source: series string, str: series string): int", "Index of the first `str` in `source`, or na.");
  t.fn("str.substring(source: series string, begin_pos: series int, end_pos: series int = na): string", "Characters from `begin_pos` up to `end_pos` (exclusive).");
  t.fn("str.replace(source: series string, target: series string, replacement: series string, occurrence: series int = 0): string", "Replaces the `occurrence`-th `target`.");
  t.fn("str.replace_all(source: series string, target: series string, replacement: series string): string", "Replaces every `target`.");
  t.fn("str.split(string: series string, separator: series string): array<string>", "The pieces of `string` between separators.");
  t.fn("str.repeat(source: series string, repeat: series int, separator: series string = \"\"): string", "`source` repeated.");
  t.constants("format", "string", ["mintick", "percent", "price", "volume", "inherit"], "Number format for plots and str.tostring.");
}

function addColor(t: TableBuilder): void {
  t.fn("color.new(color: series color, transp: series float): color", "`color` with transparency `transp` (0 opaque to 100 invisible).");
  t.fn("color.rgb(red: series float, green: series float, blue: series float, transp: series float = 0): color", "A color from red, green, blue (0-255) and transparency (0-100).");
  for (const c of ["r", "g", "b"]) t.fn(`color.${c}(color: series color): float`, `The color's ${c === "r" ? "red" : c === "g" ? "green" : "blue"} component (0-255).`);
  t.fn("color.t(color: series color): float", "The color's transparency (0-100).");
  t.fn(
    "color.from_gradient(value: series float, bottom_value: series float, top_value: series float, bottom_color: series color, top_color: series color): series color",
    "The color between `bottom_color` and `top_color` in proportion to where `value` lies.",
  );
  // Pine's palette.
  const palette: Record<string, string> = {
    aqua: "#00BCD4", black: "#363A45", blue: "#2196F3", fuchsia: "#E040FB", gray: "#787B86", green: "#4CAF50",
    lime: "#00E676", maroon: "#880E4F", navy: "#311B92", olive: "#808000", orange: "#FF9800", purple: "#9C27B0",
    red: "#F23645", silver: "#B2B5BE", teal: "#089981", white: "#FFFFFF", yellow: "#FDD835",
  };
  for (const [n, hex] of Object.entries(palette)) t.variable(`color.${n}`, "const color", `The color ${n} (${hex}).`, hex);
}
