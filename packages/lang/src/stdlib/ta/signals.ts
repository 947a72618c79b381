// Crosses, barssince, valuewhen, pivots.

import { taFunction, UNBOUNDED, update, type CallEmit } from "../../builtins/record";
import { Ring, ValueRing } from "../ring";
import { Lag, UNKNOWN_WINDOW } from "./ma";

/**
 * dir 1: crossover (a > b now, a <= b before), -1: crossunder, 0: either. "Before" is the last bar
 * where both were defined: a bar with an na operand gives false and leaves that relation as it was,
 * so a cross over an na gap fires on the bar after it, as TradingView's recorded values show
 * (docs/adr/0330).
 */
export class Cross {
  pa = NaN;
  pb = NaN;
  constructor(readonly dir: 1 | -1 | 0) {}
  update(a: number, b: number): boolean {
    if (a !== a || b !== b) return false;
    const pa = this.pa;
    const pb = this.pb;
    this.pa = a;
    this.pb = b;
    const up = a > b && pa <= pb;
    const down = a < b && pa >= pb;
    return this.dir === 1 ? up : this.dir === -1 ? down : up || down;
  }
}

export class Crossover extends Cross {
  constructor() {
    super(1);
  }
}
export class Crossunder extends Cross {
  constructor() {
    super(-1);
  }
}
export class CrossAny extends Cross {
  constructor() {
    super(0);
  }
}

/** Bars since the condition was last true (0 on that bar); na before it ever was. */
export class Barssince {
  n = -1;
  update(cond: boolean): number {
    if (cond) this.n = 0;
    else if (this.n >= 0) this.n++;
    return this.n < 0 ? NaN : this.n;
  }
}

/**
 * The source's value on the bar of the `occurrence`-th most recent true condition (0 = latest):
 * `update` for numbers (na before), `updateBool` for bools (false before: a bool is never na in
 * v6), `updateValue` for strings and objects (na, null, before).
 */
export class Valuewhen {
  r = new Ring(1);
  values: ValueRing | null = null;
  update(cond: boolean, x: number, occurrence = 0): number {
    const k = Math.floor(occurrence);
    if (!(k >= 0)) return NaN;
    this.r.ensure(k + 1);
    if (cond) this.r.push(x);
    return this.r.get(k);
  }
  updateBool(cond: boolean, x: boolean, occurrence = 0): boolean {
    return this.update(cond, x ? 1 : 0, occurrence) === 1;
  }
  updateValue(cond: boolean, x: unknown, occurrence = 0): unknown {
    const k = Math.floor(occurrence);
    if (!(k >= 0)) return null;
    const v = (this.values ??= new ValueRing(k + 1));
    v.ensure(k + 1);
    if (cond) v.push(x);
    return v.get(k);
  }
}

/**
 * Pivot high (low): on the bar `right` bars after a candidate, the candidate's value when it is
 * >= (<=) each of the `left` bars before it and > (<) each of the `right` bars after it; else na.
 * Each side is read outward from the candidate and stops at an na bar (the bars past it are not
 * compared), as TradingView's recorded values show (docs/adr/0304); an na candidate is no pivot.
 */
export class Pivot {
  h: Lag;
  constructor(
    readonly high: boolean,
    cap = UNKNOWN_WINDOW,
  ) {
    this.h = new Lag(cap);
  }
  update(x: number, left: number, right: number): number {
    const l = Math.floor(left);
    const r = Math.floor(right);
    if (!(l >= 0) || !(r >= 0)) return NaN;
    const need = l + r + 1;
    this.h.push(x, need);
    if (this.h.r.count < need) return NaN;
    const p = this.h.get(r);
    if (p !== p) return NaN;
    for (let i = r - 1; i >= 0; i--) {
      const y = this.h.get(i);
      if (y !== y) break;
      if (this.high ? !(p > y) : !(p < y)) return NaN;
    }
    for (let i = r + 1; i < need; i++) {
      const y = this.h.get(i);
      if (y !== y) break;
      if (this.high ? !(p >= y) : !(p <= y)) return NaN;
    }
    return p;
  }
}

export class PivotHigh extends Pivot {
  constructor(cap = UNKNOWN_WINDOW) {
    super(true, cap);
  }
}
export class PivotLow extends Pivot {
  constructor(cap = UNKNOWN_WINDOW) {
    super(false, cap);
  }
}


// ---- records (builtins/record.ts) ----------------------------------------------------------

const pair = (b: CallEmit): string[] => [b.a("source1"), b.a("source2")];

export const taCrossover = taFunction({
  sig: "crossover(source1: series float, source2: series float): series bool",
  doc: "True when `source1` crosses above `source2` on this bar.",
  lookback: () => 1,
  emit: update(Crossover, pair),
});
export const taCrossunder = taFunction({
  sig: "crossunder(source1: series float, source2: series float): series bool",
  doc: "True when `source1` crosses below `source2` on this bar.",
  lookback: () => 1,
  emit: update(Crossunder, pair),
});
export const taCross = taFunction({
  sig: "cross(source1: series float, source2: series float): series bool",
  doc: "True when the two series cross on this bar.",
  lookback: () => 1,
  emit: update(CrossAny, pair),
});
export const taBarssince = taFunction({
  sig: "barssince(condition: series bool): series int",
  doc: "Bars since `condition` was last true (na before it ever was).",
  lookback: () => UNBOUNDED,
  emit: update(Barssince, (b) => [b.a("condition")]),
});
export const taValuewhen = taFunction({
  sig: "valuewhen(condition: series bool, source: series T, occurrence: simple int): series T",
  doc: "`source` on the `occurrence`-th most recent bar where `condition` was true.",
  lookback: () => UNBOUNDED,
  // the source's kind picks the form: a string or an object is kept as itself, a bool as a bool
  emit: (b) => {
    const kind = b.kind("source");
    const method = kind === "bool" ? "updateBool" : kind === "num" ? "update" : "updateValue";
    return `${b.state(Valuewhen)}.${method}(${b.a("condition")}, ${b.a("source")}, ${b.a("occurrence", "0")})`;
  },
  bounds: { occurrence: ">=0" },
});
export const taPivothigh = taFunction({
  sig: ["pivothigh(source: series float, leftbars: series float, rightbars: series float): series float", "pivothigh(leftbars: series float, rightbars: series float): series float"],
  // the v6 reference takes int or float strengths ("leftbars (series int/float)"): a float is floored
  doc: "The pivot high `rightbars` bars ago, or na.",
  lookback: (a) => a("leftbars") + a("rightbars"),
  emit: update(PivotHigh, (b) => [b.a("source", "$H[$i]"), b.a("leftbars"), b.a("rightbars")]),
  bounds: { leftbars: ">=0", rightbars: ">=0" },
});
export const taPivotlow = taFunction({
  sig: ["pivotlow(source: series float, leftbars: series float, rightbars: series float): series float", "pivotlow(leftbars: series float, rightbars: series float): series float"],
  doc: "The pivot low `rightbars` bars ago, or na.",
  lookback: (a) => a("leftbars") + a("rightbars"),
  emit: update(PivotLow, (b) => [b.a("source", "$L[$i]"), b.a("leftbars"), b.a("rightbars")]),
  bounds: { leftbars: ">=0", rightbars: ">=0" },
});
