// Sessions: the trading hours of an instrument ("0930-1600" in its exchange's time zone, "24x7")
// and Pine's session strings ("0930-1600:23456", "1700-0900", "0930-1200,1300-1600"), as
// TradingView reads them: times HHmm in the exchange's zone (or the given one); days 1 = Sunday ...
// 7 = Saturday, all seven when omitted; a range whose end is not after its start runs overnight
// and belongs to the day it starts on. `time(timeframe, session)` is na outside the session;
// `session.*` tell where a bar stands in the instrument's own session.

import { builtinFunction, builtinVariable, constants, type CallEmit, type LookbackRule, type WrittenArg } from "../builtins/record";
import { fail } from "../runtime/errors";
import { wall, zone } from "./time-zones";
import { FIRST_MONDAY, pineTimeframe, tradingDaysPeriod, type TfUnit } from "./timeframe-units";

interface Session {
  /** [start, end) in minutes of the day; end <= start: overnight. */
  ranges: Array<[number, number]>;
  /** Days (1 = Sunday ... 7 = Saturday) a range may start on. */
  days: boolean[];
  always: boolean;
}

const parsed = new Map<string, Session | null>();

/** A session string, or null when it is not one. */
export function parseSession(text: string | null): Session | null {
  if (text === null) return null;
  const cached = parsed.get(text);
  if (cached !== undefined) return cached;
  let s: Session | null = null;
  const t = text.trim();
  if (t === "24x7" || t === "") s = { ranges: [[0, 0]], days: new Array<boolean>(8).fill(true), always: true };
  else {
    const m = /^([0-9,-]+)(?::([1-7]+))?$/.exec(t);
    const ranges = m ? m[1]!.split(",").map((r) => /^(\d\d)(\d\d)-(\d\d)(\d\d)$/.exec(r)) : [];
    if (m && ranges.length > 0 && ranges.every((r) => r !== null && Number(r[1]) < 24 && Number(r[3]) < 24 && Number(r[2]) < 60 && Number(r[4]) < 60)) {
      const days = new Array<boolean>(8).fill(m[2] === undefined);
      for (const d of m[2] ?? "") days[Number(d)] = true;
      s = { ranges: ranges.map((r) => [Number(r![1]) * 60 + Number(r![2]), Number(r![3]) * 60 + Number(r![4])] as [number, number]), days, always: false };
    }
  }
  if (parsed.size > 256) parsed.clear();
  parsed.set(text, s);
  return s;
}

/** Is the bar opening at `ms` inside the session, read in `tz`. */
export function inSession(ms: number, session: string | null, tz: string): boolean {
  const s = parseSession(session);
  if (s === null) return false;
  if (s.always) return true;
  const w = wall(ms, tz);
  const minute = w.getUTCHours() * 60 + w.getUTCMinutes();
  const day = w.getUTCDay() + 1;
  const yesterday = day === 1 ? 7 : day - 1;
  for (const [a, b] of s.ranges) {
    if (a < b) {
      if (minute >= a && minute < b && s.days[day]) return true;
    } else if (a === b) {
      if (s.days[day]) return true;
    } else if ((minute >= a && s.days[day]) || (minute < b && s.days[yesterday])) return true;
  }
  return false;
}

const DAY_SECONDS = 86_400;

/**
 * A daily or longer bar (stamped 00:00 UTC of its first trading day) holds that day's whole
 * session, and TradingView's bar opens at the session's open: it is in a session that trades on
 * that weekday, whatever the session's hours.
 */
export function onSessionDay(ms: number, session: string | null): boolean {
  const s = parseSession(session);
  if (s === null) return false;
  return s.always || s.days[new Date(ms).getUTCDay() + 1] === true;
}

/**
 * Where a bar stands in its instrument's regular session: -1 before it (same day), 0 in it, 1
 * after it, 2 in a break between two of its ranges (neither pre- nor post-market).
 */
