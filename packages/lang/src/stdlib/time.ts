// Calendar and time built-ins (their records are at the end): Unix milliseconds <-> calendar fields in a time
// zone (time-zones.ts), Pine's `timestamp()` and `str.format_time()`. na (NaN) in gives na out.

import { builtinFunction, builtinVariable, type FunctionRecord, type VariableRecord } from "../builtins/record";
import { PERIOD_SESSION } from "./session";
import { sessionPeriod } from "./session-periods";
import { fromSeconds, inSeconds } from "./timeframe-units";

// exposed to compiled code with the calendar functions (runtime/library.ts reaches this module as `cal`)
export { fromSeconds, inSeconds };
import { fixedOffset, local, wall, zone } from "./time-zones";
import { formatTime, formatTimeOrEpoch } from "./time-format";

const HOUR = 3_600_000;
const DAY = 86_400_000;

// Calendar fields of the last wall-clock day asked for: a bar loop asks about the same day on
// every bar, so the Date is built once per day instead of once per call.
let cachedDay = NaN;
let cachedYear = 0;
let cachedMonth = 0;
let cachedDate = 0;
let cachedWeekday = 0;
function day(localMs: number): void {
  const d = Math.floor(localMs / DAY);
  if (d === cachedDay) return;
  const x = new Date(d * DAY);
  cachedDay = d;
  cachedYear = x.getUTCFullYear();
  cachedMonth = x.getUTCMonth() + 1;
  cachedDate = x.getUTCDate();
  cachedWeekday = x.getUTCDay() + 1;
}
/** Milliseconds since the wall-clock midnight (a floor division: `%` of doubles is a slow fmod). */
function ofDay(localMs: number): number {
  return localMs - Math.floor(localMs / DAY) * DAY;
}

export function year(ms: number, tz: string): number {
  if (ms !== ms) return NaN;
  day(local(ms, tz));
  return cachedYear;
}
export function month(ms: number, tz: string): number {
  if (ms !== ms) return NaN;
  day(local(ms, tz));
  return cachedMonth;
}
export function dayofmonth(ms: number, tz: string): number {
  if (ms !== ms) return NaN;
  day(local(ms, tz));
  return cachedDate;
}
/** 1 = Sunday ... 7 = Saturday (Pine's `dayofweek.*`). */
export function dayofweek(ms: number, tz: string): number {
  if (ms !== ms) return NaN;
  day(local(ms, tz));
  return cachedWeekday;
}
export function hour(ms: number, tz: string): number {
  return ms === ms ? Math.floor(ofDay(local(ms, tz)) / HOUR) : NaN;
}
export function minute(ms: number, tz: string): number {
  return ms === ms ? Math.floor(ofDay(local(ms, tz)) / 60_000) % 60 : NaN;
}
export function second(ms: number, tz: string): number {
  return ms === ms ? Math.floor(ofDay(local(ms, tz)) / 1000) % 60 : NaN;
}
/** ISO 8601 week: weeks start on Monday; week 1 holds the year's first Thursday. */
export function weekofyear(ms: number, tz: string): number {
  if (ms !== ms) return NaN;
  const d = wall(ms, tz);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const iso = (d.getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  const thursday = day + (3 - iso) * DAY;
  const jan1 = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - jan1) / DAY / 7) + 1;
}

/** Unix milliseconds of a wall-clock date and time in `tz` (fields may overflow, as in Date.UTC). */
export function timestamp(tz: string, y: number, mo: number, d: number, h = 0, mi = 0, s = 0): number {
  if (y !== y || mo !== mo || d !== d || h !== h || mi !== mi || s !== s) return NaN;
  const local = Date.UTC(y, mo - 1, d, h, mi, s);
  const z = zone(tz);
  // the offset at the result, found by two fixed-point steps (exact outside a DST gap)
  let t = local - z.offset(local);
  t = local - z.offset(t);
  return t;
}

