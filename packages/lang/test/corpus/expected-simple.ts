// Expected outputs of short public-style scripts (EMA slope angle, typical-price averages, log
// return sums, an ATR envelope, a smoothed RSI, momentum of an SMA): plain loops of reference.ts,
// sharing no code with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

const { map, at } = r;

export const SIMPLE: Record<string, Check> = {
  "ema_slope_angle.pine": (b) => {
    const e = r.ema(b.close, 20);
    return { outputs: { angle: map(b.length, (i) => (Math.atan(((e[i]! - at(e, i - 1)) / at(e, i - 1)) * 100) * 180) / Math.PI) } };
  },
  "typical_price_average.pine": (b) => ({
    outputs: {
      tp_sma: r.sma(map(b.length, (i) => (b.high[i]! + b.low[i]! + b.close[i]!) / 3), 20),
      ohlc4_ema: r.ema(map(b.length, (i) => (b.open[i]! + b.high[i]! + b.low[i]! + b.close[i]!) / 4), 20),
    },
  }),
  "log_return_sum.pine": (b) => {
    const lr = map(b.length, (i) => Math.log(b.close[i]! / at(b.close, i - 1)));
    return { outputs: { "20_bar": r.sum(lr, 20), "60_bar": r.sum(lr, 60) } };
  },
  "ema_atr_envelope.pine": (b) => {
    const mid = r.ema(b.close, 20);
    const atr = r.atr(b, 10);
    return { outputs: { mid, upper: map(b.length, (i) => mid[i]! + 2 * atr[i]!), lower: map(b.length, (i) => mid[i]! - 2 * atr[i]!) } };
  },
  "rsi_smoothed.pine": (b) => ({ outputs: { rsi_ema_5: r.ema(r.rsi(b.close, 14), 5) } }),
  "sma_momentum.pine": (b) => {
    const s = r.sma(b.close, 10);
    return { outputs: { momentum: map(b.length, (i) => s[i]! - at(s, i - 5)) } };
  },
};
