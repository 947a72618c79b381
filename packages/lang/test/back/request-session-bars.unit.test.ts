// A US equity's hourly contexts built as TradingView builds them (docs/adr/0075): 4-hour periods
// from the session's open, 09:30 New York, the last ending at 16:00. Data: SPY minutes of March
// 2011 (packages/marketdata/demo/nt-spy-minute-2011-03.csv, times read as UTC as its SOURCES.md
// says). 2011-03-01 is in EST (UTC-5): the session's periods are 14:30Z-18:30Z and 18:30Z-21:00Z.
import { build, dailyBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import { sessionBars, sessionSource } from "../../src/stdlib/request/timeframes";
import type { SymbolInfo } from "../../src/types";
import { barOf, fiveMinutes, MINUTES, row } from "../support/spy-march-minutes";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;


describe("hourly contexts of a session", () => {
  test("which store timeframe they are built from: one dividing the period and the open; none when the store's bars already match", () => {
    expect(sessionSource("4h", "0930-1600", "America/New_York")).toEqual({ timeframe: "30m", perBar: 8 });
    expect(sessionSource("1h", "0930-1600", "America/New_York")).toEqual({ timeframe: "30m", perBar: 2 });
    expect(sessionSource("2h", "0900-1700", "America/New_York")).toEqual({ timeframe: "1h", perBar: 2 });
    expect(sessionSource("1h", "0900-1700", "America/New_York")).toBeNull();
    expect(sessionSource("4h", "24x7", "UTC")).toBeNull();
    expect(sessionSource("4h", "24x7", "America/New_York")).toEqual({ timeframe: "1h", perBar: 4 });
    expect(sessionSource("1d", "0930-1600", "America/New_York")).toBeNull();
    expect(sessionSource("30m", "0930-1600", "America/New_York")).toBeNull();
    expect(sessionSource("3M", "0930-1600", "America/New_York")).toEqual({ timeframe: "1d", perBar: 93 });
  });

  test("SPY's 4-hour bars of 2011-03-01: 09:30-13:30 and 13:30-16:00 New York, then the evening's from 16:00", () => {
    const four = sessionBars(MINUTES, "4h", "0930-1600", "America/New_York");
    expect(row(four, z("2011-03-01T14:30:00"))).toEqual(barOf(z("2011-03-01T14:30:00"), z("2011-03-01T18:30:00")));
    expect(row(four, z("2011-03-01T18:30:00"))).toEqual(barOf(z("2011-03-01T18:30:00"), z("2011-03-01T21:00:00")));
    expect(row(four, z("2011-03-01T21:00:00"))).toEqual(barOf(z("2011-03-01T21:00:00"), z("2011-03-02T01:00:00")));
    expect(four.time.indexOf(z("2011-03-01T16:00:00"))).toBe(-1);
  });

  test("request.security(\"\", \"240\", close) on a 5-minute chart: each period's close on its last chart bar, 13:25 and 15:55 New York", () => {
    const chart = fiveMinutes();
    const four = sessionBars(MINUTES, "4h", "0930-1600", "America/New_York");
    const symbol: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "5m", session: "0930-1600" };
    const r = evaluate(build(`//@version=6\nindicator("r")\nplot(request.security("", "240", close))`), chart, {}, { symbol, windowStart: 0, contexts: [{ symbol: "SPY", timeframe: "4h", bars: four, info: { ...symbol, timeframe: "4h" } }] });
    const at = (iso: string): number => r.outputs[0]!.values[r.times.indexOf(z(iso))]!;
    const morning = barOf(z("2011-03-01T14:30:00"), z("2011-03-01T18:30:00"))[4]!;
    const afternoon = barOf(z("2011-03-01T18:30:00"), z("2011-03-01T21:00:00"))[4]!;
    const premarket = barOf(z("2011-03-01T10:30:00"), z("2011-03-01T14:30:00"))[4]!;
    expect([at("2011-03-01T18:20:00"), at("2011-03-01T18:25:00"), at("2011-03-01T20:50:00"), at("2011-03-01T20:55:00")]).toEqual([premarket, morning, morning, afternoon]);
  });
});

// Months from daily bars: AAPL (packages/marketdata/demo/AAPL.csv, Yahoo via bokeh_sampledata),
// closes read by hand: Fri 2012-09-28 667.10 (September's last), Wed 10-31 595.32 (October's last;
// the market was shut on 10-29 and 10-30), Fri 11-30 585.28, Mon 12-31 532.17.
describe("monthly contexts, built from daily bars", () => {
  const aapl = dailyBars("AAPL");
  const context = (tf: string) => ({ symbol: "AAPL", timeframe: tf, bars: sessionBars(aapl, tf, "0930-1600", "America/New_York"), info: { ...SYMBOL, timeframe: tf } });
  const run = (src: string, tf = "1M") => {
    const r = evaluate(build(`//@version=6\nindicator("m")\n${src}`), aapl, {}, { symbol: SYMBOL, windowStart: 0, contexts: [context(tf)] });
    expect(r.runtimeErrors).toEqual([]);
    return (date: string, k = 0): number => r.outputs[k]!.values[r.times.indexOf(z(`${date}T00:00:00`))]!;
  };

  test("request.security(\"\", \"M\", close): a month's close on its last trading day, the previous month's before", () => {
    const at = run(`plot(request.security("", "M", close))\nplot(request.security("", "1M", close, lookahead = barmerge.lookahead_on))`);
    const days = ["2012-10-01", "2012-10-26", "2012-10-31", "2012-11-01", "2012-11-29", "2012-11-30", "2012-12-03", "2012-12-31"];
    expect(days.map((d) => at(d))).toEqual([667.1, 667.1, 595.32, 595.32, 595.32, 585.28, 585.28, 532.17]);
    expect(["2012-10-01", "2012-11-01"].map((d) => at(d, 1))).toEqual([595.32, 585.28]);
  });

  test("a stateful expression runs over the months, and quarters (\"3M\") are three calendar months", () => {
    expect(run(`plot(request.security("", "M", ta.sma(close, 2)))`)("2012-11-30")).toBeCloseTo((595.32 + 585.28) / 2, 10);
    const q = run(`plot(request.security("", "3M", close))`, "3M");
    expect([q("2012-11-30"), q("2012-12-31")]).toEqual([667.1, 532.17]);
  });
});
