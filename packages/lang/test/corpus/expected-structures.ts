// Expected outputs of the scripts built on user types, maps, matrices, enums, overloads, loops
// and strings: reference.ts's loops and plain JavaScript collections. Shares no code with
// packages/lang.
import type { Bars } from "../../src/types";
import type { Check, Expected } from "./expected";
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

function monthCounters(b: Bars): Record<string, Series> {
  const out = { bars_seen_modulo_100: nans(b.length), bars_this_month: nans(b.length), month_to_date_percent: nans(b.length), share_of_last_month_s_range: nans(b.length) };
  let count = 0;
  let hi = NaN;
  let lo = NaN;
  let mo = NaN;
  let prevRange = NaN;
  for (let i = 0; i < b.length; i++) {
    // timeframe.change("M"): a bar opening in a later month than the bar before it.
    if (i > 0 && r.monthOf(b.time[i]!) !== r.monthOf(b.time[i - 1]!)) {
      if (!Number.isNaN(hi)) prevRange = hi - lo;
      count = 0;
      hi = b.high[i]!;
      lo = b.low[i]!;
      mo = b.open[i]!;
    }
    count++;
    hi = Math.max(hi, b.high[i]!);
    lo = Math.min(lo, b.low[i]!);
    out.bars_seen_modulo_100[i] = (i + 1) % 100;
    out.bars_this_month[i] = count;
    out.month_to_date_percent[i] = (100 * (b.close[i]! - mo)) / mo;
    out.share_of_last_month_s_range[i] = prevRange > 0 ? (hi - lo) / prevRange : NaN;
  }
  return out;
}

function recordAge(b: Bars): Record<string, Series> {
  const out = { bars_since_a_higher_close: nans(b.length), up_day_share: nans(b.length), bars_counted: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    let age = 1;
    while (age <= 250 && i - age >= 0 && b.close[i - age]! <= b.close[i]!) age++;
    let ups = 0;
    let counted = 0;
    for (let k = 0; k < 20 && i - k >= 0; k++) {
      const j = i - k;
      const rng = b.high[j]! - b.low[j]!;
      if (r.pine.eq(rng, 0) || r.pine.lt(Math.abs(b.close[j]! - b.open[j]!), 0.1 * rng)) continue;
      counted++;
      if (b.close[j]! > b.open[j]!) ups++;
    }
    out.bars_since_a_higher_close[i] = age;
    out.up_day_share[i] = counted > 0 ? (100 * ups) / counted : NaN;
    out.bars_counted[i] = counted;
  }
  return out;
}

function candlePatterns(b: Bars): Record<string, Series> {
  const o = b.open;
  const c = b.close;
  const pattern = map(b.length, (i) => {
    const body = Math.abs(c[i]! - o[i]!);
    const rng = b.high[i]! - b.low[i]!;
    const upper = b.high[i]! - Math.max(o[i]!, c[i]!);
    const lower = Math.min(o[i]!, c[i]!) - b.low[i]!;
    const c1 = r.at(c, i - 1);
    const o1 = r.at(o, i - 1);
    const { eq, le, ge, lt, gt } = r.pine;
    if (eq(rng, 0)) return 0;
    if (le(body, 0.1 * rng)) return 1;
    if (ge(lower, 2 * body) && le(upper, body)) return 2;
    if (ge(upper, 2 * body) && le(lower, body)) return 3;
    if (gt(c[i]!, o[i]!) && lt(c1, o1) && ge(c[i]!, o1) && le(o[i]!, c1)) return 4;
    if (lt(c[i]!, o[i]!) && gt(c1, o1) && le(c[i]!, o1) && ge(o[i]!, c1)) return 5;
    return 0;
  });
  const names = ["", "doji", "hammer", "shooting star", "bullish engulfing", "bearish engulfing"];
  return {
    pattern,
    name_length: pattern.map((p) => names[p]!.length),
    bullish_patterns_in_50_bars: r.sum(pattern.map((p) => (p === 2 || p === 4 ? 1 : 0)), 50),
    bearish_patterns_in_50_bars: r.sum(pattern.map((p) => (p === 3 || p === 5 ? 1 : 0)), 50),
    dojis_in_50_bars: r.sum(pattern.map((p) => (p === 1 ? 1 : 0)), 50),
  };
}

