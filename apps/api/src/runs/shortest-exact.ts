// The general shortest-digits search of number-text.ts (docs/adr/0084): used for the values its
// 16-digit fast path does not take (a 16-digit significand of 2^53 or more, a tie, a carry into
// another digit). Unchanged in what it decides from ADR 0084; only the digit stores moved to
// digits.ts.
import { BITS, HIGH, LOW, POW10, POW10_HI, POW10_LO, SPLITTER, WORDS, seventeenDigits } from "./float-digits";

/** Whether a + b (exact) is below c, or at most c when `inclusive`. */
function sumWithin(a: number, b: number, c: number, inclusive: boolean): boolean {
  const s = a + b;
  const bv = s - a;
  const err = (a - (s - bv)) + (b - bv);
  if (s !== c) return s < c;
  return inclusive ? err <= 0 : err < 0;
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
export function writeShortestExact(dv: DataView, o: number, ax: number): number {
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
    seventeenDigits(dv, o + 1, a | 0, chosen | 0);
    for (let i = 0; i < point; i++) dv.setUint8(o + i, dv.getUint8(o + i + 1));
    dv.setUint8(o + point, 46);
    at = o + 18;
  } else {
    dv.setUint8(o, 48);
    dv.setUint8(o + 1, 46);
    for (let i = 0; i < -point; i++) dv.setUint8(o + 2 + i, 48);
    at = o + 2 - point + 17;
    seventeenDigits(dv, at - 17, a | 0, chosen | 0);
  }
  while (dv.getUint8(at - 1) === 48) at--;
  return at;
}
