// Volatility, bands, trend-following and volume: tr, atr, bb, bbw, kc, kcw, supertrend, sar,
// vwap, obv, accdist.

import { BAR, builtinVariable, lengthWindow, taFunction, UNBOUNDED, update, type CallEmit } from "../../builtins/record";
import { tradingDay } from "../session";
import { BarValues, everyBar, type BarColumns, type EveryBar } from "./every-bar";
import { Ema, Rma, UNKNOWN_WINDOW } from "./ma";
import { Stdev } from "./stats";

/** Pine's `/` of the reference's definitions: a zero divisor gives na (docs/adr/0109, 0145). */
function div(a: number, b: number): number {
  return b === 0 ? NaN : a / b;
}

/** True range; on the first bar `high - low` when handleNa, else na. */
export class Tr {
  pc = NaN;
  update(high: number, low: number, close: number, handleNa = false): number {
    const pc = this.pc;
    this.pc = close;
    if (pc !== pc) return handleNa ? high - low : NaN;
    return Math.max(Math.max(high - low, Math.abs(high - pc)), Math.abs(low - pc));
  }
}

/** rma(tr(true), length). */
export class Atr {
  tr = new Tr();
  rma = new Rma();
  update(high: number, low: number, close: number, length: number): number {
    return this.rma.update(this.tr.update(high, low, close, true), length);
  }
}

/** [basis, upper, lower]: update returns basis; `r1` upper, `r2` lower. */
export class Bb {
  sd: Stdev;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  constructor(cap = UNKNOWN_WINDOW) {
    this.sd = new Stdev(cap);
  }
  update(x: number, length: number, mult: number): number {
    // sma and stdev share one window: the deviation's mean is the basis
    const sd = this.sd;
    const d = mult * sd.update(x, length);
    const b = sd.mean;
    this.r0 = b;
    this.r1 = b + d;
    this.r2 = b - d;
    return b;
  }
}

/** ((upper - lower) / basis) * 100, as the v6 reference. */
export class Bbw {
  bb: Bb;
  constructor(cap = UNKNOWN_WINDOW) {
    this.bb = new Bb(cap);
  }
  update(x: number, length: number, mult: number): number {
    this.bb.update(x, length, mult);
    return div(this.bb.r1 - this.bb.r2, this.bb.r0) * 100;
  }
}

/** [basis, upper, lower] with basis = ema(x), range = ema(tr or high - low). */
export class Kc {
  basis = new Ema();
  span = new Ema();
  tr = new Tr();
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  update(x: number, high: number, low: number, close: number, length: number, mult: number, useTrueRange = true): number {
    const b = this.basis.update(x, length);
    const tr = this.tr.update(high, low, close, false);
    const r = this.span.update(useTrueRange ? tr : high - low, length);
    this.r0 = b;
    this.r1 = b + r * mult;
    this.r2 = b - r * mult;
    return b;
  }
}

/** (upper - lower) / basis. */
export class Kcw {
  kc = new Kc();
  update(x: number, high: number, low: number, close: number, length: number, mult: number, useTrueRange = true): number {
    this.kc.update(x, high, low, close, length, mult, useTrueRange);
    return div(this.kc.r1 - this.kc.r2, this.kc.r0);
  }
}

/**
 * The bands and direction of a supertrend (the v6 reference's algorithm): bands `hl2 -/+ offset`,
 * each kept from the bar before (nz, so 0 on the first bar) unless it moves with the trend or the
 * bar before's low (high) price crossed it; direction 1 while the bar before's ATR is na, then -1
 * (up) when the high price leaves the upper band the line was on, 1 (down) when the low price
 * leaves the lower one; the line is the lower band up, the upper band down. `r0` the line, `r1`
 * the direction. ta.supertrend and the TradingView ta library's supertrend2 differ only in the
 * ATR and the prices that cross the bands.
 */
export class SupertrendBands {
  prevAtr = NaN;
  prevLower = NaN;
  prevUpper = NaN;
  prevHigh = NaN;
  prevLow = NaN;
  prevLine = NaN;
  r0 = NaN;
  r1 = NaN;
  /** `atr` the bar's ATR (its na starts the next bar's direction at 1), `offset` the bands' distance from `hl2`. */
  protected step(hl2: number, atr: number, offset: number, highPrice: number, lowPrice: number): number {
    const pl = this.prevLower === this.prevLower ? this.prevLower : 0;
    const pu = this.prevUpper === this.prevUpper ? this.prevUpper : 0;
    const lower0 = hl2 - offset;
    const upper0 = hl2 + offset;
    const lower = lower0 > pl || this.prevLow < pl ? lower0 : pl;
    const upper = upper0 < pu || this.prevHigh > pu ? upper0 : pu;
    let dir: number;
    if (this.prevAtr !== this.prevAtr) dir = 1;
    else if (this.prevLine === pu) dir = highPrice > upper ? -1 : 1;
    else dir = lowPrice < lower ? 1 : -1;
    const line = dir === -1 ? lower : upper;
    this.prevAtr = atr;
    this.prevLower = lower;
    this.prevUpper = upper;
    this.prevHigh = highPrice;
    this.prevLow = lowPrice;
    this.prevLine = line;
    this.r1 = dir;
    return (this.r0 = line);
  }
}

