// str.* over JS strings. na string is null; numbers' na is NaN. How numbers and values are written
// as text (str.tostring, str.format) is stdlib/value-text.ts; its functions are re-exported here,
// under the runtime's `str` namespace that compiled code reaches.

import { checked, fail, MAX_STRING_LENGTH } from "../runtime/errors";
import { builtinFunction, call, constants, type CallEmit } from "../builtins/record";
import { PineArray } from "./array";
import { javaRegExp } from "./regex";
import { format, tostring } from "./value-text";

export { checked };
export { format, formatPattern, numberText, tostring, type Rounding } from "./value-text";

/** `a + b` of strings: an na operand counts as an empty string, two na give na (docs/adr/0326). */
export function concat(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.length + b.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
  return a + b;
}

export function length(s: string | null): number {
  return s === null ? NaN : s.length;
}
export function contains(s: string | null, sub: string | null): boolean {
  return s !== null && sub !== null && s.includes(sub);
}
export function startswith(s: string | null, sub: string | null): boolean {
  return s !== null && sub !== null && s.startsWith(sub);
}
export function endswith(s: string | null, sub: string | null): boolean {
  return s !== null && sub !== null && s.endsWith(sub);
}
export function pos(s: string | null, sub: string | null): number {
  if (s === null || sub === null) return NaN;
  const i = s.indexOf(sub);
  return i < 0 ? NaN : i;
}
// The user manual (Strings, Changing case): only ASCII letters change case; other Unicode letters stay as they are.
export function upper(s: string | null): string | null {
  return s === null ? null : s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}