/** Thousands separators, as the `integer` number style of str.format. */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

function changeText(b: Bars): Record<string, Series> {
  const pct = map(b.length, (i) => (100 * (b.close[i]! - r.at(b.close, i - 1))) / r.at(b.close, i - 1));
  const kilo = map(b.length, (i) => Math.floor(b.volume[i]! / 1000));
  const up = (i: number): boolean => b.close[i]! > b.open[i]!;
  return {
    rounded_change: pct.map((p) => (Number.isNaN(p) ? NaN : Number(p.toFixed(2)))),
    volume_in_thousands: kilo,
    parts: map(b.length, () => 3),
    up_candle: map(b.length, (i) => (up(i) ? 1 : 0)),
    digits_with_separators: kilo.map((k) => grouped(k).length),
    contains_up: map(b.length, (i) => (up(i) ? 1 : 0)),
    starts_with_1: kilo.map((k) => (String(k).startsWith("1") ? 1 : 0)),
  };
}

function topVolume(b: Bars): Record<string, Series> {
  const out = { top_five_average: nans(b.length), volume_rank: nans(b.length), relative_volume: nans(b.length), top_five_today: nans(b.length), volume_deviation: nans(b.length), kept: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const w = Array.from(b.volume.subarray(Math.max(0, i - 49), i + 1));
    const v = b.volume[i]!;
    const sorted = [...w].sort((p, q) => q - p);
    const top = sorted.slice(0, 5);
    const mean = w.reduce((a, x) => a + x, 0) / w.length;
    const rank = sorted.indexOf(v);
    out.top_five_average[i] = top.reduce((a, x) => a + x, 0) / top.length;
    out.volume_rank[i] = rank;
    out.relative_volume[i] = v / mean;
    out.top_five_today[i] = top.includes(v) ? 1 : 0;
    out.volume_deviation[i] = Math.sqrt(w.reduce((a, x) => a + (x - mean) ** 2, 0) / w.length);
    out.kept[i] = w.length;
  }
  return out;
}

function oscillatorVotes(b: Bars): Record<string, Series> {
  const n = b.length;
  const src = map(n, (i) => (b.high[i]! + b.low[i]! + b.close[i]!) / 3);
  const rsi = r.rsi(b.close, 14);
  const ma = r.sma(src, 20);
  const md = r.meanDev(src, 20);
  const cci = map(n, (i) => (src[i]! - ma[i]!) / (0.015 * md[i]!));
  // ta.mfi: a comparison with na is false, so the first bar's flow counts on both sides.
  // a change within 1e-10 is no move (TradingView's tolerance, docs/adr/0304)
  const d = r.change(src).map((v) => (Math.abs(v) <= 1e-10 ? 0 : v));
  const up = r.sum(map(n, (i) => b.volume[i]! * (d[i]! <= 0 ? 0 : src[i]!)), 14);
  const dn = r.sum(map(n, (i) => b.volume[i]! * (d[i]! >= 0 ? 0 : src[i]!)), 14);
  // the reference's `upper / lower` is Pine's division: no down flow in the window (0) gives na
  const mfi = map(n, (i) => (up[i] === 0 && dn[i] === 0 ? 100 : 100 - 100 / (1 + (dn[i] === 0 ? NaN : up[i]! / dn[i]!))));
  const hh = r.highest(b.high, 14);
  const ll = r.lowest(b.low, 14);
  const wpr = map(n, (i) => (100 * (b.close[i]! - hh[i]!)) / (hh[i]! - ll[i]!));
  const k = r.sma(r.stoch(b.close, b.high, b.low, 14), 3);
  const vote = (v: number, mid: number): number => (Number.isNaN(v) ? 0 : r.pine.gt(v, mid) ? 1 : r.pine.lt(v, mid) ? -1 : 0);
  const score = map(n, (i) => vote(rsi[i]!, 50) + vote(cci[i]!, 0) + vote(mfi[i]!, 50) + vote(wpr[i]!, -50) + vote(k[i]!, 50));
  return { rsi, cci, mfi, williams_r: wpr, stochastic_k: k, score, verdict: score.map((s) => (s >= 3 ? 1 : s <= -3 ? -1 : 0)) };
}

