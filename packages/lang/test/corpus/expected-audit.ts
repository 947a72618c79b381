// Expected outputs of the breadth audit's scripts (in the style of popular public indicators:
// weekly values with gaps and fixnan, valuewhen and barssince, a switch returning a tuple, marks
// with plotshape/plotchar/plotarrow, indicator(timeframe = ...), enum titles, methods called as
// functions, maps, monthly anchors, a bounded while over history, rounding helpers, MACD zero
// crosses, array.from weights): plain loops of reference.ts, sharing no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import { weekly } from "./bar-groups";
import { place } from "./expected-mtf";
import * as r from "./reference";

type Series = r.Series;
const { map, at } = r;
const WEEK = 7 * 86400;

/** The last index j <= i where `cond(j)` holds, per bar (-1 for none). */
function lastWhere(n: number, cond: (i: number) => boolean): Int32Array {
  const out = new Int32Array(n);
  let last = -1;
  for (let i = 0; i < n; i++) {
    if (cond(i)) last = i;
    out[i] = last;
  }
  return out;
}

/** ta.valuewhen(cond, x, occurrence): x on the occurrence-th most recent bar where cond held. */
function valuewhen(n: number, cond: (i: number) => boolean, x: ArrayLike<number>, occurrence: number): Series {
  const hits: number[] = [];
  return map(n, (i) => {
    if (cond(i)) hits.push(i);
    const k = hits.length - 1 - occurrence;
    return k >= 0 ? x[hits[k]!]! : NaN;
  });
}

/** ta.barssince(cond): bars since cond last held, na before it first holds. */
function barssince(n: number, cond: (i: number) => boolean): Series {
  const last = lastWhere(n, cond);
  return map(n, (i) => (last[i]! < 0 ? NaN : i - last[i]!));
}

function fixnan(x: ArrayLike<number>): Series {
  let last = NaN;
  return map(x.length, (i) => (Number.isNaN(x[i]!) ? last : (last = x[i]!)));
}

const shown = (n: number, f: (i: number) => boolean): Series => map(n, (i) => (f(i) ? 1 : NaN));

/** MACD 12/26 and its 9-EMA signal. */
function macd(b: Bars): [Series, Series] {
  const fast = r.ema(b.close, 12);
  const slow = r.ema(b.close, 26);
  const m = map(b.length, (i) => fast[i]! - slow[i]!);
  return [m, r.ema(m, 9)];
}

