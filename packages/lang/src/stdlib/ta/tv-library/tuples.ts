// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): its functions of several
// values (donchian, stochFull, stochRsi, trix, kvo, vi, ichimoku, rwi). A tuple's values are the
// state's r0, r1, ... (as ta.bb's), the first also the return value.

import { BAR, lengthWindow, taFunction, update } from "../../../builtins/record";
import { Extreme } from "../extremes";
import { Ema, Lag, Sma, Sum } from "../ma";
import { Rsi, Stoch } from "../osc";
import { Roc } from "../stats";
import { Atr, Tr } from "../vol";
import { nz } from "../../math";

/** The state of `ta.donchian`: [highest(high, length), lowest(low, length), their mean]. */
export class Donchian {
  hi: Extreme;
  lo: Extreme;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  constructor(cap = 8) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(high: number, low: number, length: number): number {
    const h = (this.r0 = this.hi.update(high, length));
    const l = (this.r1 = this.lo.update(low, length));
    this.r2 = (h + l) / 2;
    return h;
  }
}

/** [k, d] with k = sma(stoch(x, high, low, periodK), smoothK) and d = sma(k, periodD): stochFull and stochRsi. */
export class StochKd {
  stoch: Stoch;
  k: Sma;
  d: Sma;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.stoch = new Stoch(cap);
    this.k = new Sma(cap);
    this.d = new Sma(cap);
  }
  update(x: number, high: number, low: number, periodK: number, smoothK: number, periodD: number): number {
    const k = (this.r0 = this.k.update(this.stoch.update(x, high, low, periodK), smoothK));
    this.r1 = this.d.update(k, periodD);
    return k;
  }
}

/** The state of `ta.stochRsi`: StochKd of rsi(source, lengthRsi) as its own source, high and low. */
export class StochRsi {
  rsi = new Rsi();
  kd: StochKd;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.kd = new StochKd(cap);
  }
  update(lengthRsi: number, periodK: number, smoothK: number, periodD: number, source: number): number {
    const r = this.rsi.update(source, lengthRsi);
    this.r0 = this.kd.update(r, r, r, periodK, smoothK, periodD);
    this.r1 = this.kd.r1;
    return this.r0;
  }
}

export const taDonchian = taFunction({
  sig: "donchian(length: series int): series [float, float, float]",
  doc: "TradingView's ta library: the Donchian channel, `[highest(high, length), lowest(low, length), their mean]`.",
  lookback: lengthWindow,
  emit: update(Donchian, (b) => [BAR.high, BAR.low, b.a("length")]),
});

export const taStochFull = taFunction({
  sig: "stochFull(periodK: simple int, smoothK: simple int, periodD: simple int): series [float, float]",
  doc: "TradingView's ta library: the full stochastic `[k, d]`, `k = sma(stoch(close, high, low, periodK), smoothK)`, `d = sma(k, periodD)`.",
  lookback: (a) => a("periodK") + a("smoothK") + a("periodD"),
  emit: update(StochKd, (b) => [BAR.close, BAR.high, BAR.low, b.a("periodK"), b.a("smoothK"), b.a("periodD")]),
});

export const taStochRsi = taFunction({
  sig: "stochRsi(lengthRsi: simple int, periodK: simple int, smoothK: simple int, periodD: simple int, source: series float = close): series [float, float]",
  doc: "TradingView's ta library: the stochastic RSI `[k, d]`: with `r = rsi(source, lengthRsi)`, `k = sma(stoch(r, r, r, periodK), smoothK)`, `d = sma(k, periodD)`.",
  lookback: (a) => 23 * a("lengthRsi") + 1 + a("periodK") + a("smoothK") + a("periodD"),
  emit: update(StochRsi, (b) => [b.a("lengthRsi"), b.a("periodK"), b.a("smoothK"), b.a("periodD"), b.a("source", BAR.close)]),
});

/**
 * The state of `ta.trix`: [trix, signal, histogram], trix = roc(ema(ema(ema(source)))), 1), the
 * signal its ema (or sma when `exponential` is false) over `signalLength`.
 */