function covariance(b: Bars): Record<string, Series> {
  const len = 20;
  const out = { close_variance: nans(b.length), close_high_covariance: nans(b.length), high_low_covariance: nans(b.length), total_variance: nans(b.length) };
  const ret = (x: ArrayLike<number>, j: number): number => x[j]! / x[j - 1]! - 1;
  for (let i = len; i < b.length; i++) {
    const cols = [b.close, b.high, b.low].map((x) => Array.from({ length: len }, (_, k) => ret(x, i - k)));
    const means = cols.map((c) => c.reduce((a, v) => a + v, 0) / len);
    const cov = (p: number, q: number): number => cols[p]!.reduce((a, v, k) => a + (v - means[p]!) * (cols[q]![k]! - means[q]!), 0) / len;
    out.close_variance[i] = cov(0, 0);
    out.close_high_covariance[i] = cov(0, 1);
    out.high_low_covariance[i] = cov(1, 2);
    out.total_variance[i] = cov(0, 0) + cov(1, 1) + cov(2, 2);
  }
  return out;
}

function maFamily(b: Bars): Record<string, Series> {
  const n = 21;
  const c = b.close;
  const swma = map(b.length, (i) => r.at(c, i - 3) / 6 + (r.at(c, i - 2) * 2) / 6 + (r.at(c, i - 1) * 2) / 6 + c[i]! / 6);
  const mas = [r.sma(c, n), r.ema(c, n), r.wma(c, n), r.hma(c, n), r.rma(c, n), r.vwma(c, b.volume, n), r.alma(c, n, 0.85, 6), swma, r.linreg(c, n, 0)];
  const out = { spread: nans(b.length), average_of_averages: nans(b.length), distance_from_the_median_average: nans(b.length), averages_under_the_close: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const v = mas.map((m) => m[i]!);
    out.averages_under_the_close[i] = v.filter((x) => r.pine.gt(c[i]!, x)).length;
    if (i < 2 * n) continue;
    const sorted = [...v].sort((p, q) => p - q);
    out.spread[i] = sorted[sorted.length - 1]! - sorted[0]!;
    out.average_of_averages[i] = v.reduce((a, x) => a + x, 0) / v.length;
    out.distance_from_the_median_average[i] = 100 * (c[i]! / sorted[4]! - 1);
  }
  return out;
}

function lastBarLabel(b: Bars): Expected {
  const rsi = r.rsi(b.close, 14);
  const hi = r.highest(b.high, 252);
  const share = map(b.length, (i) => b.close[i]! / hi[i]!);
  const last = b.length - 1;
  const oneDecimal = rsi[last]!.toFixed(1).replace(/\.0$/, "");
  const text = `RSI ${oneDecimal} | ${(share[last]! * 100).toFixed(0)}% of the high`;
  return { outputs: { rsi, share_of_the_52_week_high: share }, labels: [[last, b.high[last]!, text]] };
}

function udtStreaks(b: Bars): Record<string, Series> {
  const s = { up: { current: 0, longest: 0, move: 0 }, down: { current: 0, longest: 0, move: 0 } };
  const out = { up_streak: nans(b.length), down_streak: nans(b.length), longest_up_streak: nans(b.length), longest_down_streak: nans(b.length), move_of_the_current_streak: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const chg = b.close[i]! - r.at(b.close, i - 1);
    const key = chg > 0 ? "up" : chg < 0 ? "down" : "";
    for (const k of ["up", "down"] as const) {
      const x = s[k];
      if (k === key) {
        x.current++;
        x.move += chg;
        x.longest = Math.max(x.longest, x.current);
      } else {
        x.current = 0;
        x.move = 0;
      }
    }
    out.up_streak[i] = s.up.current;
    out.down_streak[i] = s.down.current;
    out.longest_up_streak[i] = s.up.longest;
    out.longest_down_streak[i] = s.down.longest;
    out.move_of_the_current_streak[i] = s.up.move + s.down.move;
  }
  return out;
}