function marketPhase(ms: number, session: string, tz: string): number {
  if (inSession(ms, session, tz)) return 0;
  const s = parseSession(session);
  if (s === null || s.always) return 0;
  const w = wall(ms, tz);
  const minute = w.getUTCHours() * 60 + w.getUTCMinutes();
  const first = s.ranges[0]![0];
  const last = s.ranges[s.ranges.length - 1]![1];
  if (first < last) return minute < first ? -1 : minute >= last ? 1 : 2;
  // overnight: the hours between its close and its open are the day's post- then pre-market
  return minute >= last && minute < first ? (minute - last < first - minute ? 1 : -1) : 2;
}

/** Seconds of the local calendar day of `seconds` in `tz` (a key that changes when the trading day does). */
export function tradingDay(seconds: number, tz: string): number {
  return Math.floor(wall(seconds * 1000, tz).getTime() / 86_400_000) * 86400;
}

/** session.ismarket / ispremarket / ispostmarket of the bar at `ms`: intraday only (daily bars are the market). */
export function sessionIs(phase: number, ms: number, session: string, tz: string, intraday: boolean): boolean {
  if (!intraday) return phase === 0;
  return marketPhase(ms, session, tz) === phase;
}

/**
 * session.isfirstbar(_regular) / islastbar(_regular) of bar `i` of `time` (seconds): the first
 * (last) bar of its trading day, or of the day's regular session (a session with a break has
 * one first and one last regular bar a day, not one per range); true on every daily bar.
 */
export function sessionEdge(time: Float64Array, i: number, session: string, tz: string, intraday: boolean, last: boolean, regular: boolean): boolean {
  if (!intraday) return true;
  const t = time[i]!;
  if (regular && !inSession(t * 1000, session, tz)) return false;
  const day = tradingDay(t, tz);
  const step = last ? 1 : -1;
  // the day's other bars on this side: none in the session (regular), or none at all
  for (let j = i + step; j >= 0 && j < time.length; j += step) {
    const u = time[j]!;
    if (tradingDay(u, tz) !== day) return true;
    if (!regular || inSession(u * 1000, session, tz)) return false;
  }
  return true;
}

// Periods of another timeframe, as TradingView builds its bars (docs/adr/0075-session-anchored-periods.md):
// on intraday charts, minute periods (1, 60, 240, ...) start at the session's open in the exchange's
// time zone and restart with each trading day (a US equity's 4-hour periods at 09:30 and 13:30 New
// York, the second ending with the session at 16:00; around the clock, from 00:00 in the zone;
// after a break they start again, docs/adr/0102-sessions-with-a-break.md);
// bars before the open fall in periods counted back from it, bars after the close in periods
// counted on from the close. Days, weeks and months are those of the
// trading day (an overnight session's day starts the evening before), dated at 00:00 UTC of that
// date as the bar store dates daily bars. Seconds stay UTC-aligned. Daily and longer charts have no
// session to anchor (their bars are dated at midnight UTC): `session` null.

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface PeriodUnit {
  unit: TfUnit["unit"];
  n: number;
}

/** A timeframe's unit for periods: minutes that make whole days are days. */
function periodUnit(tf: string): PeriodUnit | null {
  const u = pineTimeframe(tf);
  return u !== null && u.unit === "m" && u.n % 1440 === 0 ? { unit: "D", n: u.n / 1440 } : u;
}

/**
 * The session's open and close (minutes of the day: its first range's start, its last range's
 * end), whether it runs overnight, and its ranges as minutes after the open (a break lies between
 * two); around the clock: 00:00 to 24:00.
 */
