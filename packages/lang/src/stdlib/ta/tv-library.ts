// Functions of TradingView's own `ta` library (TradingView/ta) that scripts call through its
// import (`import TradingView/ta/12 as ta`, then `ta.cagr(...)`), each written from the definition
// the library publishes in its documentation comments (docs/adr/0116-tradingview-ta-functions.md).
// cagr, changePercent and ift are plain functions of their arguments (lookback 0); highestSince and
// lowestSince keep their running extreme per call site. The averages and oscillators (dema, tema,
// trima, ao, coppock, dm, eom, rms, szo, vhf, uo, pzo, vzo, stc, ht, t3, wpo, ft, frama) and the tuples
// (donchian, stochFull, stochRsi, trix, kvo, vi, ichimoku, rwi) are the library's documented
// compositions of built-ins, built from the state classes of the built-ins they name (ma.ts,
// stats.ts, extremes.ts, osc.ts, vol.ts), so `na` inputs and warm-up behave as those built-ins do.
// ema2, rma2, dema2 and tema2 are the library's own smoothing (Ewma below, a series float length,
// no warm-up); atr2 is that smoothing of the true range and t3Alt the t3 built on it. A tuple's
// values are the state's r0, r1, ... (as ta.bb's), the first also the return value.

import { BAR, call, lengthWindow, sourceLength, taFunction, update, UNBOUNDED } from "../../builtins/record";
import { Extreme, Range } from "./extremes";
import { Ema, Lag, Sma, Sum, Wma } from "./ma";
import { Rsi, Stoch } from "./osc";
import { Roc } from "./stats";
import { Atr, Tr } from "./vol";

const DAY_MS = 86_400_000;

/** Pine's nz(v): 0 for na. */
function nz(v: number): number {
  return v === v ? v : 0;
}

/**
 * Compound annual growth rate in percent between two points (times in ms): na until both prices
 * are known or when less than one day separates the times; a year is 365 days. The library's
 * `exitPrice / entryPrice` is a Pine division: a zero entry price gives na (docs/adr/0109-division-by-zero-is-na.md).
 */
export function cagr(entryTime: number, entryPrice: number, exitTime: number, exitPrice: number): number {
  const days = (exitTime - entryTime) / DAY_MS;
  if (!(days >= 1) || entryPrice !== entryPrice || exitPrice !== exitPrice || entryPrice === 0) return NaN;
  return 100 * (Math.pow(exitPrice / entryPrice, 1 / (days / 365)) - 1);
}

/** The inverse Fisher transform of `source`: (exp(2 source) - 1) / (exp(2 source) + 1). */
export function ift(source: number): number {
  const e = Math.exp(2 * source);
  return (e - 1) / (1 + e);
}

/** The percentage change from `oldValue` to `newValue`: na from an old value of 0 (a Pine division, ADR 0109). */
export function changePercent(newValue: number, oldValue: number): number {
  return oldValue === 0 ? NaN : (100 * (newValue - oldValue)) / oldValue;
}

export const taCagr = taFunction({
  sig: "cagr(entryTime: series int, entryPrice: series float, exitTime: series int, exitPrice: series float): series float",
  doc: "TradingView's ta library: the compound annual growth rate in percent (50 is 50%) from `entryPrice` at `entryTime` to `exitPrice` at `exitTime` (ms); na until both prices are known or when the times are less than a day apart.",
  lookback: () => 0,
  emit: call(cagr, (b) => [b.a("entryTime"), b.a("entryPrice"), b.a("exitTime"), b.a("exitPrice")]),
});

export const taChangePercent = taFunction({
  sig: "changePercent(newValue: series float, oldValue: series float): series float",
  doc: "TradingView's ta library: the percentage change from `oldValue` to `newValue`, `100 * (newValue - oldValue) / oldValue`.",
  lookback: () => 0,
  emit: call(changePercent, (b) => [b.a("newValue"), b.a("oldValue")]),
});

/**
 * The running extreme (`pick`) of `source` since the last bar `cond` was true: reset to `source`
 * on such a bar, then the extreme of it and each later `source`, an na on either side giving the other.
 */
