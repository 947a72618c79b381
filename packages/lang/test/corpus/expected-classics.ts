// Expected outputs of classic public-indicator formulas written out in the scripts themselves
// (envelopes, PPO, mass index, Coppock, DPO, force index, choppiness, historical volatility,
// relative volume, regression slope, %B, zero-lag EMA, VWMA): plain loops of reference.ts,
// sharing no code with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;
const zip = (a: Series, b: Series, f: (x: number, y: number) => number): Series => map(a.length, (i) => f(a[i]!, b[i]!));
const roc = (x: ArrayLike<number>, n: number): Series => map(x.length, (i) => (100 * (x[i]! - at(x, i - n))) / at(x, i - n));
const lagged = (x: ArrayLike<number>, n: number): Series => map(x.length, (i) => at(x, i - n));
const logReturns = (x: ArrayLike<number>): Series => map(x.length, (i) => Math.log(x[i]! / at(x, i - 1)));

export const CLASSICS: Record<string, Check> = {
  "sma_envelope.pine": (b) => {
    const basis = r.sma(b.close, 20);
    return { outputs: { basis, upper: basis.map((v) => v * 1.025), lower: basis.map((v) => v * 0.975) } };
  },
  "ppo_histogram.pine": (b) => {
    const fast = r.ema(b.close, 12);
    const slow = r.ema(b.close, 26);
    const ppo = zip(fast, slow, (f, s) => ((f - s) / s) * 100);
    const signal = r.ema(ppo, 9);
    return { outputs: { ppo, signal, histogram: zip(ppo, signal, (p, s) => p - s) } };
  },
  "mass_index.pine": (b) => {
    const single = r.ema(map(b.length, (i) => b.high[i]! - b.low[i]!), 9);
    const double = r.ema(single, 9);
    return { outputs: { mass: r.sum(zip(single, double, (s, d) => s / d), 25) } };
  },
  "coppock_curve.pine": (b) => ({ outputs: { coppock: r.wma(zip(roc(b.close, 14), roc(b.close, 11), (p, q) => p + q), 10) } }),
  "detrended_price.pine": (b) => {
    // int(21 / 2) + 1 = 11 (v6 divides ints exactly, so the script truncates with int())
    const ma = lagged(r.sma(b.close, 21), 11);
    return { outputs: { dpo: map(b.length, (i) => b.close[i]! - ma[i]!) } };
  },
  "force_index.pine": (b) => {
    const f1 = map(b.length, (i) => (b.close[i]! - at(b.close, i - 1)) * b.volume[i]!);
    return { outputs: { force_13: r.ema(f1, 13), force_1: f1 } };
  },
  "choppiness_index.pine": (b) => {
    const atrSum = r.sum(r.atr(b, 1), 14);
    const hi = r.highest(b.high, 14);
    const lo = r.lowest(b.low, 14);
    return { outputs: { chop: map(b.length, (i) => (100 * Math.log10(atrSum[i]! / (hi[i]! - lo[i]!))) / Math.log10(14)) } };
  },
  "historical_volatility.pine": (b) => {
    const lr = logReturns(b.close);
    const k = 100 * Math.sqrt(252);
    return { outputs: { hv_20: r.stdev(lr, 20).map((v) => v * k), hv_60: r.stdev(lr, 60).map((v) => v * k) } };
  },
  "relative_volume.pine": (b) => {
    const rvol = zip(Float64Array.from(b.volume), r.sma(b.volume, 20), (v, s) => v / s);
    return { outputs: { rvol, spike: rvol.map((v) => (v > 2 ? 1 : 0)) } };
  },
  "linreg_slope.pine": (b) => ({ outputs: { slope: zip(r.linreg(b.close, 20, 0), r.linreg(b.close, 20, 1), (p, q) => p - q) } }),
  "bollinger_percent_b.pine": (b) => {
    const mid = r.sma(b.close, 20);
    const sd = r.stdev(b.close, 20);
    return {
      outputs: {
        b: map(b.length, (i) => (b.close[i]! - (mid[i]! - 2 * sd[i]!)) / (4 * sd[i]!)),
        bandwidth: map(b.length, (i) => ((4 * sd[i]!) / mid[i]!) * 100),
      },
    };
  },
  "zero_lag_ema.pine": (b) => {
    // int((21 - 1) / 2) = 10
    const src = map(b.length, (i) => b.close[i]! + (b.close[i]! - at(b.close, i - 10)));
    return { outputs: { zlema: r.ema(src, 21), ema: r.ema(b.close, 21) } };
  },
  "vwma_vs_sma.pine": (b) => {
    const v = r.vwma(b.close, b.volume, 20);
    const s = r.sma(b.close, 20);
    return { outputs: { vwma: v, sma: s, volume_confirms: zip(v, s, (p, q) => (p > q ? 1 : 0)) } };
  },
};
