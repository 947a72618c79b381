// How values are written as text: str.tostring's number text (its default, format.* constants and
// Java DecimalFormat patterns) and str.format's MessageFormat placeholders (docs/adr/0161, 0177, 0178).

import { checked, fail, MAX_STRING_LENGTH } from "../runtime/errors";
import { PineArray } from "./pine-array";
import { PineMatrix } from "./matrix-core";
import { formatTime } from "./time-format";

function trimZeros(s: string): string {
  return s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s;
}

/**
 * How a number's digits are cut: str.tostring rounds half up on the number's shortest digits, as
 * it reads (`0.125` under `#.##` is `0.13`, `2.675` is `2.68`: docs/adr/0230); str.format is Java's
 * MessageFormat, whose DecimalFormat rounds a tie of the double's exact value to the even digit
 * (`0.12`, and `2.67` as the double 2.675 is below the tie: docs/adr/0177).
 */
export type Rounding = "half-up" | "half-even";

/** str.tostring's format when none is given: the reference's default, `'#.##########'`. */
const TOSTRING_PATTERN = "#.##########";

/**
 * Default number text (str.tostring without a format): up to ten decimals, no grouping, and from
 * 1e21 on the digits with up to ten decimals and an exponent (`1E21`, `1.23456789E25`: docs/adr/0294).
 */
