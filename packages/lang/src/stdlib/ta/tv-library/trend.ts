// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md, docs/adr/0136-tradingview-ta-trend-tuples.md):
// its trend followers and detectors, tuples of a value and a direction or of two conditions
// (vStop, vStop2, supertrend2, aroon, williamsFractal), each written from the library's
// documented definition. A tuple's values are the state's r0, r1, ... (as ta.bb's); a bool value
// is a JavaScript boolean, false before the first bar as Pine v6's bool history is.

import { BAR, taFunction, UNBOUNDED, update, type CallEmit } from "../../../builtins/record";
import { Extreme } from "../extremes";
import { Lag } from "../ma";
import { Atr, SupertrendBands, Tr } from "../vol";
import { Atr2 } from "./smoothing";

/** An ATR the stops below are built on: ta.atr's (a simple int length) or the library's atr2 (series float). */
interface AtrSource {
  update(high: number, low: number, close: number, length: number): number;
}

/**
 * The library's volatility stop: with `src = nz(source, close)` and `atrM = nz(atr * atrFactor,
 * tr(true))`, the extremes of `src` since the trend last changed trail a stop `atrM` away, which
 * only moves with the trend (`max(stop, max - atrM)` up, `min(stop, min + atrM)` down; `src` when
 * that is na); the trend is up while `src >= stop`, and on a change of trend the extremes restart
 * at `src` and the stop at `src -/+ atrM`. The stop starts at 0 and the trend up, the trend before
 * the first bar false (a bool's history), so the first bar restarts them.
 */
class VolatilityStop {
  tr = new Tr();
  /** `var bool trendUp = true`, `var float max = src`, `var float min = src`, `var float stop = 0.0`. */
  up = true;
  max = NaN;
  min = NaN;
  stop = 0;
  /** A bar has run: before it, `trendUp[1]` is false. */
  seen = false;
  r0 = NaN;
  r1 = false;
  constructor(readonly atr: AtrSource) {}
  update(source: number, atrLength: number, atrFactor: number, high: number, low: number, close: number): number {
    const src = source === source ? source : close;
    const tr = this.tr.update(high, low, close, true);
    const scaled = this.atr.update(high, low, close, atrLength) * atrFactor;
    const atrM = scaled === scaled ? scaled : tr;
    const prevUp = this.seen && this.up;
    if (!this.seen) this.max = this.min = src;
    this.seen = true;
    this.max = Math.max(this.max, src);
    this.min = Math.min(this.min, src);
    const trailed = this.up ? Math.max(this.stop, this.max - atrM) : Math.min(this.stop, this.min + atrM);
    this.stop = trailed === trailed ? trailed : src;
    this.up = src - this.stop >= 0;
    if (this.up !== prevUp) {
      this.max = this.min = src;
      this.stop = this.up ? src - atrM : src + atrM;
    }
    this.r1 = this.up;
    return (this.r0 = this.stop);
  }
}

/** The state of `ta.vStop`: the volatility stop over ta.atr(atrLength). */
export class VStop extends VolatilityStop {
  constructor() {
    super(new Atr());
  }
}

/** The state of `ta.vStop2`: the volatility stop over the library's atr2(atrLength) (a series float length). */
export class VStop2 extends VolatilityStop {
  constructor() {
    super(new Atr2());
  }
}

const stopArgs = (b: CallEmit): string[] => [b.a("source"), b.a("atrLength"), b.a("atrFactor", "1"), BAR.high, BAR.low, BAR.close];

export const taVStop = taFunction({
  sig: "vStop(source: series float, atrLength: simple int, atrFactor: series float = 1): series [float, bool]",
  doc: "TradingView's ta library: the volatility stop `[stop, trendUp]`, a stop `atrM = nz(atr(atrLength) * atrFactor, tr(true))` away from the extreme of `nz(source, close)` since the trend last changed, moving only with the trend; the trend is up while the source is at or above the stop.",
  lookback: () => UNBOUNDED,
  emit: update(VStop, stopArgs),
});

export const taVStop2 = taFunction({
  sig: "vStop2(source: series float, atrLength: series float, atrFactor: series float = 1): series [float, bool]",
  doc: "TradingView's ta library: vStop with the library's `atr2(atrLength)` (a series float length) as its ATR.",
  lookback: () => UNBOUNDED,
  emit: update(VStop2, stopArgs),
});

