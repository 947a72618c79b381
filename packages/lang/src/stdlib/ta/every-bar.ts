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

/** A series of the bars computed on every bar: `step(bars, j)` is bar j's value, bars stepped in order. */
export abstract class EveryBar {
  /** The first bar not stepped yet. */
  private next = 0;
  /** The value of every bar stepped, for `x[n]`. */
  private values = new Float64Array(256);

  protected abstract step(bars: BarColumns, j: number): number;

  /** The value at bar `i`, stepping first every bar up to `i` not stepped yet. */
  at(bars: BarColumns, i: number): number {
    if (i >= this.next) this.advance(bars, i);
    return this.values[i]!;
  }

  /** `x[n]` at bar `i`: the value of bar `i - n` (na before the first bar). */
  ago(bars: BarColumns, i: number, n: number): number {
    if (i >= this.next) this.advance(bars, i);
    const j = i - Math.floor(n);
    return j >= 0 && j <= i ? this.values[j]! : NaN;
  }

  private advance(bars: BarColumns, i: number): void {
    if (i >= this.values.length) {
      let cap = this.values.length;
      while (cap <= i) cap *= 2;
      const grown = new Float64Array(cap);
      grown.set(this.values.subarray(0, this.next));
      this.values = grown;
    }
    for (let j = this.next; j <= i; j++) this.values[j] = this.step(bars, j);
    this.next = i + 1;
  }
}

/** A variable record's reads of its series: `x` and `x[n]` at bar `$i`. */
export function everyBar(impl: new () => EveryBar): Pick<VariableSpec, "emit" | "history"> {
  return {
    emit: (b) => `${b.state(impl)}.at($rt, $i)`,
    history: (n, _lit, b) => `${b.state(impl)}.ago($rt, $i, ${n})`,
  };
}