export function lower(s: string | null): string | null {
  return s === null ? null : s.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
/** str.trim: the reference's remark, an empty string (never na) when the source is na or all whitespace. */
export function trim(s: string | null): string {
  return s === null ? "" : s.trim();
}
/**
 * str.replace_all: every non-overlapping `target`; an empty target is each boundary between
 * characters, both ends included, as Java's String.replace (the user manual's Strings page:
 * `str.replace_all("012345", "", "}\n{")` puts `}\n{` around each character).
 */
export function replaceAll(s: string | null, target: string | null, repl: string | null): string | null {
  if (s === null || target === null || repl === null) return null;
  if (target === "") return checked(repl + [...s].join(repl) + (s.length > 0 ? repl : ""));
  return checked(s.split(target).join(repl));
}
/** str.replace: the `occurrence`-th non-overlapping `target` (0 the first), or the `occurrence`-th boundary when the target is empty. */
export function replace(s: string | null, target: string | null, repl: string | null, occurrence = 0): string | null {
  if (s === null || target === null || repl === null) return null;
  // an na occurrence is the first, as TradingView's logged values show (docs/adr/0304)
  if (occurrence !== occurrence) occurrence = 0;
  let at = -1;
  for (let k = 0, from = 0; k <= occurrence; k++) {
    at = target === "" ? (from <= s.length ? from : -1) : s.indexOf(target, from);
    if (at < 0) return s;
    from = at + Math.max(target.length, 1);
  }
  return checked(s.slice(0, at) + repl + s.slice(at + target.length));
}
/** An na begin is 0 and an na end the source's end, as TradingView's logged values show (docs/adr/0304). */
export function substring(s: string | null, begin: number, end?: number): string | null {
  if (s === null) return null;
  const from = begin === begin ? begin : 0;
  return end === undefined || end !== end ? s.substring(from) : s.substring(from, end);
}
export function repeat(s: string | null, count: number, separator: string | null = ""): string | null {
  // TradingView stops the script on a negative count, with this message (docs/adr/0158).
  if (count < 0) fail(`Invalid value of the 'repeat' parameter '${count}' in the 'str.repeat' function. It must be >= 0.`);
  if (s === null || count !== count) return null;
  const sep = separator ?? ""; // an na separator joins as none
  const n = Math.floor(count);
  if (n * (s.length + sep.length) > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
  return Array.from({ length: n }, () => s).join(sep);
}
export function tonumber(s: string | null): number {
  if (s === null) return NaN;
  const t = s.trim();
  if (t === "" || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
  return Number(t);
}
const patterns = new Map<string, RegExp>();

/** str.match: the first substring matching `regex`, in the Java syntax the user manual documents (stdlib/regex.ts), or "". */
export function match(s: string | null, regex: string | null): string | null {
  if (s === null || regex === null) return null;
  let re = patterns.get(regex);
  if (!re) {
    try {
      re = javaRegExp(regex);
    } catch {
      return fail(`str.match: invalid regular expression "${regex}"`);
    }
    if (patterns.size > 256) patterns.clear();
    patterns.set(regex, re);
  }
  return re.exec(s)?.[0] ?? "";
}

export function split(s: string | null, sep: string | null): PineArray<string> {
  if (s === null || sep === null) return new PineArray<string>([]);
  const parts = sep === "" ? Array.from(s) : s.split(sep);
  return PineArray.of(parts);
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const src = (b: CallEmit): string => b.a("source");
export const strTostring = builtinFunction({
  sig: ["str.tostring(value: series T): string", "str.tostring(value: series T, format: series string): string"],
  doc: "The value as a string: a number with `format` (`format.mintick`, `format.percent`, `format.volume` or a pattern such as `\"#.##\"`), else up to ten decimals; an array `[a, b]`, a matrix one row a line; an enum member's title, or its name when it has none.",
  emit: (b) => {
    // compiled code holds an enum member as its name; TradingView's string of a member is its title
    const titles = b.enumTitles("value");
    const value = titles ? `(new Map(${JSON.stringify(titles)}).get(${b.a("value")}) ?? null)` : b.a("value");
    // the chart's mintick is read only for `format.mintick`: a default or a pattern does not need
    // the chart (a const default made with str.tostring is worked out before the run, docs/adr/0290)
    const format = b.lit("format");
    const mintick = b.has("format") && (typeof format !== "string" || format === "mintick" || format === "format.mintick") ? ", $rt.mintick" : "";
    return `${b.fn(tostring)}(${value}, ${b.a("format", "null")}${mintick})`;
  },
});
export const strTonumber = builtinFunction({ sig: "str.tonumber(string: series string): float", doc: "The string as a number, or na.", emit: call(tonumber, (b) => [b.a("string")]) });
/**
 * The type of each argument of str.format and log.*'s formatted overload: a value, or an array of
 * values written `[a, b]` as str.tostring writes it (the user manual's `str.format("Keys: {0}", m.keys())`).
 */
export const FORMAT_ARGUMENT = "series int|float|bool|string|array<int>|array<float>|array<bool>|array<string>";

export const strFormat = builtinFunction({
  // Each argument has its own type (Pine's example mixes them: `str.format("Number {0} is not {1}", 1, "equal")`).
  sig: `str.format(formatString: series string, ...arg: ${FORMAT_ARGUMENT}): string`,
  doc: "Replaces `{0}`, `{1}`, ... in `formatString` by the arguments, as Java's MessageFormat: a number is `#,##0.###` (`1,234.568`), `{0,number,integer|percent|currency}` or `{0,number,<pattern>}`, `{0,date,<pattern>}`; an array as `[a, b]`; `''` is a quote, `'...'` literal text.",
  emit: (b) => `${b.fn(format)}(${b.a("formatString")}, [${b.rest().join(", ")}])`,
});
export const strContains = builtinFunction({ sig: "str.contains(source: series string, str: series string): bool", doc: "True when `source` contains `str`.", emit: call(contains, (b) => [src(b), b.a("str")]) });
export const strStartswith = builtinFunction({ sig: "str.startswith(source: series string, str: series string): bool", doc: "True when `source` starts with `str`.", emit: call(startswith, (b) => [src(b), b.a("str")]) });
export const strEndswith = builtinFunction({ sig: "str.endswith(source: series string, str: series string): bool", doc: "True when `source` ends with `str`.", emit: call(endswith, (b) => [src(b), b.a("str")]) });
export const strLength = builtinFunction({ sig: "str.length(string: series string): int", doc: "Number of characters.", emit: call(length, (b) => [b.a("string")]) });
export const strLower = builtinFunction({ sig: "str.lower(source: series string): string", doc: "Lower-case copy.", emit: call(lower, (b) => [src(b)]) });
export const strUpper = builtinFunction({ sig: "str.upper(source: series string): string", doc: "Upper-case copy.", emit: call(upper, (b) => [src(b)]) });
export const strTrim = builtinFunction({ sig: "str.trim(source: series string): string", doc: "Copy without leading and trailing whitespace.", emit: call(trim, (b) => [src(b)]) });
export const strPos = builtinFunction({ sig: "str.pos(source: series string, str: series string): int", doc: "Index of the first `str` in `source`, or na.", emit: call(pos, (b) => [src(b), b.a("str")]) });
export const strSubstring = builtinFunction({
  sig: "str.substring(source: series string, begin_pos: series int, end_pos: series int = na): string",
  doc: "Characters from `begin_pos` up to `end_pos` (exclusive).",
  emit: call(substring, (b) => [src(b), b.a("begin_pos"), b.a("end_pos", "NaN")]),
});
export const strReplace = builtinFunction({
  sig: "str.replace(source: series string, target: series string, replacement: series string, occurrence: series int = 0): string",
  doc: "Replaces the `occurrence`-th non-overlapping `target` (0 the first); an empty `target` is the `occurrence`-th boundary between characters.",
  emit: call(replace, (b) => [src(b), b.a("target"), b.a("replacement"), b.a("occurrence", "0")]),
});
export const strReplaceAll = builtinFunction({
  sig: "str.replace_all(source: series string, target: series string, replacement: series string): string",
  doc: "Replaces every non-overlapping `target`; an empty `target` is each boundary between characters, both ends included.",
  emit: call(replaceAll, (b) => [src(b), b.a("target"), b.a("replacement")]),
});
export const strMatch = builtinFunction({ sig: "str.match(source: series string, regex: series string): string", doc: "The first substring of `source` matching the regular expression `regex`, or an empty string.", emit: call(match, (b) => [src(b), b.a("regex")]) });
export const strSplit = builtinFunction({ sig: "str.split(string: series string, separator: series string): array<string>", doc: "The pieces of `string` between separators.", emit: call(split, (b) => [b.a("string"), b.a("separator")]) });
export const strRepeat = builtinFunction({
  sig: "str.repeat(source: series string, repeat: series int, separator: series string = \"\"): string",
  doc: "`source` repeated.",
  emit: call(repeat, (b) => [src(b), b.a("repeat"), b.a("separator", '""')]),
});
export const formatConstants = constants("format", "string", ["mintick", "percent", "price", "volume", "inherit"], "Number format for plots and str.tostring.");
