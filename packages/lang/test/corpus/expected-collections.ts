// Expected outputs of scripts built on maps, arrays and the volume built-ins (OBV gap, gap
// counts, rolling medians, monthly highs, volume oscillator, ease of movement, gain share):
// plain loops of reference.ts, sharing no code with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;

function obv(close: ArrayLike<number>, volume: ArrayLike<number>): Series {
  let s = 0;
  return map(close.length, (i) => (i === 0 ? s : (s += Math.sign(close[i]! - close[i - 1]!) * volume[i]!)));
}

function gapCounts(open: ArrayLike<number>, close: ArrayLike<number>): Record<string, Series> {
  let up = 0;
  let down = 0;
  const kinds = new Set<string>();
  const ups = new Float64Array(open.length);
  const downs = new Float64Array(open.length);
  const n = new Float64Array(open.length);
  for (let i = 0; i < open.length; i++) {
    const kind = i === 0 ? "none" : open[i]! > close[i - 1]! ? "up" : open[i]! < close[i - 1]! ? "down" : "none";
    if (kind === "up") up++;
    if (kind === "down") down++;
    kinds.add(kind);
    ups[i] = up;
    downs[i] = down;
    n[i] = kinds.size;
  }
  return { gaps_up: ups, gaps_down: downs, kinds: n };
}

function windowSorted(x: ArrayLike<number>, i: number, n: number): number[] {
  return Array.from({ length: n }, (_, k) => x[i - k]!).sort((p, q) => p - q);
}

function monthHighs(time: ArrayLike<number>, close: ArrayLike<number>): Record<string, Series> {
  const highs = new Map<number, number>();
  const out = new Float64Array(close.length);
  const months = new Float64Array(close.length);
  for (let i = 0; i < close.length; i++) {
    const d = new Date(time[i]! * 1000);
    const key = d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
    highs.set(key, Math.max(highs.get(key) ?? -Infinity, close[i]!));
    out[i] = highs.get(key)!;
    months[i] = highs.size;
  }
  return { month_high: out, months };
}

export const COLLECTIONS: Record<string, Check> = {
  "obv_ema_ratio.pine": (b) => {
    const o = obv(b.close, b.volume);
    const sig = r.ema(o, 20);
    return { outputs: { gap: map(b.length, (i) => o[i]! - sig[i]!), above: map(b.length, (i) => (o[i]! > sig[i]! ? 1 : 0)) } };
  },
  "map_gap_counter.pine": (b) => ({ outputs: gapCounts(b.open, b.close) }),
  "array_rolling_median.pine": (b) => ({
    outputs: {
      median_21: map(b.length, (i) => (i < 20 ? NaN : windowSorted(b.close, i, 21)[10]!)),
      p90: map(b.length, (i) => (i < 20 ? NaN : windowSorted(b.close, i, 21)[Math.ceil(0.9 * 21) - 1]!)),
    },
  }),
  "map_month_high.pine": (b) => ({ outputs: monthHighs(b.time, b.close) }),
  "volume_oscillator.pine": (b) => {
    const s = r.ema(b.volume, 5);
    const l = r.ema(b.volume, 10);
    return { outputs: { vo: map(b.length, (i) => (100 * (s[i]! - l[i]!)) / l[i]!) } };
  },
  "ease_of_movement.pine": (b) => {
    const hl2 = map(b.length, (i) => (b.high[i]! + b.low[i]!) / 2);
    const ratio = map(b.length, (i) => (hl2[i]! - at(hl2, i - 1)) / (b.volume[i]! / 100000000 / (b.high[i]! - b.low[i]!)));
    return { outputs: { eom: r.sma(ratio, 14) } };
  },
  "array_gain_ratio.pine": (b) => ({
    outputs: {
      gain: map(b.length, (i) => {
        if (i < 14) return NaN;
        let g = 0;
        let t = 0;
        for (let k = 0; k < 14; k++) {
          const m = b.close[i - k]! - b.close[i - k - 1]!;
          g += Math.max(m, 0);
          t += Math.abs(m);
        }
        return (100 * g) / t;
      }),
    },
  }),
};
