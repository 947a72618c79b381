// Expected outputs of more public-indicator formulas (KST, DEMA/TEMA, ulcer index, RVI, balance
// of power, array z-scores and modes, an EMA ribbon's spread, median filters, Donchian width): plain loops of reference.ts, sharing no code with packages/lang.
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;
const zip = (a: ArrayLike<number>, b: ArrayLike<number>, f: (x: number, y: number) => number): Series => map(a.length, (i) => f(a[i]!, b[i]!));
const roc = (x: ArrayLike<number>, n: number): Series => map(x.length, (i) => (100 * (x[i]! - at(x, i - n))) / at(x, i - n));
/** ta.swma: weights 1, 2, 2, 1 over x[3], x[2], x[1], x. */
const swma = (x: ArrayLike<number>): Series => map(x.length, (i) => (at(x, i - 3) + 2 * at(x, i - 2) + 2 * at(x, i - 1) + x[i]!) / 6);
const windowOf = (x: ArrayLike<number>, i: number, n: number): number[] => Array.from({ length: n }, (_, k) => x[i - n + 1 + k]!);

function returnStats(close: ArrayLike<number>, n: number): Record<string, Series> {
  const z = new Float64Array(close.length).fill(NaN);
  const mode = new Float64Array(close.length).fill(NaN);
  for (let i = n; i < close.length; i++) {
    const w = Array.from({ length: n }, (_, k) => close[i - n + 1 + k]! / close[i - n + k]! - 1);
    const m = w.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(w.reduce((a, b) => a + (b - m) ** 2, 0) / n);
    z[i] = (w[n - 1]! - m) / sd;
    const counts = new Map<number, number>();
    for (const v of w) counts.set(v, (counts.get(v) ?? 0) + 1);
    let best = Infinity;
    let bestN = 0;
    for (const [v, c] of counts) if (c > bestN || (c === bestN && v < best)) [best, bestN] = [v, c];
    mode[i] = best;
  }
  return { z, mode };
}

function median(x: ArrayLike<number>, n: number, nearest: boolean): Series {
  return map(x.length, (i) => {
    if (i < n - 1) return NaN;
    const s = windowOf(x, i, n).sort((p, q) => p - q);
    if (nearest) return s[Math.ceil(n / 2) - 1]!;
    return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  });
}

export const MORE: Record<string, Check> = {
  "know_sure_thing.pine": (b) => {
    const s = (n: number, m: number): Series => r.sma(roc(b.close, n), m);
    const [a, c, d, e] = [s(10, 10), s(15, 10), s(20, 10), s(30, 15)];
    const kst = map(b.length, (i) => a[i]! + 2 * c[i]! + 3 * d[i]! + 4 * e[i]!);
    return { outputs: { kst, signal: r.sma(kst, 9) } };
  },
  "dema_tema.pine": (b) => {
    const e1 = r.ema(b.close, 20);
    const e2 = r.ema(e1, 20);
    const e3 = r.ema(e2, 20);
    return { outputs: { dema: zip(e1, e2, (p, q) => 2 * p - q), tema: map(b.length, (i) => 3 * (e1[i]! - e2[i]!) + e3[i]!) } };
  },
  "ulcer_index.pine": (b) => {
    const top = r.highest(b.close, 14);
    const dd2 = map(b.length, (i) => (100 * (b.close[i]! - top[i]!) / top[i]!) ** 2);
    return { outputs: { ulcer: r.sum(dd2, 14).map((v) => Math.sqrt(v / 14)) } };
  },
  "relative_vigor.pine": (b) => {
    const num = r.sum(swma(map(b.length, (i) => b.close[i]! - b.open[i]!)), 10);
    const den = r.sum(swma(map(b.length, (i) => b.high[i]! - b.low[i]!)), 10);
    const rvi = zip(num, den, (p, q) => p / q);
    return { outputs: { rvi, signal: swma(rvi) } };
  },
  "balance_of_power.pine": (b) => ({
    outputs: { bop: r.sma(map(b.length, (i) => (b.high[i] === b.low[i] ? 0 : (b.close[i]! - b.open[i]!) / (b.high[i]! - b.low[i]!))), 14) },
  }),
  "array_return_zscore.pine": (b) => ({ outputs: returnStats(b.close, 30) }),
  "ema_ribbon_spread.pine": (b) => {
    const es = [8, 13, 21, 34].map((n) => r.ema(b.close, n));
    const spread = map(b.length, (i) => {
      // array.range over the non-na elements (the longer EMAs are na on the first bars)
      const v = es.map((e) => e[i]!).filter((x) => !Number.isNaN(x));
      return v.length === 0 ? NaN : ((Math.max(...v) - Math.min(...v)) / b.close[i]!) * 100;
    });
    const lowest = map(b.length, (i) => {
      // the first index of the smallest non-na value (na sorts last; all na: index 0)
      const v = es.map((e) => e[i]!);
      let best = 0;
      for (let k = 1; k < v.length; k++) if (!Number.isNaN(v[k]!) && (Number.isNaN(v[best]!) || v[k]! < v[best]!)) best = k;
      return best;
    });
    return { outputs: { spread: spread, lowest_ribbon: lowest, lengths: map(b.length, () => 76) } };
  },
  "median_filter.pine": (b) => {
    const hl2 = map(b.length, (i) => (b.high[i]! + b.low[i]!) / 2);
    return { outputs: { median_9: median(hl2, 9, false), nearest_rank_median: median(hl2, 9, true) } };
  },
  "donchian_width.pine": (b) => {
    const up = r.highest(b.high, 20);
    const dn = r.lowest(b.low, 20);
    const w = zip(up, dn, (u, d) => u - d);
    const rank = map(b.length, (i) => {
      // a comparison with na is false: the warm-up's na widths are not counted (docs/adr/0304)
      if (i < 100) return NaN;
      let c = 0;
      for (let k = 1; k <= 100; k++) if (w[i - k]! - w[i]! <= 1e-10) c++;
      return c;
    });
    return { outputs: { width: map(b.length, (i) => ((up[i]! - dn[i]!) / ((up[i]! + dn[i]!) / 2)) * 100), width_rank: rank } };
  },
};
