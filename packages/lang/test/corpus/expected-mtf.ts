// Expected outputs of the multi-timeframe scripts: weeks grouped here from the daily rows
// (Monday 00:00 UTC, as the bar store's 1w bars), the requested expression computed with
// reference.ts's loops over those weeks (or over MSFT's daily rows), then placed on chart bars
// by TradingView's historical rule for request.security (docs/reference: "Other symbols and
// timeframes"): lookahead off shows the last context bar closed by the chart bar's close (a week
// closes when the next chart bar opens in a later week; the last bar's week is still open),
// lookahead on the bar containing the chart bar; gaps on keeps only the chart bar where a new
// context bar first appears. Shares no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import * as r from "./reference";
import { readFileSync } from "fs";
import { join } from "path";
import { weekly as weeks } from "./bar-groups";

type Series = r.Series;
const { map, at } = r;
const WEEK = 7 * 86400;
const DAY = 86400;

/** MSFT's daily rows (packages/marketdata/demo/MSFT.csv, Yahoo layout), in date order. */
function msftDaily(): Bars {
  const rows = readFileSync(join(__dirname, "../../../marketdata/demo/MSFT.csv"), "utf8")
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(","))
    .sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  const col = (k: number): Series => Float64Array.from(rows, (row) => Number(row[k]));
  return { length: rows.length, time: Float64Array.from(rows, (row) => Date.parse(`${row[0]}T00:00:00Z`) / 1000), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}
let msftCache: Bars | null = null;
export const msft = (): Bars => (msftCache ??= msftDaily());