function anchorOf(session: string | null): Anchor {
  const key = session ?? "";
  const cached = anchors.get(key);
  if (cached) return cached;
  const s = parseSession(session);
  const ranges = s === null || s.always ? [[0, 1440] as [number, number]] : s.ranges;
  const open = ranges[0]![0];
  const close = ranges[ranges.length - 1]![1];
  const parts: Array<[number, number]> = [];
  let last = 0;
  for (const [a, b] of ranges) {
    // each range after the open, later than the one before (a range past midnight adds a day)
    let from = (a - open + 1440) % 1440;
    if (from < last) from += 1440;
    let to = from + ((b - a + 1440) % 1440 || 1440);
    if (to <= from) to += 1440;
    parts.push([from, to]);
    last = to;
  }
  const a = { open, close, overnight: close <= open && !(s === null || s.always), parts };
  if (anchors.size > 256) anchors.clear();
  anchors.set(key, a);
  return a;
}

interface Anchor {
  open: number;
  close: number;
  overnight: boolean;
  /** The ranges in minutes after the open: [start, end), in order. */
  parts: Array<[number, number]>;
}
const anchors = new Map<string, Anchor>();

/**
 * The wall-clock start and end of the minute period of `len` ms holding wall-clock `loc` in the
 * session opening at `open`: periods start at each range's start and the range's end cuts the last
 * one short (TradingView builds no bar across a break); before the open they count back from it,
 * after a range's end (a break, the post-market) on from that end up to the next range.
 */
function minutePeriod(loc: number, open: number, len: number, parts: Array<[number, number]>): { start: number; end: number } {
  const at = (loc - open) / MINUTE_MS;
  let from = 0;
  let cut = Infinity;
  if (at >= 0) {
    for (let k = 0; k < parts.length; k++) {
      const [a, b] = parts[k]!;
      if (at < a) break;
      from = at < b ? a : b;
      cut = at < b ? b : (parts[k + 1]?.[0] ?? Infinity);
    }
  }
  const fromLoc = open + from * MINUTE_MS;
  const start = fromLoc + Math.floor((loc - fromLoc) / len) * len;
  return { start, end: Math.min(start + len, open + cut * MINUTE_MS) };
}

/** Wall-clock ms (read as UTC) of the open of the trading session holding wall-clock time `loc`. */
function sessionOpen(loc: number, a: { open: number; overnight: boolean }): number {
  const open = Math.floor(loc / DAY_MS) * DAY_MS + a.open * MINUTE_MS;
  return a.overnight && loc < open ? open - DAY_MS : open;
}

/**
 * The open (Unix ms) of the `tf` period holding the bar that opens at `ms`, and its close (the
 * session's close cuts an intraday period short); null for an invalid timeframe.
 */
export function sessionPeriod(ms: number, tf: string, session: string | null, tz: string): { start: number; end: number } | null {
  // timeframe.change asks about each bar and the one before it: the last two answers are kept
  for (const m of memo) if (m.ms === ms && m.tf === tf && m.session === session && m.tz === tz) return m.period;
  const period = computePeriod(ms, tf, session, tz);
  memo[next] = { ms, tf, session, tz, period };
  next = 1 - next;
  return period;
}

interface Memo {
  ms: number;
  tf: string;
  session: string | null;
  tz: string;
  period: { start: number; end: number } | null;
}
const memo: Memo[] = [
  { ms: NaN, tf: "", session: null, tz: "", period: null },
  { ms: NaN, tf: "", session: null, tz: "", period: null },
];
let next = 0;

