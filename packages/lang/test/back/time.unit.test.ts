// Calendar and time built-ins wired into compiled code: the calendar series (`year`, `dayofweek`,
// ...) of the bar's open time, their function forms with a time zone, `timestamp()` with its
// overload chosen by the first argument's type, `str.format_time`, `timenow` (fixed per
// evaluation), `time_close` and `timeframe.period` per version. Expected values come from
// Date.UTC and a calendar worked out by hand (US DST began 2024-03-10 at 02:00 local = 07:00Z).
import { build, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

function barsAt(ms: number[]): Bars {
  const n = ms.length;
  const col = (v: number) => Float64Array.from({ length: n }, () => v);
  return { length: n, time: Float64Array.from(ms, (t) => t / 1000), open: col(1), high: col(2), low: col(0.5), close: col(1.5), volume: col(10) };
}

const NY_HOURLY: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "60" };
const intraday = [
  Date.UTC(2024, 2, 8, 14, 30), // Fri 2024-03-08 09:30 EST, ISO week 10
  Date.UTC(2024, 2, 10, 6, 30), // Sun 2024-03-10 01:30 EST (before the change), ISO week 10
  Date.UTC(2024, 2, 10, 7, 30), // Sun 2024-03-10 03:30 EDT
  Date.UTC(2024, 11, 30, 15, 0), // Mon 2024-12-30 10:00 EST, ISO week 1 of 2025
];

function plots(src: string, bars: Bars, symbol: SymbolInfo = SYMBOL, version = 6, now?: number): EvaluationResult {
  const r = evaluate(build(`//@version=${version}\nindicator("t")\n${src}\n`), bars, {}, { symbol, windowStart: 0, ...(now !== undefined ? { now } : {}) });
  expect(r.runtimeErrors).toEqual([]);
  return r;
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);

describe("calendar series and functions", () => {
  test("fields of intraday bars in the exchange's zone, across a DST change and an ISO year boundary", () => {
    const r = plots(["year", "month", "dayofmonth", "dayofweek", "hour", "minute", "second", "weekofyear"].map((n) => `plot(${n})`).join("\n"), barsAt(intraday), NY_HOURLY);
    expect(col(r, 0)).toEqual([2024, 2024, 2024, 2024]);
    expect(col(r, 1)).toEqual([3, 3, 3, 12]);
    expect(col(r, 2)).toEqual([8, 10, 10, 30]);
    expect(col(r, 3)).toEqual([6, 1, 1, 2]);
    expect(col(r, 4)).toEqual([9, 1, 3, 10]);
    expect(col(r, 5)).toEqual([30, 30, 30, 0]);
    expect(col(r, 6)).toEqual([0, 0, 0, 0]);
    expect(col(r, 7)).toEqual([10, 10, 10, 1]);
  });

  test("function forms take a time and a zone; history of a calendar series", () => {
    const r = plots('plot(hour(time, "UTC"))\nplot(dayofweek(time, "Asia/Tokyo"))\nplot(hour(time))\nplot(dayofmonth[1])', barsAt(intraday), NY_HOURLY);
    expect(col(r, 0)).toEqual([14, 6, 7, 15]);
    // Tokyo is UTC+9: Fri 23:30, Sun 15:30, Sun 16:30, Tue 00:00
    expect(col(r, 1)).toEqual([6, 1, 1, 3]);
    expect(col(r, 2)).toEqual([9, 1, 3, 10]);
    expect(col(r, 3)).toEqual([NaN, 8, 10, 10]);
  });

  test("daily bars (dated at midnight UTC) name their own date, and dayofweek.* compares", () => {
    const days = [Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 4), Date.UTC(2024, 2, 5)]; // Fri, Mon, Tue
    const r = plots("plot(dayofweek)\nplot(dayofweek == dayofweek.monday ? 1 : 0)\nplot(time == timestamp(2024, 3, 4) ? 1 : 0)\nplot(dayofmonth)", barsAt(days));
    expect(col(r, 0)).toEqual([6, 2, 3]);
    expect(col(r, 1)).toEqual([0, 1, 0]);
    expect(col(r, 2)).toEqual([0, 1, 0]);
    expect(col(r, 3)).toEqual([1, 4, 5]);
  });
});

