// Extremes: highest/lowest (and their bar offsets), range, all-time max/min.

import { lengthWindow, sourceLength, taFunction, UNBOUNDED, update, type CallEmit } from "../../builtins/record";
import { Ring } from "../ring";
import { UNKNOWN_WINDOW } from "./ma";

// Local helper: calls through another module's exports cost a getter call on the hot path.
function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/**
 * Highest / lowest over the last `length` non-na values, with the bar offset of the extreme
 * (ties: the earliest of the equal bars, as the values exported from TradingView with issue 16 show;
 * docs/adr/0066, 0330). `value` and `offset` hold the last result. The candidates are kept in a monotonic
 * queue: a value is dropped once a newer one beats it (strictly, so the earliest of equal values stays), and the extreme of
 * the window is the queue's first value inside it, found by binary search whatever the length, so
 * a bar costs O(log length) instead of a scan of the window.
 */
export class Extreme {
  /** The non-na values held, as the window lengths asked so far need them (its count gates the result). */
  v: Ring;
  n = -1;
  /** Non-na values pushed so far. */
  pushed = 0;
  value = NaN;
  offset = NaN;
  /** The queue, from `head`: values, their push numbers (1-based) and bar numbers. */
  private qv: number[] = [];
  private qs: number[] = [];
  private qb: number[] = [];
  private head = 0;
  constructor(
    readonly high: boolean,
    cap = UNKNOWN_WINDOW,
  ) {
    this.v = new Ring(cap);
  }
  update(x: number, length: number): number {
    this.n++;
    const n = len(length);
    if (n === 0) return (this.value = this.offset = NaN);
    if (x === x) {
      this.v.add(x, n);
      this.enqueue(x);
    }
    if (this.v.count < n) return (this.value = this.offset = NaN);
    const k = this.firstInWindow(this.pushed - n);
    this.value = this.qv[k]!;
    this.offset = -(this.n - this.qb[k]!);
    return this.value;
  }

  /** The bar `updateColumn` last ran on (-1: never). */
  lastBar = -1;
  /**
   * The extreme of a bar column (`ta.highest(high, n)`) at bar `i`: the bars since the call last ran
   * (a branch not taken, docs/adr/0032) are pushed first, as TradingView reads the source's own
   * history there; a call run on every bar pushes only bar `i`.
   */
  updateColumn(col: Float64Array, i: number, length: number): number {
    for (let j = Math.max(this.lastBar + 1, i - this.v.cap); j < i; j++) this.update(col[j]!, length);
    this.lastBar = i;
    return this.update(col[i]!, length);
  }

  private enqueue(x: number): void {
    const qv = this.qv;
    while (qv.length > this.head && (this.high ? qv[qv.length - 1]! < x : qv[qv.length - 1]! > x)) {
      qv.pop();
      this.qs.pop();
      this.qb.pop();
    }
    this.pushed++;
    qv.push(x);
    this.qs.push(this.pushed);
    this.qb.push(this.n);
    // values older than the ring holds are never in a window
    while (this.qs[this.head]! <= this.pushed - this.v.cap) this.head++;
    if (this.head > 1024 && this.head * 2 > qv.length) this.compact();
  }

  /** Index of the first queued value pushed after push number `after`. */
  private firstInWindow(after: number): number {
    let lo = this.head;
    let hi = this.qs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.qs[mid]! <= after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compact(): void {
    this.qv = this.qv.slice(this.head);
    this.qs = this.qs.slice(this.head);
    this.qb = this.qb.slice(this.head);
    this.head = 0;
  }
}

export class Highest extends Extreme {
  constructor(cap = UNKNOWN_WINDOW) {
    super(true, cap);
  }
}
export class Lowest extends Extreme {
  constructor(cap = UNKNOWN_WINDOW) {
    super(false, cap);
  }
}

/** max - min of the last `length` non-na values. */
export class Range {
  hi: Extreme;
  lo: Extreme;
  constructor(cap = UNKNOWN_WINDOW) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(x: number, length: number): number {
    return this.hi.update(x, length) - this.lo.update(x, length);
  }
}

/**
 * `ta.range`: TradingView's highest of the window starts from the smallest positive double, not from
 * minus infinity, so a window at or below 0 measures from 0 (docs/adr/0309). The ta library's
 * functions that take highest - lowest keep Range.
 */
export class RangeFromZero extends Range {
  override update(x: number, length: number): number {
    return Math.max(this.hi.update(x, length), Number.MIN_VALUE) - this.lo.update(x, length);
  }
}

/** ta.max / ta.min: all-time extreme, na ignored. */
export class AllTime {
  v = NaN;
  constructor(readonly high: boolean) {}
  update(x: number): number {
    if (x === x && (this.v !== this.v || (this.high ? x > this.v : x < this.v))) this.v = x;
    return this.v;
  }
}

export class AllTimeMax extends AllTime {
  constructor() {
    super(true);
  }
}
export class AllTimeMin extends AllTime {
  constructor() {
    super(false);
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

/** The call's update: of the bar column when the source is one (or absent: `dflt`'s), else of the value. */
const extremeCall = (Cls: typeof Highest, dflt: "$H" | "$L") => (b: CallEmit): string => {
  const col = b.has("source") ? b.column("source") : dflt;
  return col !== null ? `${b.state(Cls)}.updateColumn(${col}, $i, ${b.a("length")})` : `${b.state(Cls)}.update(${b.a("source")}, ${b.a("length")})`;
};

export const taHighest = taFunction({
  sig: ["highest(source: series float, length: series int): series float", "highest(length: series int): series float"],
  doc: "Highest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: extremeCall(Highest, "$H"),
  bounds: { length: ">0" },
});
export const taLowest = taFunction({
  sig: ["lowest(source: series float, length: series int): series float", "lowest(length: series int): series float"],
  doc: "Lowest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: extremeCall(Lowest, "$L"),
  bounds: { length: ">0" },
});
export const taHighestbars = taFunction({
  sig: ["highestbars(source: series float, length: series int): series int", "highestbars(length: series int): series int"],
  doc: "Offset (<= 0) to the highest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: (b) => `(${extremeCall(Highest, "$H")(b)}, ${b.state(Highest)}.offset)`,
  bounds: { length: ">0" },
});
export const taLowestbars = taFunction({
  sig: ["lowestbars(source: series float, length: series int): series int", "lowestbars(length: series int): series int"],
  doc: "Offset (<= 0) to the lowest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: (b) => `(${extremeCall(Lowest, "$L")(b)}, ${b.state(Lowest)}.offset)`,
  bounds: { length: ">0" },
});
export const taRange = taFunction({
  sig: "range(source: series N, length: series int): series N",
  doc: "highest - lowest of the last `length` values (a window at or below 0 measures from 0, as TradingView).",
  lookback: lengthWindow,
  emit: update(RangeFromZero, sourceLength),
  bounds: { length: ">0" },
});
export const taMax = taFunction({
  sig: "max(source: series float): series float",
  doc: "The highest value of `source` since the first bar (na ignored).",
  lookback: () => UNBOUNDED,
  emit: update(AllTimeMax, (b) => [b.a("source")]),
});
export const taMin = taFunction({
  sig: "min(source: series float): series float",
  doc: "The lowest value of `source` since the first bar (na ignored).",
  lookback: () => UNBOUNDED,
  emit: update(AllTimeMin, (b) => [b.a("source")]),
});
