// Rank statistics over a window: ta.rci (Spearman's rank correlation of values with time),
// ta.percentile_linear_interpolation, ta.percentile_nearest_rank; and ta.sum (math.sum).

import { lengthWindow, sourceLength, taFunction, update } from "../../builtins/record";
import { Ring } from "../ring";
import { Lag, Sum, UNKNOWN_WINDOW } from "./ma";

function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/**
 * Rank Correlation Index: Spearman's rho between the last `length` values and their bar order,
 * times 100 (+100: rose on every bar, -100: fell on every bar). Equal values share the mean of
 * their ranks. A na in the window gives na.
 */
export class Rci {
  h: Lag;
  v: Float64Array;
  constructor(cap = UNKNOWN_WINDOW) {
    this.h = new Lag(cap);
    this.v = new Float64Array(8);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n < 2) return NaN;
    this.h.push(x, n);
    if (this.h.r.count < n) return NaN;
    if (this.v.length < n) this.v = new Float64Array(n);
    const v = this.v;
    for (let i = 0; i < n; i++) {
      const y = this.h.get(i);
      if (y !== y) return NaN;
      v[i] = y;
    }
    let d2 = 0;
    for (let i = 0; i < n; i++) {
      // value rank: 1 for the highest, ties averaged; time rank: 1 for this bar (i = 0)
      let above = 0;
      let same = 0;
      for (let j = 0; j < n; j++) {
        if (v[j]! > v[i]!) above++;
        else if (v[j] === v[i]) same++;
      }
      const d = above + (same + 1) / 2 - (i + 1);
      d2 += d * d;
    }
    return (1 - (6 * d2) / (n * (n * n - 1))) * 100;
  }
}

/**
 * Percentile of a window, as the reference's remarks say: nearest rank over the last `length`
 * non-na values (na values are skipped, as by ta.median); linear interpolation over the last
 * `length` bars, na while one of them is na (docs/adr/0288).
 * Linear: sorted[p/100 * (n - 1)] interpolated between the two nearest ranks; nearest rank:
 * sorted[ceil(p/100 * n) - 1], the smallest value for p = 0. The window is kept sorted from bar to
 * bar (the value leaving it taken out, the new one put in, each by binary search), and sorted
 * again from the ring only when the length changes: a fixed length costs O(length) a bar, not a sort.
 */
export class Percentile {
  r: Ring;
  /** The window's values in ascending order, `sortedN` of them, for the length `sortedFor` (-1: none yet). */
  s: Float64Array;
  sortedN = 0;
  sortedFor = -1;
  last = NaN;
  /** Bars since the source was last na (0 on an na bar): the linear form's window holds an na while this is below its length. */
  sinceNa = Infinity;
  constructor(
    readonly linear: boolean,
    cap = UNKNOWN_WINDOW,
  ) {
    this.r = new Ring(cap);
    this.s = new Float64Array(8);
  }
  update(x: number, length: number, percentage: number): number {
    const n = len(length);
    if (n === 0 || percentage !== percentage) return NaN;
    if (x === x) {
      this.add(x, n);
      this.sinceNa++;
    } else this.sinceNa = 0;
    if (this.r.count < n || (this.linear && this.sinceNa < n)) return (this.last = NaN);
    if (this.sortedFor !== n) this.resort(n);
    const s = this.s;
    const p = Math.min(100, Math.max(0, percentage)) / 100;
    if (!this.linear) return (this.last = s[Math.max(0, Math.ceil(p * n) - 1)]!);
    const pos = p * (n - 1);
    const lo = Math.floor(pos);
    const hi = Math.min(n - 1, lo + 1);
    return (this.last = s[lo]! + (s[hi]! - s[lo]!) * (pos - lo));
  }

  /** Pushes `x`; the sorted window of `n` loses the value leaving it and gains `x`. */
  private add(x: number, n: number): void {
    const leaving = this.sortedFor === n && this.r.count >= n ? this.r.get(n - 1) : NaN;
    this.r.add(x, n);
    // a value the sorted window did not take makes it stale: sorted again from the ring when next read
    if (this.sortedFor !== n) {
      this.sortedFor = -1;
      return;
    }
    if (leaving === leaving) this.remove(leaving);
    this.insert(x);
  }

  /** The newest `min(n, count)` values of the ring, sorted. */
  private resort(n: number): void {
    const k = Math.min(n, this.r.count);
    if (this.s.length < n) this.s = new Float64Array(Math.max(n, this.r.cap));
    for (let i = 0; i < k; i++) this.s[i] = this.r.get(i);
    this.s.subarray(0, k).sort();
    this.sortedN = k;
    this.sortedFor = n;
  }

  /** Index of the first sorted value not below `v`. */
  private lowerBound(v: number): number {
    let lo = 0;
    let hi = this.sortedN;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.s[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private remove(v: number): void {
    const i = this.lowerBound(v);
    this.s.copyWithin(i, i + 1, this.sortedN);
    this.sortedN--;
  }

  private insert(v: number): void {
    if (this.s.length <= this.sortedN) {
      const next = new Float64Array(2 * this.s.length);
      next.set(this.s);
      this.s = next;
    }
    const i = this.lowerBound(v);
    this.s.copyWithin(i + 1, i, this.sortedN);
    this.s[i] = v;
    this.sortedN++;
  }
}

export class PercentileLinear extends Percentile {
  constructor(cap = UNKNOWN_WINDOW) {
    super(true, cap);
  }
}
export class PercentileNearest extends Percentile {
  constructor(cap = UNKNOWN_WINDOW) {
    super(false, cap);
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const percentileArgs = update(PercentileLinear, (b) => [b.a("source"), b.a("length"), b.a("percentage")]);

export const taRci = taFunction({
  sig: "rci(source: series float, length: series int): series float",
  doc: "Rank Correlation Index: Spearman's rank correlation of the last `length` values with time, -100 to 100.",
  lookback: lengthWindow,
  emit: update(Rci, sourceLength),
  bounds: { length: ">0" },
});
export const taSum = taFunction({
  sig: "sum(source: series float, length: series int): series float",
  doc: "Sum of the last `length` values (as math.sum).",
  lookback: lengthWindow,
  emit: update(Sum, sourceLength),
  bounds: { length: ">0" },
});
export const taPercentileLinearInterpolation = taFunction({
  sig: "percentile_linear_interpolation(source: series float, length: series int, percentage: simple float): series float",
  doc: "Percentile of the last `length` values, interpolated linearly between the two nearest ranks.",
  lookback: lengthWindow,
  emit: percentileArgs,
  bounds: { length: ">0", percentage: "0..100" },
});
export const taPercentileNearestRank = taFunction({
  sig: "percentile_nearest_rank(source: series float, length: series int, percentage: simple float): series float",
  doc: "Percentile of the last `length` values by the nearest-rank method (always one of the values).",
  lookback: lengthWindow,
  emit: update(PercentileNearest, (b) => [b.a("source"), b.a("length"), b.a("percentage")]),
  bounds: { length: ">0", percentage: "0..100" },
});
