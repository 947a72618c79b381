// Expected outputs of the scripts built on user types, maps, matrices, enums, overloads, loops
// and strings: reference.ts's loops and plain JavaScript collections. Shares no code with
// packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map } = r;
const nans = (n: number): Series => new Float64Array(n).fill(NaN);

function fibLevels(b: Bars): Record<string, Series> {
  const len = 55;
  const hi = r.highest(b.high, len);
  const lo = r.lowest(b.low, len);
  const ratios = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1];
  const out = { nearest_level: nans(b.length), nearest_level_index: nans(b.length), golden_level: nans(b.length), midpoint: nans(b.length), above_golden: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const prices = ratios.map((q) => hi[i]! - (hi[i]! - lo[i]!) * q);
    let best = -1;
    let bestD = NaN;
    prices.forEach((p, k) => {
      const d = Math.abs(p - b.close[i]!);
      if (Number.isNaN(bestD) || d < bestD) {
        best = k;
        bestD = d;
      }
    });
    const golden = hi[i]! - (hi[i]! - lo[i]!) * 0.618;
    out.nearest_level[i] = prices[best]!;
    out.nearest_level_index[i] = best;
    out.golden_level[i] = golden;
    out.midpoint[i] = prices[3]!;
    out.above_golden[i] = b.close[i]! > golden ? 1 : 0;
  }
  return out;
}

function tradeTracker(b: Bars): Record<string, Series> {
  const fast = r.ema(b.close, 10);
  const slow = r.ema(b.close, 30);
  const atr = r.atr(b, 14);
  const pnls: number[] = [];
  let current: { entryBar: number; entry: number; stop: number } | null = null;
  let held = 0;
  const out = { closed_trades: nans(b.length), win_rate: nans(b.length), average_return: nans(b.length), average_bars_held: nans(b.length), open_stop: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const c = b.close[i]!;
    if (current) {
      if (c < current.stop || r.crossunder(fast, slow, i)) {
        pnls.push(((c - current.entry) / current.entry) * 100);
        held += i - current.entryBar;
        current = null;
      } else current.stop = Math.max(current.stop, c - 2 * atr[i]!);
    } else if (r.crossover(fast, slow, i)) current = { entryBar: i, entry: c, stop: c - 2 * atr[i]! };
    const n = pnls.length;
    out.closed_trades[i] = n;
    if (n > 0) {
      out.win_rate[i] = (100 * pnls.filter((p) => p > 0).length) / n;
      out.average_return[i] = pnls.reduce((a, p) => a + p, 0) / n;
      out.average_bars_held[i] = held / n;
    }
    out.open_stop[i] = current ? current.stop : NaN;
  }
  return out;
}

function levelTouches(b: Bars): Record<string, Series> {
  const touches = new Map<number, number>();
  const out = { touches_at_this_level: nans(b.length), most_touched_level: nans(b.length), most_touches: nans(b.length), levels_touched: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const level = Math.round(b.close[i]! / 5) * 5;
    if (b.low[i]! <= level && b.high[i]! >= level) touches.set(level, (touches.get(level) ?? 0) + 1);
    let best = NaN;
    let bestCount = 0;
    for (const [k, v] of touches) {
      if (v > bestCount) {
        best = k;
        bestCount = v;
      }
    }
    out.touches_at_this_level[i] = touches.get(level) ?? 0;
    out.most_touched_level[i] = best;
    out.most_touches[i] = bestCount;
    out.levels_touched[i] = touches.size;
  }
  return out;
}

function matrixRegression(b: Bars): Record<string, Series> {
  const n = 30;
  let sx = 0;
  let sxx = 0;
  for (let k = 0; k < n; k++) {
    sx += k;
    sxx += k * k;
  }
  const det = n * sxx - sx * sx;
  const out = { fitted_end: nans(b.length), slope: nans(b.length), normal_matrix_determinant: map(b.length, () => det), trend_over_the_window_percent: nans(b.length) };
  for (let i = n - 1; i < b.length; i++) {
    let sy = 0;
    let sxy = 0;
    for (let k = 0; k < n; k++) {
      const y = b.close[i - n + 1 + k]!;
      sy += y;
      sxy += k * y;
    }
    const slope = (n * sxy - sx * sy) / det;
    const intercept = (sy - slope * sx) / n;
    out.fitted_end[i] = intercept + slope * (n - 1);
    out.slope[i] = slope;
    out.trend_over_the_window_percent[i] = (100 * slope * n) / b.close[i]!;
  }
  return out;
}

function enumOverloads(b: Bars): Record<string, Series> {
  const basis = r.ema(b.close, 20);
  const dev = r.stdev(b.close, 20);
  const hh = r.highest(b.high, 20);
  const ll = r.lowest(b.low, 20);
  return {
    basis,
    width: map(b.length, (i) => 2 * dev[i]!),
    wide_width: map(b.length, (i) => 2 * dev[i]! * 1.5),
    side: map(b.length, (i) => (b.close[i]! - basis[i]! >= 0 ? 1 : -1)),
    side_as_bool: map(b.length, (i) => (b.close[i]! > basis[i]! ? 2 : -2)),
    digits_of_the_bar_index: map(b.length, (i) => String(i).length),
    donchian_middle: map(b.length, (i) => (hh[i]! + ll[i]!) / 2),
  };
}

export const STRUCTURES: Record<string, Check> = {
  "library_levels/": (b) => ({ outputs: fibLevels(b) }),
  "udt_trade_tracker.pine": (b) => ({ outputs: tradeTracker(b) }),
  "map_level_touches.pine": (b) => ({ outputs: levelTouches(b) }),
  "matrix_regression.pine": (b) => ({ outputs: matrixRegression(b) }),
  "enum_overloads.pine": (b) => ({ outputs: enumOverloads(b) }),
};
