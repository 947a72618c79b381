// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): its oscillators of one
// value a bar (ao, coppock, dm, eom, rms, szo, vhf, uo, pzo, vzo, stc, ht, wpo, ft), built from the
// state classes of the built-ins their documented definitions name. Divisions by zero are na
// (docs/adr/0109-division-by-zero-is-na.md).

import { BAR, lengthWindow, sourceLength, taFunction, update } from "../../../builtins/record";
import { Range } from "../extremes";
import { Ema, Sma, Sum, Wma } from "../ma";
import { Stoch } from "../osc";
import { Roc } from "../stats";
import { nz } from "../../math";
import { Tema } from "./averages";

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

export const taUo = taFunction({
  sig: "uo(fastLen: simple int, midLen: simple int, slowLen: simple int): series float",
  doc: "TradingView's ta library: the Ultimate Oscillator, `100 * (4 * a(fastLen) + 2 * a(midLen) + a(slowLen)) / 7` with `a(n) = math.sum(bp, n) / math.sum(tr, n)`, `bp = close - min(low, close[1])`, `tr = max(high, close[1]) - min(low, close[1])`.",
  lookback: (a) => Math.max(a("fastLen"), a("midLen"), a("slowLen")) + 1,
  emit: update(Uo, (b) => [BAR.high, BAR.low, BAR.close, b.a("fastLen"), b.a("midLen"), b.a("slowLen")]),
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

export const taHt = taFunction({
  sig: "ht(source: series float): series float",
  doc: "TradingView's ta library: the Hilbert transform, `0.0962 * source + 0.5769 * nz(source[2]) - 0.5769 * nz(source[4]) - 0.0962 * nz(source[6])`.",
  lookback: () => 6,
  emit: update(Ht, (b) => [b.a("source")]),
});

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

export const taWpo = taFunction({
  sig: "wpo(length: simple int): series float",
  doc: "TradingView's ta library: the Wave Period Oscillator, `ema(math.sign(change(close)) * 2 * pi / math.asin(close[1] / high), length)`.",
  lookback: (a) => 12 * a("length") + 1,
  emit: update(Wpo, (b) => [BAR.high, BAR.close, b.a("length")]),
});

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

export const taFt = taFunction({
  sig: "ft(source: series float, length: simple int): series float",
  doc: "TradingView's ta library: the Fisher transform of `source`'s place in its `length`-bar range, `0.5 * ln((1 + v) / (1 - v)) + 0.5 * nz(ft[1])`, `v` smoothed and held within +-0.999.",
  // the recursions decay as 0.67^k: below 1e-10 after 60 bars
  lookback: (a) => a("length") + 60,
  emit: update(Ft, sourceLength),
});