function extremeSince(value: number, cond: boolean, source: number, pick: (a: number, b: number) => number): number {
  const last = cond ? source : value;
  const a = source === source ? source : last;
  const b = last === last ? last : source;
  return pick(a, b);
}

/** The state of `ta.highestSince`. */
export class HighestSince {
  value = NaN;
  update(cond: boolean, source: number): number {
    return (this.value = extremeSince(this.value, cond, source, Math.max));
  }
}

/** The state of `ta.lowestSince`. */
export class LowestSince {
  value = NaN;
  update(cond: boolean, source: number): number {
    return (this.value = extremeSince(this.value, cond, source, Math.min));
  }
}

export const taHighestSince = taFunction({
  sig: "highestSince(cond: series bool, source: series float = high): series float",
  doc: "TradingView's ta library: the highest `source` since the last bar `cond` was true (reset to `source` there).",
  lookback: () => UNBOUNDED,
  emit: update(HighestSince, (b) => [b.a("cond"), b.a("source", "$H[$i]")]),
});

export const taLowestSince = taFunction({
  sig: "lowestSince(cond: series bool, source: series float = low): series float",
  doc: "TradingView's ta library: the lowest `source` since the last bar `cond` was true (reset to `source` there).",
  lookback: () => UNBOUNDED,
  emit: update(LowestSince, (b) => [b.a("cond"), b.a("source", "$L[$i]")]),
});

/** The state of `ta.dema`: 2 * ema(source, length) - ema(ema(source, length), length). */
export class Dema {
  e1 = new Ema();
  e2 = new Ema();
  update(source: number, length: number): number {
    const a = this.e1.update(source, length);
    return 2 * a - this.e2.update(a, length);
  }
}

/** The state of `ta.tema`: 3 * (e1 - e2) + e3, each an ema of the one before (e1 of `source`). */
export class Tema {
  e1 = new Ema();
  e2 = new Ema();
  e3 = new Ema();
  update(source: number, length: number): number {
    const a = this.e1.update(source, length);
    const b = this.e2.update(a, length);
    return 3 * (a - b) + this.e3.update(b, length);
  }
}

/**
 * The state of `ta.trima`: sma(sma(source, ceil(length / 2)), floor(length / 2) + 1), `length / 2`
 * taken as a fractional division (length 4: windows 2 and 3; length 5: 3 and 3).
 */
export class Trima {
  inner: Sma;
  outer: Sma;
  constructor(cap = 8) {
    this.inner = new Sma(cap);
    this.outer = new Sma(cap);
  }
  update(source: number, length: number): number {
    return this.outer.update(this.inner.update(source, Math.ceil(length / 2)), Math.floor(length / 2) + 1);
  }
}

/** The state of `ta.ao`: sma(source, shortLength) - sma(source, longLength). */
export class Ao {
  fast: Sma;
  slow: Sma;
  constructor(cap = 8) {
    this.fast = new Sma(cap);
    this.slow = new Sma(cap);
  }
  update(source: number, shortLength: number, longLength: number): number {
    return this.fast.update(source, shortLength) - this.slow.update(source, longLength);
  }
}

/** The state of `ta.coppock`: wma(roc(source, longLength) + roc(source, shortLength), smoothLength). */
export class Coppock {
  long: Roc;
  short: Roc;
  smooth: Wma;
  constructor(cap = 8) {
    this.long = new Roc(cap);
    this.short = new Roc(cap);
    this.smooth = new Wma(cap);
  }
  update(source: number, longLength: number, shortLength: number, smoothLength: number): number {
    return this.smooth.update(this.long.update(source, longLength) + this.short.update(source, shortLength), smoothLength);
  }
}

/**
 * The state of `ta.dm` (the Demarker oscillator): with demax = max(change(high), 0) and
 * demin = -min(change(low), 0), sma(demax) / (sma(demax) + sma(demin)). The first bar's changes are
 * na (no bar before it), which the averages skip; 0 / 0 is na (a Pine division, ADR 0109).
 */
export class Dm {
  up: Sma;
  down: Sma;
  high = NaN;
  low = NaN;
  constructor(cap = 8) {
    this.up = new Sma(cap);
    this.down = new Sma(cap);
  }
  update(high: number, low: number, length: number): number {
    const up = this.up.update(Math.max(high - this.high, 0), length);
    const down = this.down.update(-Math.min(low - this.low, 0), length);
    this.high = high;
    this.low = low;
    const total = up + down;
    return total === 0 ? NaN : up / total;
  }
}

