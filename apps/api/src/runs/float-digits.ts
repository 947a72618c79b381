// What the number writers (number-text.ts, shortest-exact.ts) share: exact powers of ten with
// their halves for Dekker's exact product, a view of a double's two 32-bit words, and decimal
// digits of integers written as ASCII bytes straight into a page buffer four at a time (one
// 32-bit store of a table entry through a DataView: a quarter of the stores and divisions of
// writing them one or two at a time; docs/adr/0098-number-text-fast-paths.md).
//
// Modules run as CommonJS under tsx read an imported binding through a getter at every use, so
// number-text.ts copies these into its own constants once (a getter per number costs more than
// the number). The writers take int32s only: a double argument of a call that is not inlined
// is boxed, a heap allocation per number.

/** 10^0 .. 10^22, each an exact double. */
export const POW10: number[] = [];
/** The high and low halves (26 bits each) of POW10[k], for Dekker's exact product. */
export const POW10_HI: number[] = [];
export const POW10_LO: number[] = [];
/** 2^27 + 1: splits a double into two halves whose products are exact. */
export const SPLITTER = 134217729;
for (let k = 0; k <= 22; k++) {
  const p = Number(`1e${k}`);
  const c = SPLITTER * p;
  const hi = c - (c - p);
  POW10.push(p);
  POW10_HI.push(hi);
  POW10_LO.push(p - hi);
}

export const TWO_52 = 4503599627370496;
export const TWO_53 = 9007199254740992;

/** One double and its two 32-bit words (scratch: read right after writing). */
export const BITS = new Float64Array(1);
export const WORDS = new Uint32Array(BITS.buffer);
/** Word order of a double in WORDS (high word second on little-endian hosts). */
export const HIGH = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;
export const LOW = 1 - HIGH;
/** The four ASCII digits of 0..9999 ("0000".."9999") as one little-endian 32-bit word each. */
const QUADS = new Uint32Array(10000);
for (let i = 0; i < 10000; i++) {
  const d = [Math.floor(i / 1000), Math.floor(i / 100) % 10, Math.floor(i / 10) % 10, i % 10].map((v) => 48 + v);
  QUADS[i] = ((d[0] as number) | ((d[1] as number) << 8) | ((d[2] as number) << 16) | ((d[3] as number) << 24)) >>> 0;
}

/** Decimal digits of an int32 0 <= v. */
export function digitCount(v: number): number {
  if (v < 100000) {
    if (v < 100) return v < 10 ? 1 : 2;
    return v < 1000 ? 3 : v < 10000 ? 4 : 5;
  }
  if (v < 10000000) return v < 1000000 ? 6 : 7;
  return v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
}

/** The last `count` digits of the int32 0 <= v, zero-padded, in the bytes before `end`. */
export function digitsBefore(dv: DataView, end: number, v: number, count: number): void {
  for (; count >= 4; count -= 4) {
    const q = (v / 10000) | 0;
    end -= 4;
    dv.setUint32(end, QUADS[v - q * 10000] as number, true);
    v = q;
  }
  if (count === 0) return;
  // 1-3 digits: the last bytes of the group's word (its first bytes are leading zeros)
  const quad = QUADS[v % 10000] as number;
  if (count === 1) dv.setUint8(end - 1, quad >>> 24);
  else {
    dv.setUint16(end - 2, quad >>> 16, true);
    if (count === 3) dv.setUint8(end - 3, (quad >>> 8) & 255);
  }
}

/** An int32 0 <= v at o; returns the new offset. */
export function writeInt32(dv: DataView, o: number, v: number): number {
  const n = digitCount(v);
  digitsBefore(dv, o + n, v, n);
  return o + n;
}

/** The 16 digits of hi * 1e8 + lo (1e7 <= hi < 1e8, 0 <= lo < 1e8, int32s) at o..o+15. */
export function sixteenDigits(dv: DataView, o: number, hi: number, lo: number): void {
  const loQ = (lo / 10000) | 0;
  const hiQ = (hi / 10000) | 0;
  dv.setUint32(o, QUADS[hiQ] as number, true);
  dv.setUint32(o + 4, QUADS[hi - hiQ * 10000] as number, true);
  dv.setUint32(o + 8, QUADS[loQ] as number, true);
  dv.setUint32(o + 12, QUADS[lo - loQ * 10000] as number, true);
}

/** The 17 digits of a * 1e9 + b (1e7 <= a < 1e8, 0 <= b < 1e9, int32s) at o..o+16. */
export function seventeenDigits(dv: DataView, o: number, a: number, b: number): void {
  const aQ = (a / 10000) | 0;
  const bQ = (b / 10000) | 0;
  const bQQ = (bQ / 10000) | 0;
  dv.setUint32(o, QUADS[aQ] as number, true);
  dv.setUint32(o + 4, QUADS[a - aQ * 10000] as number, true);
  dv.setUint8(o + 8, 48 + bQQ);
  dv.setUint32(o + 9, QUADS[bQ - bQQ * 10000] as number, true);
  dv.setUint32(o + 13, QUADS[b - bQ * 10000] as number, true);
}

/** The `count` digits (count <= 16) of hi * 1e8 + lo (int32s, lo < 1e8), zero-padded, before `end`. */
export function digitsOf(dv: DataView, end: number, hi: number, lo: number, count: number): void {
  if (count <= 8) {
    digitsBefore(dv, end, lo, count);
    return;
  }
  digitsBefore(dv, end, lo, 8);
  digitsBefore(dv, end - 8, hi, count - 8);
}
