// Several days and weeks ("2D", "3D", "2W"): N trading days (Monday to Friday, or every day for an
// instrument trading around the clock) and N weeks, counted from Monday 1970-01-05
// (docs/adr/0139-multi-day-and-multi-week-periods.md). Data: AAPL's daily rows of 2013-01-07 ...
// 2013-01-28 (packages/marketdata/demo/AAPL.csv); 2013-01-21 (Martin Luther King day) has no row.
// Expected values are worked out by hand from those rows: 2013-01-07 is Monday number 2244 after
// 1970-01-05, its weekday number 2244 * 5 = 11220, even and a multiple of 3 and 5.
import { build, dailyBars, sliceBars, SYMBOL, weeklyBars } from "./harness";
import { evaluate } from "../../src/evaluate";
import { scriptRequests } from "../../src/derive/requests";
import { sessionBars, sessionSource, storeSeconds, storeTimeframe } from "../../src/stdlib/request/timeframes";
import type { Bars, SymbolInfo } from "../../src/types";

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
const ALL = dailyBars("AAPL");
const DAYS = sliceBars(ALL, ALL.time.indexOf(day("2013-01-07")), ALL.time.indexOf(day("2013-01-28")) + 1);
const EQUITY: SymbolInfo = { ...SYMBOL, session: "0930-1600" };
const DATES = ["01-07", "01-08", "01-09", "01-10", "01-11", "01-14", "01-15", "01-16", "01-17", "01-18", "01-22", "01-23", "01-24", "01-25", "01-28"];

function rows(b: Bars): number[][] {
  return Array.from(b.time, (t, i) => [t, b.open[i]!, b.high[i]!, b.low[i]!, b.close[i]!, b.volume[i]!]);
}

function plots(source: string, bars: Bars, symbol: SymbolInfo, contexts: Parameters<typeof evaluate>[3]["contexts"] = []): Array<Array<number | null>> {
  const r = evaluate(build(`//@version=6\n${source}`), bars, {}, { symbol, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
}

test("several days and weeks are contexts built from daily and weekly bars; seven days are not a week", () => {
  expect(storeTimeframe("2D", "1d")).toEqual({ tf: "2d" });
  expect(storeTimeframe("4D", "1h")).toEqual({ tf: "4d" });
  expect(storeTimeframe("7D", "1d")).toEqual({ tf: "7d" });
  expect(storeTimeframe("2W", "1d")).toEqual({ tf: "2w" });
  expect(storeTimeframe("3w", "1d")).toEqual({ tf: "3w" });
  expect(storeTimeframe("D", "1h")).toEqual({ tf: "1d" });
  expect(storeTimeframe("1W", "1h")).toEqual({ tf: "1w" });
  expect(storeTimeframe("366D", "1d")).toHaveProperty("error");
  expect(storeTimeframe("53W", "1d")).toHaveProperty("error");
  expect(sessionSource("2d", "0930-1600", "America/New_York")).toEqual({ timeframe: "1d", perBar: 2 });
  expect(sessionSource("3w", "24x7", "UTC")).toEqual({ timeframe: "1w", perBar: 3 });
  expect(sessionSource("1d", "0930-1600", "America/New_York")).toBeNull();
  // the longest two trading days: Friday to Monday, four calendar days
  expect(storeSeconds("2d")).toBe(4 * 86400);
  expect(storeSeconds("2w")).toBe(14 * 86400);
  expect(scriptRequests([{ path: "main.pine", content: '//@version=6\nindicator("x")\nplot(request.security("", "2D", close))\nplot(request.security("", "3W", close))' }], { ticker: "AAPL", timeframe: "1d" }).contexts).toEqual([
    { symbol: "AAPL", timeframe: "2d" },
    { symbol: "AAPL", timeframe: "3w" },
  ]);
});

test("2D bars of an equity: pairs of weekdays, Friday with the Monday after, the holiday counted", () => {
  expect(rows(sessionBars(DAYS, "2d", "0930-1600", "America/New_York"))).toEqual([
    [day("2013-01-07"), 522.0, 531.89, 515.2, 525.31, 33673700],
    [day("2013-01-09"), 522.5, 528.72, 515.52, 523.51, 36026800],
    [day("2013-01-11"), 521.0, 525.32, 498.51, 501.75, 38739800],
    [day("2013-01-15"), 498.3, 509.44, 483.38, 506.09, 55984900],
    [day("2013-01-17"), 510.31, 510.75, 496.4, 500.0, 33092900],
    // Monday 01-21 (no bar) and Tuesday 01-22: the period is dated at its first day
    [day("2013-01-21"), 504.56, 507.88, 496.63, 504.77, 16483800],
    [day("2013-01-23"), 508.81, 514.99, 450.25, 450.5, 82941500],
    [day("2013-01-25"), 451.69, 456.23, 435.0, 449.83, 71198000],
  ]);
});

test('request.security("", "2D", close) on the daily chart: each period\'s close from its last day on', () => {
  const ctx = sessionBars(DAYS, "2d", "0930-1600", "America/New_York");
  const [two] = plots('indicator("x")\nplot(request.security("", "2D", close))', DAYS, EQUITY, [{ symbol: "AAPL", timeframe: "2d", bars: ctx, info: { ...EQUITY, timeframe: "2d" } }]);
  // 01-11 (Friday) sees the pair before it: its period closes with Monday 01-14
  expect(two).toEqual([null, 525.31, 525.31, 523.51, 523.51, 501.75, 501.75, 506.09, 506.09, 500.0, 504.77, 504.77, 450.5, 450.5, 449.83]);
});

test("timeframe.change, time and time_close of 2D, 3D and 2W on an equity's daily chart", () => {
  const src = `indicator("x")
plot(timeframe.change("2D") ? 1 : 0)
plot(timeframe.change("3D") ? 1 : 0)
plot(timeframe.change("2W") ? 1 : 0)
plot(time("2D") / 1000)
plot(time_close("3D") / 1000)
plot(timeframe.in_seconds("2D"))`;
  const [c2, c3, w2, t2, close3, secs] = plots(src, DAYS, EQUITY);
  expect(DATES.length).toBe(DAYS.length);
  expect(c2).toEqual([0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0]);
  // 3D: Mon-Wed, Thu-Fri-Mon, Tue-Thu, Fri-Mon-Tue, Wed-Fri, Mon ...
  expect(c3).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1]);
  // two weeks from Monday 01-07 (week 2244 after 1970-01-05, even), the next from 01-21
  expect(w2).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]);
  const starts2 = ["01-07", "01-07", "01-09", "01-09", "01-11", "01-11", "01-15", "01-15", "01-17", "01-17", "01-21", "01-23", "01-23", "01-25", "01-25"];
  // a script sees a period open at the session's open on its first day, 09:30 EST (14:30 UTC), and
  // close at 16:00 EST (21:00 UTC) on its last (docs/adr/0200; holidays are not known: the period
  // of Monday 01-21 opens on that day)
  expect(t2).toEqual(starts2.map((d) => day(`2013-${d}`) + 14.5 * 3600));
  // the last trading day of each 3D period: 01-10's period (Thu, Fri, Mon 01-14) closes on 01-14
  const closes3 = ["01-09", "01-09", "01-09", "01-14", "01-14", "01-14", "01-17", "01-17", "01-17", "01-22", "01-22", "01-25", "01-25", "01-25", "01-30"];
  expect(close3).toEqual(closes3.map((d) => day(`2013-${d}`) + 21 * 3600));
  expect(secs).toEqual(new Array(15).fill(172800));
});

