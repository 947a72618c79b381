// Expected outputs of the session scripts, over SPY's one-minute bars of January 2011 (times
// read as UTC; New York is UTC-5 all that month, so 09:30-16:00 ET is 14:30-21:00 UTC). A
// session string's range starts inclusive and ends exclusive at the bar's open time in the
// exchange's zone; an overnight range belongs to the day it starts on (docs/reference: sessions).
// Shares no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check, Expected } from "./expected";
import * as r from "./reference";

type Series = r.Series;
const { map } = r;
const EST = 5 * 3600;

/** Minute of the New York day and the New York weekday (0 = Sunday) of bar `i`. */
const minuteOf = (b: Bars, i: number): number => Math.floor((((b.time[i]! - EST) % 86400) + 86400) % 86400 / 60);
const weekdayOf = (b: Bars, i: number): number => new Date((b.time[i]! - EST) * 1000).getUTCDay();
const nyDay = (b: Bars, i: number): number => Math.floor((b.time[i]! - EST) / 86400);
const inRange = (b: Bars, i: number, from: number, to: number): boolean => {
  const m = minuteOf(b, i);
  return m >= from && m < to;
};
const flags = (b: Bars, f: (i: number) => boolean): boolean[] => Array.from({ length: b.length }, (_, i) => f(i));
const prevTrue = (x: boolean[], i: number): boolean => i > 0 && x[i - 1]!;

function openingRange(b: Bars): Record<string, Series> {
  const inOr = flags(b, (i) => inRange(b, i, 570, 600));
  const inRth = flags(b, (i) => inRange(b, i, 570, 960));
  const out = { or_high: map(b.length, () => NaN), or_low: map(b.length, () => NaN), or_mid: map(b.length, () => NaN), breakout: map(b.length, () => 0), breakouts_today: map(b.length, () => 0), in_opening_range: map(b.length, (i) => (inOr[i] ? 1 : 0)) };
  let hi = NaN;
  let lo = NaN;
  let state = 0;
  let count = 0;
  for (let i = 0; i < b.length; i++) {
    if (inOr[i] && !prevTrue(inOr, i)) {
      hi = b.high[i]!;
      lo = b.low[i]!;
      state = 0;
      count = 0;
    } else if (inOr[i]) {
      hi = Math.max(hi, b.high[i]!);
      lo = Math.min(lo, b.low[i]!);
    }
    if (inRth[i] && !inOr[i]) {
      const next = b.close[i]! > hi ? 1 : b.close[i]! < lo ? -1 : state;
      if (next !== state) count++;
      state = next;
    }
    if (inRth[i]) {
      out.or_high[i] = hi;
      out.or_low[i] = lo;
      out.or_mid[i] = (hi + lo) / 2;
    }
    out.breakout[i] = state;
    out.breakouts_today[i] = count;
  }
  return out;
}

