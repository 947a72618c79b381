// Expected outputs of the corpus scripts that use the later ta.* built-ins, maps and the array
// statistics: plain loops written from TradingView's reference definitions (ta.pvt, nvi, pvi,
// wad, wvad, iii), Spearman's rank correlation, the textbook percentile methods and the weekday
// of each bar's UTC date, sharing no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;

function cum(terms: Series): Series {
  let s = 0;
  return terms.map((t) => (t === t ? (s += t) : s));
}

function volumeIndex(b: Bars, up: boolean): Series {
  const out = new Float64Array(b.length);
  for (let i = 0; i < b.length; i++) {
    const prev = i === 0 || out[i - 1] === 0 ? 1 : out[i - 1]!;
    const pc = at(b.close, i - 1);
    const pv = i === 0 ? 0 : b.volume[i - 1]!;
    const moves = up ? b.volume[i]! > pv : b.volume[i]! < pv;
    out[i] = !(pc > 0) || !(b.close[i]! > 0) || !moves ? prev : prev * (b.close[i]! / pc);
  }
  return out;
}

/** Spearman's rho of the last n values against time, with mean ranks for ties, times 100. */
function rci(x: ArrayLike<number>, n: number): Series {
  return map(x.length, (i) => {
    if (i < n - 1) return NaN;
    const w = Array.from({ length: n }, (_, k) => x[i - k]!); // newest first
    let d2 = 0;
    w.forEach((v, k) => {
      const greater = w.filter((o) => o > v).length;
      const equal = w.filter((o) => o === v).length;
      const rank = greater + (equal + 1) / 2;
      d2 += (rank - (k + 1)) ** 2;
    });
    return 100 * (1 - (6 * d2) / (n * (n * n - 1)));
  });
}

const sortedWindow = (x: ArrayLike<number>, i: number, n: number): number[] => Array.from({ length: n }, (_, k) => x[i - k]!).sort((p, q) => p - q);
const nearestRank = (s: number[], p: number): number => s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)]!;
function linear(s: number[], p: number): number {
  const pos = (p / 100) * (s.length - 1);
  const lo = Math.floor(pos);
  return s[lo]! + (s[Math.min(s.length - 1, lo + 1)]! - s[lo]!) * (pos - lo);
}
const rolling = (x: ArrayLike<number>, n: number, f: (s: number[]) => number): Series => map(x.length, (i) => (i < n - 1 ? NaN : f(sortedWindow(x, i, n))));

/** Bars ago of the earliest bar holding the window's extreme. */
function extremeAge(x: ArrayLike<number>, n: number, high: boolean): Series {
  return map(x.length, (i) => {
    if (i < n - 1) return NaN;
    let best = i - n + 1;
    for (let j = i - n + 2; j <= i; j++) if (high ? x[j]! > x[best]! : x[j]! < x[best]!) best = j;
    return i - best;
  });
}

function weekdayAverages(b: Bars): Record<string, Series> {
  const sums = new Map<number, number>();
  const counts = new Map<number, number>();
  const avg = new Float64Array(b.length);
  const seen = new Float64Array(b.length);
  for (let i = 0; i < b.length; i++) {
    const dow = new Date(b.time[i]! * 1000).getUTCDay() + 1; // Pine: 1 = Sunday
    if (i > 0) {
      const ret = 100 * (b.close[i]! / b.close[i - 1]! - 1);
      sums.set(dow, (sums.get(dow) ?? 0) + ret);
      counts.set(dow, (counts.get(dow) ?? 0) + 1);
    }
    avg[i] = counts.has(dow) ? sums.get(dow)! / counts.get(dow)! : NaN;
    seen[i] = sums.size;
  }
  return { weekday_average: avg, weekdays_seen: seen };
}

function arrayBands(x: ArrayLike<number>, n: number): Record<string, Series> {
  const q1 = rolling(x, n, (s) => linear(s, 25));
  const q3 = rolling(x, n, (s) => linear(s, 75));
  const rank = map(x.length, (i) => {
    if (i < n - 1) return NaN;
    let c = 0;
    for (let k = 1; k < n; k++) if (x[i - k]! <= x[i]!) c++;
    return (100 * c) / (n - 1);
  });
  return { q1, q3, rank_of_close: rank };
}

export const BREADTH: Record<string, Check> = {
  "pvt_signal.pine": (b) => {
    const pvt = cum(map(b.length, (i) => ((b.close[i]! - at(b.close, i - 1)) / at(b.close, i - 1)) * b.volume[i]!));
    return { outputs: { pvt, signal: r.ema(pvt, 21) } };
  },
  "nvi_pvi.pine": (b) => {
    const nvi = volumeIndex(b, false);
    return { outputs: { nvi, pvi: volumeIndex(b, true), nvi_signal: r.ema(nvi, 255) } };
  },
  "williams_ad.pine": (b) => {
    const wad = cum(
      map(b.length, (i) => {
        if (i === 0 || b.close[i] === b.close[i - 1]) return 0;
        const pc = b.close[i - 1]!;
        return b.close[i]! > pc ? b.close[i]! - Math.min(b.low[i]!, pc) : b.close[i]! - Math.max(b.high[i]!, pc);
      }),
    );
    const wvad = map(b.length, (i) => (b.high[i] === b.low[i] ? NaN : ((b.close[i]! - b.open[i]!) / (b.high[i]! - b.low[i]!)) * b.volume[i]!));
    return { outputs: { wad, wvad_14: r.sma(wvad, 14) } };
  },
  "intraday_intensity.pine": (b) => {
    const ii = map(b.length, (i) => ((2 * b.close[i]! - b.high[i]! - b.low[i]!) / (b.high[i]! - b.low[i]!)) * b.volume[i]!);
    const s = r.sum(ii, 21);
    const v = r.sum(b.volume, 21);
    return { outputs: { ii: map(b.length, (i) => (100 * s[i]!) / v[i]!) } };
  },
  "rci_ribbon.pine": (b) => ({ outputs: { short: rci(b.close, 9), mid: rci(b.close, 26), long: rci(b.close, 52) } }),
  "percentile_channel.pine": (b) => ({
    outputs: { upper: rolling(b.high, 50, (s) => nearestRank(s, 90)), middle: rolling(b.close, 50, (s) => linear(s, 50)), lower: rolling(b.low, 50, (s) => nearestRank(s, 10)) },
  }),
  "extreme_age.pine": (b) => {
    const hi = extremeAge(b.high, 20, true);
    return { outputs: { high_age: hi, low_age: extremeAge(b.low, 20, false), aroon_up_like: hi.map((a) => (100 * (20 - a)) / 20) } };
  },
  "map_weekday_returns.pine": (b) => ({ outputs: weekdayAverages(b) }),
  "array_percentile_bands.pine": (b) => ({ outputs: arrayBands(b.close, 60) }),
};