export class Trix {
  e1 = new Ema();
  e2 = new Ema();
  e3 = new Ema();
  roc: Roc;
  ema = new Ema();
  sma: Sma;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  constructor(cap = 8) {
    this.roc = new Roc(cap);
    this.sma = new Sma(cap);
  }
  update(source: number, length: number, signalLength: number, exponential: boolean): number {
    const triple = this.e3.update(this.e2.update(this.e1.update(source, length), length), length);
    const trix = (this.r0 = this.roc.update(triple, 1));
    const signal = (this.r1 = exponential ? this.ema.update(trix, signalLength) : this.sma.update(trix, signalLength));
    this.r2 = trix - signal;
    return trix;
  }
}

export const taTrix = taFunction({
  sig: "trix(source: series float, length: simple int, signalLength: simple int, exponential: simple bool = true): series [float, float, float]",
  doc: "TradingView's ta library: TRIX `[trix, signal, histogram]`: `trix = roc(ema(ema(ema(source, length), length), length), 1)`, the signal its ema (sma when `exponential` is false) over `signalLength`.",
  lookback: (a) => 36 * a("length") + 1 + 12 * a("signalLength"),
  emit: update(Trix, (b) => [b.a("source"), b.a("length"), b.a("signalLength"), b.a("exponential", "true")]),
});

/** The state of `ta.kvo`: [kvo, trigger], kvo = ema(trend, fastLen) - ema(trend, slowLen), trend = sign(change(hlc3)) * volume * 100. */
export class Kvo {
  fast = new Ema();
  slow = new Ema();
  trig = new Ema();
  hlc3 = NaN;
  r0 = NaN;
  r1 = NaN;
  update(high: number, low: number, close: number, volume: number, fastLen: number, slowLen: number, trigLen: number): number {
    const hlc3 = (high + low + close) / 3;
    const trend = Math.sign(hlc3 - this.hlc3) * volume * 100;
    this.hlc3 = hlc3;
    const kvo = (this.r0 = this.fast.update(trend, fastLen) - this.slow.update(trend, slowLen));
    this.r1 = this.trig.update(kvo, trigLen);
    return kvo;
  }
}

/**
 * The state of `ta.vi` (Vortex): [viPlus, viMinus], math.sum(|high - nz(low[1])|, length) and
 * math.sum(|low - nz(high[1])|, length) over math.sum(atr(1), length) (atr(1) is tr(true)).
 */
export class Vi {
  tr = new Tr();
  trs: Sum;
  plus: Sum;
  minus: Sum;
  high = 0;
  low = 0;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.trs = new Sum(cap);
    this.plus = new Sum(cap);
    this.minus = new Sum(cap);
  }
  update(high: number, low: number, close: number, length: number): number {
    const d = this.trs.update(this.tr.update(high, low, close, true), length);
    const p = this.plus.update(Math.abs(high - this.low), length);
    const m = this.minus.update(Math.abs(low - this.high), length);
    this.high = high === high ? high : 0;
    this.low = low === low ? low : 0;
    this.r0 = d === 0 ? NaN : p / d;
    this.r1 = d === 0 ? NaN : m / d;
    return this.r0;
  }
}

/** The midpoint of highest(high, length) and lowest(low, length), the library's Ichimoku lines. */
class Midpoint {
  hi: Extreme;
  lo: Extreme;
  constructor(cap: number) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(high: number, low: number, length: number): number {
    return (this.hi.update(high, length) + this.lo.update(low, length)) / 2;
  }
}

/**
 * The state of `ta.ichimoku`: [tenkan, kijun, senkouSpan1, senkouSpan2, chikou], the midpoints over
 * conLength, baseLength and senkouLength, span 1 the mean of the first two, chikou the close; not
 * displaced (a script shifts them with plot's `offset`, as the library documents).
 */
