// Expected outputs of trend and momentum scripts (fast stochastic, ATR percent, RSI with its
// average, CCI written out, Hull slope, ALMA distance, momentum percent, SMA
// z-score, drawdown from the high): plain loops of reference.ts, sharing no code with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;
const zip = (a: ArrayLike<number>, b: ArrayLike<number>, f: (x: number, y: number) => number): Series => map(a.length, (i) => f(a[i]!, b[i]!));

export const TREND: Record<string, Check> = {
  "stoch_fast.pine": (b) => {
    const k = r.stoch(b.close, b.high, b.low, 14);
    return { outputs: { k, d: r.sma(k, 3) } };
  },
  "atr_percent.pine": (b) => {
    const atr = r.atr(b, 14);
    return { outputs: { atr: map(b.length, (i) => (100 * atr[i]!) / b.close[i]!), range_ratio: zip(r.trueRange(b, true), atr, (t, a) => t / a) } };
  },
  "rsi_with_ma.pine": (b) => {
    const rsi = r.rsi(b.close, 14);
    return { outputs: { rsi, rsi_ma: r.sma(rsi, 14), zone: rsi.map((v) => (v > 70 ? 1 : v < 30 ? -1 : 0)) } };
  },
  "cci_by_formula.pine": (b) => {
    const src = map(b.length, (i) => (b.high[i]! + b.low[i]! + b.close[i]!) / 3);
    const ma = r.sma(src, 20);
    const dev = r.meanDev(src, 20);
    return { outputs: { cci: map(b.length, (i) => (src[i]! - ma[i]!) / (0.015 * dev[i]!)) } };
  },
  "hma_slope.pine": (b) => {
    const h = r.hma(b.close, 21);
    return { outputs: { slope: map(b.length, (i) => h[i]! - at(h, i - 1)) } };
  },
  "alma_deviation.pine": (b) => ({ outputs: { distance: zip(b.close, r.alma(b.close, 9, 0.85, 6), (c, a) => c - a) } }),
  "momentum_percent.pine": (b) => ({
    outputs: { "10_bar": map(b.length, (i) => 100 * (b.close[i]! / at(b.close, i - 10) - 1)), quarter: map(b.length, (i) => 100 * (b.close[i]! / at(b.close, i - 63) - 1)) },
  }),
  "sma_distance_zscore.pine": (b) => {
    const ma = r.sma(b.close, 50);
    const sd = r.stdev(b.close, 50);
    return { outputs: { z_50: map(b.length, (i) => (b.close[i]! - ma[i]!) / sd[i]!) } };
  },
  "drawdown_from_high.pine": (b) => {
    const top = r.highest(b.close, 252);
    const dd = zip(b.close, top, (c, t) => 100 * (c / t - 1));
    return { outputs: { drawdown: dd, worst_20: r.lowest(dd, 20) } };
  },
};