function sampleStatistics(b: Bars): Record<string, Series> {
  const c = b.close;
  const n = 20;
  const win = (i: number, len: number): number[] | null => (i - len + 1 < 0 ? null : Array.from(c.subarray(i - len + 1, i + 1)));
  const out = { sample_deviation: nans(b.length), sample_variance: nans(b.length), sample_over_population: nans(b.length), mean_absolute_deviation: nans(b.length), mode_of_rounded_closes: nans(b.length), close_minus_median: nans(b.length), range: nans(b.length), percent_rank: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const w = win(i, n);
    if (w) {
      const m = w.reduce((a, v) => a + v, 0) / n;
      const ss = w.reduce((a, v) => a + (v - m) ** 2, 0);
      out.sample_deviation[i] = Math.sqrt(ss / (n - 1));
      out.sample_variance[i] = ss / (n - 1);
      out.sample_over_population[i] = Math.sqrt(ss / (n - 1)) / Math.sqrt(ss / n);
      out.mean_absolute_deviation[i] = w.reduce((a, v) => a + Math.abs(v - m), 0) / n;
      out.range[i] = Math.max(...w) - Math.min(...w);
    }
    const w21 = win(i, 21);
    if (w21) {
      // The most frequent rounded close; the smallest of equally frequent ones.
      const counts = new Map<number, number>();
      for (const v of w21) counts.set(Math.round(v), (counts.get(Math.round(v)) ?? 0) + 1);
      let mode = NaN;
      let best = 0;
      for (const [v, k] of counts) if (k > best || (k === best && v < mode)) [mode, best] = [v, k];
      out.mode_of_rounded_closes[i] = mode;
      out.close_minus_median[i] = c[i]! - [...w21].sort((p, q) => p - q)[10]!;
    }
    if (i >= 50) {
      let k = 0;
      for (let j = 1; j <= 50; j++) if (c[i - j]! <= c[i]!) k++;
      out.percent_rank[i] = (100 * k) / 50;
    }
  }
  return out;
}

function crossesAndTurns(b: Bars): Record<string, Series> {
  const fast = r.sma(b.close, 10);
  const slow = r.sma(b.close, 30);
  const crossed = map(b.length, (i) => (r.crossover(fast, slow, i) || r.crossunder(fast, slow, i) ? 1 : 0));
  const up = (i: number): boolean => b.close[i]! > b.open[i]!;
  const turned = map(b.length, (i) => (i > 0 && up(i) !== up(i - 1) ? 1 : 0));
  const out = { crossed, bars_since_a_cross: nans(b.length), close_at_the_third_last_cross: nans(b.length), candle_colour_changes_in_20_bars: r.sum(turned, 20), three_bar_direction: nans(b.length) };
  const crossBars: number[] = [];
  for (let i = 0; i < b.length; i++) {
    if (crossed[i]) crossBars.push(i);
    const last = crossBars[crossBars.length - 1];
    out.bars_since_a_cross[i] = last === undefined ? NaN : i - last;
    const third = crossBars[crossBars.length - 3];
    out.close_at_the_third_last_cross[i] = third === undefined ? NaN : b.close[third]!;
    // ta.rising/ta.falling(close, 3): the close rose (fell) on each of the last three bars (docs/adr/0330).
    let rising = i >= 3;
    let falling = i >= 3;
    for (let k = 0; k < 3 && i >= 3; k++) {
      rising = rising && b.close[i - k]! > b.close[i - k - 1]!;
      falling = falling && b.close[i - k]! < b.close[i - k - 1]!;
    }
    out.three_bar_direction[i] = rising ? 1 : falling ? -1 : 0;
  }
  return out;
}