// recursive averages: as ta.ema's record, about 12 `length` bars per ema in the chain
export const taDema = taFunction({
  sig: "dema(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the double exponential moving average, `2 * e1 - ema(e1, length)` with `e1 = ema(source, length)`.",
  lookback: (a) => 24 * a("length"),
  emit: update(Dema, sourceLength),
});

export const taTema = taFunction({
  sig: "tema(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the triple exponential moving average, `3 * (e1 - e2) + e3`, each `e` the ema (`length`) of the one before, `e1` of `source`.",
  lookback: (a) => 36 * a("length"),
  emit: update(Tema, sourceLength),
});

export const taTrima = taFunction({
  sig: "trima(source: series float, length: series int): series float",
  doc: "TradingView's ta library: the triangular moving average, `sma(sma(source, ceil(length / 2)), floor(length / 2) + 1)`.",
  lookback: lengthWindow,
  emit: update(Trima, sourceLength),
});

export const taAo = taFunction({
  sig: "ao(source: series float = hl2, shortLength: simple int = 5, longLength: simple int = 34): series float",
  doc: "TradingView's ta library: the Awesome Oscillator, `sma(source, shortLength) - sma(source, longLength)`.",
  lookback: (a) => Math.max(a("shortLength"), a("longLength")),
  emit: update(Ao, (b) => [b.a("source", `((${BAR.high} + ${BAR.low}) / 2)`), b.a("shortLength", "5"), b.a("longLength", "34")]),
});

export const taCoppock = taFunction({
  sig: "coppock(source: series float, longLength: simple int, shortLength: simple int, smoothLength: simple int): series float",
  doc: "TradingView's ta library: the Coppock curve, `wma(roc(source, longLength) + roc(source, shortLength), smoothLength)`.",
  lookback: (a) => Math.max(a("longLength"), a("shortLength")) + a("smoothLength"),
  emit: update(Coppock, (b) => [b.a("source"), b.a("longLength"), b.a("shortLength"), b.a("smoothLength")]),
});

export const taDm = taFunction({
  sig: "dm(length: simple int): series float",
  doc: "TradingView's ta library: the Demarker oscillator (0 to 1), `sma(demax, length) / (sma(demax, length) + sma(demin, length))` with `demax = max(change(high), 0)` and `demin = -min(change(low), 0)`.",
  lookback: (a) => a("length") + 1,
  emit: update(Dm, (b) => [BAR.high, BAR.low, b.a("length")]),
});

/**
 * The state of `ta.eom` (Ease of Movement): sma(div * change(hl2) * (high - low) / volume, length).
 * A volume of 0 gives na (a Pine division, ADR 0109), which the average skips as ta.sma does.
 */
export class Eom {
  avg: Sma;
  hl2 = NaN;
  constructor(cap = 8) {
    this.avg = new Sma(cap);
  }
  update(high: number, low: number, volume: number, length: number, div: number): number {
    const hl2 = (high + low) / 2;
    const move = hl2 - this.hl2;
    this.hl2 = hl2;
    return this.avg.update(volume === 0 ? NaN : (div * move * (high - low)) / volume, length);
  }
}

/** The state of `ta.rms`: sqrt(math.sum(source^2, length) / length). */
export class Rms {
  sum: Sum;
  constructor(cap = 8) {
    this.sum = new Sum(cap);
  }
  update(source: number, length: number): number {
    return Math.sqrt(this.sum.update(source * source, length) / length);
  }
}

/** The state of `ta.szo` (Sentiment Zone Oscillator): 100 * tema(sign(change(source)), length) / length. */
export class Szo {
  tema = new Tema();
  prev = NaN;
  update(source: number, length: number): number {
    const trend = Math.sign(source - this.prev);
    this.prev = source;
    return (100 * this.tema.update(trend, length)) / length;
  }
}

/**
 * The state of `ta.vhf` (Vertical Horizontal Filter): |highest(source) - lowest(source)| over
 * `length` divided by math.sum(|change(source)|, length); 0 / 0 (a flat window) is na.
 */