/**
 * [supertrend, direction] per the v6 reference: bands `factor * atr(atrPeriod)` away, crossed by
 * the close, or with `wicks` (the ta library's form, docs/adr/0159) by the high and the low.
 */
export class Supertrend extends SupertrendBands {
  atr = new Atr();
  update(high: number, low: number, close: number, factor: number, atrPeriod: number, wicks = false): number {
    const atr = this.atr.update(high, low, close, atrPeriod);
    return this.step((high + low) / 2, atr, factor * atr, wicks ? high : close, wicks ? low : close);
  }
}

/**
 * The built-in `ta.supertrend(factor, atrPeriod)`: a series factor is read once, on the first bar it is
 * not na, and kept, as TradingView's recorded values show (docs/adr/0313). The ta library's form is
 * Pine that reads the factor of each bar: Supertrend.
 */
export class SupertrendFirstFactor extends Supertrend {
  factor = NaN;
  override update(high: number, low: number, close: number, factor: number, atrPeriod: number): number {
    if (this.factor !== this.factor) this.factor = factor;
    return super.update(high, low, close, this.factor, atrPeriod);
  }
}

/** The ATR length of either form of ta.supertrend (`atrPeriod`, or the library's `atrLength`). */
function atrLengthOf(a: (name: string) => number): number {
  const n = a("atrPeriod");
  return n === n ? n : a("atrLength");
}

/** Parabolic SAR, Pine's reference algorithm (na on the first bar). */
export class Sar {
  bar = -1;
  result = NaN;
  maxMin = NaN;
  acc = NaN;
  isBelow = false;
  h1 = NaN;
  h2 = NaN;
  l1 = NaN;
  l2 = NaN;
  c1 = NaN;
  update(high: number, low: number, close: number, start: number, inc: number, max: number): number {
    this.bar++;
    let first = false;
    if (this.bar === 1) {
      if (close > this.c1) {
        this.isBelow = true;
        this.maxMin = high;
        this.result = this.l1;
      } else {
        this.isBelow = false;
        this.maxMin = low;
        this.result = this.h1;
      }
      first = true;
      this.acc = start;
    }
    let result = this.result + this.acc * (this.maxMin - this.result);
    if (this.isBelow) {
      if (result > low) {
        first = true;
        this.isBelow = false;
        result = Math.max(high, this.maxMin);
        this.maxMin = low;
        this.acc = start;
      }
    } else if (result < high) {
      first = true;
      this.isBelow = true;
      result = Math.min(low, this.maxMin);
      this.maxMin = high;
      this.acc = start;
    }
    if (!first) {
      if (this.isBelow) {
        if (high > this.maxMin) {
          this.maxMin = high;
          this.acc = Math.min(this.acc + inc, max);
        }
      } else if (low < this.maxMin) {
        this.maxMin = low;
        this.acc = Math.min(this.acc + inc, max);
      }
    }
    if (this.isBelow) {
      result = Math.min(result, this.l1);
      if (this.bar > 1) result = Math.min(result, this.l2);
    } else {
      result = Math.max(result, this.h1);
      if (this.bar > 1) result = Math.max(result, this.h2);
    }
    this.result = result;
    this.h2 = this.h1;
    this.l2 = this.l1;
    this.h1 = high;
    this.l1 = low;
    this.c1 = close;
    return result;
  }
}

/**
 * VWAP anchored at each new UTC day (or at a bar where `anchor` is true); `r1`/`r2` are the
 * bands at `stdevMult` volume-weighted standard deviations. na until the first anchor.
 */