function tupleDashboard(b: Bars): Record<string, Series> {
  const e12 = r.ema(b.close, 12);
  const e26 = r.ema(b.close, 26);
  const macd = map(b.length, (i) => e12[i]! - e26[i]!);
  const signal = r.ema(macd, 9);
  const hist = map(b.length, (i) => macd[i]! - signal[i]!);
  const basis = r.sma(b.close, 20);
  const sd = r.stdev(b.close, 20);
  const pctB = map(b.length, (i) => (b.close[i]! - (basis[i]! - 2 * sd[i]!)) / (4 * sd[i]!));
  const [plus, minus, adx] = r.dmi(b, 14, 14);
  const score = map(b.length, (i) => (hist[i]! > 0 ? 1 : -1) + (plus[i]! > minus[i]! ? 1 : -1) + (pctB[i]! > 0.5 ? 1 : -1));
  return {
    histogram: hist,
    tuple_identity: map(b.length, (i) => (Number.isNaN(hist[i]!) ? NaN : 0)),
    percent_b: pctB,
    adx,
    strong_trend_score: map(b.length, (i) => (adx[i]! > 25 ? score[i]! : 0)),
  };
}

function topRangeDays(b: Bars): Record<string, Series> {
  const out = { widest_range: nans(b.length), third_widest_range: nans(b.length), average_body_of_the_widest_days: nans(b.length), age_of_the_widest_day: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const days = [];
    for (let j = Math.max(0, i - 29); j <= i; j++) days.push({ bar: j, range: b.high[j]! - b.low[j]!, change: b.close[j]! - b.open[j]! });
    // Widest first by the script's insertion sort: a range not wider than the one before it (Pine's
    // tolerant `<`, equal within 1e-10) goes after it, so equal ranges keep their bar order.
    const ranked: typeof days = [];
    for (const d of days) {
      let pos = ranked.length;
      while (pos > 0 && r.pine.lt(ranked[pos - 1]!.range, d.range)) pos--;
      ranked.splice(pos, 0, d);
    }
    const n = Math.min(3, ranked.length);
    out.widest_range[i] = ranked[0]!.range;
    out.third_widest_range[i] = ranked[n - 1]!.range;
    out.average_body_of_the_widest_days[i] = ranked.slice(0, n).reduce((a, d) => a + d.change, 0) / n;
    out.age_of_the_widest_day[i] = i - ranked[0]!.bar;
  }
  return out;
}

function gapLogs(b: Bars): Expected {
  const out = { gap_percent: nans(b.length), gaps_reported: nans(b.length), record_high: nans(b.length) };
  const logs: Array<[number, string, string]> = [];
  let record = NaN;
  let gaps = 0;
  for (let i = 0; i < b.length; i++) {
    const gap = i > 0 ? (100 * (b.open[i]! - b.close[i - 1]!)) / b.close[i - 1]! : NaN;
    if (Math.abs(gap) >= 3) {
      gaps++;
      const pct = `${((Math.abs(gap) / 100) * 100).toFixed(0)}%`;
      const msg = `gap ${gap > 0 ? "up" : "down"} of ${pct} on bar ${i}`;
      logs.push([i, Math.abs(gap) >= 6 ? "error" : "warning", msg]);
    }
    if (Number.isNaN(record) || b.high[i]! > record) {
      if (!Number.isNaN(record) && i % 50 === 0) logs.push([i, "info", `new high ${String(b.high[i])}`]);
      record = b.high[i]!;
    }
    out.gap_percent[i] = gap;
    out.gaps_reported[i] = gaps;
    out.record_high[i] = record;
  }
  return { outputs: out, logs: logs.slice(0, 1000) };
}