export class Vhf {
  range: Range;
  moves: Sum;
  prev = NaN;
  constructor(cap = 8) {
    this.range = new Range(cap);
    this.moves = new Sum(cap);
  }
  update(source: number, length: number): number {
    const range = Math.abs(this.range.update(source, length));
    const moves = this.moves.update(Math.abs(source - this.prev), length);
    this.prev = source;
    return moves === 0 ? NaN : range / moves;
  }
}

export const taEom = taFunction({
  sig: "eom(length: simple int, div: simple int = 10000): series float",
  doc: "TradingView's ta library: Ease of Movement, `sma(div * change(hl2) * (high - low) / volume, length)`.",
  lookback: (a) => a("length") + 1,
  emit: update(Eom, (b) => [BAR.high, BAR.low, BAR.volume, b.a("length"), b.a("div", "10000")]),
});

export const taRms = taFunction({
  sig: "rms(source: series float, length: series int): series float",
  doc: "TradingView's ta library: the root mean square of the last `length` values, `sqrt(math.sum(source * source, length) / length)`.",
  lookback: lengthWindow,
  emit: update(Rms, sourceLength),
});

export const taSzo = taFunction({
  sig: "szo(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the Sentiment Zone Oscillator, `100 * tema(math.sign(change(source)), length) / length`.",
  lookback: (a) => 36 * a("length") + 1,
  emit: update(Szo, sourceLength),
});

export const taVhf = taFunction({
  sig: "vhf(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the Vertical Horizontal Filter, `|highest(source, length) - lowest(source, length)| / math.sum(|change(source)|, length)`.",
  lookback: (a) => a("length") + 1,
  emit: update(Vhf, sourceLength),
});

/**
 * The uo state: 100 * (4 a(fast) + 2 a(mid) + a(slow)) / 7, a(n) = math.sum(bp, n) / math.sum(tr, n)
 * with tr = max(high, close[1]) - min(low, close[1]) and bp = close - min(low, close[1]) (na on the
 * first bar, which the sums skip); a zero true-range sum gives na (ADR 0109).
 */
export class Uo {
  bp: Sum[];
  tr: Sum[];
  close = NaN;
  constructor(cap = 8) {
    this.bp = [new Sum(cap), new Sum(cap), new Sum(cap)];
    this.tr = [new Sum(cap), new Sum(cap), new Sum(cap)];
  }
  private avg(k: number, bp: number, tr: number, length: number): number {
    const t = this.tr[k]!.update(tr, length);
    return t === 0 ? NaN : this.bp[k]!.update(bp, length) / t;
  }
  update(high: number, low: number, close: number, fastLen: number, midLen: number, slowLen: number): number {
    const min = Math.min(low, this.close);
    const tr = Math.max(high, this.close) - min;
    const bp = close - min;
    this.close = close;
    return (100 * (4 * this.avg(0, bp, tr, fastLen) + 2 * this.avg(1, bp, tr, midLen) + this.avg(2, bp, tr, slowLen))) / 7;
  }
}

/**
 * The library's exponential smoothing with a series float length: alpha * source + (1 - alpha) *
 * nz(previous, source), so it starts at the first bar's source (no warm-up) and starts again
 * after an na source. `wilder` picks alpha = 1 / max(1, length) (rma2), else 2 / (max(1, length) + 1).
 */
export class Ewma {
  prev = NaN;
  constructor(
    _cap = 8,
    readonly wilder = false,
  ) {}
  update(source: number, length: number): number {
    const n = Math.max(1, length);
    const alpha = this.wilder ? 1 / n : 2 / (n + 1);
    const prev = this.prev === this.prev ? this.prev : source;
    return (this.prev = alpha * source + (1 - alpha) * prev);
  }
}

/** The state of `ta.rma2`: Ewma with alpha = 1 / max(1, length). */
export class Rma2 extends Ewma {
  constructor(cap = 8) {
    super(cap, true);
  }
}

/** The state of `ta.dema2`: 2 * e1 - ema2(e1, length), e1 = ema2(source, length). */
export class Dema2 {
  e1 = new Ewma();
  e2 = new Ewma();
  update(source: number, length: number): number {
    const a = this.e1.update(source, length);
    return 2 * a - this.e2.update(a, length);
  }
}

