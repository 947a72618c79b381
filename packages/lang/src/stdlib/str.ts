// str.* over JS strings. na string is null; numbers' na is NaN.

import { fail, MAX_STRING_LENGTH } from "../runtime/errors";
import { builtinFunction, call, constants, type CallEmit } from "../builtins/record";
import { PineArray } from "./array";
import { formatTime } from "./time";

export function checked(s: string): string {
  if (s.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
  return s;
}

export function concat(a: string | null, b: string | null): string | null {
  if (a === null || b === null) return null;
  if (a.length + b.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
  return a + b;
}

function trimZeros(s: string): string {
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/** Default number text: integers as is, others with up to 10 decimals, trailing zeros dropped. */
export function numberText(x: number): string {
  if (x !== x) return "NaN";
  if (!isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (Number.isInteger(x)) return String(x);
  if (Math.abs(x) >= 1e21 || Math.abs(x) < 1e-10) return String(x);
  // Rounded to 10 decimals, then in the fewest digits that read back as that value: toFixed alone
  // writes the binary value's own digits (1234567.89 would read "1234567.8899999999").
  const shortest = String(Number(x.toFixed(10)));
  return shortest.includes("e") ? trimZeros(x.toFixed(10)) : shortest;
}

/** An array as `[a, b, c]`, each element as str.tostring writes it. */
function arrayText(a: PineArray, format: string | null | undefined, mintick: number): string {
  return `[${a.v.map((e) => tostring(e, format, mintick) ?? "NaN").join(", ")}]`;
}

function group(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * One subpattern of a Java DecimalFormat pattern (the form str.tostring's and str.format's number
 * patterns take, docs/adr/0161-number-pattern-affixes.md): literal text before and after the digits
 * (`+`, `$`, ` USD`, `'#'` quoted), the digits (`#`, `0`, `,`, `.`), and the scale a `%` (100) or
 * `‰` (1000) in that text gives.
 */
interface SubPattern {
  prefix: string;
  digits: string;
  suffix: string;
  scale: number;
}

const DIGIT_CHARS = "#0,.";

/** The positive and (when written after `;`) negative subpatterns of a pattern. */
function subPatterns(pattern: string): { pos: SubPattern; neg: SubPattern | null } {
  const parts: SubPattern[] = [];
  let cur: SubPattern = { prefix: "", digits: "", suffix: "", scale: 1 };
  let quoted = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        i++;
        if (cur.digits === "") cur.prefix += "'";
        else cur.suffix += "'";
      } else quoted = !quoted;
      continue;
    }
    if (!quoted && c === ";" && parts.length === 0) {
      parts.push(cur);
      cur = { prefix: "", digits: "", suffix: "", scale: 1 };
      continue;
    }
    if (!quoted && DIGIT_CHARS.includes(c) && cur.suffix === "") {
      cur.digits += c;
      continue;
    }
    if (!quoted && c === "%") cur.scale = 100;
    if (!quoted && c === "\u2030") cur.scale = 1000;
    if (cur.digits === "") cur.prefix += c;
    else cur.suffix += c;
  }
  parts.push(cur);
  return { pos: parts[0]!, neg: parts[1] ?? null };
}

/**
 * `a` (>= 0, finite) with `frac` decimals and no exponent: JavaScript's toFixed writes 1e21 and
 * above as "1e+21"; Java's DecimalFormat writes their shortest digits padded with zeros
 * ("1,000,000,000,000,000,000,000" under `#,##0`), and so does this.
 */
function fixedText(a: number, frac: number): string {
  if (a < 1e21) return a.toFixed(frac);
  const [mantissa = "0", exponent = "0"] = a.toExponential().split("e");
  const int = mantissa.replace(".", "").padEnd(Number(exponent) + 1, "0");
  return frac > 0 ? `${int}.${"0".repeat(frac)}` : int;
}

/** `|x|` with a pattern's digits (`#.##`, `0.00`, `#,##0.0`); empty when it has none, as `#`. */
function digitsText(a: number, digits: string): string {
  const p = digits === "" ? "#" : digits;
  const dot = p.indexOf(".");
  const intPat = dot < 0 ? p : p.slice(0, dot);
  const fracPat = dot < 0 ? "" : p.slice(dot + 1);
  const minFrac = (fracPat.match(/0/g) ?? []).length;
  const maxFrac = (fracPat.match(/[#0]/g) ?? []).length;
  let s = fixedText(a, Math.min(maxFrac, 20));
  if (maxFrac > minFrac && s.includes(".")) {
    const [i, f = ""] = s.split(".");
    let frac = f;
    while (frac.length > minFrac && frac.endsWith("0")) frac = frac.slice(0, -1);
    s = frac.length > 0 ? `${i}.${frac}` : (i ?? "0");
  }
  const pieces = s.split(".");
  let ip = pieces[0] ?? "0";
  const fp = pieces[1];
  const minInt = (intPat.match(/0/g) ?? []).length;
  while (ip.length < minInt) ip = "0" + ip;
  if (intPat.includes(",")) ip = group(ip);
  return ip + (fp !== undefined ? "." + fp : "");
}

/**
 * A number with a Java DecimalFormat pattern: `#.##`, `0.00`, `#,##0.0`, literal text around the
 * digits (`+0.00`, `$#,##0.00`, `0.0 %`), a `%` or `‰` there scaling the value, and a negative
 * subpattern after `;` (`+0.00;-0.00`, `#,##0;(#,##0)`) whose text replaces the positive one's for
 * values below zero; without one, a negative value is `-` before the positive text.
 */
export function formatPattern(x: number, pattern: string): string {
  if (x !== x) return "NaN";
  const { pos, neg } = subPatterns(pattern);
  const v = x * pos.scale;
  // an infinite value (or one a % scales past the largest double) is Java's "∞" between the affixes
  const body = Number.isFinite(v) ? digitsText(Math.abs(v), pos.digits) : "\u221e";
  // a value that rounds to zero is written without a sign, as before
  if (!(v < 0) || Number(body.replace(/,/g, "")) === 0) return pos.prefix + body + pos.suffix;
  return neg ? neg.prefix + body + neg.suffix : "-" + pos.prefix + body + pos.suffix;
}

export function tostring(x: unknown, format?: string | null, mintick = 0.01): string | null {
  if (x === null || x === undefined) return null;
  if (typeof x === "string") return x;
  if (typeof x === "boolean") return x ? "true" : "false";
  if (x instanceof PineArray) return arrayText(x, format, mintick);
  if (typeof x !== "number") return null;
  if (format === undefined || format === null || format === "inherit" || format === "price") return numberText(x);
  if (format === "mintick") {
    const d = Math.max(0, Math.round(-Math.log10(mintick)));
    return x !== x ? "NaN" : (Math.round(x / mintick) * mintick).toFixed(d);
  }
  if (format === "percent") return x !== x ? "NaN" : trimZeros(x.toFixed(2)) + "%";
  if (format === "volume") {
    if (x !== x) return "NaN";
    const a = Math.abs(x);
    const units: Array<[number, string]> = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
    for (const [u, s] of units) if (a >= u) return trimZeros((x / u).toFixed(3)) + s;
    return trimZeros(x.toFixed(2));
  }
  return formatPattern(x, format);
}

/** Java's US styles of `{0,date,short}` ... `{0,time,full}` (medium when none is given), else the pattern as written. */
const DATE_STYLES: Readonly<Record<string, string>> = { short: "M/d/yy", medium: "MMM d, yyyy", long: "MMMM d, yyyy", full: "EEEE, MMMM d, yyyy" };
const TIME_STYLES: Readonly<Record<string, string>> = { short: "h:mm a", medium: "h:mm:ss a", long: "h:mm:ss a z", full: "h:mm:ss a z" };

function dateStyle(kind: string, style: string | undefined): string {
  const styles = kind === "date" ? DATE_STYLES : TIME_STYLES;
  return style === undefined || style === "" ? styles.medium! : (styles[style] ?? style);
}

/** str.format: `{0}`, `{1,number,#.##}`, `{0,number,integer}`, `{0,number,percent}`; '' quotes. */
export function format(fmt: string | null, args: unknown[]): string | null {
  if (fmt === null) return null;
  let out = "";
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i]!;
    if (ch === "'") {
      const j = fmt.indexOf("'", i + 1);
      if (j === i + 1) {
        out += "'";
        i += 2;
        continue;
      }
      if (j < 0) {
        out += fmt.slice(i + 1);
        break;
      }
      out += fmt.slice(i + 1, j);
      i = j + 1;
      continue;
    }
    if (ch === "{") {
      const j = fmt.indexOf("}", i);
      if (j < 0) {
        out += fmt.slice(i);
        break;
      }
      // `{0,date,MMM d, yyyy}`: the style may hold commas
      const inner = fmt.slice(i + 1, j);
      const c1 = inner.indexOf(",");
      const c2 = c1 < 0 ? -1 : inner.indexOf(",", c1 + 1);
      const parts = c1 < 0 ? [inner.trim()] : c2 < 0 ? [inner.slice(0, c1).trim(), inner.slice(c1 + 1).trim()] : [inner.slice(0, c1).trim(), inner.slice(c1 + 1, c2).trim(), inner.slice(c2 + 1).trim()];
      const idx = Number(parts[0]);
      const v = Number.isInteger(idx) && idx >= 0 && idx < args.length ? args[idx] : undefined;
      let text: string | null;
      if (v === undefined) text = `{${parts[0] ?? ""}}`;
      else if (parts[1] === "number" && typeof v === "number") {
        const style = parts[2];
        if (style === undefined) text = formatPattern(v, "#,##0.###");
        else if (style === "integer") text = formatPattern(v, "#,##0");
        else if (style === "percent") text = formatPattern(v, "#,##0%");
        else if (style === "currency") text = "$" + formatPattern(v, "#,##0.00");
        else text = formatPattern(v, style);
      } else if ((parts[1] === "date" || parts[1] === "time") && typeof v === "number") text = formatTime(v, dateStyle(parts[1], parts[2]), "UTC");
      else text = tostring(v);
      out += text ?? "NaN";
      if (out.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
      i = j + 1;
      continue;
    }
    out += ch;
    i++;
  }
  return checked(out);
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
export function upper(s: string | null): string | null {
  return s === null ? null : s.toUpperCase();
}
export function lower(s: string | null): string | null {
  return s === null ? null : s.toLowerCase();
}
export function trim(s: string | null): string | null {
  return s === null ? null : s.trim();
}
export function replaceAll(s: string | null, target: string | null, repl: string | null): string | null {
  if (s === null || target === null || repl === null) return null;
  if (target === "") return s;
  return checked(s.split(target).join(repl));
}
export function replace(s: string | null, target: string | null, repl: string | null, occurrence = 0): string | null {
  if (s === null || target === null || repl === null) return null;
  if (target === "") return s;
  let at = -1;
  for (let k = 0; k <= occurrence; k++) {
    at = s.indexOf(target, at + 1);
    if (at < 0) return s;
  }
  return checked(s.slice(0, at) + repl + s.slice(at + target.length));
}
export function substring(s: string | null, begin: number, end?: number): string | null {
  if (s === null || begin !== begin) return null;
  return end === undefined || end !== end ? s.substring(begin) : s.substring(begin, end);
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

/** str.match: the first substring matching `regex` (a leading `(?i)` ignores case), or "". */
export function match(s: string | null, regex: string | null): string | null {
  if (s === null || regex === null) return null;
  let re = patterns.get(regex);
  if (!re) {
    const caseless = regex.startsWith("(?i)");
    try {
      re = new RegExp(caseless ? regex.slice(4) : regex, caseless ? "iu" : "u");
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
  doc: "The value as a string (an enum member's title, or its name when it has none).",
  emit: (b) => {
    // compiled code holds an enum member as its name; TradingView's string of a member is its title
    const titles = b.enumTitles("value");
    const value = titles ? `(new Map(${JSON.stringify(titles)}).get(${b.a("value")}) ?? null)` : b.a("value");
    return `${b.fn(tostring)}(${value}, ${b.a("format", "null")}, $rt.mintick)`;
  },
});
export const strTonumber = builtinFunction({ sig: "str.tonumber(string: series string): float", doc: "The string as a number, or na.", emit: call(tonumber, (b) => [b.a("string")]) });
export const strFormat = builtinFunction({
  // Each argument has its own type (Pine's example mixes them: `str.format("Number {0} is not {1}", 1, "equal")`).
  sig: "str.format(formatString: series string, ...arg: series int|float|bool|string): string",
  doc: "Replaces `{0}`, `{1}`, ... in `formatString` by the arguments.",
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
  doc: "Replaces the `occurrence`-th `target`.",
  emit: call(replace, (b) => [src(b), b.a("target"), b.a("replacement"), b.a("occurrence", "0")]),
});
export const strReplaceAll = builtinFunction({
  sig: "str.replace_all(source: series string, target: series string, replacement: series string): string",
  doc: "Replaces every `target`.",
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
