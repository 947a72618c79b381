// Numbers of result pages written as bytes straight into the page's buffer through a DataView
// over it, exactly as JSON.stringify and String() write them
// (docs/adr/0084-results-pages-written-from-chunks.md): the shortest decimal that reads back as
// the same double, the nearest one when several are as short, fixed notation from 1e-6 to 1e21.
// Integers below 2^53 and non-integers from 1e-6 to 2^52 (every value a plot
// usually holds) are written here; any other value, and the few cases this code cannot decide
// exactly (a tie between two candidates, a power of two, a carry into another digit), are
// written from String(x). Written bytes are ASCII. The 16- and 17-digit fast path is
// docs/adr/0098-number-text-fast-paths.md.
import * as fd from "./float-digits";
import { writeShortestExact } from "./shortest-exact";

// Local copies of the shared constants and writers (see float-digits.ts: no getter per use).
const { BITS, HIGH, LOW, POW10, POW10_HI, POW10_LO, SPLITTER, TWO_52, TWO_53, WORDS } = fd;
const { digitsBefore, digitsOf, seventeenDigits, sixteenDigits, writeInt32 } = fd;

/**
 * The value being written, handed to the writers that are not inlined through this array: a
 * double passed as an argument to a call that is not inlined is boxed (a heap allocation per
 * number, 1.5 MB per page of 150,000 numbers).
 */
const VALUE = new Float64Array(1);

function writeAscii(dv: DataView, o: number, text: string): number {
  for (let i = 0; i < text.length; i++) dv.setUint8(o++, text.charCodeAt(i));
  return o;
}

/** ax * 10^e rounded to an integer (|e| <= 22). */
function scaled(ax: number, e: number): number {
  return Math.round(e >= 0 ? ax * (POW10[e] as number) : ax / (POW10[-e] as number));
}

/**
 * Whether the decimal d * 10^-e reads back as ax. d < 2^53 and 10^|e| (|e| <= 22) are exact
 * doubles, so IEEE division (multiplication) rounds their exact quotient (product) to the
 * nearest double, as reading the decimal does.
 */
function readsBack(d: number, e: number, ax: number): boolean {
  return (e >= 0 ? d / (POW10[e] as number) : d * (POW10[-e] as number)) === ax;
}

/**
 * `n` digits of the integer hi * 1e8 + lo (int32s) with `point` digits before the decimal point
 * (fixed notation).
 */
function placeDigits(dv: DataView, o: number, hi: number, lo: number, n: number, point: number): number {
  if (point > 0) {
    digitsOf(dv, o + n + 1, hi, lo, n);
    for (let i = 0; i < point; i++) dv.setUint8(o + i, dv.getUint8(o + i + 1));
    dv.setUint8(o + point, 46);
    return o + n + 1;
  }
  dv.setUint8(o, 48);
  dv.setUint8(o + 1, 46);
  let at = o + 2;
  for (let i = 0; i < -point; i++) dv.setUint8(at++, 48);
  digitsOf(dv, at + n, hi, lo, n);
  return at + n;
}

/**
 * The nearest 17 digits of y = ax * 10^k in [1e16, 1e17) (exact: Dekker's product p + err,
 * split as a * 1e9 + b), which read back as ax when no 16 digits do; -1 for a tie or a carry.
 */
function writeSeventeen(dv: DataView, o: number, k: number, point: number): number {
  const ax = VALUE[0] as number;
  const p = ax * (POW10[k] as number);
  if (p < 1e16 || p >= 1e17) return -1;
  const c = SPLITTER * ax;
  const xh = c - (c - ax);
  const xl = ax - xh;
  const err = ((xh * (POW10_HI[k] as number) - p) + xh * (POW10_LO[k] as number) + xl * (POW10_HI[k] as number)) + xl * (POW10_LO[k] as number);
  let a = Math.floor(p / 1e9);
  let b = p - a * 1e9;
  const fl = Math.floor(err);
  const frac = err - fl;
  if (frac === 0.5) return -1;
  b += fl + (frac < 0.5 ? 0 : 1);
  if (b >= 1e9) {
    a++;
    b -= 1e9;
  } else if (b < 0) {
    a--;
    b += 1e9;
  }
  if (a >= 1e8 || a < 1e7) return -1;
  if (point > 0) {
    seventeenDigits(dv, o + 1, a | 0, b | 0);
    for (let i = 0; i < point; i++) dv.setUint8(o + i, dv.getUint8(o + i + 1));
    dv.setUint8(o + point, 46);
    return o + 18;
  }
  dv.setUint8(o, 48);
  dv.setUint8(o + 1, 46);
  let at = o + 2;
  for (let i = 0; i < -point; i++) dv.setUint8(at++, 48);
  seventeenDigits(dv, at, a | 0, b | 0);
  return at + 17;
}