/** The state of `ta.tema2`: 3 * (e1 - e2) + e3, each an ema2 of the one before (e1 of `source`). */
export class Tema2 {
  e1 = new Ewma();
  e2 = new Ewma();
  e3 = new Ewma();
  update(source: number, length: number): number {
    const a = this.e1.update(source, length);
    const b = this.e2.update(a, length);
    return 3 * (a - b) + this.e3.update(b, length);
  }
}

export const taUo = taFunction({
  sig: "uo(fastLen: simple int, midLen: simple int, slowLen: simple int): series float",
  doc: "TradingView's ta library: the Ultimate Oscillator, `100 * (4 * a(fastLen) + 2 * a(midLen) + a(slowLen)) / 7` with `a(n) = math.sum(bp, n) / math.sum(tr, n)`, `bp = close - min(low, close[1])`, `tr = max(high, close[1]) - min(low, close[1])`.",
  lookback: (a) => Math.max(a("fastLen"), a("midLen"), a("slowLen")) + 1,
  emit: update(Uo, (b) => [BAR.high, BAR.low, BAR.close, b.a("fastLen"), b.a("midLen"), b.a("slowLen")]),
});

// the library's smoothing starts at the first bar and converges as ta.ema's and ta.rma's records say
const ewmaBars = (perLength: number) => (a: (name: string) => number) => perLength * Math.max(1, a("length"));

export const taEma2 = taFunction({
  sig: "ema2(source: series float, length: series float): series float",
  doc: "TradingView's ta library: an EMA taking a series float `length`: `alpha * source + (1 - alpha) * nz(previous, source)`, `alpha = 2 / (max(1, length) + 1)` (no warm-up: it starts at the first bar).",
  lookback: ewmaBars(12),
  emit: update(Ewma, sourceLength),
});

export const taRma2 = taFunction({
  sig: "rma2(source: series float, length: series float): series float",
  doc: "TradingView's ta library: ema2 with Wilder's `alpha = 1 / max(1, length)`.",
  lookback: ewmaBars(23),
  emit: update(Rma2, sourceLength),
});

export const taDema2 = taFunction({
  sig: "dema2(source: series float, length: series float): series float",
  doc: "TradingView's ta library: dema built on ema2, `2 * e1 - ema2(e1, length)` with `e1 = ema2(source, length)`.",
  lookback: ewmaBars(24),
  emit: update(Dema2, sourceLength),
});

export const taTema2 = taFunction({
  sig: "tema2(source: series float, length: series float): series float",
  doc: "TradingView's ta library: tema built on ema2, `3 * (e1 - e2) + e3`, each `e` the ema2 of the one before, `e1` of `source`.",
  lookback: ewmaBars(36),
  emit: update(Tema2, sourceLength),
});

/** The state of `ta.atr2`: Ewma with alpha = 1 / max(1, length) of ta.tr(true) (high - low on the first bar). */
export class Atr2 {
  tr = new Tr();
  avg = new Rma2();
  update(high: number, low: number, close: number, length: number): number {
    return this.avg.update(this.tr.update(high, low, close, true), length);
  }
}

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

export const taAtr2 = taFunction({
  sig: "atr2(length: series float): series float",
  doc: "TradingView's ta library: an ATR taking a series float `length`: ema2-style smoothing with `alpha = 1 / max(1, length)` of `ta.tr(true)`, from the first bar.",
  lookback: (a) => 23 * Math.max(1, a("length")) + 1,
  emit: update(Atr2, (b) => [BAR.high, BAR.low, BAR.close, b.a("length")]),
});

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
 * The library's "zone" of pzo and vzo: 100 * nz(ema(sign(change(close)) * source, length) /
 * ema(source, length)), so 0 (not na) until both averages are known or when the second is 0.
 */
export class Zone {
  signed = new Ema();
  all = new Ema();
  close = NaN;
  update(close: number, source: number, length: number): number {
    const dir = Math.sign(close - this.close);
    this.close = close;
    const den = this.all.update(source, length);
    const z = den === 0 ? NaN : this.signed.update(dir * source, length) / den;
    return z === z ? 100 * z : 0;
  }
}

