// Sessions: the trading hours of an instrument ("0930-1600" in its exchange's time zone, "24x7")
// and Pine's session strings ("0930-1600:23456", "1700-0900", "0930-1200,1300-1600"), as
// TradingView reads them: times HHmm in the exchange's zone (or the given one); days 1 = Sunday ...
// 7 = Saturday, all seven when omitted; a range whose end is not after its start runs overnight
// and belongs to the day it starts on. `time(timeframe, session)` is na outside the session;
// `session.*` tell where a bar stands in the instrument's own session.

import { builtinFunction, builtinVariable, constants } from "../builtins/record";
import { wall } from "./time";

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

/** Where a bar stands in its instrument's regular session: -1 before it (same day), 0 in it, 1 after it. */
function marketPhase(ms: number, session: string, tz: string): number {
  if (inSession(ms, session, tz)) return 0;
  const s = parseSession(session);
  if (s === null || s.always) return 0;
  const w = wall(ms, tz);
  const minute = w.getUTCHours() * 60 + w.getUTCMinutes();
  const first = Math.min(...s.ranges.map((r) => r[0]));
  return minute < first ? -1 : 1;
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
 * (last) bar of its trading day, or of the day's regular session; true on every daily bar.
 */
export function sessionEdge(time: Float64Array, i: number, session: string, tz: string, intraday: boolean, last: boolean, regular: boolean): boolean {
  if (!intraday) return true;
  const t = time[i]!;
  if (regular && !inSession(t * 1000, session, tz)) return false;
  const j = last ? i + 1 : i - 1;
  if (j < 0 || j >= time.length) return true;
  const u = time[j]!;
  if (tradingDay(u, tz) !== tradingDay(t, tz)) return true;
  return regular && !inSession(u * 1000, session, tz);
}

/** UTC-aligned period start of `tf` (store timeframes; weeks from Monday) containing `seconds`. */
function periodStart(seconds: number, tf: string): number {
  const m = /^(\d*)([DW]?)$/i.exec(tf.trim());
  if (!m) return NaN;
  const n = m[1] === "" ? 1 : Number(m[1]);
  const unit = (m[2] ?? "").toUpperCase();
  if (unit === "W") {
    const monday = 4 * 86400;
    return Math.floor((seconds - monday) / (604800 * n)) * 604800 * n + monday;
  }
  const len = unit === "D" ? 86400 * n : 60 * n;
  return Math.floor(seconds / len) * len;
}

function periodSeconds(tf: string): number {
  const m = /^(\d*)([DW]?)$/i.exec(tf.trim());
  if (!m) return NaN;
  const n = m[1] === "" ? 1 : Number(m[1]);
  const unit = (m[2] ?? "").toUpperCase();
  return unit === "W" ? 604800 * n : unit === "D" ? 86400 * n : 60 * n;
}

/**
 * `time(timeframe, session, timezone)` (ms): the open of the `timeframe` period holding the bar
 * (the bar's own open for `""` or the chart's), na when `session` is given and the bar is outside it;
 * `close` gives the period's close instead.
 */
export function sessionTime(seconds: number, barSeconds: number, tf: string | null, session: string | null, tz: string, close: boolean): number {
  if (session !== null && session !== "" && !inSession(seconds * 1000, session, tz)) return NaN;
  const own = tf === null || tf.trim() === "";
  const start = own ? seconds : periodStart(seconds, tf);
  const len = own ? barSeconds : periodSeconds(tf);
  return (close ? start + len : start) * 1000;
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const TIME_SIG = "(timeframe: series string, session: series string = na, timezone: series string = syminfo.timezone): series int";

export const timeFunction = builtinFunction({
  sig: `time${TIME_SIG}`,
  doc: "The open time (ms) of the `timeframe` period holding the bar; na when the bar is outside `session` (read in `timezone`, by default the exchange's).",
  emit: (b) => `${b.fn(sessionTime)}($T[$i], $rt.barSeconds(), ${b.a("timeframe")}, ${b.a("session", "null")}, ${b.a("timezone", "$rt.timezone")}, false)`,
});
export const timeCloseFunction = builtinFunction({
  sig: `time_close${TIME_SIG}`,
  doc: "The close time (ms) of the `timeframe` period holding the bar; na when the bar is outside `session`.",
  emit: (b) => `${b.fn(sessionTime)}($T[$i], $rt.barSeconds(), ${b.a("timeframe")}, ${b.a("session", "null")}, ${b.a("timezone", "$rt.timezone")}, true)`,
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
  builtinVariable({ name: `session.${name}`, type: "series bool", doc, emit: (b) => `${b.fn(sessionIs)}(${phase}, $T[$i] * 1000, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday)` }),
);

const EDGES: ReadonlyArray<[string, boolean, boolean, string]> = [
  ["isfirstbar", false, false, "True on the first bar of the trading day (pre-market included)."],
  ["islastbar", true, false, "True on the last bar of the trading day (post-market included)."],
  ["isfirstbar_regular", false, true, "True on the first bar of the day's regular session."],
  ["islastbar_regular", true, true, "True on the last bar of the day's regular session."],
];
export const sessionEdges = EDGES.map(([name, last, regular, doc]) =>
  builtinVariable({ name: `session.${name}`, type: "series bool", doc, emit: (b) => `${b.fn(sessionEdge)}($T, $i, $rt.sessionSpec, $rt.timezone, $rt.tf.isintraday, ${last}, ${regular})` }),
);

export const inputSession = builtinFunction({
  sig: "input.session(defval: const string, title: const string = na, options: const list<string> = na, tooltip: const string = na, inline: const string = na, group: const string = na, confirm: const bool = false, display: const string = na, active: input bool = true): input string",
  doc: "A session input (`\"0930-1600\"`, `\"0930-1600:23456\"`), for `time(timeframe, session)`.",
  role: "input",
  inputType: "string",
});