export class Vwap {
  day = NaN;
  started = false;
  spv = 0;
  sv = 0;
  sppv = 0;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  /** `anchor`: 1 new period, 0 not, -1 use the UTC day of `time` (seconds). */
  update(x: number, volume: number, time: number, anchor: number, stdevMult: number): number {
    let isNew: boolean;
    if (anchor < 0) {
      const d = Math.floor(time / 86400);
      isNew = d !== this.day;
      this.day = d;
    } else isNew = anchor === 1;
    if (isNew) {
      this.started = true;
      this.spv = 0;
      this.sv = 0;
      this.sppv = 0;
    }
    if (!this.started) return (this.r0 = this.r1 = this.r2 = NaN);
    if (x === x && volume === volume) {
      this.spv += x * volume;
      this.sv += volume;
      // volume times the squared price: with (volume * x) * x a one-bar period kept a 1e-6 band
      this.sppv += volume * (x * x);
    }
    const v = this.spv / this.sv;
    const sd = Math.sqrt(Math.max(0, this.sppv / this.sv - v * v));
    this.r0 = v;
    this.r1 = v + stdevMult * sd;
    this.r2 = v - stdevMult * sd;
    return v;
  }
}

/** ta.obv: cum(sign(change(close)) * volume), starting at 0. */
export class Obv {
  pc = NaN;
  sum = 0;
  update(close: number, volume: number): number {
    const d = close - this.pc;
    this.pc = close;
    const t = Math.sign(d) * volume;
    if (t === t) this.sum += t;
    return this.sum;
  }
}

/** ta.accdist: cum of the close location value times volume (0 when high == low). */
export class Accdist {
  sum = 0;
  update(high: number, low: number, close: number, volume: number): number {
    const t = (close === high && close === low) || high === low ? 0 : ((2 * close - low - high) / (high - low)) * volume;
    if (t === t) this.sum += t;
    return this.sum;
  }
}

/** The variable ta.vwap: vwap(hlc3) anchored at each trading day, stepped on every bar. */
export class VwapSeries implements EveryBar {
  private readonly vwap = new Vwap();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.vwap.update((b.high[j]! + b.low[j]! + b.close[j]!) / 3, b.volume[j]!, tradingDay(b.time[j]!, b.barZone), -1, 1));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** The variable ta.obv, stepped on every bar. */
