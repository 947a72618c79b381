// Volume and price indices TradingView exposes as variables: ta.pvt, ta.nvi, ta.pvi, ta.wad,
// ta.wvad, ta.iii. Each follows the Pine definition printed in TradingView's reference.

import { BAR, builtinVariable, UNBOUNDED } from "../../builtins/record";
import { BarValues, everyBar, type BarColumns, type EveryBar } from "./every-bar";

/** Pine's division: a zero divisor gives na (JavaScript would give an infinity). */
function div(a: number, b: number): number {
  return b === 0 ? NaN : a / b;
}

/** ta.pvt: cum(change(close) / close[1] * volume); na terms (the first bar) add nothing. */
export class Pvt {
  pc = NaN;
  sum = 0;
  update(close: number, volume: number): number {
    const t = (div(close - this.pc, this.pc) * volume);
    this.pc = close;
    if (t === t) this.sum += t;
    return this.sum;
  }
}

/**
 * ta.nvi (`up` false) / ta.pvi (`up` true): starts at 1; on a bar whose volume is below (nvi) or
 * above (pvi) the previous bar's, grows by the close's rate of change, else carries. A zero or na
 * close on this or the previous bar carries the index; a previous value of 0 or na restarts at 1.
 */
export class VolumeIndex {
  prev = NaN;
  pc = NaN;
  pv = NaN;
  constructor(readonly up: boolean) {}
  update(close: number, volume: number): number {
    const base = this.prev === this.prev && this.prev !== 0 ? this.prev : 1;
    const pc = this.pc;
    const pv = this.pv === this.pv ? this.pv : 0;
    this.pc = close;
    this.pv = volume;
    let v = base;
    if (close === close && close !== 0 && pc === pc && pc !== 0) {
      const moves = this.up ? volume > pv : volume < pv;
      if (moves) v = base + ((close - pc) / pc) * base;
    }
    return (this.prev = v);
  }
}

export class Nvi extends VolumeIndex {
  constructor() {
    super(false);
  }
}
export class Pvi extends VolumeIndex {
  constructor() {
    super(true);
  }
}

/**
 * ta.wad, Williams accumulation/distribution: cum of close - min(low, close[1]) on an up close,
 * close - max(high, close[1]) on a down close, 0 otherwise (and on the first bar).
 */
export class Wad {
  pc = NaN;
  sum = 0;
  update(high: number, low: number, close: number): number {
    const pc = this.pc;
    this.pc = close;
    const mom = close - pc;
    const g = mom > 0 ? close - Math.min(low, pc) : mom < 0 ? close - Math.max(high, pc) : 0;
    if (g === g) this.sum += g;
    return this.sum;
  }
}

/** ta.wvad: (close - open) / (high - low) * volume; na when high == low. */
export function wvad(open: number, high: number, low: number, close: number, volume: number): number {
  return div(close - open, high - low) * volume;
}

/** ta.iii, intraday intensity: (2 * close - high - low) / ((high - low) * volume). */
export function iii(high: number, low: number, close: number, volume: number): number {
  return div(2 * close - high - low, (high - low) * volume);
}

/** The variable ta.pvt, stepped on every bar. */
export class PvtSeries implements EveryBar {
  private readonly pvt = new Pvt();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.pvt.update(b.close[j]!, b.volume[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** The variable ta.nvi, stepped on every bar. */
export class NviSeries implements EveryBar {
  private readonly nvi = new Nvi();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.nvi.update(b.close[j]!, b.volume[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** The variable ta.pvi, stepped on every bar. */
export class PviSeries implements EveryBar {
  private readonly pvi = new Pvi();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.pvi.update(b.close[j]!, b.volume[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** The variable ta.wad, stepped on every bar. */
export class WadSeries implements EveryBar {
  private readonly wad = new Wad();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.wad.update(b.high[j]!, b.low[j]!, b.close[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** Bar `k`'s value of a variable computed from that bar alone (na outside the bars): `ta.wvad[n]` and `ta.iii[n]`. */
function ofBar(f: (o: number, h: number, l: number, c: number, v: number) => number): (bars: BarColumns, k: number) => number {
  return (bars, k) => {
    const j = Math.floor(k);
    return j >= 0 && j < bars.close.length ? f(bars.open[j]!, bars.high[j]!, bars.low[j]!, bars.close[j]!, bars.volume[j]!) : NaN;
  };
}
/** ta.wvad of bar `k`: read with [n] where it runs on some bars only, still bar k's value, as TradingView's series. */
export const wvadAt = ofBar(wvad);
/** ta.iii of bar `k`. */
export const iiiAt = ofBar((_o, h, l, c, v) => iii(h, l, c, v));

// ---- records (builtins/record.ts) ----------------------------------------------------------

export const taPvt = builtinVariable({
  name: "ta.pvt",
  type: "series float",
  doc: "Price-volume trend: cum(change(close) / close[1] * volume).",
  lookback: UNBOUNDED,
  ...everyBar(PvtSeries),
});
export const taNvi = builtinVariable({
  name: "ta.nvi",
  type: "series float",
  doc: "Negative volume index (starts at 1; moves with the close on bars of falling volume).",
  lookback: UNBOUNDED,
  ...everyBar(NviSeries),
});
export const taPvi = builtinVariable({
  name: "ta.pvi",
  type: "series float",
  doc: "Positive volume index (starts at 1; moves with the close on bars of rising volume).",
  lookback: UNBOUNDED,
  ...everyBar(PviSeries),
});
export const taWad = builtinVariable({
  name: "ta.wad",
  type: "series float",
  doc: "Williams accumulation/distribution.",
  lookback: UNBOUNDED,
  ...everyBar(WadSeries),
});
export const taWvad = builtinVariable({
  name: "ta.wvad",
  type: "series float",
  doc: "Williams variable accumulation/distribution: (close - open) / (high - low) * volume.",
  emit: (b) => `${b.fn(wvad)}(${BAR.open}, ${BAR.high}, ${BAR.low}, ${BAR.close}, ${BAR.volume})`,
  history: (n, _lit, b) => `${b.fn(wvadAt)}($rt, $i - ${n})`,
});
export const taIii = builtinVariable({
  name: "ta.iii",
  type: "series float",
  doc: "Intraday intensity index: (2 * close - high - low) / ((high - low) * volume).",
  emit: (b) => `${b.fn(iii)}(${BAR.high}, ${BAR.low}, ${BAR.close}, ${BAR.volume})`,
  history: (n, _lit, b) => `${b.fn(iiiAt)}($rt, $i - ${n})`,
});