/** `timestamp("2024-02-20")`, `timestamp("20 Feb 2024 09:30 -0500")`: GMT+0 when no zone is given. */
export function timestampOf(text: string | null): number {
  if (text === null) return NaN;
  const s = text.trim();
  const hasZone = /(?:[zZ]|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC)(?:[+-]\d{1,2}(?::?\d{2})?)?)$/.test(s);
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?/.test(s);
  let t: number;
  // "2024-01-01 09:50 -0500": the date's space becomes the T, and a space before the offset goes
  if (iso) t = Date.parse(hasZone ? s.replace(" ", "T").replace(/\s+(?=(?:[zZ]|[+-]\d{2}:?\d{2})$)/, "") : /T|\s\d/.test(s) ? `${s.replace(" ", "T")}Z` : `${s}T00:00:00Z`);
  else {
    const gmt = /\b(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(s);
    if (gmt) {
      const off = (gmt[1] === "-" ? -1 : 1) * (Number(gmt[2]) * 60 + Number(gmt[3] ?? 0));
      t = Date.parse(`${s.slice(0, gmt.index).trim()} GMT`) - off * 60_000;
    } else t = Date.parse(hasZone ? s : `${s} GMT`);
  }
  return Number.isFinite(t) ? t : NaN;
}

// `str.format_time` is stdlib/time-format.ts (reached by compiled code through this module)
export { formatTime, formatTimeOrEpoch };

// `timeframe.change`: periods are those of session-periods.ts (`sessionPeriod`); timeframe strings are
// read by timeframe-units.ts.

/** `timeframe.change(tf)`: the bar opening at `ms` (after a bar at `prevMs`) starts a new period of `tf`,
 *  periods as TradingView builds them (`sessionPeriod`, docs/adr/0075-session-anchored-periods.md):
 *  on intraday charts anchored at the instrument's `session` open in `tz`, the exchange's zone; on
 *  daily and longer charts (`session` null, `tz` UTC) at midnight UTC. False on the first bar (no
 *  previous bar) and when either time is na or `tf` is invalid. */