/**
 * The state of `ta.stc` (Schaff Trend Cycle): macd = ema(source, fast) - ema(source, slow);
 * k = nz(fixnan(stoch(macd, macd, macd, cycle))); d = ema(k, d1); kd = nz(fixnan(stoch(d, d, d,
 * cycle))); the result ema(kd, d2) held within 0 to 100.
 */
export class Stc {
  fast = new Ema();
  slow = new Ema();
  s1: Stoch;
  s2: Stoch;
  e1 = new Ema();
  e2 = new Ema();
  k = NaN;
  kd = NaN;
  constructor(cap = 8) {
    this.s1 = new Stoch(cap);
    this.s2 = new Stoch(cap);
  }
  update(source: number, fast: number, slow: number, cycle: number, d1: number, d2: number): number {
    const macd = this.fast.update(source, fast) - this.slow.update(source, slow);
    const k1 = this.s1.update(macd, macd, macd, cycle);
    if (k1 === k1) this.k = k1;
    const d = this.e1.update(this.k === this.k ? this.k : 0, d1);
    const k2 = this.s2.update(d, d, d, cycle);
    if (k2 === k2) this.kd = k2;
    const stc = this.e2.update(this.kd === this.kd ? this.kd : 0, d2);
    return Math.max(Math.min(stc, 100), 0);
  }
}

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

export const taPzo = taFunction({
  sig: "pzo(length: simple int): series float",
  doc: "TradingView's ta library: the Price Zone Oscillator, `100 * nz(ema(math.sign(change(close)) * close, length) / ema(close, length))`.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Zone, (b) => [BAR.close, BAR.close, b.a("length")]),
});

export const taVzo = taFunction({
  sig: "vzo(length: simple int): series float",
  doc: "TradingView's ta library: the Volume Zone Oscillator, `100 * nz(ema(math.sign(change(close)) * volume, length) / ema(volume, length))`.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Zone, (b) => [BAR.close, BAR.volume, b.a("length")]),
});

export const taStc = taFunction({
  sig: "stc(source: series float, fast: simple int, slow: simple int, cycle: simple int, d1: simple int, d2: simple int): series float",
  doc: "TradingView's ta library: the Schaff Trend Cycle (0 to 100): the stochastic (`cycle`) of the MACD `ema(source, fast) - ema(source, slow)`, smoothed by `ema(d1)`, its stochastic again, smoothed by `ema(d2)`; an na stochastic repeats the last one (0 before any).",
  lookback: (a) => 12 * Math.max(a("fast"), a("slow")) + 2 * a("cycle") + 12 * (a("d1") + a("d2")),
  emit: update(Stc, (b) => [b.a("source"), b.a("fast"), b.a("slow"), b.a("cycle"), b.a("d1"), b.a("d2")]),
});

export const taTrix = taFunction({
  sig: "trix(source: series float, length: simple int, signalLength: simple int, exponential: simple bool = true): series [float, float, float]",
  doc: "TradingView's ta library: TRIX `[trix, signal, histogram]`: `trix = roc(ema(ema(ema(source, length), length), length), 1)`, the signal its ema (sma when `exponential` is false) over `signalLength`.",
  lookback: (a) => 36 * a("length") + 1 + 12 * a("signalLength"),
  emit: update(Trix, (b) => [b.a("source"), b.a("length"), b.a("signalLength"), b.a("exponential", "true")]),
});

export const taIft = taFunction({
  sig: "ift(source: series float): series float",
  doc: "TradingView's ta library: the inverse Fisher transform, `(exp(2 * source) - 1) / (exp(2 * source) + 1)`.",
  lookback: () => 0,
  emit: call(ift, (b) => [b.a("source")]),
});

/**
 * The state of `ta.ht` (the Hilbert transform): 0.0962 x + 0.5769 nz(x[2]) - 0.5769 nz(x[4]) -
 * 0.0962 nz(x[6]); `h[k]` holds x[k + 1] (na before the first bar reads as 0 through nz).
 */
