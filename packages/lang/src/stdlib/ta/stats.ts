// Window statistics: stdev, variance, dev, median, mode, percentrank, cum, change, roc, rising,
// falling (highest, lowest, range and all-time extremes are in extremes.ts, correlation in correlation.ts).

import { lengthWindow, sourceLength, taFunction, UNBOUNDED, update, type CallEmit, type Emitter } from "../../builtins/record";
import { Ring } from "../ring";
import { Lag, UNKNOWN_WINDOW } from "./ma";

// Local helpers: calls through another module's exports cost a getter call on the hot path.
function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/** `x - p`, or ta.roc's `100 * (x - p) / p` with Pine's `/`: p == 0 gives na (docs/adr/0109, 0145). */
function diffOrRoc(x: number, p: number, roc: boolean): number {
  if (!roc) return x - p;
  return p === 0 ? NaN : (100 * (x - p)) / p;
}

/**
 * Pine compares floats with an absolute tolerance of 1e-10 in some built-ins: a difference within it is
 * 0 (its stdev reference's `SUM(src[i], -avg)`; rising, falling and percentrank, as TradingView's
 * logged values show, docs/adr/0304).
 */
const TOLERANCE = 1e-10;

/** ta.rising's (falling's) comparison: `newest` above (below) `y` by more than the tolerance; false with na. */
function beats(newest: number, y: number, rising: boolean): boolean {
  return rising ? newest - y > TOLERANCE : y - newest > TOLERANCE;
}

/** Pine's `SUM(src[i], -avg)` in its stdev reference: a difference within 1e-10 of 0 is 0. */
function diff(a: number, b: number): number {
  const r = a - b;
  return Math.abs(r) <= TOLERANCE ? 0 : r;
}

/** Sum of squared deviations of the newest n values (n <= count) from `mean`, with Pine's rounding. */
function ssd(r: Ring, n: number, mean: number): number {
  const b = r.buf;
  let s = 0;
  for (let j = r.top - n + 1, end = r.top; j <= end; j++) {
    const d = diff(b[j]!, mean);
    s += d * d;
  }
  return s;
}

/** Mode 0: stdev, 1: variance. na values are skipped. */
export class Deviation {
  r: Ring;
  last = NaN;
  /** The window's mean (the sma) of the last update; na while the window fills. */
  mean = NaN;
  constructor(
    readonly mode: 0 | 1,
    cap = UNKNOWN_WINDOW,
  ) {
    this.r = new Ring(cap);
  }
  update(x: number, length: number, biased = true): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.last;
    const r = this.r;
    if (!r.add(x, n)) return (this.last = NaN);
    const mean = (this.mean = r.sumLast(n) / n);
    const div = biased ? n : n - 1;
    const v = ssd(r, n, mean) / div;
    return (this.last = this.mode === 0 ? Math.sqrt(v) : v);
  }
}

export class Stdev extends Deviation {
  constructor(cap = UNKNOWN_WINDOW) {
    super(0, cap);
  }
}
export class Variance extends Deviation {
  constructor(cap = UNKNOWN_WINDOW) {
    super(1, cap);
  }
}
/**
 * Mean absolute deviation: the mean is the sma (its window skips na values), the deviations are
 * taken over the last `length` bars, so an na among them gives na, as TradingView's values show
 * (docs/adr/0304).
 */
export class Dev {
  h: Lag;
  sum: Ring;
  constructor(cap = UNKNOWN_WINDOW) {
    this.h = new Lag(cap);
    this.sum = new Ring(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    this.h.push(x, n);
    // the sma's window: the last n non-na values (an na bar leaves it as it was)
    if (x === x) this.sum.add(x, n);
    if (this.h.r.count < n || this.sum.count < n) return NaN;
    const mean = this.sum.sumLast(n) / n;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const v = this.h.get(i);
      if (v !== v) return NaN;
      s += Math.abs(v - mean);
    }
    return s / n;
  }
}