export function numberText(x: number): string {
  if (x !== x) return "NaN";
  if (!isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (Math.abs(x) >= 1e21) return exponentText(x);
  // JavaScript's text of a number has its shortest digits, those the pattern starts from: without
  // an exponent and with at most ten decimals it is the pattern's text already (scripts write
  // prices into labels on every bar; the pattern's reading cost more than their work)
  const plain = String(x);
  if (!plain.includes("e")) {
    const dot = plain.indexOf(".");
    if (dot < 0 || plain.length - dot - 1 <= 10) return plain;
  }
  return formatPattern(x, TOSTRING_PATTERN);
}

/**
 * `x` (finite, |x| >= 1e21) as TradingView's str.tostring writes it (docs/adr/0294): its shortest
 * digits with one before the point and up to ten after it, rounded half up as they read, then `E`
 * and the exponent (`1E21`, `-1.5E300`, `1.2345678901E29`).
 */
function exponentText(x: number): string {
  const [mantissa = "0", exponent = "0"] = Math.abs(x).toExponential().split("e");
  let exp = Number(exponent);
  let digits = trimZeros(mantissa.length > 12 ? roundDigitsHalfUp(mantissa, 10) : mantissa);
  // 9.99999999999e25 rounds up to 10: the exponent takes the carry
  if (digits === "10") {
    digits = "1";
    exp++;
  }
  return `${x < 0 ? "-" : ""}${digits}E${exp}`;
}

/**
 * A float as Java's Double.toString writes it, as TradingView's array.join writes a float array's
 * elements (docs/adr/0294): its shortest digits, plain with at least one decimal from 0.001 up to
 * 10^7 (`5.0`, `9999999.0`), else one digit, the others, `E` and the exponent (`1.0E8`, `9.9E-4`).
 */
export function javaDoubleText(x: number): string {
  if (x !== x) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const a = Math.abs(x);
  const sign = x < 0 ? "-" : "";
  if (a >= 1e-3 && a < 1e7) {
    const plain = shortestPlain(a);
    return sign + (plain.includes(".") ? plain : `${plain}.0`);
  }
  const [mantissa = "0", exponent = "0"] = a.toExponential().split("e");
  return `${sign}${mantissa.includes(".") ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** An array as `[a, b, c]`, each element as str.tostring writes it. */
function arrayText(a: PineArray, format: string | null | undefined, mintick: number): string {
  return `[${a.v.map((e) => tostring(e, format, mintick) ?? "NaN").join(", ")}]`;
}

/** A matrix as its rows, each `[a, b, c]` as an array is written, one row a line (docs/adr/0178). */
function matrixText(m: PineMatrix, format: string | null | undefined, mintick: number): string {
  const rows: string[] = [];
  for (let r = 0; r < m.rows; r++) rows.push(arrayText(new PineArray(m.v.slice(r * m.cols, (r + 1) * m.cols)), format, mintick));
  return rows.join("\n");
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

/** Patterns read so far (a script writes with a few patterns, on every bar): at most PATTERNS_KEPT. */
const patternsRead = new Map<string, { pos: SubPattern; neg: SubPattern | null }>();
const PATTERNS_KEPT = 256;

/** The positive and (when written after `;`) negative subpatterns of a pattern, read once. */
function subPatterns(pattern: string): { pos: SubPattern; neg: SubPattern | null } {
  let read = patternsRead.get(pattern);
  if (read === undefined) {
    if (patternsRead.size >= PATTERNS_KEPT) patternsRead.clear();
    patternsRead.set(pattern, (read = readSubPatterns(pattern)));
  }
  return read;
}

function readSubPatterns(pattern: string): { pos: SubPattern; neg: SubPattern | null } {
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
 * `a` (>= 0, finite) in the fewest decimal digits that read back as it and no exponent: the digits
 * Java's Double.toString gives, which its DecimalFormat starts from ("1000000000000000000000" for
 * 1e21, where JavaScript's toFixed writes "1e+21"; "0.1" where toFixed(20) writes the double's
 * "0.10000000000000000555").
 */
function shortestPlain(a: number): string {
  const [mantissa = "0", exponent = "0"] = a.toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const exp = Number(exponent);
  if (exp >= digits.length - 1) return digits.padEnd(exp + 1, "0");
  if (exp >= 0) return `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  return `0.${"0".repeat(-exp - 1)}${digits}`;
}

/** The number of decimals of `plain` (a shortestPlain text). */
function decimalsOf(plain: string): number {
  const dot = plain.indexOf(".");
  return dot < 0 ? 0 : plain.length - dot - 1;
}

/**
 * `plain` (a shortestPlain text with more than `frac` decimals) cut to `frac` decimals, rounding
 * half up on those digits: the number as it reads, so 2.675 at two decimals is 2.68 although the
 * double 2.675 is a little below it (docs/adr/0230).
 */
function roundDigitsHalfUp(plain: string, frac: number): string {
  const dot = plain.indexOf(".");
  const end = frac > 0 ? dot + 1 + frac : dot;
  const kept = plain.slice(0, end);
  if (plain.charCodeAt(dot + 1 + frac) < 53 /* "5" */) return kept;
  // up by one in the last kept digit: the last digit below 9 goes up, the 9s after it become 0s
  let i = kept.length - 1;
  while (i >= 0 && (kept[i] === "9" || kept[i] === ".")) i--;
  const zeros = kept.slice(i + 1).replace(/9/g, "0");
  return i < 0 ? `1${zeros}` : `${kept.slice(0, i)}${String.fromCharCode(kept.charCodeAt(i) + 1)}${zeros}`;
}

/** `a` (>= 0, finite) with exactly `frac` decimals: its shortest digits padded, or rounded (see Rounding). */
function fixedText(a: number, frac: number, rounding: Rounding): string {
  const plain = shortestPlain(a);
  const have = decimalsOf(plain);
  if (have <= frac) return frac === 0 ? plain : `${plain}${have === 0 ? "." : ""}${"0".repeat(frac - have)}`;
  if (rounding === "half-up") return roundDigitsHalfUp(plain, frac);
  // more decimals than shown, so a < 1e21: toFixed rounds the exact value, a tie away from zero
  const up = a.toFixed(frac);
  const exact = a.toFixed(100);
  const dot = exact.indexOf(".");
  if (!/^50*$/.test(exact.slice(dot + 1 + frac))) return up;
  const down = exact.slice(0, frac > 0 ? dot + 1 + frac : dot);
  return Number(down[down.length - 1]) % 2 === 0 ? down : up;
}

/**
 * What a pattern's digits ask: the least and most decimals, the least integer digits, grouping, and
 * whether the decimal point is written even without decimals (digits ending in it, `#.` or `#,##0.`,
 * as DecimalFormat's decimalSeparatorAlwaysShown: docs/adr/0291).
 */
interface DigitSpec {
  minFrac: number;
  maxFrac: number;
  minInt: number;
  grouped: boolean;
  pointAlways: boolean;
}

/** The digit specs of the patterns read (subPatterns keeps the patterns themselves). */
const digitSpecs = new Map<string, DigitSpec>();

function digitSpec(digits: string): DigitSpec {
  let spec = digitSpecs.get(digits);
  if (spec !== undefined) return spec;
  const p = digits === "" ? "#" : digits;
  const dot = p.indexOf(".");
  const intPat = dot < 0 ? p : p.slice(0, dot);
  const fracPat = dot < 0 ? "" : p.slice(dot + 1);
  const maxFrac = (fracPat.match(/[#0]/g) ?? []).length;
  const intDigits = (intPat.match(/[#0]/g) ?? []).length;
  // a point ending the digits: written always; DecimalFormat then reads `#.` as `0.` (one integer digit)
  const pointAlways = dot >= 0 && maxFrac === 0 && intDigits > 0;
  spec = { minFrac: (fracPat.match(/0/g) ?? []).length, maxFrac, minInt: (intPat.match(/0/g) ?? []).length, grouped: intPat.includes(","), pointAlways };
  if (digitSpecs.size >= PATTERNS_KEPT) digitSpecs.clear();
  digitSpecs.set(digits, spec);
  return spec;
}

/** `|x|` with a pattern's digits (`#.##`, `0.00`, `#,##0.0`); empty when it has none, as `#`. */
function digitsText(a: number, digits: string, rounding: Rounding): string {
  const { minFrac, maxFrac, minInt, grouped, pointAlways } = digitSpec(digits);
  let s = fixedText(a, Math.min(maxFrac, 100), rounding);
  if (maxFrac > minFrac && s.includes(".")) {
    const [i, f = ""] = s.split(".");
    let frac = f;
    while (frac.length > minFrac && frac.endsWith("0")) frac = frac.slice(0, -1);
    s = frac.length > 0 ? `${i}.${frac}` : (i ?? "0");
  }
  const pieces = s.split(".");
  let ip = pieces[0] ?? "0";
  const fp = pieces[1];
  while (ip.length < minInt) ip = "0" + ip;
  if (grouped) ip = group(ip);
  return ip + (fp !== undefined ? "." + fp : pointAlways ? "." : "");
}

/**
 * A number with a Java DecimalFormat pattern: `#.##`, `0.00`, `#,##0.0`, literal text around the
 * digits (`+0.00`, `$#,##0.00`, `0.0 %`), a `%` or `‰` there scaling the value, and a negative
 * subpattern after `;` (`+0.00;-0.00`, `#,##0;(#,##0)`) whose text replaces the positive one's for
 * values below zero; without one, a negative value is `-` before the positive text.
 */
export function formatPattern(x: number, pattern: string, rounding: Rounding = "half-up"): string {
  if (x !== x) return "NaN";
  const { pos, neg } = subPatterns(pattern);
  const v = x * pos.scale;
  // an infinite value (or one a % scales past the largest double) is Java's "∞" between the affixes
  const body = Number.isFinite(v) ? digitsText(Math.abs(v), pos.digits, rounding) : "\u221e";
  // a value that rounds to zero: str.tostring writes it without a sign, str.format (Java's
  // DecimalFormat, the half-even rounding) with one, `-0` (docs/adr/0294)
  if (!(v < 0) || (rounding === "half-up" && Number(body.replace(/,/g, "")) === 0)) return pos.prefix + body + pos.suffix;
  return neg ? neg.prefix + body + neg.suffix : "-" + pos.prefix + body + pos.suffix;
}

/**
 * `x` at the nearest multiple of the instrument's tick with as many decimals as the tick has (0.25
 * two, 1e-8 eight), trailing zeros kept; a tie rounds up, a tie as the decimals read (1.005 at a
 * tick of 0.01 is 1.01, though the double 1.005 is a little below it), as the reference says.
 */
function mintickText(x: number, mintick: number): string {
  if (x !== x) return "NaN";
  if (!(mintick > 0)) return numberText(x);
  const q = x / mintick;
  const below = Math.floor(q);
  const tie = Math.abs(q - below - 0.5) <= Math.abs(q) * 4 * Number.EPSILON;
  const n = tie ? below + 1 : Math.round(q);
  return (n * mintick).toFixed(tickDecimals(mintick));
}

/** The last tick read and its decimals (an evaluation has one instrument's tick). */
let lastTick = NaN;
let lastTickDecimals = 0;

function tickDecimals(mintick: number): number {
  if (mintick !== lastTick) {
    lastTickDecimals = decimalsOf(shortestPlain(mintick));
    lastTick = mintick;
  }
  return lastTickDecimals;
}

export function tostring(x: unknown, format?: string | null, mintick = 0.01): string | null {
  // the common call first: a number with no format (a label's or a cell's price on every bar)
  if (typeof x === "number" && (format === undefined || format === null)) return numberText(x);
  if (x === null || x === undefined) return null;
  if (typeof x === "string") return x;
  if (typeof x === "boolean") return x ? "true" : "false";
  if (x instanceof PineArray) return arrayText(x, format, mintick);
  if (x instanceof PineMatrix) return matrixText(x, format, mintick);
  if (typeof x !== "number") return null;
  // format.price and format.inherit are not str.tostring formats: their text is a pattern without
  // digits, as any other text (`price83123`: docs/adr/0294)
  if (format === undefined || format === null) return numberText(x);
  if (format === "mintick") return mintickText(x, mintick);
  if (format === "percent") return percentText(x);
  if (format === "volume") return volumeText(x);
  return formatPattern(x, format);
}

/** format.percent: two decimals always, rounded half up as the digits read, and `%` (`1.00%`, `NaN%`: docs/adr/0294). */
function percentText(x: number): string {
  if (!Number.isFinite(x)) return `${numberText(x)}%`;
  const body = fixedText(Math.abs(x), 2, "half-up");
  return `${x < 0 && body !== "0.00" ? "-" : ""}${body}%`;
}

const VOLUME_UNITS: ReadonlyArray<[number, string]> = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];

/**
 * format.volume: from a thousand up the value in K, M, B or T with up to three decimals (the
 * reference's 5183 is `5.183K`), below it a whole number (`12`); both rounded half up as the digits
 * read (1235.5 is `1.236K`, 999.5 is `1000`: docs/adr/0294).
 */
function volumeText(x: number): string {
  if (!Number.isFinite(x)) return x !== x ? "NaN" : `${numberText(x)}T`;
  const a = Math.abs(x);
  let body = "";
  for (const [u, s] of VOLUME_UNITS) {
    if (a >= u) {
      body = trimZeros(fixedText(a / u, 3, "half-up")) + s;
      break;
    }
  }
  if (body === "") body = fixedText(a, 0, "half-up");
  return x < 0 && body !== "0" ? `-${body}` : body;
}

/** Java's US styles of `{0,date,short}` ... `{0,time,full}` (medium when none is given), else the pattern as written. */
const DATE_STYLES: ReadonlyMap<string, string> = new Map([["short", "M/d/yy"], ["medium", "MMM d, yyyy"], ["long", "MMMM d, yyyy"], ["full", "EEEE, MMMM d, yyyy"]]);
const TIME_STYLES: ReadonlyMap<string, string> = new Map([["short", "h:mm a"], ["medium", "h:mm:ss a"], ["long", "h:mm:ss a z"], ["full", "h:mm:ss a z"]]);

/**
 * The patterns of MessageFormat's number styles in US English: none (`{0}`, `{0,number}`) is
 * NumberFormat's `#,##0.###`, as the reference's remark says ("up to three decimals with no trailing
 * zeros"); `$#,##0.00` writes a negative amount `-$1.34`.
 */
const NUMBER_STYLES: ReadonlyMap<string, string> = new Map([["", "#,##0.###"], ["integer", "#,##0"], ["percent", "#,##0%"], ["currency", "$#,##0.00"]]);

/**
 * A style names a keyword whatever its case and the spaces around it; anything else is a pattern
 * taken as written, so the space of `{0, number, #.#}` is text before the digits (" 1.3"), as
 * MessageFormat does (docs/adr/0177).
 */
function styleOf(styles: ReadonlyMap<string, string>, style: string, none: string): string {
  const keyword = style.trim().toLowerCase();
  return keyword === "" ? none : (styles.get(keyword) ?? style);
}

/** One `{index,type,style}` of a str.format string, each part as written. */
interface Placeholder {
  index: string;
  type: string;
  style: string;
}

/**
 * The placeholder opening at `fmt[start]` (a `{`) and the index after its `}`, or null when it is
 * not closed. As MessageFormat reads it: `,` ends the index and the type, a quoted part
 * (`'...'`, kept for the style's own reading) and balanced braces belong to the style.
 */
function placeholderAt(fmt: string, start: number): { placeholder: Placeholder; end: number } | null {
  const seg = ["", "", ""];
  let part = 0;
  let quoted = false;
  let depth = 0;
  for (let i = start + 1; i < fmt.length; i++) {
    const c = fmt[i]!;
    if (quoted || c === "'") quoted = quoted ? c !== "'" : true;
    else if (c === "," && part < 2) {
      part++;
      continue;
    } else if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "}") return { placeholder: { index: seg[0]!, type: seg[1]!, style: seg[2]! }, end: i + 1 };
    seg[part] += c;
  }
  return null;
}

/** The text of one placeholder: `{n}` as written when there is no argument `n`. */
function placeholderText(p: Placeholder, args: unknown[]): string {
  const index = p.index.trim();
  const k = Number(index);
  if (!(index !== "" && Number.isInteger(k) && k >= 0 && k < args.length)) return `{${index}}`;
  const v = args[k];
  const type = p.type.trim().toLowerCase();
  if (typeof v === "number" && (type === "" || type === "number")) return formatPattern(v, styleOf(NUMBER_STYLES, p.style, NUMBER_STYLES.get("")!), "half-even");
  if (typeof v === "number" && (type === "date" || type === "time")) {
    const styles = type === "date" ? DATE_STYLES : TIME_STYLES;
    return formatTime(v, styleOf(styles, p.style, styles.get("medium")!), "UTC") ?? "NaN";
  }
  return tostring(v) ?? "NaN";
}

/**
 * str.format, which is Java's MessageFormat (the reference's remarks are its rules): `{0}`,
 * `{1,number,#.##}`, `{0,number,integer|percent|currency}`, `{0,date,...}`; outside placeholders
 * `''` is a quote and `'...'` literal text (braces too). An unclosed `{` is a runtime error, as
 * TradingView's user manual says of unbalanced curly brackets (docs/adr/0274).
 */
export function format(fmt: string | null, args: unknown[]): string | null {
  if (fmt === null) return null;
  let out = "";
  let quoted = false;
  let i = 0;
  while (i < fmt.length) {
    const ch = fmt[i]!;
    if (ch === "'" && fmt[i + 1] === "'") {
      out += "'";
      i += 2;
      continue;
    }
    if (ch === "'") {
      quoted = !quoted;
      i++;
      continue;
    }
    const p = ch === "{" && !quoted ? placeholderAt(fmt, i) : null;
    if (ch === "{" && !quoted && p === null) fail(`unbalanced curly brackets in the format string: the "{" at position ${i} has no "}" (quote it, '{', to write it as text)`);
    out += p ? placeholderText(p.placeholder, args) : ch;
    if (out.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
    i = p ? p.end : i + 1;
  }
  return checked(out);
}