/**
 * The scale k of the last number writeShortest wrote: tried first for the next one, since a
 * plot's values mostly keep their magnitude (docs/adr/0124-number-scale-from-the-last-one.md).
 * The guess only chooses where the search starts: a k whose product is not in [1e15, 1e16) is
 * estimated from the exponent as before, so the text never depends on it. A right guess saves
 * reading the double's high word (a load of half of what was just stored) and the estimate.
 */
let lastK = 14;

/**
 * Writes 1e-6 <= ax < 2^52 (not an integer) at o with its shortest digits (docs/adr/0098);
 * returns the new offset, or -1 when String() must write it.
 *
 * y = ax * 10^k in [1e15, 1e16) exactly is p + err (Dekker), and d its nearest integer. The
 * decimals that read back as ax lie in an interval around ax of one ulp, symmetric unless ax is a
 * power of two (left to the exact search). So some 16-digit decimal reads back iff d does, and d
 * is then the nearest; if none does, the nearest 17 digits do (the interval is at least 1.1
 * units of the 17th digit wide). Fewer digits than 16 are 1e-15 or more apart relative to ax,
 * more than the interval's 2.2e-16, so at most one n-digit decimal reads back, and it is the
 * rounded product round(ax * 10^e) (its error is under 0.07 units where the decimal is within
 * 0.12 of the product); reading back is monotone in n (append a zero), so the shortest n is
 * found by bisection. d >= 2^53 (not exact) goes to the exact search of ADR 0084.
 */
function writeShortest(dv: DataView, o: number): number {
  const ax = VALUE[0] as number;
  BITS[0] = ax;
  if (WORDS[LOW] === 0 && ((WORDS[HIGH] as number) & 0xfffff) === 0) return -1; // a power of two
  // k of the previous number first: a plot's values mostly keep their magnitude
  let k = lastK;
  let p = ax * (POW10[k] as number);
  if (p >= 1e15 && p < 1e16) {
    // k as computed below
  } else {
    // 1e-6 <= ax < 2^52: an exponent from -20 to 51, so 0 <= k <= 22 (22 only below 1e-6 * 10^22)
    k = 15 - Math.floor((((WORDS[HIGH] as number) >>> 20) - 1023) * 0.30102999566398114);
    if (k > 21) return writeShortestExact(dv, o, ax);
    p = ax * (POW10[k] as number);
  }
  if (p >= 1e16) {
    if (k === 0) return writeShortestExact(dv, o, ax);
    p = ax * (POW10[--k] as number);
  } else if (p < 1e15) {
    if (k === 21) return writeShortestExact(dv, o, ax);
    p = ax * (POW10[++k] as number);
  }
  if (p < 1e15 || p >= TWO_53) return writeShortestExact(dv, o, ax);
  lastK = k;
  const c = SPLITTER * ax;
  const xh = c - (c - ax);
  const xl = ax - xh;
  const err = ((xh * (POW10_HI[k] as number) - p) + xh * (POW10_LO[k] as number) + xl * (POW10_HI[k] as number)) + xl * (POW10_LO[k] as number);
  const fl = Math.floor(p);
  const f = p - fl;
  const s = f + err;
  // d: the nearest integer to fl + f + err (s is in [-0.5, 1.5]; its rounding error decides a half)
  let d: number;
  if (s < 0.5 && s > -0.5) d = fl;
  else if (s > 0.5 && s < 1.5) d = fl + 1;
  else {
    const sv = s - f;
    const rest = (f - (s - sv)) + (err - sv);
    const half = s - Math.floor(s) === 0.5;
    if (half && rest === 0) return writeShortestExact(dv, o, ax); // a tie
    d = fl + Math.round(s) - (half && rest < 0 ? 1 : 0);
  }
  if (d >= TWO_53) return writeShortestExact(dv, o, ax);
  const point = 16 - k;
  if (!readsBack(d, k, ax)) {
    const end = writeSeventeen(dv, o, k + 1, point);
    return end < 0 ? writeShortestExact(dv, o, ax) : end;
  }
  const d15 = scaled(ax, k - 1);
  if (d15 === 1e15) return writeShortestExact(dv, o, ax); // a carry into a 16th digit
  if (!readsBack(d15, k - 1, ax)) {
    const dHi = Math.floor(d / 1e8);
    const dLo = d - dHi * 1e8;
    if (point <= 0) return placeDigits(dv, o, dHi | 0, dLo | 0, 16, point);
    sixteenDigits(dv, o + 1, dHi | 0, dLo | 0);
    for (let i = 0; i < point; i++) dv.setUint8(o + i, dv.getUint8(o + i + 1));
    dv.setUint8(o + point, 46);
    return o + 17;
  }
  // 15 digits or fewer: the shortest n in [1, 15] that reads back
  let lo = 1;
  let hi = 15;
  let best = d15;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const dm = scaled(ax, k - 16 + mid);
    if (dm === POW10[mid]) return writeShortestExact(dv, o, ax); // a carry into another digit
    if (readsBack(dm, k - 16 + mid, ax)) {
      hi = mid;
      best = dm;
    } else lo = mid + 1;
  }
  const bestHi = Math.floor(best / 1e8);
  return placeDigits(dv, o, bestHi | 0, (best - bestHi * 1e8) | 0, hi, point);
}

