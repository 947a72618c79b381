// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): its moving averages of a
// simple length (dema, tema, trima, t3, frama), built from the state classes of the built-ins
// their documented definitions name, so `na` inputs and warm-up behave as those built-ins do.

import { BAR, lengthWindow, sourceLength, taFunction, update } from "../../../builtins/record";
import { Extreme } from "../extremes";
import { Ema, Lag, Sma } from "../ma";

/** What the library's chained averages (dema, tema, t3) average with: ta.ema's state, or its own ema2 (dema2, tema2, t3Alt). */
export interface Smoother {
  update(source: number, length: number): number;
}

/** The state of `ta.dema`: 2 * ema(source, length) - ema(ema(source, length), length) (ta.ema's averages by default). */
export class Dema {
  e1: Smoother;
  e2: Smoother;
  constructor(_cap = 8, smoother: () => Smoother = () => new Ema()) {
    this.e1 = smoother();
    this.e2 = smoother();
  }
  update(source: number, length: number): number {
    const a = this.e1.update(source, length);
    return 2 * a - this.e2.update(a, length);
  }
}

/** The state of `ta.tema`: 3 * (e1 - e2) + e3, each an ema of the one before (e1 of `source`; ta.ema's averages by default). */
export class Tema {
  e1: Smoother;
  e2: Smoother;
  e3: Smoother;
  constructor(_cap = 8, smoother: () => Smoother = () => new Ema()) {
    this.e1 = smoother();
    this.e2 = smoother();
    this.e3 = smoother();
  }
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

/** The library's generalized DEMA of t3: avg(x, length) * (1 + vf) - avg(avg(x, length), length) * vf. */
class Gd {
  constructor(
    private readonly e1: Smoother,
    private readonly e2: Smoother,
  ) {}
  update(x: number, length: number, vf: number): number {
    const a = this.e1.update(x, length);
    return a * (1 + vf) - this.e2.update(a, length) * vf;
  }
}

/** The state of `ta.t3` (Tilson): gd(gd(gd(source))), each gd with its own averages (ta.ema's by default). */
export class T3 {
  g1: Gd;
  g2: Gd;
  g3: Gd;
  constructor(_cap = 8, smoother: () => Smoother = () => new Ema()) {
    this.g1 = new Gd(smoother(), smoother());
    this.g2 = new Gd(smoother(), smoother());
    this.g3 = new Gd(smoother(), smoother());
  }
  update(source: number, length: number, vf: number): number {
    return this.g3.update(this.g2.update(this.g1.update(source, length, vf), length, vf), length, vf);
  }
}

export const taT3 = taFunction({
  sig: "t3(source: series float, length: simple int, vf: simple float = 0.7): series float",
  doc: "TradingView's ta library: the Tilson moving average `gd(gd(gd(source)))` with `gd(x) = ema(x, length) * (1 + vf) - ema(ema(x, length), length) * vf`.",
  lookback: (a) => 72 * a("length"),
  emit: update(T3, (b) => [b.a("source"), b.a("length"), b.a("vf", "0.7")]),
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