export class ObvSeries implements EveryBar {
  private readonly obv = new Obv();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.obv.update(b.close[j]!, b.volume[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

/** The variable ta.accdist, stepped on every bar. */
export class AccdistSeries implements EveryBar {
  private readonly accdist = new Accdist();
  private readonly kept = new BarValues();
  at(b: BarColumns, i: number): number {
    const k = this.kept;
    for (let j = k.next; j <= i; j++) k.push(this.accdist.update(b.high[j]!, b.low[j]!, b.close[j]!, b.volume[j]!));
    return k.values[i]!;
  }
  ago(b: BarColumns, i: number, n: number): number {
    this.at(b, i);
    return this.kept.ago(i, n);
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const HLC = [BAR.high, BAR.low, BAR.close] as const;
const seriesLengthMult = (b: CallEmit): string[] => [b.a("series"), b.a("length"), b.a("mult")];
const channel = (b: CallEmit): string[] => [b.a("series"), ...HLC, b.a("length"), b.a("mult"), b.a("useTrueRange", "true")];

export const taTr = taFunction({
  sig: "tr(handle_na: simple bool = false): series float",
  doc: "True range; on the first bar high - low.",
  lookback: () => 1,
  emit: update(Tr, (b) => [...HLC, b.a("handle_na", "false")]),
});
/**
 * The true range of bar `i` from the bar columns (na on the first bar). The variable `ta.tr` is a
 * series of the bars, like `close`: read inside a branch that runs on some bars only, or as
 * `ta.tr[n]`, it is still the range of that bar against the previous bar's close, not against the
 * close of the last bar the read ran on.
 */
export function trueRangeAt(high: Float64Array, low: Float64Array, close: Float64Array, i: number): number {
  if (i < 1 || i >= close.length) return NaN;
  const h = high[i]!;
  const l = low[i]!;
  const pc = close[i - 1]!;
  return Math.max(Math.max(h - l, Math.abs(h - pc)), Math.abs(l - pc));
}
export const taTrVariable = builtinVariable({
  name: "ta.tr",
  type: "series float",
  doc: "True range (na on the first bar).",
  lookback: 1,
  emit: (b) => `${b.fn(trueRangeAt)}($H, $L, $C, $i)`,
  history: (n, _lit, b) => `${b.fn(trueRangeAt)}($H, $L, $C, $i - ${n})`,
});
// rma of the true range, which needs the previous close
export const taAtr = taFunction({
  sig: "atr(length: simple int): series float",
  doc: "Average true range: rma of the true range.",
  lookback: (a) => 23 * a("length") + 1,
  emit: update(Atr, (b) => [...HLC, b.a("length")]),
  bounds: { length: ">0" },
});
export const taBb = taFunction({
  sig: "bb(series: series float, length: series int, mult: simple float): series [float, float, float]",
  doc: "Bollinger bands: [middle, upper, lower].",
  lookback: lengthWindow,
  emit: update(Bb, seriesLengthMult),
  bounds: { length: ">0" },
});
export const taBbw = taFunction({
  sig: "bbw(series: series float, length: series int, mult: simple float): series float",
  doc: "Bollinger band width: 100 * (upper - lower) / middle.",
  lookback: lengthWindow,
  emit: update(Bbw, seriesLengthMult),
  bounds: { length: ">0" },
});
// an ema of the true range
export const taKc = taFunction({
  sig: "kc(series: series float, length: simple int, mult: simple float, useTrueRange: simple bool = true): series [float, float, float]",
  doc: "Keltner channels: [middle, upper, lower] around an EMA.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Kc, channel),
  bounds: { length: ">0" },
});
export const taKcw = taFunction({
  sig: "kcw(series: series float, length: simple int, mult: simple float, useTrueRange: simple bool = true): series float",
  doc: "Keltner channel width: (upper - lower) / middle.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Kcw, channel),
  bounds: { length: ">0" },
});
/**
 * TradingView's ta library's supertrend(factor, atrLength, wicks = false) (docs/adr/0159): the
 * built-in's bands, reversing on the high and low when `wicks`. A second overload of the built-in's
 * record, callable only through the library's import (check/tradingview-libraries.ts).
 */
export const TA_LIBRARY_SUPERTREND = "supertrend(factor: series float, atrLength: simple int, wicks: simple bool = false): series [float, int]";
export const taSupertrend = taFunction({
  sig: ["supertrend(factor: series float, atrPeriod: simple int): series [float, int]", TA_LIBRARY_SUPERTREND],
  doc: "Supertrend: [line, direction (-1 up, 1 down)]. `supertrend(factor, atrLength, wicks)` is TradingView's ta library's form: with `wicks` true the high and low, not the close, reverse the trend.",
  lookback: (a) => 23 * atrLengthOf(a) + 1,
  emit: (b) => (b.has("atrPeriod") ? update(SupertrendFirstFactor, () => [...HLC, b.a("factor"), b.a("atrPeriod")])(b) : update(Supertrend, () => [...HLC, b.a("factor"), b.a("atrLength"), b.a("wicks", "false")])(b)),
  // the library's Pine passes its atrLength to ta.atr, whose error it is there
  bounds: { factor: ">0 or na", atrPeriod: ">0", atrLength: { bound: ">0", fn: "atr", arg: "length" } },
});
export const taSar = taFunction({
  sig: "sar(start: simple float, inc: simple float, max: simple float): series float",
  doc: "Parabolic stop and reverse.",
  lookback: () => UNBOUNDED,
  emit: update(Sar, (b) => [...HLC, b.a("start"), b.a("inc"), b.a("max")]),
});
export const taVwap = taFunction({
  // The tuple form first: codegen destructures a call whose first signature returns a tuple.
  sig: [
    // anchor is optional in both forms (the v6 reference: "Optional. The default is equivalent to
    // passing timeframe.change with "1D""): `ta.vwap(close, stdev_mult = 1)` is the tuple form
    "vwap(source: series float, anchor: series bool = timeframe.change(\"1D\"), stdev_mult: series float): series [float, float, float]",
    "vwap(source: series float): series float",
    "vwap(source: series float, anchor: series bool): series float",
  ],
  doc: "Volume-weighted average price since the start of the session.",
  lookback: () => UNBOUNDED,
  // anchored on the trading day in the exchange's time zone (UTC on daily bars, dated at midnight UTC)
  emit: update(Vwap, (b) => [b.a("source"), BAR.volume, `${b.fn(tradingDay)}(${BAR.time}, $rt.barZone)`, b.has("anchor") ? `(${b.a("anchor")} ? 1 : 0)` : "-1", b.a("stdev_mult", "1")]),
});
export const taVwapVariable = builtinVariable({
  name: "ta.vwap",
  type: "series float",
  doc: "vwap(hlc3).",
  lookback: UNBOUNDED,
  ...everyBar(VwapSeries),
});
export const taObv = builtinVariable({
  name: "ta.obv",
  type: "series float",
  doc: "On-balance volume.",
  lookback: UNBOUNDED,
  ...everyBar(ObvSeries),
});
export const taAccdist = builtinVariable({
  name: "ta.accdist",
  type: "series float",
  doc: "Accumulation/distribution.",
  lookback: UNBOUNDED,
  ...everyBar(AccdistSeries),
});
