// Numbers of result pages written as bytes straight into a Buffer, exactly as JSON.stringify and
// String() write them (docs/adr/0084-results-pages-written-from-chunks.md): the shortest decimal
// that reads back as the same double, the nearest one when several are as short, fixed notation
// from 1e-6 to 1e21. Integers below 2^53 and non-integers from 1e-6 to 2^52 (every value a plot
// usually holds) are written here; any other value, and the few cases this code cannot decide
// exactly (a tie between two candidates, a power of two, a carry into an 18th digit), are
// written from String(x). Written bytes are ASCII.

/** Decimal digit pairs "00".."99". */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}
/** 10^0 .. 10^22, each an exact double, and their halves for Dekker's exact product. */
const POW10: number[] = [];
const POW10_HI: number[] = [];
const POW10_LO: number[] = [];
const SPLITTER = 134217729; // 2^27 + 1
for (let k = 0; k <= 22; k++) {
  const p = Number(`1e${k}`);
  const c = SPLITTER * p;
  const hi = c - (c - p);
  POW10.push(p);
  POW10_HI.push(hi);
  POW10_LO.push(p - hi);
}
const TWO_52 = 4503599627370496;
const TWO_53 = 9007199254740992;
const BITS = new Float64Array(1);
const WORDS = new Uint32Array(BITS.buffer);
/** Word order of a double in WORDS (high word second on little-endian hosts). */
const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
const LOW = 1 - HIGH;

/** Whether a + b (exact) is below c, or at most c when `inclusive`. */
function sumWithin(a: number, b: number, c: number, inclusive: boolean): boolean {
  const s = a + b;
  const bv = s - a;
  const err = (a - (s - bv)) + (b - bv);
  if (s !== c) return s < c;
  return inclusive ? err <= 0 : err < 0;
}

function writeAscii(buf: Uint8Array, o: number, text: string): number {
  for (let i = 0; i < text.length; i++) buf[o++] = text.charCodeAt(i);
  return o;
}

/** `count` digits of the int32 `v`, zero-padded, into `buf` ending before `end`. */
function digitsInto(buf: Uint8Array, v: number, end: number, count: number): void {
  let i = end;
  for (; count >= 2; count -= 2) {
    const q = (v / 100) | 0;
    const r = (v - q * 100) << 1;
    buf[--i] = PAIRS[r + 1] as number;
    buf[--i] = PAIRS[r] as number;
    v = q;
  }
  if (count === 1) buf[i - 1] = 48 + (v % 10);
}

/** An int32 0 <= v. */
function writeInt32(buf: Uint8Array, o: number, v: number): number {
  if (v < 10) {
    buf[o] = 48 + v;
    return o + 1;
  }
  let n = 2;
  for (let t = 100; n < 10 && v >= t; t *= 10) n++;
  let i = o + n;
  while (v >= 100) {
    const q = (v / 100) | 0;
    const r = (v - q * 100) << 1;
    buf[--i] = PAIRS[r + 1] as number;
    buf[--i] = PAIRS[r] as number;
    v = q;
  }
  if (v >= 10) {
    buf[i - 1] = PAIRS[(v << 1) + 1] as number;
    buf[i - 2] = PAIRS[v << 1] as number;
  } else buf[i - 1] = 48 + v;
  return o + n;
}

/** An integer 0 <= v < 2^53. */
function writeInteger(buf: Uint8Array, o: number, v: number): number {
  if (v < 2147483648) return writeInt32(buf, o, v | 0);
  const hi = Math.floor(v / 1e9);
  o = writeInt32(buf, o, hi | 0);
  digitsInto(buf, (v - hi * 1e9) | 0, o + 9, 9);
  return o + 9;
}

/**
 * Writes 1e-6 <= ax < 2^52 (not an integer) at o in fixed notation with its shortest digits;
 * returns the new offset, or -1 when the value must be written by String().
 *
 * y = ax * 10^k in [1e16, 1e17) is computed exactly as p + err (Dekker's product; 10^k is an
 * exact double for k <= 22), split as A * 1e9 + (q + frac). The values that read back as ax lie
 * within h = ulp(ax) / 2 * 10^k of y (bounds included when the significand is even, IEEE
 * round-half-even). h >= 0.55, so the nearest integer to y always qualifies (17 digits); the
 * shortest is the largest power 10^j with a multiple in the interval, the nearest one when two
 * are (only for j = 1: the interval is at most 22.2 wide); from 10^9 on the multiple is A's own
 * (rounded) and its trailing zeros are dropped with the others.
 */