function computePeriod(ms: number, tf: string, session: string | null, tz: string): { start: number; end: number } | null {
  const u = periodUnit(tf);
  if (u === null || ms !== ms) return null;
  if (u.unit === "S") {
    const len = u.n * 1000;
    const start = Math.floor(ms / len) * len;
    return { start, end: start + len };
  }
  const a = anchorOf(session);
  const loc = wall(ms, tz).getTime();
  const open = sessionOpen(loc, a);
  if (u.unit === "m") {
    const p = minutePeriod(loc, open, u.n * MINUTE_MS, a.parts);
    const shift = loc - ms;
    return { start: p.start - shift, end: p.end - shift };
  }
  // the trading date, in days since the epoch: an overnight session's is the day after it opens
  const date = Math.floor(open / DAY_MS) + (a.overnight ? 1 : 0);
  if (u.unit === "D" && u.n === 1) return { start: date * DAY_MS, end: (date + 1) * DAY_MS };
  if (u.unit === "D") {
    // N trading days (docs/adr/0139-multi-day-and-multi-week-periods.md)
    const p = tradingDaysPeriod(date, u.n, parseSession(session)?.always === true);
    return { start: p.start * DAY_MS, end: p.end * DAY_MS };
  }
  if (u.unit === "W") {
    const d = Math.floor((date - FIRST_MONDAY) / (7 * u.n)) * 7 * u.n + FIRST_MONDAY;
    return { start: d * DAY_MS, end: (d + 7 * u.n) * DAY_MS };
  }
  const c = new Date(date * DAY_MS);
  const month = Math.floor((c.getUTCFullYear() * 12 + c.getUTCMonth()) / u.n) * u.n;
  return { start: Date.UTC(Math.floor(month / 12), month % 12, 1), end: Date.UTC(Math.floor((month + u.n) / 12), (month + u.n) % 12, 1) };
}

/**
 * What a script sees as the open (`close` false) or close of a daily, weekly or monthly bar or
 * period whose days are [startMs, endMs), each dated 00:00 UTC as the bar store dates them
 * (docs/adr/0200-session-times-of-daily-bars.md): TradingView's bar opens at the session's open on
 * its first trading day and closes at the session's close on its last, in the exchange's zone `tz`
 * (an overnight session opens the evening before its day, docs/adr/0075). Trading days are the
 * days the session names, Monday to Friday when it names none (holidays are not known); a period
 * without one keeps its first (last) day. An instrument around the clock, or without a session,
 * keeps the dates as they are (midnight UTC).
 */
export function sessionBound(startMs: number, endMs: number, close: boolean, session: string | null, tz: string): number {
  const s = parseSession(session);
  if (s === null || s.always || startMs !== startMs || endMs !== endMs) return close ? endMs : startMs;
  const a = anchorOf(session);
  // a session from midnight to midnight is its own day, not one opening the evening before
  const overnight = a.overnight && a.open > 0;
  const named = session !== null && session.includes(":");
  const first = Math.floor(startMs / DAY_MS);
  const last = Math.max(first, Math.ceil(endMs / DAY_MS) - 1);
  const trades = (d: number): boolean => {
    // 1970-01-01 (day 0) was a Thursday: (d + 4) % 7 is 0 on Sundays; a named day is the one the session opens on
    const weekday = (((d - (overnight ? 1 : 0) + 4) % 7) + 7) % 7;
    return named ? s.days[weekday + 1] === true : (((d + 4) % 7) + 7) % 7 % 6 !== 0;
  };
  let day = close ? last : first;
  for (let d = day; close ? d >= first : d <= last; d += close ? -1 : 1) {
    if (trades(d)) {
      day = d;
      break;
    }
  }
  const minutes = close ? (a.close <= a.open && !overnight ? a.close + 1440 : a.close) : a.open - (overnight ? 1440 : 0);
  const loc = day * DAY_MS + minutes * MINUTE_MS;
  // Unix ms of that wall-clock time: two fixed-point steps, exact outside a DST gap
  const z = zone(tz);
  return loc - z.offset(loc - z.offset(loc));
}

/**
 * A run's bars on two timelines (docs/adr/0201-drawings-times-on-the-stored-timeline.md): bar `i`
 * opens at `open(i)` and closes at `close(i)` as the script reads them (`time`, `time_close`), and
 * spans [`at(i)`, `end(i)`) in the store, `end` being the next bar's stored time (the last bar's:
 * its own plus its length). `step` is one bar's stored length, the period of bars projected
 * before the first and after the last. All in Unix ms; `n` > 0.
 */
