// Survey S33 (values of multi-timeframe scripts against an independent resample, docs/adr/0295):
// request.security of a lower timeframe with `barmerge.lookahead_on`, worked by hand on synthetic
// minute bars from 2020-01-01T00:00Z whose minute k closes at k + 1, on an hourly chart.
// TradingView's user manual (Other timeframes and data, "Requesting data of a lower timeframe"): on a
// 5-minute chart requesting "1", lookahead_on gives the value of the first of the five 1-minute bars
// inside the chart bar, lookahead_off the last.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2020, 0, 1) / 1000;

function series(times: number[], close: (k: number) => number): Bars {
  const time = Float64Array.from(times);
  const c = Float64Array.from(times, (_, k) => close(k));
  return { length: times.length, time, open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(times.length).fill(1) };
}

const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };
const range = (n: number, step: number, from = T0): number[] => Array.from({ length: n }, (_, k) => from + k * step);

function outputs(src: string, chart: Bars, contexts: ContextBars[]): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("s33")\n${src}`), chart, {}, { symbol: H1, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

describe("request.security of a lower timeframe with lookahead_on (survey S33)", () => {
  // three hours; the minutes of the first two hours (closes 1..120), none in the third
  const hours = series(range(3, 3600), (k) => 60 * (k + 1));
  const minutes: ContextBars = { symbol: "SYN", timeframe: "1m", bars: series(range(120, 60), (k) => k + 1), info: { ...H1, timeframe: "1m" } };

  test("gives the chart bar's first intrabar; lookahead_off its last", () => {
    const [on, off, onSma] = outputs(
      `plot(request.security("", "1", close, lookahead = barmerge.lookahead_on))\nplot(request.security("", "1", close))\nplot(request.security("", "1", ta.sma(close, 2), lookahead = barmerge.lookahead_on))`,
      hours,
      [minutes],
    );
    // hour 1: minutes closing 1..60 (first 1, last 60); hour 2: 61..120; hour 3 has no intrabar: the last one seen, 120
    expect(on).toEqual([1, 61, 120]);
    expect(off).toEqual([60, 120, 120]);
    // sma of two minutes at minute 61 (closes 60 and 61); the first minute has no previous one
    expect(onSma).toEqual([NaN, 60.5, 119.5]);
  });

  test("an hour whose first intrabars are missing reads its first one present", () => {
    // the second hour's minutes start at 01:10 (closes 71..120)
    const sparse: ContextBars = { ...minutes, bars: series([...range(60, 60), ...range(50, 60, T0 + 3600 + 600)], (k) => (k < 60 ? k + 1 : k + 11)) };
    const [on] = outputs(`plot(request.security("", "1", close, lookahead = barmerge.lookahead_on))`, hours, [sparse]);
    expect(on).toEqual([1, 71, 120]);
  });
});

describe("the run's last bar closes a period its session closes there (survey S33)", () => {
  // An equity (0930-1600 New York, Monday to Friday) whose requested context's data goes on after
  // the run's window: TradingView's weekly bar closes with Friday's session, so on historical bars
  // Friday's daily bar already shows that week's close (lookahead off), and a minute bar closing at
  // 16:00 shows that day's. Days are dated 00:00 UTC, as the bar store dates them.
  const EQ: SymbolInfo = { ticker: "SYN", timezone: "America/New_York", mintick: 0.01, timeframe: "1d", session: "0930-1600" };
  const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;
  const run = (src: string, chart: Bars, symbol: SymbolInfo, contexts: ContextBars[]): number[][] => {
    const r = evaluate(build(`//@version=6\nindicator("s33")\n${src}`), chart, {}, { symbol, windowStart: 0, contexts });
    expect(r.runtimeErrors).toEqual([]);
    return r.outputs.map((o) => Array.from(o.values));
  };
  // weeks of Monday 2020-01-06 (close 5), 01-13 (close 10) and 01-20 (close 15): the data goes on after the chart
  const weeks: ContextBars = { symbol: "SYN", timeframe: "1w", bars: series([day("2020-01-06"), day("2020-01-13"), day("2020-01-20")], (k) => 5 * (k + 1)), info: { ...EQ, timeframe: "1w" } };
  const days = (isos: string[]): Bars => series(isos.map(day), (k) => k + 1);
  const src = `plot(request.security("", "W", close))\nplot(request.security("", "W", close, barmerge.gaps_on))`;

  test("a daily chart ending on a Friday shows that week's close on it; one ending on Thursday the week before", () => {
    const toFriday = days(["2020-01-09", "2020-01-10", "2020-01-13", "2020-01-16", "2020-01-17"]);
    expect(run(src, toFriday, EQ, [weeks])).toEqual([
      [NaN, 5, 5, 5, 10],
      [NaN, 5, NaN, NaN, 10],
    ]);
    const toThursday = days(["2020-01-13", "2020-01-16"]);
    // Monday sees the week before (closed on 01-10); Thursday still that week, not its own (close 10)
    expect(run(src, toThursday, EQ, [weeks])).toEqual([
      [5, 5],
      [5, NaN],
    ]);
  });

  test("a month closes with its last weekday's bar (Thursday 2013-02-28), read without the next month's bar", () => {
    const months: ContextBars = { symbol: "SYN", timeframe: "1M", bars: series([day("2013-01-01"), day("2013-02-01")], (k) => k + 1), info: { ...EQ, timeframe: "1M" } };
    const [m] = run(`plot(request.security("", "M", close))`, days(["2013-02-27", "2013-02-28"]), EQ, [months]);
    expect(m).toEqual([1, 2]);
  });

  test("a minute chart: the 15:59 bar closes the day (16:00 New York, 21:00 UTC in January) and its last 60-minute period", () => {
    const M1: SymbolInfo = { ...EQ, timeframe: "1m" };
    // 2020-01-06 15:58 and 15:59 New York
    const chart = series([Date.UTC(2020, 0, 6, 20, 58) / 1000, Date.UTC(2020, 0, 6, 20, 59) / 1000], (k) => k + 1);
    const daily: ContextBars = { symbol: "SYN", timeframe: "1d", bars: series([day("2020-01-03"), day("2020-01-06"), day("2020-01-07")], (k) => 100 * (k + 1)), info: { ...EQ, timeframe: "1d" } };
    // the 60-minute periods of the session open at 14:30, 15:30 New York (20:30 UTC), then 09:30 the next day
    const hourly: ContextBars = { symbol: "SYN", timeframe: "1h", bars: series([Date.UTC(2020, 0, 6, 19, 30) / 1000, Date.UTC(2020, 0, 6, 20, 30) / 1000, Date.UTC(2020, 0, 7, 14, 30) / 1000], (k) => 10 * (k + 1)), info: { ...EQ, timeframe: "1h" } };
    const [d, h] = run(`plot(request.security("", "D", close))\nplot(request.security("", "60", close))`, chart, M1, [daily, hourly]);
    expect(d).toEqual([100, 200]);
    expect(h).toEqual([10, 20]);
  });
});