export class Ichimoku {
  con: Midpoint;
  base: Midpoint;
  senkou: Midpoint;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  r3 = NaN;
  r4 = NaN;
  constructor(cap = 8) {
    this.con = new Midpoint(cap);
    this.base = new Midpoint(cap);
    this.senkou = new Midpoint(cap);
  }
  update(high: number, low: number, close: number, conLength: number, baseLength: number, senkouLength: number): number {
    const t = (this.r0 = this.con.update(high, low, conLength));
    const k = (this.r1 = this.base.update(high, low, baseLength));
    this.r2 = (t + k) / 2;
    this.r3 = this.senkou.update(high, low, senkouLength);
    this.r4 = close;
    return t;
  }
}

export const taKvo = taFunction({
  sig: "kvo(fastLen: simple int, slowLen: simple int, trigLen: simple int): series [float, float]",
  doc: "TradingView's ta library: the Klinger Volume Oscillator `[kvo, trigger]`: `kvo = ema(trend, fastLen) - ema(trend, slowLen)` with `trend = math.sign(change(hlc3)) * volume * 100`, `trigger = ema(kvo, trigLen)`.",
  lookback: (a) => 12 * Math.max(a("fastLen"), a("slowLen")) + 12 * a("trigLen") + 1,
  emit: update(Kvo, (b) => [BAR.high, BAR.low, BAR.close, BAR.volume, b.a("fastLen"), b.a("slowLen"), b.a("trigLen")]),
});

export const taVi = taFunction({
  sig: "vi(length: simple int): series [float, float]",
  doc: "TradingView's ta library: the Vortex indicator `[viPlus, viMinus]`: `math.sum(|high - nz(low[1])|, length)` and `math.sum(|low - nz(high[1])|, length)` over `math.sum(atr(1), length)`.",
  lookback: (a) => a("length") + 1,
  emit: update(Vi, (b) => [BAR.high, BAR.low, BAR.close, b.a("length")]),
});

export const taIchimoku = taFunction({
  sig: "ichimoku(conLength: series int = 9, baseLength: series int = 26, senkouLength: series int = 52): series [float, float, float, float, float]",
  doc: "TradingView's ta library: Ichimoku `[tenkan, kijun, senkouSpan1, senkouSpan2, chikou]`, each line the midpoint of `highest(high)` and `lowest(low)` over its length, span 1 the mean of tenkan and kijun, chikou the close; not displaced (shift them with plot's `offset`).",
  lookback: (a) => Math.max(a("conLength"), a("baseLength"), a("senkouLength")),
  emit: update(Ichimoku, (b) => [BAR.high, BAR.low, BAR.close, b.a("conLength", "9"), b.a("baseLength", "26"), b.a("senkouLength", "52")]),
});

/**
 * The state of `ta.rwi` (Random Walk Index): [(high - nz(low[length])) / d, (nz(high[length]) - low) / d]
 * with d = atr(length) * sqrt(length).
 */
export class Rwi {
  atr = new Atr();
  highs: Lag;
  lows: Lag;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.highs = new Lag(cap);
    this.lows = new Lag(cap);
  }
  update(high: number, low: number, close: number, length: number): number {
    const d = this.atr.update(high, low, close, length) * Math.sqrt(length);
    this.highs.push(high, length + 1);
    this.lows.push(low, length + 1);
    this.r0 = d === 0 ? NaN : (high - nz(this.lows.get(length))) / d;
    this.r1 = d === 0 ? NaN : (nz(this.highs.get(length)) - low) / d;
    return this.r0;
  }
}

export const taRwi = taFunction({
  sig: "rwi(length: simple int): series [float, float]",
  doc: "TradingView's ta library: the Random Walk Index `[rwiHigh, rwiLow]`, `(high - nz(low[length])) / d` and `(nz(high[length]) - low) / d` with `d = atr(length) * sqrt(length)`.",
  lookback: (a) => 23 * a("length") + 1,
  emit: update(Rwi, (b) => [BAR.high, BAR.low, BAR.close, b.a("length")]),
});