/** Median (mean of the two middle values for an even window) and mode (ties: smallest value). */
export class Order {
  r: Ring;
  scratch: Float64Array;
  last = NaN;
  constructor(
    readonly mode: boolean,
    cap = UNKNOWN_WINDOW,
  ) {
    this.r = new Ring(cap);
    this.scratch = new Float64Array(8);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    if (x !== x) return this.last;
    if (!this.r.add(x, n)) return (this.last = NaN);
    if (this.scratch.length < n) this.scratch = new Float64Array(this.r.cap);
    const s = this.scratch.subarray(0, n);
    for (let i = 0; i < n; i++) s[i] = this.r.get(i);
    s.sort();
    if (!this.mode) {
      const h = n >> 1;
      return (this.last = n % 2 === 1 ? s[h]! : (s[h - 1]! + s[h]!) / 2);
    }
    let best = s[0]!;
    let bestCount = 0;
    let i = 0;
    while (i < n) {
      let j = i;
      while (j < n && s[j] === s[i]) j++;
      if (j - i > bestCount) {
        bestCount = j - i;
        best = s[i]!;
      }
      i = j;
    }
    return (this.last = best);
  }
}

export class Median extends Order {
  constructor(cap = UNKNOWN_WINDOW) {
    super(false, cap);
  }
}
export class Mode extends Order {
  constructor(cap = UNKNOWN_WINDOW) {
    super(true, cap);
  }
}

/**
 * Percent of the previous `length` bars whose value is <= the current one. A comparison with na is
 * false: an na bar in the window is not counted and an na current value gives 0, as TradingView's
 * values show (docs/adr/0304).
 */
export class PercentRank {
  h: Lag;
  constructor(cap = UNKNOWN_WINDOW) {
    this.h = new Lag(cap);
  }
  update(x: number, length: number): number {
    const n = len(length);
    if (n === 0) return NaN;
    this.h.push(x, n + 1);
    if (this.h.r.count < n + 1) return NaN;
    let c = 0;
    for (let i = 1; i <= n; i++) if (this.h.get(i) - x <= TOLERANCE) c++;
    return (100 * c) / n;
  }
}

/**
 * Running total of the non-na values; na on an na bar (before the first value too), as TradingView
 * gives it (docs/adr/0330): the total goes on past the gap.
 */
export class Cum {
  sum = 0;
  update(x: number): number {
    if (x !== x) return NaN;
    return (this.sum += x);
  }
}

/** x - x[length] (mode 0), 100 * (x - x[n]) / x[n] (mode 1); na in either gives na. */
export class Change {
  h: Lag;
  constructor(
    cap = UNKNOWN_WINDOW,
    readonly roc = false,
  ) {
    this.h = new Lag(cap);
  }
  update(x: number, length = 1): number {
    const n = Math.floor(length);
    if (!(n >= 0)) return NaN;
    this.h.push(x, n + 1);
    const p = this.h.get(n);
    return diffOrRoc(x, p, this.roc);
  }
  /** ta.change of a bool series: true when it differs from `length` bars ago. */
  updateBool(x: boolean, length = 1): boolean {
    const n = Math.floor(length);
    if (!(n >= 0)) return false;
    this.h.push(x ? 1 : 0, n + 1);
    const p = this.h.get(n);
    return p === p && p !== (x ? 1 : 0);
  }
}

export class Roc extends Change {
  constructor(cap = UNKNOWN_WINDOW) {
    super(cap, true);
  }
}

/**
 * rising: the source rose (x > x[1], by more than the tolerance) on each of the last `length` changes
 * (falling: fell), as TradingView's recorded values show (docs/adr/0330): a count of consecutive
 * rises, which a change with an na side leaves as it is (the na bars are skipped, not a break), so an
 * na bar gives the count's answer too. `x > x[k]` for every k (the reference's wording) differs from
 * it where an earlier bar dipped below the one before it.
 */
export class Trend {
  /** The previous value (na too) and the consecutive rises (falls) counted so far. */
  prev = NaN;
  run = 0;
  constructor(readonly rising: boolean) {}
  update(x: number, length: number): boolean {
    const p = this.prev;
    this.prev = x;
    if (x === x && p === p) this.run = beats(x, p, this.rising) ? this.run + 1 : 0;
    const n = len(length);
    return n > 0 && this.run >= n;
  }
}