/**
 * The state of `ta.supertrend2`: TradingView's supertrend (SupertrendBands) with the library's
 * atr2(atrLength) (a series float length) times `factor` as the bands' distance and, when `wicks`,
 * the highs and lows for the reversals instead of the close.
 */
export class Supertrend2 extends SupertrendBands {
  atr = new Atr2();
  update(high: number, low: number, close: number, factor: number, atrLength: number, wicks: boolean): number {
    const atr = this.atr.update(high, low, close, atrLength) * factor;
    return this.step((high + low) / 2, atr, atr, wicks ? high : close, wicks ? low : close);
  }
}

export const taSupertrend2 = taFunction({
  sig: "supertrend2(factor: series float, atrLength: series float, wicks: simple bool = false): series [float, int]",
  doc: "TradingView's ta library: supertrend `[line, direction]` (direction -1 up, 1 down) with the library's `atr2(atrLength)` (a series float length); `wicks` reverses on the high and low instead of the close.",
  lookback: (a) => 23 * Math.max(1, a("atrLength")) + 1,
  emit: update(Supertrend2, (b) => [BAR.high, BAR.low, BAR.close, b.a("factor"), b.a("atrLength"), b.a("wicks", "false")]),
});

/**
 * The state of `ta.aroon`: `[up, down]`, `100 * (highestbars(high, length + 1) + length) / length`
 * and the same of lowestbars(low): ta.highestbars' and ta.lowestbars' own state, so the choice
 * among equal extremes (the earliest bar, docs/adr/0066) and na handling are theirs.
 */
export class Aroon {
  hi: Extreme;
  lo: Extreme;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(high: number, low: number, length: number): number {
    this.hi.update(high, length + 1);
    this.lo.update(low, length + 1);
    this.r1 = (100 * (this.lo.offset + length)) / length;
    return (this.r0 = (100 * (this.hi.offset + length)) / length);
  }
}

export const taAroon = taFunction({
  sig: "aroon(length: simple int): series [float, float]",
  doc: "TradingView's ta library: Aroon `[up, down]`, `100 * (highestbars(high, length + 1) + length) / length` and `100 * (lowestbars(low, length + 1) + length) / length`.",
  lookback: (a) => a("length") + 1,
  emit: update(Aroon, (b) => [BAR.high, BAR.low, b.a("length")]),
});

/**
 * Whether the value `n` bars back is a Williams fractal of `h` (the values, newest first; `sign`
 * -1 turns a low into a high): above each of the `n` newer values, and above the `n` values before
 * it, or before up to four values next to it that are not above it (a flat top). Any na compares
 * false, so the first bars give false.
 */
function fractal(h: Lag, n: number, sign: number): boolean {
  const at = sign * h.get(n);
  const x = (k: number): number => sign * h.get(k);
  for (let i = 1; i <= n; i++) if (!(x(n - i) < at)) return false;
  for (let flat = 0; flat <= 4; flat++) {
    let ok = true;
    for (let j = 1; j <= flat && ok; j++) ok = x(n + j) <= at;
    for (let i = 1; i <= n && ok; i++) ok = x(n + flat + i) < at;
    if (ok) return true;
  }
  return false;
}

/**
 * The state of `ta.williamsFractal`: `[up, down]`, whether the high (low) `period` bars back is a
 * fractal (fractal above); false for a period below 1, where the library's loop does not run as
 * a window.
 */
export class WilliamsFractal {
  highs: Lag;
  lows: Lag;
  r0 = false;
  r1 = false;
  constructor(cap = 8) {
    this.highs = new Lag(cap);
    this.lows = new Lag(cap);
  }
  update(high: number, low: number, period: number): boolean {
    const n = Math.floor(period);
    const need = n >= 1 ? 2 * n + 5 : 1;
    this.highs.push(high, need);
    this.lows.push(low, need);
    this.r0 = n >= 1 && fractal(this.highs, n, 1);
    this.r1 = n >= 1 && fractal(this.lows, n, -1);
    return this.r0;
  }
}

export const taWilliamsFractal = taFunction({
  sig: "williamsFractal(period: series int): series [bool, bool]",
  doc: "TradingView's ta library: Williams fractals `[up, down]`: true when the high (low) `period` bars back is above (below) the `period` bars after it and the `period` bars before it, up to four bars next to it before may equal it.",
  lookback: (a) => 2 * a("period") + 5,
  emit: update(WilliamsFractal, (b) => [BAR.high, BAR.low, b.a("period")]),
});