test("an instrument trading around the clock counts every day: 3D periods from Monday 1970-01-05", () => {
  // ten consecutive days from Monday 2013-01-07: periods Mon-Wed, Thu-Sat, Sun-Tue, Wed-...
  const n = 10;
  const t0 = day("2013-01-07");
  const bars: Bars = { length: n, time: Float64Array.from({ length: n }, (_, i) => t0 + i * 86400), open: new Float64Array(n).fill(1), high: new Float64Array(n).fill(2), low: new Float64Array(n).fill(0.5), close: Float64Array.from({ length: n }, (_, i) => 10 + i), volume: new Float64Array(n).fill(1) };
  const crypto: SymbolInfo = { ticker: "BTC", timezone: "UTC", mintick: 0.01, timeframe: "1d", session: "24x7" };
  const ctx = sessionBars(bars, "3d", "24x7", "UTC");
  expect(Array.from(ctx.time)).toEqual([t0, t0 + 3 * 86400, t0 + 6 * 86400, t0 + 9 * 86400]);
  expect(Array.from(ctx.close)).toEqual([12, 15, 18, 19]);
  const [change, three] = plots('indicator("x")\nplot(timeframe.change("3D") ? 1 : 0)\nplot(request.security("", "3D", close))', bars, crypto, [{ symbol: "BTC", timeframe: "3d", bars: ctx, info: { ...crypto, timeframe: "3d" } }]);
  expect(change).toEqual([0, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
  expect(three).toEqual([null, null, 12, 12, 12, 15, 15, 15, 18, 18]);
});

test('2W bars from weekly bars, and indicator(timeframe = "2D") shows each period on the bar it closes', () => {
  const weeks = sessionBars(weeklyBars(DAYS), "2w", "0930-1600", "America/New_York");
  expect(rows(weeks)).toEqual([
    [day("2013-01-07"), 522.0, 531.89, 483.38, 500.0, 33673700 + 36026800 + 38739800 + 55984900 + 33092900],
    [day("2013-01-21"), 504.56, 514.99, 435.0, 449.83, 16483800 + 82941500 + 71198000],
  ]);
  const [w2] = plots('indicator("x")\nplot(request.security("", "2W", close))', DAYS, EQUITY, [{ symbol: "AAPL", timeframe: "2w", bars: weeks, info: { ...EQUITY, timeframe: "2w" } }]);
  expect(w2).toEqual([null, null, null, null, null, null, null, null, null, 500.0, 500.0, 500.0, 500.0, 500.0, 500.0]);
  const ctx = sessionBars(DAYS, "2d", "0930-1600", "America/New_York");
  const [own] = plots('indicator("x", timeframe = "2D")\nplot(close)', DAYS, EQUITY, [{ symbol: "AAPL", timeframe: "2d", bars: ctx, info: { ...EQUITY, timeframe: "2d" } }]);
  expect(own).toEqual([null, 525.31, null, 523.51, null, 501.75, null, 506.09, null, 500.0, 504.77, null, 450.5, null, 449.83]);
});