/** Index of the last context bar opening at or before `t` (-1 for none). */
function lastAtOrBefore(ctx: Bars, t: number): number {
  let lo = 0;
  let hi = ctx.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (ctx.time[mid]! <= t) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

/**
 * Per chart bar, the context bar it sees. `span` is the context bar's length in seconds (a day,
 * a week); a daily chart bar closes one day after it opens.
 */
function seen(chart: Bars, ctx: Bars, span: number, lookahead: boolean): Int32Array {
  const out = new Int32Array(chart.length);
  for (let i = 0; i < chart.length; i++) {
    const k = lastAtOrBefore(ctx, chart.time[i]!);
    if (lookahead || k < 0) {
      out[i] = k;
      continue;
    }
    const end = ctx.time[k]! + span;
    const closedByBar = chart.time[i]! + DAY >= end;
    const closedByNext = i + 1 < chart.length && chart.time[i + 1]! >= end;
    out[i] = closedByBar || closedByNext ? k : k - 1;
  }
  return out;
}

/** The context values the chart bars see; with `gaps`, only where the seen bar changes. */
export function place(chart: Bars, ctx: Bars, span: number, values: ArrayLike<number>, lookahead: boolean, gaps = false): Series {
  const idx = seen(chart, ctx, span, lookahead);
  return map(chart.length, (i) => {
    const k = idx[i]!;
    if (k < 0) return NaN;
    if (gaps && i > 0 && idx[i - 1] === k) return NaN;
    return values[k]!;
  });
}

const shift = (x: ArrayLike<number>, n: number): Series => map(x.length, (i) => at(x, i - n));
const roc = (x: ArrayLike<number>, n: number): Series => map(x.length, (i) => (100 * (x[i]! - at(x, i - n))) / at(x, i - n));

/** Pearson's correlation over each window (na when the window holds na). */
function correlation(x: ArrayLike<number>, y: ArrayLike<number>, n: number): Series {
  return map(x.length, (i) => {
    if (i - n + 1 < 0) return NaN;
    let sx = 0;
    let sy = 0;
    for (let k = i - n + 1; k <= i; k++) {
      sx += x[k]!;
      sy += y[k]!;
    }
    const mx = sx / n;
    const my = sy / n;
    let cov = 0;
    let vx = 0;
    let vy = 0;
    for (let k = i - n + 1; k <= i; k++) {
      cov += (x[k]! - mx) * (y[k]! - my);
      vx += (x[k]! - mx) ** 2;
      vy += (y[k]! - my) ** 2;
    }
    return cov / Math.sqrt(vx * vy);
  });
}

function zone(x: number): number {
  return Number.isNaN(x) ? 0 : x >= 70 ? 2 : x >= 50 ? 1 : x > 30 ? -1 : -2;
}

export const MTF: Record<string, Check> = {
  "mtf_rsi_screener.pine": (b) => {
    const m = msft();
    const w = weeks(b);
    const otherRsi = place(b, m, DAY, r.rsi(m.close, 14), false);
    const otherClose = place(b, m, DAY, m.close, false);
    const own = r.rsi(b.close, 14);
    const best = map(b.length, (i) => (Number.isNaN(otherRsi[i]!) || own[i]! >= otherRsi[i]! ? own[i]! : otherRsi[i]!));
    const bestIsOwn = map(b.length, (i) => (Number.isNaN(otherRsi[i]!) || own[i]! >= otherRsi[i]! ? 1 : 0));
    return {
      outputs: {
        other_rsi: otherRsi,
        own_rsi_through_the_request_minus_direct: own.map((x) => x - x),
        higher_timeframe_rsi: place(b, w, WEEK, r.rsi(w.close, 14), false),
        zones: map(b.length, (i) => zone(own[i]!) * 10 + zone(otherRsi[i]!)),
        strongest_rsi: best,
        strongest_is_the_chart: bestIsOwn,
        price_ratio: map(b.length, (i) => b.close[i]! / otherClose[i]!),
      },
    };
  },
  "mtf_breadth_agreement.pine": (b) => {
    const m = msft();
    // A bool request before the other symbol's first bar is false (a v6 bool is never na).
    const otherUp = place(b, m, DAY, map(m.length, (k) => (m.close[k]! > m.open[k]! ? 1 : 0)), false).map((x) => (x === 1 ? 1 : 0));
    const seen = place(b, m, DAY, map(m.length, () => 4), false);
    const agree = map(b.length, (i) => ((b.close[i]! > b.open[i]! ? 1 : 0) === otherUp[i] ? 1 : 0));
    const sum = r.sum(agree, 20);
    let streak = 0;
    return {
      outputs: {
        other_up: otherUp,
        agreement_rate: sum.map((x) => (100 * x) / 20),
        agreement_streak: agree.map((x) => (streak = x === 1 ? streak + 1 : 0)),
        other_name_length: seen,
      },
    };
  },
  "mtf_other_symbol_gaps.pine": (b) => {
    const m = msft();
    const mw = weeks(m);
    const fresh = place(b, m, DAY, m.close, false, true);
    const prevWeekClose = place(b, mw, WEEK, shift(mw.close, 1), true);
    let count = 0;
    let last = NaN;
    const counts = new Float64Array(b.length);
    const change = map(b.length, (i) => {
      if (!Number.isNaN(fresh[i]!)) {
        count++;
        last = fresh[i]!;
      }
      counts[i] = count % 50;
      return 100 * (last / prevWeekClose[i]! - 1);
    });
    return {
      outputs: {
        new_close: fresh,
        week_high_lookahead: place(b, mw, WEEK, mw.high, true),
        week_low_lookahead: place(b, mw, WEEK, mw.low, true),
        previous_week_close: prevWeekClose,
        change_over_the_previous_week: change,
        new_closes_modulo_50: counts,
      },
    };
  },
  "mtf_dashboard_tuple.pine": (b) => {
    const w = weeks(b);
    const wEma = place(b, w, WEEK, r.ema(w.close, 10), false);
    const wRsi = place(b, w, WEEK, r.rsi(w.close, 14), false);
    const hi = place(b, w, WEEK, shift(w.high, 1), true);
    const lo = place(b, w, WEEK, shift(w.low, 1), true);
    const score = map(b.length, (i) => {
      const c = b.close[i]!;
      return (c > wEma[i]! ? 1 : -1) + (wRsi[i]! > 50 ? 1 : -1) + (c > hi[i]! ? 1 : c < lo[i]! ? -1 : 0);
    });
    const state = score.map((s) => (s >= 2 ? 1 : s <= -2 ? -1 : 0));
    return { outputs: { weekly_ema: wEma, weekly_rsi: wRsi, previous_week_high: hi, previous_week_low: lo, score, state } };
  },
  "mtf_relative_strength.pine": (b) => {
    const m = msft();
    const other = place(b, m, DAY, m.close, false);
    const ratio = map(b.length, (i) => b.close[i]! / other[i]!);
    const ratioMa = r.sma(ratio, 20);
    const out = map(b.length, (i) => (ratio[i]! > ratioMa[i]! ? 1 : 0));
    let streak = 0;
    const streaks = map(b.length, (i) => (streak = out[i] === 1 ? streak + 1 : 0));
    return { outputs: { other_close: other, ratio, ratio_average: ratioMa, correlation: correlation(b.close, other, 50), outperforming: out, streak: streaks } };
  },
  "mtf_weekly_gaps.pine": (b) => {
    const w = weeks(b);
    const newClose = place(b, w, WEEK, w.close, false, true);
    const weekOpen = place(b, w, WEEK, w.open, true, true);
    const range = place(b, w, WEEK, map(w.length, (k) => w.high[k]! - w.low[k]!), false, true);
    let last = NaN;
    let lastRange = NaN;
    const distance = map(b.length, (i) => {
      if (!Number.isNaN(newClose[i]!)) last = newClose[i]!;
      return b.close[i]! - last;
    });
    const position = map(b.length, (i) => {
      if (!Number.isNaN(range[i]!)) lastRange = range[i]!;
      return lastRange > 0 ? distance[i]! / lastRange : NaN;
    });
    return { outputs: { weekly_close_arrives: newClose, week_open: weekOpen, distance_from_last_weekly_close: distance, distance_in_weekly_ranges: position } };
  },
  "mtf_other_weekly_roc.pine": (b) => {
    const w = weeks(b);
    const mw = weeks(msft());
    const ownRoc = roc(w.close, 8);
    const otherRoc = roc(mw.close, 8);
    const own = place(b, w, WEEK, ownRoc, false);
    const ownMa = place(b, w, WEEK, r.sma(ownRoc, 4), false);
    const other = place(b, mw, WEEK, otherRoc, false);
    const otherMa = place(b, mw, WEEK, r.sma(otherRoc, 4), false);
    const spread = map(b.length, (i) => own[i]! - other[i]!);
    return {
      outputs: {
        own_weekly_roc: own,
        own_weekly_roc_average: ownMa,
        other_weekly_roc: other,
        other_weekly_roc_average: otherMa,
        spread,
        leader: spread.map((s) => (Number.isNaN(s) ? 0 : s > 0 ? 1 : -1)),
      },
    };
  },
  "mtf_htf_filter.pine": (b) => {
    const w = weeks(b);
    const htfEma = place(b, w, WEEK, shift(r.ema(w.close, 20), 1), true);
    const htfClose = place(b, w, WEEK, shift(w.close, 1), true);
    const bias = map(b.length, (i) => (htfClose[i]! > htfEma[i]! ? 1 : htfClose[i]! < htfEma[i]! ? -1 : 0));
    const fast = r.ema(b.close, 9);
    const slow = r.ema(b.close, 21);
    let p = 0;
    const position = map(b.length, (i) => {
      if (r.crossover(fast, slow, i) && bias[i] === 1) p = 1;
      else if (r.crossunder(fast, slow, i) && bias[i] === -1) p = -1;
      else if (bias[i] === 0) p = 0;
      return p;
    });
    return { outputs: { weekly_ema_finished_weeks: htfEma, last_weekly_close: htfClose, bias, fast, slow, position } };
  },
};