export interface BarTimeline {
  readonly n: number;
  readonly step: number;
  open(i: number): number;
  close(i: number): number;
  at(i: number): number;
  end(i: number): number;
}

/**
 * A time a script wrote as an `xloc.bar_time` coordinate, as a time of the stored bars
 * (docs/adr/0201): a bar's script open is its stored time, its script close the stored end, a time
 * between them proportionally between; a time after a bar's close and before the next bar's open
 * is the stored end (the next bar's time). Before the first bar and after the last, bars are
 * projected one `step` apart from the nearest bar with its open and close, so that a projection
 * (`time + 5 * timeframe.in_seconds() * 1000`, a later period's `time_close`) keeps its spacing.
 */
export function storedTime(x: number, t: BarTimeline): number {
  if (!Number.isFinite(x)) return x;
  if (x < t.open(0)) return projected(x, t, 0);
  // the last bar opening at or before x
  let lo = 0;
  let hi = t.n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (t.open(mid) <= x) lo = mid;
    else hi = mid - 1;
  }
  if (lo === t.n - 1 && x > t.close(lo)) return projected(x, t, lo);
  return placed(x, t.open(lo), t.close(lo), t.at(lo), t.end(lo));
}

/** `x` in a bar that opens at `open` and closes at `close` for the script and spans [at, end) in the store. */
function placed(x: number, open: number, close: number, at: number, end: number): number {
  if (x <= open) return at;
  if (x >= close) return end;
  // to the millisecond, as every time the API writes
  return Math.round(at + ((x - open) / (close - open)) * (end - at));
}

/** `x` before the first bar (`r` 0) or after the last bar's close (`r` n - 1): in the bar `k` steps from bar r, projected. */
function projected(x: number, t: BarTimeline, r: number): number {
  const k = Math.floor((x - t.open(r)) / t.step);
  const shift = k * t.step;
  // after the last bar, projected bars follow its stored end (a month's may be longer than a step)
  const at = k < 0 ? t.at(r) + shift : k === 0 ? t.at(r) : t.end(r) + shift - t.step;
  const end = k === 0 ? t.end(r) : at + t.step;
  return placed(x, t.open(r) + shift, t.close(r) + shift, at, end);
}

/**
 * `time(timeframe, session, timezone)` (ms): the open of the `timeframe` period holding the bar
 * (the bar's own open for `""` or the chart's), na when `session` is given and the bar is outside it
 * (`session` read in `tz`); `close` gives the period's close instead. Periods follow the
 * instrument's session (`anchor`, null on daily and longer charts) in the bars' zone (`barZone`).
 */
export function sessionTime(
  seconds: number, barSeconds: number, tf: string | null, session: string | null, tz: string, close: boolean, anchor: string | null = null, barZone = "UTC",
  visible: Visible | null = null,
): number {
  if (session !== null && session !== "" && !(barSeconds >= DAY_SECONDS ? onSessionDay(seconds * 1000, session) : inSession(seconds * 1000, session, tz))) return NaN;
  if (tf === null || tf.trim() === "") {
    if (visible === null || (barSeconds > 0 && barSeconds < DAY_SECONDS)) return (close ? seconds + barSeconds : seconds) * 1000;
    // a daily or longer chart bar: its session's open or close (a month's bar: one calendar month)
    const d = new Date(seconds * 1000);
    const end = barSeconds > 0 ? (seconds + barSeconds) * 1000 : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
    return sessionBound(seconds * 1000, end, close, visible.session, visible.tz);
  }
  // TradingView's Strings page: a timeframe with a space around it (`" 5"` split from "1, 5") is a runtime error of time()
  if (tf !== tf.trim()) fail(`Invalid timeframe "${tf}": a timeframe has no spaces around it (str.trim() removes them).`);
  const p = sessionPeriod(seconds * 1000, tf, anchor, barZone);
  return p === null ? NaN : periodBound(p, tf, close, visible);
}