export function tfChange(tf: string | null, chart: string, ms: number, prevMs: number, tz = "UTC", session: string | null = null): boolean {
  if (ms !== ms || prevMs !== prevMs) return false;
  const t = tf === null || tf.trim() === "" ? chart : tf;
  const now = sessionPeriod(ms, t, session, tz);
  return now !== null && now.start !== sessionPeriod(prevMs, t, session, tz)!.start;
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Times are Unix milliseconds; calendar values are read in the exchange's time zone
// (`syminfo.timezone`, `$rt.scriptZone`) unless a `timezone` argument ("UTC", "GMT+3",
// "America/New_York") says otherwise. A daily, weekly or monthly bar's `time` is its session's open
// (docs/adr/0200-session-times-of-daily-bars.md), so `dayofweek` and `timestamp(2024, 1, 2)` name
// the bar's own date there; an instrument around the clock keeps midnight UTC and reads in UTC on
// those timeframes.

// The same fields of a time already on the wall clock (UTC arithmetic): a call whose `timezone`
// is a constant fixed offset ("UTC", "GMT+3") adds the offset and reads these, no zone lookup.
export function yearOf(local: number): number {
  return local === local ? (day(local), cachedYear) : NaN;
}
export function monthOf(local: number): number {
  return local === local ? (day(local), cachedMonth) : NaN;
}
export function dayofmonthOf(local: number): number {
  return local === local ? (day(local), cachedDate) : NaN;
}
export function dayofweekOf(local: number): number {
  return local === local ? (day(local), cachedWeekday) : NaN;
}
export function hourOf(local: number): number {
  return Math.floor(ofDay(local) / HOUR);
}
export function minuteOf(local: number): number {
  return Math.floor(ofDay(local) / 60_000) % 60;
}
export function secondOf(local: number): number {
  return Math.floor(ofDay(local) / 1000) % 60;
}

/**
 * The hour or weekday of a wall-clock time as arithmetic written into the bar loop (no call, no
 * boxing of the time), when `local` reads the same each time (the bar's time, a name); else null.
 */
function inlineField(name: string, local: string): string | null {
  if (!/^\(\(\$TV\[\$i\] \* 1000\)(?: \+ -?\d+)?\)$|^\([\w$]+(?: \+ -?\d+)?\)$/.test(local)) return null;
  const days = `Math.floor(${local} / ${DAY})`;
  if (name === "hour") return `Math.floor((${local} - ${days} * ${DAY}) / ${HOUR})`;
  // 1970-01-01 (day 0) was a Thursday: 5 in Pine's numbering (Sunday = 1)
  if (name === "dayofweek") return `(${days} + 4 - Math.floor((${days} + 4) / 7) * 7 + 1)`;
  return null;
}

type Field = (ms: number, tz: string) => number;
const CALENDAR: ReadonlyArray<[string, string, Field, ((local: number) => number) | null]> = [
  ["year", "The year", year, yearOf],
  ["month", "The month (1-12)", month, monthOf],
  ["weekofyear", "The week of the year (ISO 8601: weeks start on Monday, week 1 holds the year's first Thursday)", weekofyear, null],
  ["dayofmonth", "The day of the month (1-31)", dayofmonth, dayofmonthOf],
  ["dayofweek", "The day of the week (1 = Sunday ... 7 = Saturday, as `dayofweek.*`)", dayofweek, dayofweekOf],
  ["hour", "The hour (0-23)", hour, hourOf],
  ["minute", "The minute (0-59)", minute, minuteOf],
  ["second", "The second (0-59)", second, secondOf],
];

export const calendarVariables: VariableRecord[] = CALENDAR.map(([name, what, f]) =>
  builtinVariable({
    name,
    type: "series int",
    doc: `${what} of the bar's open time, in the exchange's time zone.`,
    emit: (b) => `${b.fn(f)}($TV[$i] * 1000, $rt.scriptZone)`,
    // `hour[n]` is the field of bar $i - n's time (not a ring of evaluations: right inside loops)
    history: (n, _lit, b) => `${b.fn(f)}($rt.at($TV, $i - ${n}) * 1000, $rt.scriptZone)`,
  }),
);
export const calendarFunctions: FunctionRecord[] = CALENDAR.map(([name, what, f, onLocal]) =>
  builtinFunction({
    sig: `${name}(time: series int, timezone: series string = syminfo.timezone): series int`,
    doc: `${what} of \`time\`, in \`timezone\` (by default the exchange's).`,
    emit: (b) => {
      const tz = b.lit("timezone");
      const fixed = typeof tz === "string" && onLocal !== null ? fixedOffset(tz) : null;
      if (fixed === null) return `${b.fn(f)}(${b.a("time")}, ${b.a("timezone", "$rt.scriptZone")})`;
      const local = `(${b.a("time")}${fixed === 0 ? "" : ` + ${fixed * 60_000}`})`;
      return inlineField(name, local) ?? `${b.fn(onLocal!)}(${local})`;
    },
  }),
);
export const dayofweekConstants: VariableRecord[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d, i) =>
  builtinVariable({ name: `dayofweek.${d}`, type: "const int", doc: `${d[0]!.toUpperCase()}${d.slice(1)}, as \`dayofweek\` gives it (${i + 1}).`, value: i + 1 }),
);
export const timeClose = builtinVariable({
  name: "time_close",
  type: "series int",
  doc: "The bar's close time, in Unix milliseconds: its open time plus one bar of the timeframe; a daily, weekly or monthly bar closes at its session's close on its last trading day.",
  emit: "$rt.timeClose($i)",
  history: (n) => `$rt.timeClose($rt.barAgo($i, ${n}))`,
});
export const timenow = builtinVariable({ name: "timenow", type: "series int", doc: "The current time, in Unix milliseconds (fixed for the whole run).", emit: "$rt.now" });

/**
 * `timestamp()`: the overload is chosen by the first argument's type (as Pine does), not by the
 * count: a string alone is a date (`"2024-02-20"`, folded when literal), a string followed by
 * numbers a time zone, a number the year (in the exchange's zone). The date may be any string, as
 * Pine v6's reference has it (`timestamp(dateString) → series int`): an input or a series is read on
 * each bar, and the result is as qualified as the string.
 */
