// time_tradingday (00:00 UTC of the bar's trading day; a weekly or monthly bar's last trading day)
// and last_bar_time (the last bar's open time, on every bar). Expected times are worked by hand
// from the calendar: 2024-01-02 is a Tuesday, 2024-01-07 a Sunday, 2024-03-29 a Friday.
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";
import { build } from "./harness";

const SRC = '//@version=6\nindicator("t")\nplot(time_tradingday, "day")\nplot(last_bar_time, "last")\n';

function barsAt(isoTimes: string[]): Bars {
  const n = isoTimes.length;
  const ones = Float64Array.from(isoTimes, () => 1);
  return { length: n, time: Float64Array.from(isoTimes, (t) => Date.parse(t) / 1000), open: ones, high: ones, low: ones, close: ones, volume: ones };
}

function outputs(isoTimes: string[], symbol: Partial<SymbolInfo> & { timeframe: string }): Record<string, number[]> {
  const info: SymbolInfo = { ticker: "T", timezone: "America/New_York", mintick: 0.01, ...symbol };
  const r = evaluate(build(SRC), barsAt(isoTimes), {}, { symbol: info, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.name, Array.from(o.values)]));
}

const ms = (iso: string): number => Date.parse(iso);

describe("time_tradingday and last_bar_time", () => {
  test("daily bars: the bar's own day; last_bar_time the last bar's open on every bar", () => {
    const times = ["2024-01-02T00:00:00Z", "2024-01-03T00:00:00Z", "2024-01-04T00:00:00Z"];
    expect(outputs(times, { timeframe: "1D" })).toEqual({
      day: times.map(ms),
      last: times.map(() => ms("2024-01-04T00:00:00Z")),
    });
  });

  test("hourly bars of a New York session: the day in New York, at 00:00 UTC", () => {
    // 09:30, 15:30 New York on Tuesday 2 January; 09:30 on Wednesday 3 January
    const times = ["2024-01-02T14:30:00Z", "2024-01-02T20:30:00Z", "2024-01-03T14:30:00Z"];
    expect(outputs(times, { timeframe: "60", session: "0930-1600" }).day).toEqual([ms("2024-01-02T00:00:00Z"), ms("2024-01-02T00:00:00Z"), ms("2024-01-03T00:00:00Z")]);
  });

  test("an overnight session: a bar opening on Sunday evening belongs to Monday", () => {
    // 17:00 and 23:00 New York on Sunday 7 January, 10:00 on Monday 8 January
    const times = ["2024-01-07T22:00:00Z", "2024-01-08T04:00:00Z", "2024-01-08T15:00:00Z"];
    expect(outputs(times, { timeframe: "60", session: "1700-1700" }).day).toEqual([ms("2024-01-08T00:00:00Z"), ms("2024-01-08T00:00:00Z"), ms("2024-01-08T00:00:00Z")]);
  });

  test("weekly and monthly bars: their last trading day (the last weekday; every day around the clock)", () => {
    expect(outputs(["2024-01-01T00:00:00Z"], { timeframe: "1W", session: "0930-1600" }).day).toEqual([ms("2024-01-05T00:00:00Z")]);
    expect(outputs(["2024-03-01T00:00:00Z"], { timeframe: "1M", session: "0930-1600" }).day).toEqual([ms("2024-03-29T00:00:00Z")]);
    expect(outputs(["2024-01-01T00:00:00Z"], { timeframe: "1W", session: "24x7" }).day).toEqual([ms("2024-01-07T00:00:00Z")]);
  });
});