function regimeBranches(b: Bars): Record<string, Series> {
  const a = r.atr(b, 14);
  const fast = r.ema(b.close, 20);
  const slow = r.ema(b.close, 50);
  const dir = map(b.length, (i) => (fast[i]! > slow[i]! ? 1 : fast[i]! < slow[i]! ? -1 : 0));
  const stop = map(b.length, (i) => (dir[i] === 1 ? b.close[i]! - 2.5 * a[i]! : dir[i] === -1 ? b.close[i]! + 2.5 * a[i]! : b.close[i]!));
  const names: Record<number, string> = { 1: "long", [-1]: "short", 0: "flat" };
  let equity = 100;
  const eq = map(b.length, (i) => {
    if (i > 0) equity *= 1 + dir[i - 1]! * (b.close[i]! / b.close[i - 1]! - 1);
    return equity;
  });
  return { direction: dir, stop, side_name_length: dir.map((d) => names[d]!.length), equity: eq };
}

function steppedLoops(b: Bars): Record<string, Series> {
  const c = b.close;
  const at = (i: number): number => r.at(c, i);
  const out = { every_other_close_average: nans(b.length), linearly_weighted_ten: nans(b.length), oldest_bar_followed_by_a_rise: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    let even = 0;
    for (let k = 0; k <= 19; k += 2) even += at(i - k);
    let w = 0;
    let ws = 0;
    for (let k = 9; k >= 0; k--) {
      w += at(i - k) * (10 - k);
      ws += 10 - k;
    }
    let first = -1;
    for (let k = 19; k >= 1; k--) {
      if (at(i - k) < at(i - k + 1)) {
        first = k;
        break;
      }
    }
    out.every_other_close_average[i] = even / 10;
    out.linearly_weighted_ten[i] = w / ws;
    out.oldest_bar_followed_by_a_rise[i] = first;
  }
  return out;
}

/** VWAP restarted on each bar where `period` changes (not on the first bar), and its deviation; na before the first restart. */
function restartedVwap(b: Bars, period: (t: number) => number, price: (i: number) => number): [Series, Series] {
  const v = nans(b.length);
  const sd = nans(b.length);
  let started = false;
  let pv = 0;
  let vol = 0;
  let p2v = 0;
  for (let i = 0; i < b.length; i++) {
    if (i > 0 && period(b.time[i]!) !== period(b.time[i - 1]!)) {
      started = true;
      pv = vol = p2v = 0;
    }
    if (!started) continue;
    const p = price(i);
    pv += p * b.volume[i]!;
    vol += b.volume[i]!;
    p2v += p * p * b.volume[i]!;
    v[i] = pv / vol;
    sd[i] = Math.sqrt(Math.max(0, p2v / vol - v[i]! * v[i]!));
  }
  return [v, sd];
}

function anchoredTuple(b: Bars): Record<string, Series> {
  const [w, sd] = restartedVwap(b, r.weekOf, (i) => (b.high[i]! + b.low[i]! + b.close[i]!) / 3);
  const [m] = restartedVwap(b, r.monthOf, (i) => b.close[i]!);
  const up = map(b.length, (i) => w[i]! + sd[i]!);
  const lo = map(b.length, (i) => w[i]! - sd[i]!);
  return {
    weekly_vwap: w,
    upper_band: up,
    lower_band: lo,
    monthly_vwap: m,
    band_position: map(b.length, (i) => (Number.isNaN(w[i]!) ? NaN : r.pine.gt(b.close[i]!, up[i]!) ? 1 : r.pine.lt(b.close[i]!, lo[i]!) ? -1 : 0)),
  };
}

function watchlist(b: Bars): Record<string, Series> {
  // "NASDAQ:AAPL, NYSE:IBM, MSFT, nasdaq:goog": four symbols, three with an exchange;
  // str.tostring of ["AAPL", "IBM", "MSFT", "GOOG"] is "[AAPL, IBM, MSFT, GOOG]" (23 characters).
  const text = (x: number): string => String(x);
  return {
    symbols: map(b.length, () => 4),
    with_an_exchange: map(b.length, () => 3),
    symbol_list_length: map(b.length, () => "[AAPL, IBM, MSFT, GOOG]".length),
    price_text_length: map(b.length, (i) => `[${[b.open[i]!, b.high[i]!, b.low[i]!, b.close[i]!].map(text).join(", ")}]`.length),
    close_read_back: map(b.length, () => 0),
  };
}

