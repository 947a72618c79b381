// `session.*` (where a bar stands in the instrument's own session), `time(timeframe, session,
// timezone)` and `time_close(...)`, and the session inputs. A session string is read by
// session-spec.ts, the periods of other timeframes are session-periods.ts's.

import { builtinFunction, builtinVariable, constants, type CallEmit, type LookbackRule, type WrittenArg } from "../builtins/record";
import { fail } from "../runtime/errors";
import { periodUnit, sessionBound, sessionPeriod } from "./session-periods";
import { parseSession } from "./session-spec";
import { fixedOffset, wall } from "./time-zones";

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
  const b = periodBasis(seconds, barSeconds, tf, anchor, barZone, visible);
  const p = sessionPeriod(b.ms, tf, b.anchor, b.zone);
  return p === null ? NaN : periodBound(p, tf, close, visible);
}

/**
 * The instant whose `tf` period a script's `time(tf)` reads for a bar stored at `seconds`, and the
 * anchor and zone of its periods. On a daily, weekly or monthly chart of an instrument with a
 * session, a timeframe under a day reads the period holding the bar's open as the script sees it
 * (the session's open, docs/adr/0200), its periods anchored at the session as on an intraday chart
 * (docs/adr/0280: `time("15")` of AAPL's daily bar is 09:30 New York, as `time`). Otherwise the
 * stored time and the chart's anchor.
 */
function periodBasis(seconds: number, barSeconds: number, tf: string, anchor: string | null, barZone: string, visible: Visible | null): { ms: number; anchor: string | null; zone: string } {
  const start = seconds * 1000;
  // a monthly chart's bar has no fixed length (0)
  const long = barSeconds >= DAY_SECONDS || barSeconds === 0;
  if (visible === null || !long || periodUnit(tf)?.unit !== "m") return { ms: start, anchor, zone: barZone };
  const s = parseSession(visible.session);
  if (s === null || s.always) return { ms: start, anchor, zone: barZone };
  const d = new Date(start);
  const end = barSeconds > 0 ? start + barSeconds * 1000 : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  return { ms: sessionBound(start, end, false, visible.session, visible.tz), anchor: visible.session, zone: visible.tz };
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
  const b = periodBasis(t, barSeconds, tf!, anchor, barZone, seen);
  let p = sessionPeriod(b.ms, tf!, b.anchor, b.zone);
  for (let k = 0; p !== null && k < Math.abs(tfBarsBack); k++) p = tradedPeriod(p, tf!, tfBarsBack > 0, b.anchor, b.zone, spec, specZone);
  return p === null ? NaN : periodBound(p, tf!, close, seen);
}

/** The period of `tf` before (`back`) or after `p` in which the instrument trades (days it trades, hours of its session). */
function tradedPeriod(p: { start: number; end: number }, tf: string, back: boolean, anchor: string | null, barZone: string, spec: string, specZone: string): { start: number; end: number } | null {
  const unit = periodUnit(tf)?.unit;
  // days, weeks and months are dated 00:00 UTC of their trading days (sessionPeriod), not at an
  // instant: the one after (before) is the period holding the session's open on the day after its
  // last (before its first), which with an intraday chart's session anchor is not that midnight
  const dated = unit === "D" || unit === "W" || unit === "M";
  let q: { start: number; end: number } | null = p;
  for (let k = 0; q !== null && k < MAX_SKIPS; k++) {
    const from = back ? q.start - (dated ? DAY_SECONDS * 1000 : 1) : q.end;
    q = sessionPeriod(dated ? sessionBound(from, from, false, anchor, barZone) : from, tf, anchor, barZone);
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

/**
 * The session argument of a call that gives no `timezone`: none when it is not a session string
 * but names a time zone (`time("D", "America/New_York")`, a day-change idiom of public scripts),
 * which TradingView reads as no session (docs/adr/0247); any other string as it is.
 */
export function sessionUnlessZone(session: string | null): string | null {
  if (session === null || parseSession(session) !== null) return session;
  let zone = namesZone.get(session);
  if (zone === undefined) {
    zone = isZone(session.trim());
    if (namesZone.size > 256) namesZone.clear();
    namesZone.set(session, zone);
  }
  return zone ? null : session;
}

/** Whether strings that are not sessions name a time zone, kept per string (a call reads its argument on every bar). */
const namesZone = new Map<string, boolean>();

function isZone(s: string): boolean {
  if (s !== "" && fixedOffset(s) !== null) return true;
  if (!s.includes("/")) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: s });
    return true;
  } catch {
    return false;
  }
}

/** The call of sessionTimeAt for time (`close` false) and time_close (`close` true). */
function timeEmit(close: boolean): (b: CallEmit) => string {
  return (b) => {
    const session = b.has("session") && !b.has("timezone") ? `${b.fn(sessionUnlessZone)}(${b.a("session")})` : b.a("session", "null");
    return `${b.fn(sessionTimeAt)}($T, $i, ${b.a("bars_back", "0")}, ${b.a("timeframe_bars_back", "0")}, $rt.barSeconds(), ${b.a("timeframe")}, ${session}, ${b.a("timezone", "$rt.timezone")}, ${close}, ${PERIOD_SESSION}, $rt.barZone, $rt.sessionSpec, $rt.timezone, true)`;
  };
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