export class Ht {
  h = [NaN, NaN, NaN, NaN, NaN, NaN];
  update(x: number): number {
    const h = this.h;
    const r = 0.0962 * x + 0.5769 * nz(h[1]!) - 0.5769 * nz(h[3]!) - 0.0962 * nz(h[5]!);
    for (let k = 5; k > 0; k--) h[k] = h[k - 1]!;
    h[0] = x;
    return r;
  }
}

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

export const taHt = taFunction({
  sig: "ht(source: series float): series float",
  doc: "TradingView's ta library: the Hilbert transform, `0.0962 * source + 0.5769 * nz(source[2]) - 0.5769 * nz(source[4]) - 0.0962 * nz(source[6])`.",
  lookback: () => 6,
  emit: update(Ht, (b) => [b.a("source")]),
});

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

/** The library's generalized DEMA of t3: ema(x, length) * (1 + vf) - ema(ema(x, length), length) * vf. */
class Gd {
  e1 = new Ema();
  e2 = new Ema();
  update(x: number, length: number, vf: number): number {
    const a = this.e1.update(x, length);
    return a * (1 + vf) - this.e2.update(a, length) * vf;
  }
}

/** The state of `ta.t3` (Tilson): gd(gd(gd(source))), each gd with its own averages. */
export class T3 {
  g1 = new Gd();
  g2 = new Gd();
  g3 = new Gd();
  update(source: number, length: number, vf: number): number {
    return this.g3.update(this.g2.update(this.g1.update(source, length, vf), length, vf), length, vf);
  }
}

/**
 * The state of `ta.wpo` (Wave Period Oscillator): ema(sign(change(close)) * 2 pi / asin(close[1] /
 * high), length); an asin out of its domain (a high below the last close) or of 0 gives na, which
 * the average skips as ta.ema does.
 */
export class Wpo {
  avg = new Ema();
  close = NaN;
  update(high: number, close: number, length: number): number {
    const a = Math.asin(this.close / high);
    const dir = Math.sign(close - this.close);
    this.close = close;
    return this.avg.update(a === 0 ? NaN : (dir * 2 * Math.PI) / a, length);
  }
}

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

export const taT3 = taFunction({
  sig: "t3(source: series float, length: simple int, vf: simple float = 0.7): series float",
  doc: "TradingView's ta library: the Tilson moving average `gd(gd(gd(source)))` with `gd(x) = ema(x, length) * (1 + vf) - ema(ema(x, length), length) * vf`.",
  lookback: (a) => 72 * a("length"),
  emit: update(T3, (b) => [b.a("source"), b.a("length"), b.a("vf", "0.7")]),
});

export const taWpo = taFunction({
  sig: "wpo(length: simple int): series float",
  doc: "TradingView's ta library: the Wave Period Oscillator, `ema(math.sign(change(close)) * 2 * pi / math.asin(close[1] / high), length)`.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Wpo, (b) => [BAR.high, BAR.close, b.a("length")]),
});

export const taRwi = taFunction({
  sig: "rwi(length: simple int): series [float, float]",
  doc: "TradingView's ta library: the Random Walk Index `[rwiHigh, rwiLow]`, `(high - nz(low[length])) / d` and `(nz(high[length]) - low) / d` with `d = atr(length) * sqrt(length)`.",
  lookback: (a) => 23 * a("length") + 1,
  emit: update(Rwi, (b) => [BAR.high, BAR.low, BAR.close, b.a("length")]),
});

/** gd of t3Alt: ema2(x, length) * (1 + vf) - ema2(ema2(x, length), length) * vf. */
class Gd2 {
  e1 = new Ewma();
  e2 = new Ewma();
  update(x: number, length: number, vf: number): number {
    const a = this.e1.update(x, length);
    return a * (1 + vf) - this.e2.update(a, length) * vf;
  }
}

/** The state of `ta.t3Alt`: gd2(gd2(gd2(source))), each gd2 with its own smoothing. */
export class T3Alt {
  g1 = new Gd2();
  g2 = new Gd2();
  g3 = new Gd2();
  update(source: number, length: number, vf: number): number {
    return this.g3.update(this.g2.update(this.g1.update(source, length, vf), length, vf), length, vf);
  }
}

