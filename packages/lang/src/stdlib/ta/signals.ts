// Crosses, barssince, valuewhen, pivots.

import { Ring } from "../ring";
import { Lag } from "./ma";

/** dir 1: crossover (a > b now, a <= b before), -1: crossunder, 0: either. na gives false. */
export class Cross {
  pa = NaN;
  pb = NaN;
  constructor(readonly dir: 1 | -1 | 0) {}
  update(a: number, b: number): boolean {
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

/** The source's value on the bar of the `occurrence`-th most recent true condition (0 = latest). */
export class Valuewhen {
  r = new Ring(1);
  update(cond: boolean, x: number, occurrence = 0): number {
    const k = Math.floor(occurrence);
    if (!(k >= 0)) return NaN;
    this.r.ensure(k + 1);
    if (cond) this.r.push(x);
    return this.r.get(k);
  }
}

/**
 * Pivot high (low): on the bar `right` bars after a candidate, the candidate's value when it is
 * >= (<=) each of the `left` bars before it and > (<) each of the `right` bars after it; else na.
 */
export class Pivot {
  h: Lag;
  constructor(
    readonly high: boolean,
    cap = 8,
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
    for (let i = 0; i < r; i++) {
      const y = this.h.get(i);
      if (this.high ? !(p > y) : !(p < y)) return NaN;
    }
    for (let i = r + 1; i < need; i++) {
      const y = this.h.get(i);
      if (this.high ? !(p >= y) : !(p <= y)) return NaN;
    }
    return p;
  }
}

export class PivotHigh extends Pivot {
  constructor(cap = 8) {
    super(true, cap);
  }
}
export class PivotLow extends Pivot {
  constructor(cap = 8) {
    super(false, cap);
  }
}