/** The instrument's session and zone, when a time goes to the script (D/W/M periods read as sessionBound says); null for times the runtime aligns bars by. */
interface Visible {
  session: string;
  tz: string;
}

/** The open or close of period `p` of `tf`: a day, week or month's as a script sees it when `visible` is given (sessionBound), else its midnight-UTC bound. */
function periodBound(p: { start: number; end: number }, tf: string, close: boolean, visible: Visible | null): number {
  const unit = visible === null ? null : periodUnit(tf)?.unit;
  if (visible === null || (unit !== "D" && unit !== "W" && unit !== "M")) return close ? p.end : p.start;
  return sessionBound(p.start, p.end, close, visible.session, visible.tz);
}

/** TradingView's limit on bars_back and timeframe_bars_back into the future. */
const MAX_FUTURE_BARS = 500;
/** Steps tried to find the next bar or period inside the instrument's session (a week of minutes). */
const MAX_SKIPS = 10_080;

/**
 * The open (Unix seconds) of the chart bar `n` bars from bar `i` (`n` > 0 back, < 0 forward): a bar
 * the run holds is read; past the last bar it is expected from the chart's timeframe, the next
 * bar's open one bar later, skipping times outside the instrument's session (`spec` in `tz`) and
 * days it does not trade (holidays are not known). na before the first bar or beyond 500 ahead.
 */
export function barTimeAt(time: Float64Array, i: number, n: number, barSeconds: number, spec: string, tz: string): number {
  const j = i - n;
  if (j < 0 || n < -MAX_FUTURE_BARS) return NaN;
  if (j < time.length) return time[j]!;
  let t = time[time.length - 1]!;
  for (let k = time.length - 1; k < j; k++) t = nextBarOpen(t, barSeconds, spec, tz);
  return t;
}

/** The expected open of the chart bar after the one opening at `t`. */
function nextBarOpen(t: number, barSeconds: number, spec: string, tz: string): number {
  if (barSeconds >= 28 * DAY_SECONDS) {
    const d = new Date(t * 1000);
    const months = Math.round(barSeconds / (30 * DAY_SECONDS));
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / 1000;
  }
  let next = t;
  for (let k = 0; k < MAX_SKIPS; k++) {
    next += barSeconds;
    if (barSeconds >= 7 * DAY_SECONDS) return next;
    if (instrumentTrades(next * 1000, spec, tz, barSeconds >= DAY_SECONDS)) return next;
  }
  return NaN;
}

/**
 * Whether the instrument whose regular session is `spec` (in `tz`) trades at `ms`: inside its hours
 * (`daily`: on its day, the bar stamped 00:00 UTC). A session naming no days trades on weekdays, as
 * an exchange's does, unless it runs around the clock.
 */
function instrumentTrades(ms: number, spec: string, tz: string, daily: boolean): boolean {
  const s = parseSession(spec);
  if (s === null) return true;
  if (!s.always && !spec.includes(":")) {
    const weekday = (daily ? new Date(ms) : wall(ms, tz)).getUTCDay();
    if (weekday === 0 || weekday === 6) return false;
  }
  return daily ? onSessionDay(ms, spec) : inSession(ms, spec, tz);
}

/**
 * `time`/`time_close` with `bars_back` and `timeframe_bars_back` (TradingView v6): the `timeframe`
 * period of the chart bar `barsBack` bars away (negative: ahead, expected as `barTimeAt` says), then
 * the period `tfBarsBack` periods of `timeframe` away from it (negative: ahead), skipping periods
 * the instrument does not trade in; the open (or `close`) of that period, in ms.
 */