describe("timestamp()", () => {
  test("the overload follows the first argument's type", () => {
    const src = [
      "plot(timestamp(2024, 1, 2, 9, 30))", // year first: the exchange's zone (intraday: New York, EST)
      'plot(timestamp("GMT+3", 2024, 1, 2, 3))', // zone first
      'plot(timestamp("America/New_York", 2024, 7, 1, 9, 30))', // EDT
      'plot(timestamp("2024-02-20"))', // a date string alone
      'plot(timestamp("2024-02-20T10:15:00"))',
      "plot(timestamp(year = 2024, month = 1, day = 2))",
      'tz = syminfo.timezone\nplot(timestamp(tz, 2024, 1, 2))',
    ].join("\n");
    const r = plots(src, barsAt(intraday.slice(0, 1)), NY_HOURLY);
    expect(r.outputs.map((o) => o.values[0])).toEqual([
      Date.UTC(2024, 0, 2, 14, 30),
      Date.UTC(2024, 0, 2, 0, 0),
      Date.UTC(2024, 6, 1, 13, 30),
      Date.UTC(2024, 1, 20),
      Date.UTC(2024, 1, 20, 10, 15),
      Date.UTC(2024, 0, 2, 5, 0),
      Date.UTC(2024, 0, 2, 5, 0),
    ]);
  });
});

describe("str.format_time, timenow, time_close, timeframe.period", () => {
  test("str.format_time in a zone, default format", () => {
    const r = plots('alert(str.format_time(time, "yyyy-MM-dd HH:mm EEE", "America/New_York") + " | " + str.format_time(time, "dd MMM yy hh:mm a", "UTC") + " | " + str.format_time(time))', barsAt(intraday.slice(0, 1)), NY_HOURLY);
    expect(r.events.map((e) => e.message)).toEqual(["2024-03-08 09:30 Fri | 08 Mar 24 02:30 PM | 2024-03-08T09:30:00-0500"]);
  });

  test("timenow is the evaluation's fixed now", () => {
    const r = plots("plot(timenow)", barsAt(intraday), NY_HOURLY, 6, 1_700_000_000_123);
    expect(col(r, 0)).toEqual([1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_123, 1_700_000_000_123]);
  });

  test("time_close is the open time plus one bar of the timeframe (months by the calendar)", () => {
    expect(col(plots("plot(time_close - time)", barsAt(intraday), NY_HOURLY), 0)).toEqual([3_600_000, 3_600_000, 3_600_000, 3_600_000]);
    expect(col(plots("plot(time_close)", barsAt([Date.UTC(2024, 1, 1)])), 0)).toEqual([Date.UTC(2024, 1, 2)]);
    const monthly: SymbolInfo = { ...SYMBOL, timeframe: "1M" };
    expect(col(plots("plot(time_close)", barsAt([Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1)]), monthly), 0)).toEqual([Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)]);
  });

  test("timeframe.period carries its multiplier in v6 (\"1D\") and not in v5 (\"D\")", () => {
    const src = 'plot(timeframe.period == "1D" ? 1 : 0)\nplot(timeframe.period == "D" ? 1 : 0)';
    const bars = barsAt([Date.UTC(2024, 0, 2)]);
    expect(plots(src, bars, SYMBOL, 6).outputs.map((o) => o.values[0])).toEqual([1, 0]);
    expect(plots(src, bars, SYMBOL, 5).outputs.map((o) => o.values[0])).toEqual([0, 1]);
    const r = plots('plot(timeframe.period == "60" ? 1 : 0)', bars, NY_HOURLY, 6);
    expect(r.outputs[0]!.values[0]).toBe(1);
  });
});