export class Rising extends Trend {
  constructor() {
    super(true);
  }
}
export class Falling extends Trend {
  constructor() {
    super(false);
  }
}

/**
 * ta.change / ta.mom / ta.roc of a bar column (`close`, `hlc3`, ...): TradingView's value is
 * `source - source[length]` of the source's own history, so it is read from the column and stays
 * right on bars after ones where the call did not run (a branch not taken).
 */
export function changeOfColumn(col: Float64Array, i: number, length: number, roc: boolean): number {
  const n = Math.floor(length);
  if (!(n >= 0)) return NaN;
  const x = col[i]!;
  const p = i >= n ? col[i - n]! : NaN;
  return diffOrRoc(x, p, roc);
}

/**
 * ta.rising / ta.falling of a bar column: the last `length` changes with both sides non-na are all
 * rises (falls), read from the column (Trend's count, found backwards).
 */
export function trendOfColumn(col: Float64Array, i: number, length: number, rising: boolean): boolean {
  const n = len(length);
  if (n === 0) return false;
  let seen = 0;
  for (let j = i; j >= 1 && seen < n; j--) {
    const x = col[j]!;
    const y = col[j - 1]!;
    if (x !== x || y !== y) continue;
    if (!beats(x, y, rising)) return false;
    seen++;
  }
  return seen === n;
}

/**
 * The same two of a user variable, from the variable's history ring (pushed every bar, so equally
 * right when the call is skipped on some bars): `ring.get(k - 1)` is `x[k]`.
 */
export function changeOfHistory(ring: Ring, x: number, length: number, roc: boolean): number {
  const n = Math.floor(length);
  if (!(n >= 0)) return NaN;
  ring.ensure(n);
  const p = n === 0 ? x : ring.get(n - 1);
  return diffOrRoc(x, p, roc);
}
export function trendOfHistory(ring: Ring, x: number, length: number, rising: boolean): boolean {
  const n = len(length);
  if (n === 0) return false;
  ring.ensure(n);
  // as trendOfColumn, from x and the ring (x[k] is ring.get(k - 1))
  let seen = 0;
  let newer = x;
  for (let k = 0, held = ring.count; k < held && seen < n; k++) {
    const y = ring.get(k);
    if (newer === newer && y === y) {
      if (!beats(newer, y, rising)) return false;
      seen++;
    }
    newer = y;
  }
  return seen === n;
}

type HistoryEmit = (b: CallEmit, h: { ring: string; current: string }) => string;

/**
 * The column form when the source is a bar series, the history form when it is a numeric user
 * variable, else the per-call state (its own history of evaluations: an expression source has no
 * history of its own on bars the call skips).
 */
function ofColumn(state: Emitter, column: (b: CallEmit, col: string) => string, history: HistoryEmit, skipsNa = false): Emitter {
  return (b) => {
    const col = b.column("source");
    if (col !== null) return column(b, col);
    const lit = b.lit("length") ?? (b.has("length") ? null : 1);
    // a length known only as the script runs, or rising/falling (which skip na values, so may need
    // more than `length` values), keep the variable's deepest history (docs/adr/0146)
    const depth = typeof lit === "number" && !skipsNa ? Math.max(0, Math.floor(lit)) : UNKNOWN_WINDOW;
    const h = b.history("source", depth);
    return h === null ? state(b) : history(b, h);
  };
}
const changeEmit = (roc: boolean, dflt?: string): ((b: CallEmit, col: string) => string) => (b, col) =>
  `${b.fn(changeOfColumn)}(${col}, $i, ${b.a("length", dflt)}, ${roc})`;
const trendEmit = (rising: boolean): ((b: CallEmit, col: string) => string) => (b, col) => `${b.fn(trendOfColumn)}(${col}, $i, ${b.a("length")}, ${rising})`;
const changeHistory = (roc: boolean, dflt?: string): HistoryEmit => (b, h) =>
  `${b.fn(changeOfHistory)}(${h.ring}, ${h.current}, ${b.a("length", dflt)}, ${roc})`;