export function sessionTimeAt(
  time: Float64Array, i: number, barsBack: number, tfBarsBack: number, barSeconds: number, tf: string | null, session: string | null,
  tz: string, close: boolean, anchor: string | null, barZone: string, spec: string, specZone: string, visible = false,
): number {
  const seen = visible ? { session: spec, tz: specZone } : null;
  // the chart's own timeframe: both offsets count chart bars
  const chart = tf === null || tf.trim() === "";
  const n = chart ? barsBack + tfBarsBack : barsBack;
  const t = n === 0 ? time[i]! : barTimeAt(time, i, n, barSeconds, spec, specZone);
  if (t !== t) return NaN;
  if (chart || tfBarsBack === 0) return sessionTime(t, barSeconds, tf, session, tz, close, anchor, barZone, seen);
  if (tfBarsBack < -MAX_FUTURE_BARS) return NaN;
  if (session !== null && session !== "" && !(barSeconds >= DAY_SECONDS ? onSessionDay(t * 1000, session) : inSession(t * 1000, session, tz))) return NaN;
  let p = sessionPeriod(t * 1000, tf, anchor, barZone);
  for (let k = 0; p !== null && k < Math.abs(tfBarsBack); k++) p = tradedPeriod(p, tf, tfBarsBack > 0, anchor, barZone, spec, specZone);
  return p === null ? NaN : periodBound(p, tf!, close, seen);
}

