// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): the functions TradingView's
// own built-in indicators call through it (Chandelier Exit, Price Momentum Oscillator, Pring's
// Special K, Ulcer Index), written from those indicators' published definitions; what they leave
// open is decided in docs/adr/0221-tradingview-ta-indicator-functions.md. A tuple's values are the
// state's r0, r1 (as ta.bb's), the first also the return value. Divisions by zero are na
// (docs/adr/0109-division-by-zero-is-na.md).

import { BAR, taFunction, update } from "../../../builtins/record";
import { Extreme } from "../extremes";
import { Ema, Sma, Sum } from "../ma";
import { Roc } from "../stats";
import { Atr } from "../vol";

/** The state of `ta.chandelier`: [highest(high, length) - atr(atrLength) * mult, lowest(low, length) + atr(atrLength) * mult]. */
export class Chandelier {
  hi: Extreme;
  lo: Extreme;
  atr = new Atr();
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.hi = new Extreme(true, cap);
    this.lo = new Extreme(false, cap);
  }
  update(high: number, low: number, close: number, length: number, atrLength: number, mult: number): number {
    const offset = this.atr.update(high, low, close, atrLength) * mult;
    this.r1 = this.lo.update(low, length) + offset;
    return (this.r0 = this.hi.update(high, length) - offset);
  }
}

export const taChandelier = taFunction({
  sig: "chandelier(length: series int, atrLength: simple int, mult: series float): series [float, float]",
  doc: "TradingView's ta library: the Chandelier Exit `[longExit, shortExit]`, `highest(high, length) - atr(atrLength) * mult` and `lowest(low, length) + atr(atrLength) * mult`.",
  lookback: (a) => Math.max(a("length"), 23 * a("atrLength") + 1),
  emit: update(Chandelier, (b) => [BAR.high, BAR.low, BAR.close, b.a("length"), b.a("atrLength"), b.a("mult")]),
});

/**
 * DecisionPoint's custom smoothing of the PMO: an EMA whose factor is 2 / length instead of
 * 2 / (length + 1), seeded as ta.ema's with the SMA of the first `length` non-na values and
 * skipping na values as it does; the factor is held to 1 (lengths 1 and 2 give the source itself),
 * and a length below 1 gives na (docs/adr/0221).
 */
export class PmoSmoothing {
  seen = 0;
  sum = -0;
  prev = NaN;
  update(x: number, length: number): number {
    const n = length >= 1 ? Math.floor(length) : 0;
    if (n === 0) return NaN;
    if (x !== x) return this.prev;
    if (this.seen < n) {
      this.sum += x;
      if (++this.seen === n) this.prev = this.sum / n;
      return this.prev;
    }
    const a = Math.min(1, 2 / n);
    return (this.prev = a * x + (1 - a) * this.prev);
  }
}

/** The state of `ta.pmo`: [pmo, ema(pmo, signalLength)], pmo = s2(10 * s1(roc(source, 1), length1), length2) with PmoSmoothing's s1, s2. */
export class Pmo {
  roc: Roc;
  s1 = new PmoSmoothing();
  s2 = new PmoSmoothing();
  signal = new Ema();
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    this.roc = new Roc(cap);
  }
  update(source: number, length1: number, length2: number, signalLength: number): number {
    const pmo = (this.r0 = this.s2.update(10 * this.s1.update(this.roc.update(source, 1), length1), length2));
    this.r1 = this.signal.update(pmo, signalLength);
    return pmo;
  }
}

export const taPmo = taFunction({
  sig: "pmo(source: series float, length1: simple int, length2: simple int, signalLength: simple int): series [float, float]",
  doc: "TradingView's ta library: DecisionPoint's Price Momentum Oscillator `[pmo, signal]`: the one-bar `roc(source, 1)` smoothed over `length1` by an EMA whose factor is `2 / length` (seeded, as `ema`, with the SMA of the first values), times 10, smoothed so again over `length2`; the signal `ema(pmo, signalLength)`.",
  lookback: (a) => 12 * (a("length1") + a("length2") + a("signalLength")) + 1,
  emit: update(Pmo, (b) => [b.a("source"), b.a("length1"), b.a("length2"), b.a("signalLength")]),
});

