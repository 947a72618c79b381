// Minute timeframes the bar store does not hold ("20", "45", "180"), which scripts reach by
// multiplying the chart's (timeframe.from_seconds(timeframe.in_seconds() * 4) on a 5-minute chart
// is "20"): TradingView builds them, from the session's open; so do request contexts, from a finer
// stored timeframe. Data: SPY minutes of March 2011 (packages/marketdata/demo/nt-spy-minute-2011-03.csv,
// times read as UTC as its SOURCES.md says); 2011-03-01 is in EST, the session opens at 14:30Z and
// closes at 21:00Z. Expected bars come from the plain loop `barOf` over the minute rows.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import { sessionBars, sessionSource, storeSeconds, storeTimeframe } from "../../src/stdlib/request/timeframes";
import type { SymbolInfo } from "../../src/types";
import { barOf, fiveMinutes, MINUTES, row } from "../support/spy-march-minutes";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;


test("any count of minutes under a day is a context; minutes over a day and seconds are not", () => {
  expect(storeTimeframe("20", "5m")).toEqual({ tf: "20m" });
  expect(storeTimeframe("180", "5m")).toEqual({ tf: "180m" });
  expect(storeTimeframe("240", "5m")).toEqual({ tf: "4h" });
  expect(storeTimeframe("1440", "5m")).toEqual({ tf: "1d" });
  expect(storeSeconds("20m")).toBe(1200);
  expect(storeTimeframe("2880", "5m")).toHaveProperty("error");
  expect(storeTimeframe("30S", "1m")).toHaveProperty("error");
});

test("they are built from the largest stored timeframe dividing them and the session's edges, also around the clock in UTC", () => {
  expect(sessionSource("20m", "0930-1600", "America/New_York")).toEqual({ timeframe: "5m", perBar: 4 });
  expect(sessionSource("180m", "0930-1600", "America/New_York")).toEqual({ timeframe: "30m", perBar: 6 });
  expect(sessionSource("45m", "24x7", "UTC")).toEqual({ timeframe: "15m", perBar: 3 });
  expect(sessionSource("7m", "24x7", "UTC")).toEqual({ timeframe: "1m", perBar: 7 });
  expect(sessionSource("15m", "24x7", "UTC")).toBeNull();
});

test("SPY's 20-minute bars of 2011-03-01 start at the open, 14:30Z, and the last of the session ends at the close", () => {
  const twenty = sessionBars(MINUTES, "20m", "0930-1600", "America/New_York");
  expect(row(twenty, z("2011-03-01T14:30:00"))).toEqual(barOf(z("2011-03-01T14:30:00"), z("2011-03-01T14:50:00")));
  expect(row(twenty, z("2011-03-01T14:50:00"))).toEqual(barOf(z("2011-03-01T14:50:00"), z("2011-03-01T15:10:00")));
  // 390 session minutes: nineteen periods of 20, then 15:50-16:00 New York
  expect(row(twenty, z("2011-03-01T20:50:00"))).toEqual(barOf(z("2011-03-01T20:50:00"), z("2011-03-01T21:00:00")));
});

test('request.security("", "20", close) on a 5-minute chart: each period\'s close on its last chart bar', () => {
  const chart = fiveMinutes();
  const twenty = sessionBars(MINUTES, "20m", "0930-1600", "America/New_York");
  const symbol: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "5m", session: "0930-1600" };
  const src = `//@version=6
indicator("r")
tf = timeframe.from_seconds(timeframe.in_seconds() * 4)
plot(request.security("", tf, close))
plot(tf == "20" ? 1 : 0)`;
  const r = evaluate(build(src), chart, {}, { symbol, windowStart: 0, contexts: [{ symbol: "SPY", timeframe: "20m", bars: twenty, info: { ...symbol, timeframe: "20m" } }] });
  expect(r.runtimeErrors).toEqual([]);
  const at = (iso: string): number => r.outputs[0]!.values[r.times.indexOf(z(iso))]!;
  const before = barOf(z("2011-03-01T14:10:00"), z("2011-03-01T14:30:00"))[4]!;
  const first = barOf(z("2011-03-01T14:30:00"), z("2011-03-01T14:50:00"))[4]!;
  expect([at("2011-03-01T14:40:00"), at("2011-03-01T14:45:00"), at("2011-03-01T14:50:00")]).toEqual([before, first, first]);
  expect(r.outputs[1]!.values.every((v) => v === 1)).toBe(true);
});