/** The period of `tf` before (`back`) or after `p` in which the instrument trades (days it trades, hours of its session). */
function tradedPeriod(p: { start: number; end: number }, tf: string, back: boolean, anchor: string | null, barZone: string, spec: string, specZone: string): { start: number; end: number } | null {
  const unit = periodUnit(tf)?.unit;
  let q: { start: number; end: number } | null = p;
  for (let k = 0; q !== null && k < MAX_SKIPS; k++) {
    q = sessionPeriod(back ? q.start - 1 : q.end, tf, anchor, barZone);
    if (q === null) return null;
    const trades = unit === "W" || unit === "M" || instrumentTrades(q.start, spec, specZone, unit === "D");
    if (trades) return q;
  }
  return null;
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const TIME_SIG = "(timeframe: series string, session: series string = na, timezone: series string = syminfo.timezone, bars_back: series int = 0, timeframe_bars_back: series int = 0): series int";
/** TradingView's other overload, without `timezone`: `time("", "", -1)` is the next bar's open. */
const TIME_SIG_NO_ZONE = "(timeframe: series string, session: series string = na, bars_back: series int = 0, timeframe_bars_back: series int = 0): series int";

/**
 * The session periods are anchored at: the instrument's on intraday charts; on daily and longer
 * ones none (their bars are dated at midnight UTC), except that an instrument trading around the
 * clock says so, for multi-day periods counting every day (its anchor is the same as none's).
 */
export const PERIOD_SESSION = '($rt.tf.isintraday || $rt.sessionSpec === "24x7" ? $rt.sessionSpec : null)';

/** The call of sessionTimeAt for time (`close` false) and time_close (`close` true). */
function timeEmit(close: boolean): (b: CallEmit) => string {
  return (b) =>
    `${b.fn(sessionTimeAt)}($T, $i, ${b.a("bars_back", "0")}, ${b.a("timeframe_bars_back", "0")}, $rt.barSeconds(), ${b.a("timeframe")}, ${b.a("session", "null")}, ${b.a("timezone", "$rt.timezone")}, ${close}, ${PERIOD_SESSION}, $rt.barZone, $rt.sessionSpec, $rt.timezone, true)`;
}

/**
 * Chart bars before the current one a call reads: `bars_back` (and `timeframe_bars_back`, which
 * counts chart bars for the chart's timeframe); a negative or computed offset is not known here
 * (warmup then reads as far as it may).
 */
const timeLookback: LookbackRule = (a) => a("bars_back") + a("timeframe_bars_back");

/** The timezone overload when a third positional argument is a string or `timezone` is named (compiled code binds by this, the checker by types). */
const timeOverload = (args: readonly WrittenArg[]): number => (args.some((a) => a.name === "timezone") || args.filter((a) => a.name === null)[2]?.kind === "str" ? 1 : 0);

export const timeFunction = builtinFunction({
  sig: [`time${TIME_SIG_NO_ZONE}`, `time${TIME_SIG}`],
  overload: timeOverload,
  lookback: timeLookback,
  doc: "The open time (ms) of the `timeframe` period holding the bar (a day, week or month of an instrument with a session opens at the session's open on its first trading day, as `time` on such bars); na when the bar is outside `session` (read in `timezone`, by default the exchange's). `bars_back` takes the chart bar that many bars back (negative: ahead, expected from the timeframe and the session past the last bar, at most 500), `timeframe_bars_back` the `timeframe` period that many periods back (negative: ahead).",
  emit: timeEmit(false),
});
export const timeCloseFunction = builtinFunction({
  sig: [`time_close${TIME_SIG_NO_ZONE}`, `time_close${TIME_SIG}`],
  overload: timeOverload,
  lookback: timeLookback,
  doc: "The close time (ms) of the `timeframe` period holding the bar (a day, week or month's: the session's close on its last trading day); na when the bar is outside `session`. `bars_back` and `timeframe_bars_back` as for `time`.",
  emit: timeEmit(true),
});

export const sessionConstants = constants("session", "string", ["regular", "extended"], "A session type: regular hours only, or with pre- and post-market bars.");

export const syminfoSession = builtinVariable({
  name: "syminfo.session",
  type: "simple string",
  doc: "The session type of the run's bars: `session.regular` (the bars as stored).",
  emit: '"regular"',
});

const PHASES: ReadonlyArray<[string, number, string]> = [
  ["ismarket", 0, "True when the bar is inside the instrument's regular session (every daily bar)."],
  ["ispremarket", -1, "True when the bar is before the regular session of its day (intraday)."],
  ["ispostmarket", 1, "True when the bar is after the regular session of its day (intraday)."],
];
export const sessionPhases = PHASES.map(([name, phase, doc]) =>
  builtinVariable({
    name: `session.${name}`,
    type: "series bool",
    doc,
    emit: (b) => `${b.fn(sessionIs)}(${phase}, $T[$i] * 1000, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday)`,
    // `session.ismarket[n]` is the phase of bar $i - n, not a ring of the times the expression was
    // evaluated: `session.ismarket and not session.ismarket[1]` evaluates its right side lazily
    history: (n, _lit, b) => `($i - ${n} >= 0 && ${b.fn(sessionIs)}(${phase}, $T[$i - ${n}] * 1000, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday))`,
  }),
);

const EDGES: ReadonlyArray<[string, boolean, boolean, string]> = [
  ["isfirstbar", false, false, "True on the first bar of the trading day (pre-market included)."],
  ["islastbar", true, false, "True on the last bar of the trading day (post-market included)."],
  ["isfirstbar_regular", false, true, "True on the first bar of the day's regular session."],
  ["islastbar_regular", true, true, "True on the last bar of the day's regular session."],
];
export const sessionEdges = EDGES.map(([name, last, regular, doc]) =>
  builtinVariable({
    name: `session.${name}`,
    type: "series bool",
    doc,
    emit: (b) => `${b.fn(sessionEdge)}($T, $i, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday, ${last}, ${regular})`,
    history: (n, _lit, b) => `($i - ${n} >= 0 && ${b.fn(sessionEdge)}($T, $i - ${n}, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday, ${last}, ${regular}))`,
  }),
);

export const inputSession = builtinFunction({
  sig: "input.session(defval: const string, title: const string = na, options: const list<string> = na, tooltip: const string = na, inline: const string = na, group: const string = na, confirm: const bool = false, display: const string = na, active: input bool = true): input string",
  doc: "A session input (`\"0930-1600\"`, `\"0930-1600:23456\"`), for `time(timeframe, session)`.",
  role: "input",
  inputType: "string",
});
