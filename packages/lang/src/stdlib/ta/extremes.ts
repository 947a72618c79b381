// Extremes: highest/lowest (and their bar offsets), range, all-time max/min.

import { BAR, lengthWindow, sourceLength, taFunction, UNBOUNDED, update } from "../../builtins/record";
import { Ring } from "../ring";
import { UNKNOWN_WINDOW } from "./ma";

// Local helper: calls through another module's exports cost a getter call on the hot path.
function len(n: number): number {
  return n >= 1 ? Math.floor(n) : 0;
}

/**
 * Highest / lowest over the last `length` non-na values, with the bar offset of the extreme
 * (ties: the earliest of the equal bars, as TradingView reports them; ADR 0066). `value` and
 * `offset` hold the last result.
 */
export class Extreme {
  v: Ring;
  bar: Ring;
  n = -1;
  value = NaN;
  offset = NaN;
  constructor(
    readonly high: boolean,
    cap = UNKNOWN_WINDOW,
  ) {
    this.v = new Ring(cap);
    this.bar = new Ring(cap);
  }
  update(x: number, length: number): number {
    this.n++;
    const n = len(length);
    if (n === 0) return (this.value = this.offset = NaN);
    if (x === x) {
      this.v.add(x, n);
      this.bar.add(this.n, n);
    }
    if (this.v.count < n) return (this.value = this.offset = NaN);
    let best = this.v.get(0);
    let at = 0;
    for (let i = 1; i < n; i++) {
      const y = this.v.get(i);
      if (this.high ? y >= best : y <= best) {
        best = y;
        at = i;
      }
    }
    this.value = best;
    this.offset = -(this.n - this.bar.get(at));
    return best;
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

export const taHighest = taFunction({
  sig: ["highest(source: series float, length: series int): series float", "highest(length: series int): series float"],
  doc: "Highest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: update(Highest, (b) => [b.a("source", BAR.high), b.a("length")]),
  bounds: { length: ">0" },
});
export const taLowest = taFunction({
  sig: ["lowest(source: series float, length: series int): series float", "lowest(length: series int): series float"],
  doc: "Lowest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: update(Lowest, (b) => [b.a("source", BAR.low), b.a("length")]),
  bounds: { length: ">0" },
});
export const taHighestbars = taFunction({
  sig: ["highestbars(source: series float, length: series int): series int", "highestbars(length: series int): series int"],
  doc: "Offset (<= 0) to the highest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: (b) => `(${b.state(Highest)}.update(${b.a("source", BAR.high)}, ${b.a("length")}), ${b.state(Highest)}.offset)`,
  bounds: { length: ">0" },
});
export const taLowestbars = taFunction({
  sig: ["lowestbars(source: series float, length: series int): series int", "lowestbars(length: series int): series int"],
  doc: "Offset (<= 0) to the lowest value of the last `length` bars.",
  lookback: lengthWindow,
  emit: (b) => `(${b.state(Lowest)}.update(${b.a("source", BAR.low)}, ${b.a("length")}), ${b.state(Lowest)}.offset)`,
  bounds: { length: ">0" },
});
export const taRange = taFunction({
  sig: "range(source: series N, length: series int): series N",
  doc: "highest - lowest of the last `length` values.",
  lookback: lengthWindow,
  emit: update(Range, sourceLength),
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
