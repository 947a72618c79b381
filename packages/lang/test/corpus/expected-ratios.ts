// Expected outputs of ratio-style scripts (Hull against EMA, RSI of volume, volatility ratio,
// ATR stop bands, raw stochastic of RSI, VWMA over SMA): reference.ts's loops, sharing no code
// with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

const { map } = r;

export const RATIOS: Record<string, Check> = {
  "hma_ema_gap.pine": (b) => {
    const h = r.hma(b.close, 16);
    const e = r.ema(b.close, 16);
    return { outputs: { gap: map(b.length, (i) => h[i]! - e[i]!) } };
  },
  "rsi_of_volume.pine": (b) => ({ outputs: { volume_rsi: r.rsi(b.volume, 14) } }),
  "stdev_ratio.pine": (b) => {
    const s = r.stdev(b.close, 10);
    const l = r.stdev(b.close, 50);
    return { outputs: { ratio: map(b.length, (i) => s[i]! / l[i]!) } };
  },
  "atr_trailing_band.pine": (b) => {
    const atr = r.atr(b, 22);
    const hi = r.highest(b.close, 22);
    const lo = r.lowest(b.close, 22);
    return { outputs: { long_stop: map(b.length, (i) => hi[i]! - 3 * atr[i]!), short_stop: map(b.length, (i) => lo[i]! + 3 * atr[i]!) } };
  },
  "stoch_of_rsi_raw.pine": (b) => {
    const rsi = r.rsi(b.close, 14);
    return { outputs: { stochrsi_raw: r.stoch(rsi, rsi, rsi, 14) } };
  },
  "vwma_volume_ratio.pine": (b) => {
    const v = r.vwma(b.close, b.volume, 50);
    const s = r.sma(b.close, 50);
    return { outputs: { ratio: map(b.length, (i) => 100 * (v[i]! / s[i]! - 1)) } };
  },
};