const trendHistory = (rising: boolean): HistoryEmit => (b, h) => `${b.fn(trendOfHistory)}(${h.ring}, ${h.current}, ${b.a("length")}, ${rising})`;

// ---- records (builtins/record.ts) ----------------------------------------------------------

const biased = (b: Parameters<typeof sourceLength>[0]): string[] => [b.a("source"), b.a("length"), b.a("biased", "true")];

export const taStdev = taFunction({
  sig: "stdev(source: series float, length: series int, biased: series bool = true): series float",
  doc: "Standard deviation of the last `length` values (population form when biased).",
  lookback: lengthWindow,
  emit: update(Stdev, biased),
  bounds: { length: ">0" },
});
export const taVariance = taFunction({
  sig: "variance(source: series float, length: series int, biased: series bool = true): series float",
  doc: "Variance of the last `length` values (population form when biased).",
  lookback: lengthWindow,
  emit: update(Variance, biased),
  bounds: { length: ">0" },
});
export const taDev = taFunction({
  sig: "dev(source: series float, length: series int): series float",
  doc: "Mean absolute deviation from the SMA over `length` values.",
  lookback: lengthWindow,
  emit: update(Dev, sourceLength),
  bounds: { length: ">0" },
});
export const taMedian = taFunction({
  sig: "median(source: series N, length: series int): series N",
  doc: "Median of the last `length` values.",
  lookback: lengthWindow,
  emit: update(Median, sourceLength),
  bounds: { length: ">0" },
});
export const taMode = taFunction({
  sig: "mode(source: series N, length: series int): series N",
  doc: "Most frequent of the last `length` values (the smallest on ties).",
  lookback: lengthWindow,
  emit: update(Mode, sourceLength),
  bounds: { length: ">0" },
});
export const taPercentrank = taFunction({
  sig: "percentrank(source: series float, length: series int): series float",
  doc: "Percent of the previous `length` values that are <= the current one.",
  lookback: lengthWindow,
  emit: update(PercentRank, sourceLength),
  bounds: { length: ">0" },
});
export const taCum = taFunction({
  sig: "cum(source: series float): series float",
  doc: "Cumulative sum of `source` since the first bar.",
  lookback: () => UNBOUNDED,
  emit: update(Cum, (b) => [b.a("source")]),
});
export const taChange = taFunction({
  sig: "change(source: series T, length: series int = 1): series T",
  doc: "`source - source[length]` (for bools: whether it changed).",
  lookback: lengthWindow,
  emit: ofColumn(
    // a bool source: whether it differs from `length` bars ago, as a bool (the reference's bool form)
    (b) => `${b.state(Change)}.${b.kind("source") === "bool" ? "updateBool" : "update"}(${b.a("source")}, ${b.a("length", "1")})`,
    changeEmit(false, "1"),
    changeHistory(false, "1"),
  ),
});
export const taMom = taFunction({
  sig: "mom(source: series float, length: series int): series float",
  doc: "Momentum: `source - source[length]`.",
  lookback: lengthWindow,
  emit: ofColumn(update(Change, sourceLength), changeEmit(false), changeHistory(false)),
});
export const taRoc = taFunction({
  sig: "roc(source: series float, length: series int): series float",
  doc: "Rate of change: 100 * (source - source[length]) / source[length].",
  lookback: lengthWindow,
  emit: ofColumn(update(Roc, sourceLength), changeEmit(true), changeHistory(true)),
  bounds: { length: ">0" },
});
export const taRising = taFunction({
  sig: "rising(source: series float, length: series int): series bool",
  doc: "True when `source` rose on each of its last `length` changes (na bars skipped).",
  lookback: lengthWindow,
  emit: ofColumn(update(Rising, sourceLength), trendEmit(true), trendHistory(true), true),
  bounds: { length: ">0" },
});
export const taFalling = taFunction({
  sig: "falling(source: series float, length: series int): series bool",
  doc: "True when `source` fell on each of its last `length` changes (na bars skipped).",
  lookback: lengthWindow,
  emit: ofColumn(update(Falling, sourceLength), trendEmit(false), trendHistory(false), true),
  bounds: { length: ">0" },
});