export const AUDIT: Record<string, Check> = {
  "mtf_gaps_fixnan_valuewhen.pine": (b) => {
    const w = weekly(b);
    const gapped = place(b, w, WEEK, w.close, false, true);
    const s = r.sma(b.close, 20);
    const cross = (i: number): boolean => r.crossover(b.close, s, i);
    return {
      outputs: {
        gapped,
        filled: fixnan(gapped),
        last_cross: valuewhen(b.length, cross, b.close, 0),
        previous_cross: valuewhen(b.length, cross, b.close, 1),
        bars_since: barssince(b.length, cross),
      },
    };
  },
  "ma_type_tuple_band.pine": (b) => {
    const basis = r.ema(b.close, 20);
    const width = r.stdev(b.close, 20);
    return { outputs: { basis, upper: map(b.length, (i) => basis[i]! + 2 * width[i]!), lower: map(b.length, (i) => basis[i]! - 2 * width[i]!) } };
  },
  "ema_cross_marks.pine": (b) => {
    const fast = r.ema(b.close, 9);
    const slow = r.ema(b.close, 21);
    const up = (i: number): boolean => r.crossover(fast, slow, i);
    const dn = (i: number): boolean => r.crossunder(fast, slow, i);
    return {
      outputs: {
        up: shown(b.length, up),
        down: shown(b.length, dn),
        // plotchar at location.absolute: the price it is drawn at (docs/adr/0162-plotshape-absolute-value.md)
        up_char: map(b.length, (i) => (up(i) ? b.low[i]! : NaN)),
        arrows: map(b.length, (i) => (up(i) ? 1 : dn(i) ? -1 : NaN)),
        fast,
        slow,
      },
    };
  },
  "indicator_timeframe_weekly_rsi.pine": (b) => {
    const w = weekly(b);
    return { outputs: { rsi: place(b, w, WEEK, r.rsi(w.close, 14), false) } };
  },
  "candle_streaks.pine": (b) => {
    const up = (i: number): boolean => b.close[i]! > b.open[i]!;
    const dn = (i: number): boolean => b.close[i]! < b.open[i]!;
    const upStreak = barssince(b.length, (i) => !up(i));
    const dnStreak = barssince(b.length, (i) => !dn(i));
    let ups = 0;
    return {
      outputs: {
        up_streak: upStreak,
        down_streak: map(b.length, (i) => -dnStreak[i]!),
        percent_up_bars: map(b.length, (i) => ((ups += up(i) ? 1 : 0) / (i + 1)) * 100),
      },
    };
  },
  "enum_source_title.pine": (b) => ({
    // the default member `Src.hl` is the source hl2; its title "HL2" has 3 characters
    outputs: { sma_of_source: r.sma(map(b.length, (i) => (b.high[i]! + b.low[i]!) / 2), 10), name_length: map(b.length, () => 3) },
  }),
  "method_function_form.pine": (b) => {
    let s = 0;
    const mean = map(b.length, (i) => (s += b.close[i]!) / (i + 1));
    return { outputs: { running_mean: mean, same_dot_form: mean } };
  },
  "map_candle_kinds.pine": (b) => {
    const seen = new Map<string, number>();
    const up: number[] = [];
    const down: number[] = [];
    const kinds: number[] = [];
    const flat: number[] = [];
    for (let i = 0; i < b.length; i++) {
      const k = b.close[i]! > b.open[i]! ? "up" : b.close[i]! < b.open[i]! ? "down" : "flat";
      seen.set(k, (seen.get(k) ?? 0) + 1);
      up.push(seen.get("up") ?? 0);
      down.push(seen.get("down") ?? 0);
      kinds.push(seen.size);
      flat.push(seen.has("flat") ? 1 : 0);
    }
    return { outputs: { up: Float64Array.from(up), down: Float64Array.from(down), kinds: Float64Array.from(kinds), has_flat: Float64Array.from(flat) } };
  },
  "month_open_range.pine": (b) => {
    let o = NaN;
    let h = NaN;
    let l = NaN;
    const open: number[] = [];
    const change: number[] = [];
    const range: number[] = [];
    for (let i = 0; i < b.length; i++) {
      // a new calendar month (UTC, as daily bars are dated) from the second bar on; math.max/min with na are na
      if (i > 0 && r.monthOf(b.time[i]!) !== r.monthOf(b.time[i - 1]!)) {
        o = b.open[i]!;
        h = b.high[i]!;
        l = b.low[i]!;
      } else {
        h = Number.isNaN(h) ? NaN : Math.max(h, b.high[i]!);
        l = Number.isNaN(l) ? NaN : Math.min(l, b.low[i]!);
      }
      open.push(o);
      change.push(((b.close[i]! - o) / o) * 100);
      range.push(h - l);
    }
    return { outputs: { month_open: Float64Array.from(open), month_change: Float64Array.from(change), month_range: Float64Array.from(range) } };
  },
  "new_high_lookback.pine": (b) => ({
    outputs: {
      lookback_of_new_high: map(b.length, (i) => {
        let k = 1;
        while (k < 200 && i - k >= 0 && b.close[i - k]! < b.close[i]!) k++;
        return k;
      }),
    },
  }),
  "math_rounding_helpers.pine": (b) => {
    const s = r.sma(b.close, 7);
    const rsi = r.rsi(b.close, 14);
    return {
      outputs: {
        // a 7-bar mean of prices in cents is never half a cent: no tie to break
        sma_to_tick: map(b.length, (i) => Math.round(s[i]! * 100) / 100),
        rsi_rounded: map(b.length, (i) => Math.round(rsi[i]! * 10) / 10),
        average_price: map(b.length, (i) => (b.open[i]! + b.high[i]! + b.low[i]! + b.close[i]!) / 4),
        sign: map(b.length, (i) => Math.sign(b.close[i]! - at(b.close, i - 1))),
        prev_close: map(b.length, (i) => (i === 0 ? b.close[0]! : b.close[i - 1]!)),
      },
    };
  },
  "macd_zero_crosses.pine": (b) => {
    const [m, s] = macd(b);
    let crosses = 0;
    const count = map(b.length, (i) => (crosses += (m[i]! > 0 && at(m, i - 1) <= 0) || (m[i]! < 0 && at(m, i - 1) >= 0) ? 1 : 0));
    return { outputs: { macd: m, signal: s, hist: map(b.length, (i) => m[i]! - s[i]!), zero_crosses: count } };
  },
  "array_from_weights.pine": (b) => ({
    outputs: {
      weighted_close: map(b.length, (i) => 0.5 * b.close[i]! + 0.3 * at(b.close, i - 1) + 0.2 * at(b.close, i - 2)),
      updates: map(b.length, (i) => i + 1),
      weight_sum: map(b.length, () => 1),
    },
  }),
  "hull_half_length.pine": (b) => {
    // 21 / 2 = 10.5 taken as 10 by ta.wma's int length; floor(sqrt(21)) = 4
    const half = r.wma(b.close, 10);
    const full = r.wma(b.close, 21);
    const size = (i: number): number => Math.min(i + 1, 21);
    return {
      outputs: {
        hull: r.wma(map(b.length, (i) => 2 * half[i]! - full[i]!), 4),
        half_length_wma: half,
        middle_of_the_window: map(b.length, (i) => b.close[i - size(i) + 1 + Math.floor(size(i) / 2)]!),
        half_length: map(b.length, () => 10.5),
      },
    };
  },
  "library_stats_function_form/": (b) => {
    let n = 0;
    let sum = 0;
    let sumSq = 0;
    const mean: number[] = [];
    const sd: number[] = [];
    const z: number[] = [];
    const count: number[] = [];
    for (let i = 0; i < b.length; i++) {
      const x = ((b.close[i]! / at(b.close, i - 1)) - 1) * 100;
      if (!Number.isNaN(x)) {
        n++;
        sum += x;
        sumSq += x * x;
      }
      const m = n > 0 ? sum / n : NaN;
      const d = n > 0 ? Math.sqrt(Math.max(sumSq / n - m * m, 0)) : NaN;
      mean.push(m);
      sd.push(d);
      z.push(d > 0 ? (x - m) / d : NaN);
      count.push(n);
    }
    return { outputs: { mean_return: Float64Array.from(mean), return_stdev: Float64Array.from(sd), z_score: Float64Array.from(z), count: Float64Array.from(count) } };
  },
};
