// The ta.* variables whose value depends on earlier bars (ta.obv, ta.pvt, ta.vwap, ta.accdist,
// ta.nvi, ta.pvi, ta.wad): TradingView computes them on every bar whatever the script reads, so
// one read inside a branch, a ternary, the lazy side of and/or or a function called on some bars
// only sees the same series as a read at the top level. Each is one instance per evaluation
// (codegen's shared slot, builtins/record.ts VariableEmit.state) that steps, from the bar
// columns, every bar it has not stepped yet before answering.

import type { VariableSpec } from "../../builtins/record";

/** The bar columns of the evaluation a variable steps through (the runtime's). */
export interface BarColumns {
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
  /** Bar open times, Unix seconds. */
  readonly time: Float64Array;
  /** The time zone of the bars' trading days (UTC on daily bars). */
  readonly barZone: string;
}

/**
 * The values of one series kept bar by bar, for `x` and `x[n]`. Each series class holds one and
 * steps its own state in its `at` (a loop in the class itself: a base class's loop calling an
 * overridden step saw every series' shape and ran four times slower).
 */
export class BarValues {
  /** The first bar not stepped yet. */
  next = 0;
  values = new Float64Array(256);

  /** Keeps bar `next`'s value. */
  push(v: number): void {
    if (this.next === this.values.length) {
      const grown = new Float64Array(2 * this.next);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.next++] = v;
  }

  /** `x[n]` at bar `i` (stepped): the value of bar `i - n`, na before the first bar. */
  ago(i: number, n: number): number {
    const j = i - Math.floor(n);
    return j >= 0 && j <= i ? this.values[j]! : NaN;
  }
}

/** A series computed on every bar: `at(bars, i)` steps every bar up to `i` not stepped yet, in order. */
export interface EveryBar {
  at(bars: BarColumns, i: number): number;
  ago(bars: BarColumns, i: number, n: number): number;
}

/** A variable record's reads of its series: `x` and `x[n]` at bar `$i`. */
export function everyBar(impl: new () => EveryBar): Pick<VariableSpec, "emit" | "history"> {
  return {
    emit: (b) => `${b.state(impl)}.at($rt, $i)`,
    history: (n, _lit, b) => `${b.state(impl)}.ago($rt, $i, ${n})`,
  };
}
