// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): its own exponential
// smoothing of a series float length (ema2, rma2, dema2, tema2) and what is built on it (atr2,
// t3Alt): no warm-up, starting again after an na source, as its nz(previous, source) recursion does.

import { BAR, sourceLength, taFunction, update } from "../../../builtins/record";
import { Tr } from "../vol";
import { Dema, T3, Tema } from "./averages";

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

/** The state of `ta.dema2`: dema with ema2 as its averages. */
export class Dema2 extends Dema {
  constructor(cap = 8) {
    super(cap, () => new Ewma());
  }
}

/** The state of `ta.tema2`: tema with ema2 as its averages. */
export class Tema2 extends Tema {
  constructor(cap = 8) {
    super(cap, () => new Ewma());
  }
}

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

export const taAtr2 = taFunction({
  sig: "atr2(length: series float): series float",
  doc: "TradingView's ta library: an ATR taking a series float `length`: ema2-style smoothing with `alpha = 1 / max(1, length)` of `ta.tr(true)`, from the first bar.",
  lookback: (a) => 23 * Math.max(1, a("length")) + 1,
  emit: update(Atr2, (b) => [BAR.high, BAR.low, BAR.close, b.a("length")]),
});

/** The state of `ta.t3Alt`: t3's gd(gd(gd(source))) with the library's ema2 as each average. */
export class T3Alt extends T3 {
  constructor(cap = 8) {
    super(cap, () => new Ewma());
  }
}

export const taT3Alt = taFunction({
  sig: "t3Alt(source: series float, length: series float, vf: simple float = 0.7): series float",
  doc: "TradingView's ta library: t3 built on ema2 (a series float `length`, no warm-up): `gd2(gd2(gd2(source)))` with `gd2(x) = ema2(x, length) * (1 + vf) - ema2(ema2(x, length), length) * vf`.",
  lookback: (a) => 72 * Math.max(1, a("length")),
  emit: update(T3Alt, (b) => [b.a("source"), b.a("length"), b.a("vf", "0.7")]),
});