function writeShortest(buf: Uint8Array, o: number, ax: number): number {
  BITS[0] = ax;
  const high = WORDS[HIGH] as number;
  const low = WORDS[LOW] as number;
  if ((high & 0xfffff) === 0 && low === 0) return -1; // a power of two: the lower bound is closer
  const biased = high >>> 20;
  let k = 16 - Math.floor((biased - 1023) * 0.30102999566398114);
  if (k > 22) return -1;
  let p = ax * (POW10[k] as number);
  if (p >= 1e17) p = ax * (POW10[--k] as number);
  else if (p < 1e16) {
    if (k === 22) return -1;
    p = ax * (POW10[++k] as number);
  }
  if (p < 1e16 || p >= 1e17) return -1;
  const c = SPLITTER * ax;
  const xh = c - (c - ax);
  const xl = ax - xh;
  const ph = POW10_HI[k] as number;
  const pl = POW10_LO[k] as number;
  const err = ((xh * ph - p) + xh * pl + xl * ph) + xl * pl;
  let a = Math.floor(p / 1e9);
  let b = p - a * 1e9;
  if (b < 0) {
    a--;
    b += 1e9;
  } else if (b >= 1e9) {
    a++;
    b -= 1e9;
  }
  BITS[0] = 0;
  WORDS[HIGH] = (biased - 53) << 20; // 2^(e - 53): half an ulp of ax
  const h = (BITS[0] as number) * (POW10[k] as number);
  const even = (low & 1) === 0;
  const fl = Math.floor(err);
  const frac = err - fl;
  const q = ((b | 0) + fl) | 0;
  if (frac === 0.5) return -1;
  let chosen = frac < 0.5 ? q : q + 1;
  for (let j = 1, m = 10; j <= 9; j++, m *= 10) {
    let r = (q % m) | 0;
    if (r < 0) r += m;
    const down = q - r;
    const inDown = sumWithin(r, frac, h, even);
    const inUp = sumWithin(m - r, -frac, h, even);
    if (!inDown && !inUp) break;
    if (inDown && inUp) {
      const half = (m - 2 * r) / 2;
      if (frac === half) return -1;
      chosen = frac < half ? down : down + m;
    } else chosen = inDown ? down : down + m;
  }
  if (chosen >= 1e9) {
    a++;
    chosen -= 1e9;
  } else if (chosen < 0) {
    a--;
    chosen += 1e9;
  }
  if (a >= 1e8 || a < 1e7) return -1;
  // 17 digits, then the decimal point: after the integer digits, or "0." and zeros before them.
  const point = 17 - k;
  let at: number;
  if (point > 0) {
    digitsInto(buf, chosen | 0, o + 18, 9);
    digitsInto(buf, a | 0, o + 9, 8);
    for (let i = 0; i < point; i++) buf[o + i] = buf[o + i + 1] as number;
    buf[o + point] = 46;
    at = o + 18;
  } else {
    buf[o] = 48;
    buf[o + 1] = 46;
    for (let i = 0; i < -point; i++) buf[o + 2 + i] = 48;
    at = o + 2 - point + 17;
    digitsInto(buf, chosen | 0, at, 9);
    digitsInto(buf, a | 0, at - 9, 8);
  }
  while (buf[at - 1] === 48) at--;
  return at;
}

/** A finite number as String(x) writes it; returns the new offset. */
function writeFinite(buf: Uint8Array, o: number, x: number): number {
  const ax = x < 0 ? -x : x;
  if (ax < TWO_53 && Math.floor(ax) === ax) {
    if (x < 0) buf[o++] = 45;
    return writeInteger(buf, o, ax);
  }
  if (ax < 1e-6 || ax >= TWO_52) return writeAscii(buf, o, String(x));
  if (x < 0) {
    buf[o] = 45;
    const end = writeShortest(buf, o + 1, ax);
    return end < 0 ? writeAscii(buf, o, String(x)) : end;
  }
  const end = writeShortest(buf, o, ax);
  return end < 0 ? writeAscii(buf, o, String(x)) : end;
}

/** Longest text of one number: 17 digits after `-0.00000` (`-0.0000012345678901234567`). */
export const MAX_NUMBER_BYTES = 25;

/** `x` as JSON.stringify writes it (`null` for NaN and the infinities); returns the new offset. */
export function writeJsonNumber(buf: Uint8Array, o: number, x: number): number {
  if (x - x !== 0) {
    // NaN or an infinity (x - x is NaN for both).
    buf[o] = 110;
    buf[o + 1] = 117;
    buf[o + 2] = 108;
    buf[o + 3] = 108;
    return o + 4;
  }
  return writeFinite(buf, o, x);
}

/** `x` as String(x) writes it; returns the new offset. */
export function writeNumberString(buf: Uint8Array, o: number, x: number): number {
  return x - x !== 0 ? writeAscii(buf, o, String(x)) : writeFinite(buf, o, x);
}

/** `x` as a CSV cell: String(x), nothing for NaN (na). */
export function writeCsvNumber(buf: Uint8Array, o: number, x: number): number {
  return x !== x ? o : writeNumberString(buf, o, x);
}