function dayLevels(b: Bars): Record<string, Series> {
  const names = ["day_high", "day_low", "previous_day_close", "change_from_previous_close", "rth_volume", "bars_today", "position_in_day_range"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  let hi = NaN;
  let lo = NaN;
  let prev = NaN;
  let last = NaN;
  let vol = 0;
  let count = 0;
  for (let i = 0; i < b.length; i++) {
    if (i === 0 || nyDay(b, i) !== nyDay(b, i - 1)) {
      prev = last;
      hi = b.high[i]!;
      lo = b.low[i]!;
      vol = 0;
      count = 0;
    } else {
      hi = Math.max(hi, b.high[i]!);
      lo = Math.min(lo, b.low[i]!);
    }
    count++;
    if (inRange(b, i, 570, 960)) vol += b.volume[i]!;
    last = b.close[i]!;
    const values = [hi, lo, prev, b.close[i]! - prev, vol, count, hi > lo ? (b.close[i]! - lo) / (hi - lo) : 0.5];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return out;
}

function overnightRange(b: Bars): Record<string, Series> {
  // 19:00-03:00 starting Monday to Friday: from 19:00 on a weekday, or before 03:00 the day after one.
  const inNight = flags(b, (i) => {
    const m = minuteOf(b, i);
    const d = weekdayOf(b, i);
    return (m >= 1140 && d >= 1 && d <= 5) || (m < 180 && ((d + 6) % 7) >= 1 && ((d + 6) % 7) <= 5);
  });
  const names = ["overnight_high_so_far", "overnight_low_so_far", "last_overnight_high", "last_overnight_low", "against_last_overnight_range", "in_utc_window", "nights_modulo_5"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  let hi = NaN;
  let lo = NaN;
  let lastHi = NaN;
  let lastLo = NaN;
  let nights = 0;
  for (let i = 0; i < b.length; i++) {
    const started = inNight[i] && !prevTrue(inNight, i);
    const ended = !inNight[i] && prevTrue(inNight, i);
    if (started) {
      hi = b.high[i]!;
      lo = b.low[i]!;
    } else if (inNight[i]) {
      hi = Math.max(hi, b.high[i]!);
      lo = Math.min(lo, b.low[i]!);
    }
    if (ended) {
      lastHi = hi;
      lastLo = lo;
      nights++;
    }
    const utcMinute = Math.floor((b.time[i]! % 86400) / 60);
    const c = b.close[i]!;
    const values = [inNight[i] ? hi : NaN, inNight[i] ? lo : NaN, lastHi, lastLo, c > lastHi ? 1 : c < lastLo ? -1 : 0, utcMinute >= 870 && utcMinute < 900 ? 1 : 0, nights % 5];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return out;
}

function rthVwap(b: Bars): Record<string, Series> {
  const inRth = flags(b, (i) => inRange(b, i, 570, 960));
  const names = ["rth_vwap", "day_vwap", "session_ema", "distance_from_rth_vwap"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  let pv = 0;
  let v = 0;
  let dpv = 0;
  let dv = 0;
  let ema = NaN;
  const alpha = 2 / 31;
  for (let i = 0; i < b.length; i++) {
    const p = (b.high[i]! + b.low[i]! + b.close[i]!) / 3;
    if (inRth[i] && !prevTrue(inRth, i)) pv = v = 0;
    if (inRth[i]) {
      pv += p * b.volume[i]!;
      v += b.volume[i]!;
      ema = Number.isNaN(ema) ? b.close[i]! : alpha * b.close[i]! + (1 - alpha) * ema;
    }
    // ta.vwap starts again at midnight in the exchange's zone.
    if (i === 0 || nyDay(b, i) !== nyDay(b, i - 1)) dpv = dv = 0;
    dpv += p * b.volume[i]!;
    dv += b.volume[i]!;
    const vwap = inRth[i] && v > 0 ? pv / v : NaN;
    const values = [vwap, dpv / dv, inRth[i] ? ema : NaN, inRth[i] ? b.close[i]! - vwap : NaN];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return out;
}

function weekdayFilter(b: Bars): Record<string, Series> {
  const names = ["session", "day_of_week", "monday_mean_return_bp", "midweek_mean_return_bp"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  let monSum = 0;
  let monBars = 0;
  let midSum = 0;
  let midBars = 0;
  for (let i = 0; i < b.length; i++) {
    const d = weekdayOf(b, i);
    const rth = inRange(b, i, 570, 960);
    const mon = rth && d === 1;
    const mid = rth && d >= 2 && d <= 4;
    const ret = i > 0 ? Math.log(b.close[i]! / b.close[i - 1]!) : NaN;
    if (mon && !Number.isNaN(ret)) {
      monSum += ret;
      monBars++;
    }
    if (mid && !Number.isNaN(ret)) {
      midSum += ret;
      midBars++;
    }
    const values = [mon ? 1 : mid ? 2 : 0, d + 1, monBars > 0 ? (10000 * monSum) / monBars : NaN, midBars > 0 ? (10000 * midSum) / midBars : NaN];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return out;
}

function hourlyVolume(b: Bars): Record<string, Series> {
  const names = ["hour", "average_volume_this_hour", "volume_against_the_hour_s_average", "busiest_hour", "hours_seen"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  const vol = new Map<number, number>();
  const count = new Map<number, number>();
  for (let i = 0; i < b.length; i++) {
    const h = Math.floor(minuteOf(b, i) / 60);
    vol.set(h, (vol.get(h) ?? 0) + b.volume[i]!);
    count.set(h, (count.get(h) ?? 0) + 1);
    const avg = vol.get(h)! / count.get(h)!;
    let busiest = -1;
    let best = 0;
    for (const [k, v] of vol) {
      const a = v / count.get(k)!;
      if (a > best) {
        busiest = k;
        best = a;
      }
    }
    const values = [h, avg, b.volume[i]! / avg, busiest, vol.size];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return out;
}

interface OrBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  text: string;
}

function openingRangeBoxes(b: Bars): Expected {
  const inOr = flags(b, (i) => inRange(b, i, 570, 600));
  const inRth = flags(b, (i) => inRange(b, i, 570, 960));
  const names = ["opening_range_width", "boxes", "outside_the_range"];
  const out = Object.fromEntries(names.map((k) => [k, new Float64Array(b.length)]));
  const boxes: OrBox[] = [];
  let cur: OrBox | null = null;
  for (let i = 0; i < b.length; i++) {
    if (inOr[i] && !prevTrue(inOr, i)) {
      cur = { left: i, top: b.high[i]!, right: i, bottom: b.low[i]!, text: String(new Date((b.time[i]! - EST) * 1000).getUTCDate()) };
      boxes.push(cur);
      if (boxes.length > 5) boxes.shift();
    } else if (inOr[i] && cur) {
      cur.top = Math.max(cur.top, b.high[i]!);
      cur.bottom = Math.min(cur.bottom, b.low[i]!);
      cur.right = i;
    } else if (inRth[i] && cur) cur.right = i;
    const c = b.close[i]!;
    const values = [cur ? cur.top - cur.bottom : NaN, boxes.length, inRth[i] && cur ? (c > cur.top ? 1 : c < cur.bottom ? -1 : 0) : 0];
    names.forEach((k, j) => (out[k]![i] = values[j]!));
  }
  return { outputs: out, boxes: boxes.map((x): [number, number, number, number, string] => [x.left, x.top, x.right, x.bottom, x.text]) };
}

export const SESSION_SCRIPTS: string[] = ["session_hourly_volume.pine", "session_or_boxes.pine", "session_weekday_filter.pine", "session_day_levels.pine", "session_opening_range.pine", "session_overnight_range.pine", "session_rth_vwap.pine"];

export const SESSIONS: Record<string, Check> = {
  "session_weekday_filter.pine": (b) => ({ outputs: weekdayFilter(b) }),
  "session_hourly_volume.pine": (b) => ({ outputs: hourlyVolume(b) }),
  "session_or_boxes.pine": openingRangeBoxes,
  "session_opening_range.pine": (b) => ({ outputs: openingRange(b) }),
  "session_day_levels.pine": (b) => ({ outputs: dayLevels(b) }),
  "session_overnight_range.pine": (b) => ({ outputs: overnightRange(b) }),
  "session_rth_vwap.pine": (b) => ({ outputs: rthVwap(b) }),
};
