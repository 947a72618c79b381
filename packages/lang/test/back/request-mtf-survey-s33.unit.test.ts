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