/** Pring's Special K: [roc length, sma length, weight] of its twelve smoothed rates of change. */
const SPECIAL_K: ReadonlyArray<readonly [number, number, number]> = [
  [10, 10, 1], [15, 10, 2], [20, 10, 3], [30, 15, 4],
  [40, 50, 1], [65, 65, 2], [75, 75, 3], [100, 100, 4],
  [195, 130, 1], [265, 130, 2], [390, 130, 3], [530, 195, 4],
];
/** Bars before the first Special K value: the 195-bar SMA of the 530-bar ROC starts at bar 724. */
const SPECIAL_K_BARS = 725;

/** The state of `ta.specialK`: [k, sma(sma(k, length1), length2)], k the weighted sum of sma(roc(source, r), s) over SPECIAL_K. */
export class SpecialK {
  rocs: Roc[];
  smas: Sma[];
  sig1: Sma;
  sig2: Sma;
  r0 = NaN;
  r1 = NaN;
  constructor(cap = 8) {
    // the components' windows are fixed: at least those, whatever the call site's derived cap
    this.rocs = SPECIAL_K.map(([r]) => new Roc(Math.max(cap, r + 1)));
    this.smas = SPECIAL_K.map(([, s]) => new Sma(Math.max(cap, s)));
    this.sig1 = new Sma(cap);
    this.sig2 = new Sma(cap);
  }
  update(source: number, length1: number, length2: number): number {
    let k = 0;
    for (let i = 0; i < SPECIAL_K.length; i++) {
      const [r, s, w] = SPECIAL_K[i]!;
      k += w * this.smas[i]!.update(this.rocs[i]!.update(source, r), s);
    }
    this.r0 = k;
    this.r1 = this.sig2.update(this.sig1.update(k, length1), length2);
    return k;
  }
}

export const taSpecialK = taFunction({
  sig: "specialK(source: series float, length1: series int, length2: series int): series [float, float]",
  doc: "TradingView's ta library: Pring's Special K `[specialK, signal]`, the weighted sum of `sma(roc(source, r), s)` over (r, s, weight) = (10, 10, 1), (15, 10, 2), (20, 10, 3), (30, 15, 4), (40, 50, 1), (65, 65, 2), (75, 75, 3), (100, 100, 4), (195, 130, 1), (265, 130, 2), (390, 130, 3), (530, 195, 4) (na before bar 724); the signal `sma(sma(specialK, length1), length2)`.",
  lookback: (a) => SPECIAL_K_BARS + a("length1") + a("length2"),
  emit: update(SpecialK, (b) => [b.a("source"), b.a("length1"), b.a("length2")]),
});

/**
 * The state of `ta.ulcerIndex`: sqrt(math.sum(dd^2, length) / length), dd = 100 * (source - hh) / hh
 * with hh = highest(source, length); a highest of 0 gives na, which the sum skips (ADR 0109).
 */
export class UlcerIndex {
  hi: Extreme;
  squares: Sum;
  constructor(cap = 8) {
    this.hi = new Extreme(true, cap);
    this.squares = new Sum(cap);
  }
  update(source: number, length: number): number {
    const hh = this.hi.update(source, length);
    const dd = hh === 0 ? NaN : (100 * (source - hh)) / hh;
    return Math.sqrt(this.squares.update(dd * dd, length) / Math.floor(length));
  }
}

export const taUlcerIndex = taFunction({
  sig: "ulcerIndex(source: series float, length: series int): series float",
  doc: "TradingView's ta library: the Ulcer Index, the root mean square of the percentage drawdowns from the highest `source` over `length` bars: `sqrt(math.sum(dd * dd, length) / length)` with `dd = 100 * (source - highest(source, length)) / highest(source, length)`.",
  lookback: (a) => 2 * a("length"),
  emit: update(UlcerIndex, (b) => [b.a("source"), b.a("length")]),
});