function methodsNamedArgs(b: Bars): Record<string, Series> {
  const trimmed = (w: number[], cut: number): number => {
    if (w.length <= 2 * cut) return NaN;
    const s = [...w].sort((p, q) => p - q);
    let t = 0;
    for (let i = cut; i <= s.length - cut - 1; i++) t += s[i]!;
    return t / (s.length - 2 * cut);
  };
  // ta.pivotlow(low, 3, 3) carried forward (fixnan): a candidate no higher than the 3 lows before and under the 3 after.
  const lows = b.low;
  let swing = NaN;
  const out = { trimmed_mean_close: nans(b.length), trimmed_mean_range: nans(b.length), close_third_rounded: nans(b.length), weekday_ish_code: nans(b.length), last_swing_low: nans(b.length), chart_days_per_bar: nans(b.length) };
  for (let i = 0; i < b.length; i++) {
    const from = Math.max(0, i - 29);
    out.trimmed_mean_close[i] = trimmed(Array.from(b.close.subarray(from, i + 1)), 2);
    out.trimmed_mean_range[i] = trimmed(Array.from({ length: i + 1 - from }, (_, k) => b.high[from + k]! - b.low[from + k]!), 5);
    out.close_third_rounded[i] = Math.round((b.close[i]! / 3) * 100) / 100;
    out.weekday_ish_code[i] = (i % 7) * 10;
    const c = i - 3;
    if (c - 3 >= 0) {
      let ok = true;
      for (let k = c - 3; k < c; k++) if (lows[k]! < lows[c]!) ok = false;
      for (let k = c + 1; k <= i; k++) if (lows[k]! <= lows[c]!) ok = false;
      if (ok) swing = lows[c]!;
    }
    out.last_swing_low[i] = swing;
    out.chart_days_per_bar[i] = 1;
  }
  return out;
}

export const STRUCTURES: Record<string, Check> = {
  "library_levels/": (b) => ({ outputs: fibLevels(b) }),
  "udt_trade_tracker.pine": (b) => ({ outputs: tradeTracker(b) }),
  "map_level_touches.pine": (b) => ({ outputs: levelTouches(b) }),
  "matrix_regression.pine": (b) => ({ outputs: matrixRegression(b) }),
  "enum_overloads.pine": (b) => ({ outputs: enumOverloads(b) }),
  "varip_month_counters.pine": (b) => ({ outputs: monthCounters(b) }),
  "while_record_age.pine": (b) => ({ outputs: recordAge(b) }),
  "switch_candle_patterns.pine": (b) => ({ outputs: candlePatterns(b) }),
  "str_change_text.pine": (b) => ({ outputs: changeText(b) }),
  "array_top_volume.pine": (b) => ({ outputs: topVolume(b) }),
  "ta_oscillator_votes.pine": (b) => ({ outputs: oscillatorVotes(b) }),
  "matrix_covariance.pine": (b) => ({ outputs: covariance(b) }),
  "ta_ma_family_spread.pine": (b) => ({ outputs: maFamily(b) }),
  "last_bar_label.pine": lastBarLabel,
  "map_udt_streaks.pine": (b) => ({ outputs: udtStreaks(b) }),
  "ta_sample_statistics.pine": (b) => ({ outputs: sampleStatistics(b) }),
  "ta_bool_change_cross.pine": (b) => ({ outputs: crossesAndTurns(b) }),
  "ta_tuple_dashboard.pine": (b) => ({ outputs: tupleDashboard(b) }),
  "udt_top_range_days.pine": (b) => ({ outputs: topRangeDays(b) }),
  "log_gap_alerts.pine": gapLogs,
  "tuple_regime_branches.pine": (b) => ({ outputs: regimeBranches(b) }),
  "for_step_loops.pine": (b) => ({ outputs: steppedLoops(b) }),
  "vwap_anchored_tuple.pine": (b) => ({ outputs: anchoredTuple(b) }),
  "str_watchlist_parse.pine": (b) => ({ outputs: watchlist(b) }),
  "methods_named_args.pine": (b) => ({ outputs: methodsNamedArgs(b) }),
};