/** A finite number as String(x) writes it; returns the new offset. */
function writeFinite(dv: DataView, o: number, x: number): number {
  const ax = x < 0 ? -x : x;
  if (ax < TWO_53 && Math.floor(ax) === ax) {
    if (x < 0) dv.setUint8(o++, 45);
    if (ax < 2147483648) return writeInt32(dv, o, ax | 0);
    // two int32 parts (no boxed double in the calls)
    const high = Math.floor(ax / 1e8);
    o = writeInt32(dv, o, high | 0);
    digitsBefore(dv, o + 8, (ax - high * 1e8) | 0, 8);
    return o + 8;
  }
  VALUE[0] = ax;
  if (ax < 1e-6 || ax >= TWO_52) return writeAscii(dv, o, String(x));
  if (x < 0) {
    dv.setUint8(o, 45);
    const end = writeShortest(dv, o + 1);
    return end < 0 ? writeAscii(dv, o, String(x)) : end;
  }
  const end = writeShortest(dv, o);
  return end < 0 ? writeAscii(dv, o, String(x)) : end;
}

/** `null` as one little-endian 32-bit word. */
const NULL_WORD = (110 | (117 << 8) | (108 << 16) | (108 << 24)) >>> 0;

/** Longest text of one number: 17 digits after `-0.00000` (`-0.0000012345678901234567`). */
export const MAX_NUMBER_BYTES = 25;

/** `x` as JSON.stringify writes it (`null` for NaN and the infinities); returns the new offset. */
export function writeJsonNumber(dv: DataView, o: number, x: number): number {
  if (x - x !== 0) {
    // NaN or an infinity (x - x is NaN for both).
    dv.setUint32(o, NULL_WORD, true);
    return o + 4;
  }
  return writeFinite(dv, o, x);
}

/** `x` as String(x) writes it; returns the new offset. */
export function writeNumberString(dv: DataView, o: number, x: number): number {
  return x - x !== 0 ? writeAscii(dv, o, String(x)) : writeFinite(dv, o, x);
}

/** `x` as a CSV cell: String(x), nothing for NaN (na). */
export function writeCsvNumber(dv: DataView, o: number, x: number): number {
  return x !== x ? o : writeNumberString(dv, o, x);
}