export const timestampFunction = builtinFunction({
  sig: [
    "timestamp(dateString: series string): int",
    "timestamp(year: series int, month: series int, day: series int, hour: series int = 0, minute: series int = 0, second: series int = 0): int",
    "timestamp(timezone: series string, year: series int, month: series int, day: series int, hour: series int = 0, minute: series int = 0, second: series int = 0): int",
  ],
  doc: "The Unix milliseconds of an ISO 8601 or RFC 2822 date (`\"2024-02-20\"`, `\"20 Feb 2024 09:30 +0000\"`); GMT+0 when it names no time zone.",
  overload: (args) => {
    const first = args[0];
    const firstStr = first !== undefined && first.kind === "str";
    const named = new Set(args.flatMap((a) => (a.name !== null ? [a.name] : [])));
    if (named.has("dateString") || (firstStr && args.length === 1)) return 0;
    return named.has("timezone") || (firstStr && first.name === null) ? 2 : 1;
  },
  emit: (b) => {
    if (b.has("dateString")) {
      const text = b.lit("dateString");
      if (typeof text !== "string") return `${b.fn(timestampOf)}(${b.a("dateString")})`;
      const t = timestampOf(text);
      return Number.isFinite(t) ? `(${t})` : "NaN";
    }
    const fields = ["year", "month", "day", "hour", "minute", "second"].map((n) => b.a(n, "0"));
    return `${b.fn(timestamp)}(${b.a("timezone", "$rt.scriptZone")}, ${fields.join(", ")})`;
  },
});
export const timeframeChange = builtinFunction({
  sig: "timeframe.change(timeframe: series string): series bool",
  doc: "True on the first bar of a new period of `timeframe` (`\"60\"`, `\"240\"`, `\"1D\"`, `\"1W\"`, `\"1M\"`, ...), by the bar's open time; on intraday charts minute periods start at the session's open in the exchange's zone and days, weeks and months are trading days'. False on the first bar.",
  emit: (b) => `${b.fn(tfChange)}(${b.a("timeframe")}, $rt.tf.period, $T[$i] * 1000, $i > 0 ? $T[$i - 1] * 1000 : NaN, $rt.barZone, ${PERIOD_SESSION})`,
});
export const timeframeInSeconds = builtinFunction({
  sig: "timeframe.in_seconds(timeframe: series string = timeframe.period): int",
  doc: "The number of seconds in one bar of `timeframe` (a month counts 30.4167 days: 2628003); na for an invalid timeframe.",
  emit: (b) => `${b.fn(inSeconds)}(${b.a("timeframe", "$rt.tf.period")}, $rt.tf.period)`,
});
export const strFormatTime = builtinFunction({
  sig: "str.format_time(time: series int, format: series string = \"yyyy-MM-dd'T'HH:mm:ssZ\", timezone: series string = syminfo.timezone): series string",
  doc: "`time` as text, with Java's SimpleDateFormat letters in US English: `yyyy` `yy` `MMMM` `MMM` `MM` `M` `dd` `d` `EEEE` `EEE` `u` `D` `w` `W` `F` `G` `HH` `H` `k` `K` `hh` `h` `mm` `m` `ss` `s` `a`, `S`... fractions of a second (`SSS` milliseconds), `Z` (+0000) `X` `z` (EDT, UTC; GMT for a fixed zero offset such as \"UTC+0\"); literal text in single quotes. An na `time` counts as 0, the UNIX epoch.",
  emit: (b) => `${b.fn(formatTimeOrEpoch)}(${b.a("time")}, ${b.a("format", "null")}, ${b.a("timezone", "$rt.scriptZone")})`,
});

export const timeframeFromSeconds = builtinFunction({
  sig: "timeframe.from_seconds(seconds: series int): string",
  doc: "The timeframe string of a bar of `seconds` (`30` is `\"30S\"`, `60` `\"1\"`, `86400` `\"1D\"`, `604800` `\"1W\"`); a length that is no valid timeframe gives the next larger one (`2` is `\"5S\"`), above 366 days `\"12M\"`.",
  emit: (b) => `${b.fn(fromSeconds)}(${b.a("seconds")})`,
});

export const timeframeKinds = [
  builtinVariable({ name: "timeframe.isseconds", type: "simple bool", doc: "True on seconds timeframes.", emit: '$rt.tf.period.endsWith("S")' }),
  builtinVariable({ name: "timeframe.isminutes", type: "simple bool", doc: "True on minute (and hour) timeframes.", emit: '($rt.tf.isintraday && !$rt.tf.period.endsWith("S"))' }),
  builtinVariable({ name: "timeframe.isticks", type: "simple bool", doc: "True on tick timeframes (never: bars are time-based).", emit: "false" }),
  builtinVariable({ name: "timeframe.isdwm", type: "simple bool", doc: "True on daily, weekly and monthly timeframes.", emit: "($rt.tf.isdaily || $rt.tf.isweekly || $rt.tf.ismonthly)" }),
  builtinVariable({ name: "timeframe.main_period", type: "simple string", doc: "The run's own timeframe, also inside a requested expression (where `timeframe.period` is the requested one).", emit: "$rt.mainPeriod" }),
];
