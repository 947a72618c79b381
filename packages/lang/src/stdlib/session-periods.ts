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
// The open and close a script sees of a day, week or month of an instrument with a session are
// `sessionBound`'s (docs/adr/0200-session-times-of-daily-bars.md).

import { parseSession } from "./session-spec";
import { wall, zone } from "./time-zones";
import { FIRST_MONDAY, pineTimeframe, tradingDaysPeriod, type TfUnit } from "./timeframe-units";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface PeriodUnit {
  unit: TfUnit["unit"];
  n: number;
}

/** A timeframe's unit for periods: minutes that make whole days are days. */
export function periodUnit(tf: string): PeriodUnit | null {
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
 * Whether a day (days since 1970-01-01, dated 00:00 UTC) is a trading day of the session: one it
 * names (for an overnight session, the day after the one it opens on), Monday to Friday when it
 * names none (holidays are not known); null for a session around the clock or none.
 */
export function tradingDays(session: string | null): ((day: number) => boolean) | null {
  const s = parseSession(session);
  if (s === null || s.always) return null;
  const a = anchorOf(session);
  // a session from midnight to midnight is its own day, not one opening the evening before
  const overnight = a.overnight && a.open > 0;
  const named = session !== null && session.includes(":");
  return (d) => {
    // 1970-01-01 (day 0) was a Thursday: (d + 4) % 7 is 0 on Sundays; a named day is the one the session opens on
    const weekday = (((d - (overnight ? 1 : 0) + 4) % 7) + 7) % 7;
    return named ? s.days[weekday + 1] === true : (((d + 4) % 7) + 7) % 7 % 6 !== 0;
  };
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
  const trades = tradingDays(session);
  if (trades === null || startMs !== startMs || endMs !== endMs) return close ? endMs : startMs;
  const a = anchorOf(session);
  // a session from midnight to midnight is its own day, not one opening the evening before
  const overnight = a.overnight && a.open > 0;
  const first = Math.floor(startMs / DAY_MS);
  const last = Math.max(first, Math.ceil(endMs / DAY_MS) - 1);
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
