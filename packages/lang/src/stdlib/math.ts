// math.* and na helpers. Pure functions take and return numbers (NaN = na); math.random and
// math.sum keep state per call site.

export function nz(x: number, replacement = 0): number {
  return x === x ? x : replacement;
}

export function isNa(x: unknown): boolean {
  return x === null || x === undefined || (typeof x === "number" && x !== x);
}

/** fixnan: the last non-na value; one state per call site. */
export class FixNan {
  v = NaN;
  update(x: number): number {
    if (x === x) this.v = x;
    return this.v;
  }
}

export function round(x: number, precision?: number): number {
  if (precision === undefined || precision !== precision) return Math.round(x);
  const p = Math.max(0, Math.floor(precision));
  const f = Math.pow(10, p);
  return Math.round(x * f) / f;
}

/** Pine's round_to_mintick. */
export function roundToMintick(x: number, mintick: number): number {
  if (!(mintick > 0)) return x;
  return Math.round(x / mintick) * mintick;
}

export function sign(x: number): number {
  return x !== x ? NaN : x > 0 ? 1 : x < 0 ? -1 : 0;
}

export function avg(values: number[]): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i]!;
  return s / values.length;
}

export function max(values: number[]): number {
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) return NaN;
    if (v > m) m = v;
  }
  return m;
}

export function min(values: number[]): number {
  let m = Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v !== v) return NaN;
    if (v < m) m = v;
  }
  return m;
}

export function log10(x: number): number {
  return Math.log10(x);
}

export function todegrees(x: number): number {
  return (x * 180) / Math.PI;
}

export function toradians(x: number): number {
  return (x * Math.PI) / 180;
}

/**
 * math.random(min, max, seed): deterministic (mulberry32). Without a seed a call site starts from
 * a fixed seed, so every run of a script gives the same numbers.
 */
export class Random {
  s = 0x9e3779b9 | 0;
  seeded = false;
  next(min = 0, max = 1, seed?: number): number {
    if (!this.seeded) {
      this.seeded = true;
      if (seed !== undefined && seed === seed) this.s = Math.floor(seed) | 0;
    }
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const u = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return min + u * (max - min);
  }
}