/**
 * The state of `ta.ft` (Fisher transform): v1 = 0.66 ((source - ll) / (hh - ll) - 0.5) + 0.67 nz(v1[1])
 * with hh, ll the highest and lowest `source` over `length`; v2 = v1 held to 0.999 beyond 0.99 (and to
 * -0.999 below -0.99); fish = 0.5 ln((1 + v2) / (1 - v2)) + 0.5 nz(fish[1]). A flat window (0 / 0) is na.
 */
export class Ft {
  range: Range;
  v1 = NaN;
  fish = NaN;
  constructor(cap = 8) {
    this.range = new Range(cap);
  }
  update(source: number, length: number): number {
    const span = this.range.update(source, length);
    const ll = this.range.lo.value;
    const v1 = (this.v1 = 0.66 * (span === 0 ? NaN : (source - ll) / span - 0.5) + 0.67 * nz(this.v1));
    const v2 = v1 > 0.99 ? 0.999 : v1 < -0.99 ? -0.999 : v1;
    return (this.fish = 0.5 * Math.log((1 + v2) / (1 - v2)) + 0.5 * nz(this.fish));
  }
}

export const taT3Alt = taFunction({
  sig: "t3Alt(source: series float, length: series float, vf: simple float = 0.7): series float",
  doc: "TradingView's ta library: t3 built on ema2 (a series float `length`, no warm-up): `gd2(gd2(gd2(source)))` with `gd2(x) = ema2(x, length) * (1 + vf) - ema2(ema2(x, length), length) * vf`.",
  lookback: (a) => 72 * Math.max(1, a("length")),
  emit: update(T3Alt, (b) => [b.a("source"), b.a("length"), b.a("vf", "0.7")]),
});

export const taFt = taFunction({
  sig: "ft(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the Fisher transform of `source`'s place in its `length`-bar range, `0.5 * ln((1 + v) / (1 - v)) + 0.5 * nz(ft[1])`, `v` smoothed and held within +-0.999.",
  // the recursions decay as 0.67^k: below 1e-10 after 60 bars
  lookback: (a) => a("length") + 60,
  emit: update(Ft, sourceLength),
});

/**
 * The state of `ta.frama` (Ehlers' fractal adaptive average): with h = round(length / 2), n1 the
 * range (highest high - lowest low) of the last h bars over h, n2 that range h bars ago over h and
 * n3 the range of the last `length` bars over `length`, D = log2((n1 + n2) / n3) and the library's
 * smoothing (as ema2's) of `source` with alpha = exp(-4.6 (D - 1)); na until the ranges are known
 * (the smoothing then starts at that bar's source).
 */
export class Frama {
  hiH: Extreme;
  loH: Extreme;
  hiN: Extreme;
  loN: Extreme;
  ranges: Lag;
  prev = NaN;
  constructor(cap = 8) {
    this.hiH = new Extreme(true, cap);
    this.loH = new Extreme(false, cap);
    this.hiN = new Extreme(true, cap);
    this.loN = new Extreme(false, cap);
    this.ranges = new Lag(cap);
  }
  update(high: number, low: number, source: number, length: number): number {
    const h = Math.round(length / 2);
    const range = this.hiH.update(high, h) - this.loH.update(low, h);
    this.ranges.push(range, h + 1);
    const n1 = range / h;
    const n2 = this.ranges.get(h) / h;
    const n3 = (this.hiN.update(high, length) - this.loN.update(low, length)) / length;
    const alpha = n3 === 0 ? NaN : Math.exp(-4.6 * (Math.log((n1 + n2) / n3) / Math.LN2 - 1));
    const prev = this.prev === this.prev ? this.prev : source;
    return (this.prev = alpha * source + (1 - alpha) * prev);
  }
}

export const taFrama = taFunction({
  sig: "frama(source: series float, length: series int): series float",
  doc: "TradingView's ta library: the fractal adaptive moving average, the library's smoothing of `source` with `alpha = exp(-4.6 * (D - 1))`, `D = log2((n1 + n2) / n3)` from the high-low ranges of the last and the previous `round(length / 2)` bars and of the last `length` bars, each over its bar count.",
  // alpha is at least exp(-4.6) = 0.01: the first bar's weight is below 1e-10 after about 2300 bars
  lookback: (a) => a("length") + 2300,
  emit: update(Frama, (b) => [BAR.high, BAR.low, b.a("source"), b.a("length")]),
});