describe("event message placeholders, as TradingView renders them", () => {
  const msg = '{{ticker}} {{interval}} {{time}} c={{close}} p0={{plot_0}} p={{plot("Double")}} {{plot("Nope")}} {{unknown}}';
  const src = `plot(close * 2, "Double")\nalertcondition(true, "a", ${JSON.stringify(msg)})`;
  const bars = barsAt([Date.UTC(2024, 2, 1)]);

  test("v6: {{interval}} is 1D, {{time}} has no milliseconds", () => {
    expect(plots(src, bars, SYMBOL, 6).events.map((e) => e.message)).toEqual(['AAPL 1D 2024-03-01T00:00:00Z c=1.5 p0=3 p=3 {{plot("Nope")}} {{unknown}}']);
  });

  test("v5: {{interval}} is D; intraday is minutes", () => {
    expect(plots(src, bars, SYMBOL, 5).events[0]!.message).toMatch(/^AAPL D 2024-03-01T00:00:00Z /);
    expect(plots(src, barsAt(intraday.slice(0, 1)), NY_HOURLY, 6).events[0]!.message).toMatch(/^AAPL 60 2024-03-08T14:30:00Z /);
  });

  test("{{timenow}} is the evaluation's now", () => {
    const r = plots('alertcondition(true, "a", "at {{timenow}}")', bars, SYMBOL, 6, Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(r.events[0]!.message).toBe("at 2025-01-02T03:04:05Z");
  });
});

// timeframe.in_seconds and timeframe.change: days, weeks (from Monday) and calendar months begin
// at midnight in the exchange's zone on intraday charts (UTC on daily ones), minutes at the
// session's open there (docs/adr/0075; an instrument without a session: 00:00), seconds
// UTC-aligned; months count 30.4167 days (2628002.88 s, rounded to 2628003).
describe("timeframe.in_seconds and timeframe.change", () => {
  const b = (r: EvaluationResult, k: number): number[] => col(r, k);

  test("in_seconds of timeframe strings and of the chart's", () => {
    const tfs = ["1", "5", "60", "240", "1D", "D", "1W", "W", "1M", "M", "30S", ""];
    const r = plots(tfs.map((tf) => `plot(timeframe.in_seconds("${tf}"))`).join("\n") + "\nplot(timeframe.in_seconds())", barsAt(intraday), NY_HOURLY);
    const want = [60, 300, 3600, 14400, 86400, 86400, 604800, 604800, 2628003, 2628003, 30, 3600, 3600];
    want.forEach((w, k) => expect(b(r, k)).toEqual([w, w, w, w]));
    // daily chart, v5 (timeframe.period "D") and v6 ("1D")
    const days = barsAt([Date.UTC(2024, 2, 1)]);
    expect(b(plots("plot(timeframe.in_seconds())", days, SYMBOL, 5), 0)).toEqual([86400]);
    expect(b(plots("plot(timeframe.in_seconds())", days), 0)).toEqual([86400]);
  });

  test("change on daily bars: a day, a week from Monday, a calendar month; false on the first bar", () => {
    // Wed 02-28, Thu 02-29 (leap day), Fri 03-01, Mon 03-04, Tue 03-05
    const days = [Date.UTC(2024, 1, 28), Date.UTC(2024, 1, 29), Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 4), Date.UTC(2024, 2, 5)];
    const r = plots('plot(timeframe.change("1D") ? 1 : 0)\nplot(timeframe.change("W") ? 1 : 0)\nplot(timeframe.change("1M") ? 1 : 0)\nplot(timeframe.change("2D") ? 1 : 0)', barsAt(days));
    expect(b(r, 0)).toEqual([0, 1, 1, 1, 1]);
    expect(b(r, 1)).toEqual([0, 0, 0, 1, 0]);
    expect(b(r, 2)).toEqual([0, 0, 1, 0, 0]);
    // 2-day periods from the epoch: day numbers 19781, 19782, 19783, 19786, 19787 -> 9890, 9891, 9891, 9893, 9893
    expect(b(r, 3)).toEqual([0, 1, 0, 1, 0]);
  });

  test("change on intraday bars: hours and 4-hour blocks from the session's open in the exchange's zone (no session: 00:00 New York), days and weeks there too", () => {
    const hours = [
      Date.UTC(2024, 2, 8, 14, 30), // Fri 09:30 EST: the 4-hour block 08:00-12:00 New York
      Date.UTC(2024, 2, 8, 15, 30),
      Date.UTC(2024, 2, 8, 16, 30), // 11:30 EST: still the block of 08:00 (16:00Z is no boundary in New York)
      Date.UTC(2024, 2, 10, 23, 30), // Sun 19:30 EDT (DST began that morning): a new day and block (16:00-20:00), still the week of Mon 03-04
      Date.UTC(2024, 2, 11, 0, 30), // Mon 00:30Z is still Sun 20:30 in New York: same day and week, the block of 20:00
      Date.UTC(2024, 2, 11, 0, 45), // same hour, day and week
    ];
    const r = plots(["60", "240", "D", "1W", "M"].map((tf) => `plot(timeframe.change("${tf}") ? 1 : 0)`).join("\n"), barsAt(hours), NY_HOURLY);
    expect(b(r, 0)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(b(r, 1)).toEqual([0, 0, 0, 1, 1, 0]);
    expect(b(r, 2)).toEqual([0, 0, 0, 1, 0, 0]);
    expect(b(r, 3)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(b(r, 4)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  test("a New York instrument's day, week and month begin at midnight New York time, not UTC", () => {
    // January: EST, UTC-5, so New York midnight is 05:00Z
    const hours = [
      Date.UTC(2024, 0, 9, 23), // Tue 01-09 18:00 EST
      Date.UTC(2024, 0, 10, 0), // 00:00Z is Tue 19:00 EST: the same day
      Date.UTC(2024, 0, 10, 5), // Wed 00:00 EST: a new day
      Date.UTC(2024, 0, 14, 23), // Sun 01-14 18:00 EST: a new day, the week of Mon 01-08
      Date.UTC(2024, 0, 15, 0), // Sun 19:00 EST (Monday in UTC): same day, same week
      Date.UTC(2024, 0, 15, 5), // Mon 01-15 00:00 EST: a new day and week
      Date.UTC(2024, 0, 31, 23), // Wed 01-31 18:00 EST: a new day and week (of Mon 01-29)
      Date.UTC(2024, 1, 1, 0), // still Wed 01-31 19:00 EST (February in UTC): same month
      Date.UTC(2024, 1, 1, 5), // Thu 02-01 00:00 EST: a new day and month
    ];
    const r = plots(["D", "W", "M"].map((tf) => `plot(timeframe.change("${tf}") ? 1 : 0)`).join("\n"), barsAt(hours), NY_HOURLY);
    expect(b(r, 0)).toEqual([0, 0, 1, 1, 0, 1, 1, 0, 1]);
    expect(b(r, 1)).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0]);
    expect(b(r, 2)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test("change inside a user function under a switch resets an anchored sum", () => {
    const days = [Date.UTC(2024, 1, 28), Date.UTC(2024, 1, 29), Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 4)];
    const src = 'anchor = input.string("Month", "Anchor")\nnewp() =>\n    switch anchor\n        "Week" => timeframe.change("1W")\n        "Month" => timeframe.change("1M")\n        => false\nvar float s = 0.0\nif newp()\n    s := 0.0\ns += 1\nplot(s)';
    expect(b(plots(src, barsAt(days)), 0)).toEqual([1, 2, 1, 2]);
  });
});

describe("time(timeframe, session) on daily bars", () => {
  // Daily bars stamped 00:00 UTC: Fri 2024-03-08, Sat 03-09 (a 24x7 market), Mon 03-11, Tue 03-12.
  const days = [Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 9), Date.UTC(2024, 2, 11), Date.UTC(2024, 2, 12)];
  const bars = barsAt(days);

  test("a daily bar holds its day's session: in a regular-hours session on the days it trades, whatever its hours", () => {
    const r = plots(`plot(time(timeframe.period, "0930-1600"))\nplot(time("D", "0930-1600:23456"))\nplot(time(timeframe.period, "0930-1600:2"))`, bars);
    // every day of a session with no day list; Monday to Friday (Pine's 2-6) skips the Saturday; Mondays only
    expect(col(r, 0)).toEqual(days);
    expect(col(r, 1)).toEqual([days[0], NaN, days[2], days[3]]);
    expect(col(r, 2)).toEqual([NaN, NaN, days[2], NaN]);
  });
});

describe("daily, weekly and monthly bars open and close with their session (docs/adr/0200)", () => {
  // TradingView dates a US equity's daily bar at its session's open, 09:30 New York, and closes it
  // at 16:00; the store dates it 00:00 UTC. US DST began Sunday 2024-03-10: 09:30 EST is 14:30Z,
  // 09:30 EDT 13:30Z, 16:00 EST 21:00Z, 16:00 EDT 20:00Z. Fri 03-08, Mon 03-11, Tue 03-12.
  const AAPL: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1D", session: "0930-1600" };
  const days = barsAt([Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 11), Date.UTC(2024, 2, 12)]);
  const OPEN = [Date.UTC(2024, 2, 8, 14, 30), Date.UTC(2024, 2, 11, 13, 30), Date.UTC(2024, 2, 12, 13, 30)];
  const CLOSE = [Date.UTC(2024, 2, 8, 21), Date.UTC(2024, 2, 11, 20), Date.UTC(2024, 2, 12, 20)];

  test("time, time_close, calendar fields and str.format_time of an equity's daily bars across the DST change", () => {
    const r = plots(
      `plot(time)
plot(time_close)
plot(dayofweek(time, syminfo.timezone))
plot(hour(time, "America/New_York"))
plot(minute)
plot(dayofmonth)
plot(time("D"))
plot(time_close("D"))
plot(last_bar_time)
plot(chart.left_visible_bar_time)
plot(time_tradingday)
plot(timeframe.change("W") ? 1 : 0)
log.info(str.format_time(time, "yyyy-MM-dd HH:mm", syminfo.timezone))
log.info(str.format_time(time_close, "EEE HH:mm Z"))`,
      days,
      AAPL,
    );
    expect(col(r, 0)).toEqual(OPEN);
    expect(col(r, 1)).toEqual(CLOSE);
    expect(col(r, 2)).toEqual([6, 2, 3]); // Friday, Monday, Tuesday
    expect(col(r, 3)).toEqual([9, 9, 9]);
    expect(col(r, 4)).toEqual([30, 30, 30]);
    expect(col(r, 5)).toEqual([8, 11, 12]);
    expect(col(r, 6)).toEqual(OPEN);
    expect(col(r, 7)).toEqual(CLOSE);
    expect(col(r, 8)).toEqual([OPEN[2], OPEN[2], OPEN[2]]);
    expect(col(r, 9)).toEqual([OPEN[0], OPEN[0], OPEN[0]]);
    // the trading day stays 00:00 UTC of the date; the week changes on Monday
    expect(col(r, 10)).toEqual([Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 11), Date.UTC(2024, 2, 12)]);
    expect(col(r, 11)).toEqual([0, 1, 0]);
    expect(r.logs.map((l) => l.message)).toEqual(["2024-03-08 09:30", "Fri 16:00 -0500", "2024-03-11 09:30", "Mon 16:00 -0400", "2024-03-12 09:30", "Tue 16:00 -0400"]);
    // the run's times, and its log lines', stay those of the store
    expect(r.times).toEqual(days.time);
    expect(r.logs.map((l) => l.time)).toEqual([1709856000, 1709856000, 1710115200, 1710115200, 1710201600, 1710201600]);
  });

  test("a date filter by timestamp() or input.time takes its first day's bar", () => {
    const r = plots(
      `since = input.time(timestamp("2024-03-11"), "Since")
plot(time >= timestamp(syminfo.timezone, 2024, 3, 11, 0, 0) ? 1 : 0)
plot(time >= since ? 1 : 0)
plot(time >= timestamp(2024, 3, 11) ? 1 : 0)
inRange(t) => t >= since and dayofweek(time) != dayofweek.friday
plot(inRange(time) ? 1 : 0)`,
      days,
      AAPL,
    );
    expect([col(r, 0), col(r, 1), col(r, 2), col(r, 3)]).toEqual([[0, 1, 1], [0, 1, 1], [0, 1, 1], [0, 1, 1]]);
  });

  test("weekly and monthly bars: the session's open on the period's first weekday, its close on the last", () => {
    // weeks of Monday 03-04 (EST) and Monday 03-11 (EDT): closes Friday 03-08 16:00 EST and 03-15 16:00 EDT
    const weeks = plots("plot(time)\nplot(time_close)\nplot(dayofweek)", barsAt([Date.UTC(2024, 2, 4), Date.UTC(2024, 2, 11)]), { ...AAPL, timeframe: "1W" });
    expect(col(weeks, 0)).toEqual([Date.UTC(2024, 2, 4, 14, 30), Date.UTC(2024, 2, 11, 13, 30)]);
    expect(col(weeks, 1)).toEqual([Date.UTC(2024, 2, 8, 21), Date.UTC(2024, 2, 15, 20)]);
    expect(col(weeks, 2)).toEqual([2, 2]);
    // June 2024 starts on a Saturday (first trading day Monday 06-03) and ends on a Sunday (last Friday 06-28); July runs Monday 07-01 to Wednesday 07-31
    const months = plots("plot(time)\nplot(time_close)", barsAt([Date.UTC(2024, 5, 1), Date.UTC(2024, 6, 1)]), { ...AAPL, timeframe: "1M" });
    expect(col(months, 0)).toEqual([Date.UTC(2024, 5, 3, 13, 30), Date.UTC(2024, 6, 1, 13, 30)]);
    expect(col(months, 1)).toEqual([Date.UTC(2024, 5, 28, 20), Date.UTC(2024, 6, 31, 20)]);
  });

  test("an overnight session opens the evening before its day; around the clock in UTC, midnight as stored", () => {
    // futures 1700-1600 Chicago: Monday 03-11's session opens Sunday 17:00 CDT (22:00Z), closes Monday 16:00 CDT (21:00Z);
    // Friday 03-08's opens Thursday 17:00 CST (23:00Z); dayofweek of the open is the day before (TradingView's note on overnight sessions)
    const futures = plots("plot(time)\nplot(time_close)\nplot(dayofweek)", barsAt([Date.UTC(2024, 2, 8), Date.UTC(2024, 2, 11)]), { ...AAPL, timezone: "America/Chicago", session: "1700-1600" });
    expect(col(futures, 0)).toEqual([Date.UTC(2024, 2, 7, 23), Date.UTC(2024, 2, 10, 22)]);
    expect(col(futures, 1)).toEqual([Date.UTC(2024, 2, 8, 22), Date.UTC(2024, 2, 11, 21)]);
    expect(col(futures, 2)).toEqual([5, 1]);
    const crypto = plots("plot(time)\nplot(time_close)\nplot(dayofweek)\nplot(hour)", days, { ...AAPL, ticker: "BTCUSD", timezone: "UTC", session: "24x7" });
    expect(col(crypto, 0)).toEqual(Array.from(days.time, (t) => t * 1000));
    expect(col(crypto, 1)).toEqual(Array.from(days.time, (t) => t * 1000 + 86_400_000));
    expect(col(crypto, 2)).toEqual([6, 2, 3]);
    expect(col(crypto, 3)).toEqual([0, 0, 0]);
  });

  test("an event's {{time}} is the bar's time as the script reads it; the event stays at the stored bar", () => {
    const r = plots('alertcondition(true, "a", "{{time}}")', days, AAPL);
    expect(r.events.map((e) => [e.time, e.message])).toEqual([
      [1709856000, "2024-03-08T14:30:00Z"],
      [1710115200, "2024-03-11T13:30:00Z"],
      [1710201600, "2024-03-12T13:30:00Z"],
    ]);
  });

  test("bar_time drawings map the script's times onto the stored bars (docs/adr/0201); getters give the script's times back", () => {
    const src = `//@version=6
indicator("t")
[t, tc] = request.security(syminfo.tickerid, "D", [time, time_close], lookahead = barmerge.lookahead_on)
var l = label.new(time, close, "x", xloc = xloc.bar_time, yloc = yloc.abovebar)
var ln = line.new(time, close, time_close, close, xloc = xloc.bar_time)
if barstate.islast
    line.new(t, high, tc, high, xloc = xloc.bar_time)
    line.new(time - 2 * 86400000, low, (time + time_close) / 2, low, xloc = xloc.bar_time)
    line.new(time - 5 * 86400000, low, time_close - 5 * 86400000, low, xloc = xloc.bar_time)
    box.new(time, high, time_close, low, xloc = xloc.bar_time)
    label.new(time + 5 * timeframe.in_seconds() * 1000, close, "5 bars on", xloc = xloc.bar_time)
    label.new(time_close("D", timeframe_bars_back = -1), close, "next close", xloc = xloc.bar_time)
    polyline.new(array.from(chart.point.from_time(time, 1), chart.point.from_time(time_close, 2)), xloc = xloc.bar_time)
plot(label.get_x(l))
plot(line.get_x2(ln))`;
    const r = evaluate(build(src), days, {}, { symbol: AAPL, windowStart: 0, contexts: [{ symbol: "AAPL", timeframe: "1d", bars: days, info: AAPL }] });
    expect(r.runtimeErrors).toEqual([]);
    expect(col(r, 0)).toEqual([OPEN[0], OPEN[0], OPEN[0]]);
    expect(col(r, 1)).toEqual([CLOSE[0], CLOSE[0], CLOSE[0]]);
    const d = r.drawings;
    // the first bar's label sits at its stored time and its high (2)
    expect([d.labels[0]!.time, d.labels[0]!.price]).toEqual(["2024-03-08T00:00:00Z", 2]);
    // Friday's time -> time_close spans its bar: its close is where the next stored bar (Monday) begins
    expect([d.lines[0]!.time1, d.lines[0]!.time2]).toEqual(["2024-03-08T00:00:00Z", "2024-03-11T00:00:00Z"]);
    // the survey's prior-day line (request.security's time and time_close) on the last bar: Tuesday 00:00Z to its end, Wednesday 00:00Z
    expect([d.lines[1]!.time1, d.lines[1]!.time2]).toEqual(["2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z"]);
    // Sunday 13:30Z, between Friday's close and Monday's open -> Monday's stored time; the session's
    // midpoint (13:30Z + 3h15m = 16:45Z) -> half the stored day
    expect([d.lines[2]!.time1, d.lines[2]!.time2]).toEqual(["2024-03-11T00:00:00Z", "2024-03-12T12:00:00Z"]);
    // before the first bar, days are projected back from Friday's 14:30Z-21:00Z: Thursday 13:30Z is
    // before Thursday's open (Thursday 00:00Z); Thursday 20:00Z is 5.5 of its 6.5 hours, 5.5 / 6.5 *
    // 24 h = 20:18:27.692 into the stored day
    expect([d.lines[3]!.time1, d.lines[3]!.time2]).toEqual(["2024-03-07T00:00:00Z", "2024-03-07T20:18:27.692Z"]);
    expect([d.boxes[0]!.time1, d.boxes[0]!.time2]).toEqual(["2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z"]);
    // future: Tuesday's open + 5 days (Sunday 03-17 13:30Z) keeps its spacing, 5 stored days on;
    // Wednesday's close (20:00Z) is Wednesday's stored end, Thursday 00:00Z
    expect(d.labels.slice(1).map((x) => [x.text, x.time])).toEqual([["5 bars on", "2024-03-17T00:00:00Z"], ["next close", "2024-03-14T00:00:00Z"]]);
    expect(d.polylines[0]!.points.map((p) => p.time)).toEqual(["2024-03-12T00:00:00Z", "2024-03-13T00:00:00Z"]);
  });

  test("bar_time drawings on intraday bars are written at the times the script read", () => {
    const FIVE: SymbolInfo = { ...AAPL, ticker: "SPY", timeframe: "5" };
    const r = plots(
      `if barstate.islast
    line.new(time, close, time_close, close, xloc = xloc.bar_time)
    label.new(time + 5 * timeframe.in_seconds() * 1000, close, "later", xloc = xloc.bar_time)`,
      barsAt([Date.UTC(2024, 2, 11, 13, 30), Date.UTC(2024, 2, 11, 13, 35)]),
      FIVE,
    );
    // the 13:35Z bar closes at 13:40Z; five bars after its open is 14:00Z
    expect([r.drawings.lines[0]!.time1, r.drawings.lines[0]!.time2]).toEqual(["2024-03-11T13:35:00Z", "2024-03-11T13:40:00Z"]);
    expect(r.drawings.labels[0]!.time).toBe("2024-03-11T14:00:00Z");
  });
});
