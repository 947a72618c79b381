// request.security's calc_bars_count, as TradingView's reference of the parameter says: the
// expression is evaluated from that many bars behind the last bar of the requested dataset, those
// bars treated as the only data (state starts there, bar_index is 0 there); chart bars that see an
// earlier context bar get na. Expected values are worked by hand from the bars below.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build } from "./harness";

function bars(closes: number[], t0: number, step: number): Bars {
  const c = Float64Array.from(closes);
  return { length: closes.length, time: Float64Array.from(closes, (_, k) => t0 + k * step), open: c, high: c, low: c, close: c, volume: c.map(() => 1) };
}
const info = (ticker: string, timeframe: string): SymbolInfo => ({ ticker, timezone: "UTC", mintick: 0.01, timeframe });
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);
const NA = NaN;

describe("request.security with calc_bars_count", () => {
  const T0 = 1_700_000_040; // a minute boundary
  const CHART = bars([1, 2, 3, 4, 5], T0, 60);
  const OTHER: ContextBars = { symbol: "OTH", timeframe: "1m", bars: bars([10, 20, 30, 40, 50], T0, 60), info: info("OTH", "1m") };

  test("same timeframe: the last bars only, state and bar_index from the first of them", () => {
    const prog = build(`//@version=6
indicator("t")
plot(request.security("OTH", "1", ta.cum(close), calc_bars_count = 3), "cum3")
plot(request.security("OTH", "1", ta.cum(close)), "cum")
plot(request.security("OTH", "1", close, calc_bars_count = 2), "close2")
plot(request.security("OTH", "1", bar_index, calc_bars_count = 3), "index3")
plot(request.security("OTH", "1", close, calc_bars_count = 99), "close99")
plot(request.security("OTH", "1", ta.cum(close), calc_bars_count = na), "cumNa")
`);
    const r = evaluate(prog, CHART, {}, { symbol: info("SYN", "1m"), windowStart: 0, contexts: [OTHER] });
    // last 3 closes 30, 40, 50: cumulative 30, 70, 120 on chart bars 2..4
    expect(col(r, 0)).toEqual([NA, NA, 30, 70, 120]);
    expect(col(r, 1)).toEqual([10, 30, 60, 100, 150]);
    expect(col(r, 2)).toEqual([NA, NA, NA, 40, 50]);
    expect(col(r, 3)).toEqual([NA, NA, 0, 1, 2]);
    // more bars than the context has, or na: every bar
    expect(col(r, 4)).toEqual([10, 20, 30, 40, 50]);
    expect(col(r, 5)).toEqual([10, 30, 60, 100, 150]);
    // the chart's 5 bars, the context's run over its 5 bars, over its last 3 and its last 2 (a column read)
    expect(r.barsEvaluated).toBe(5 + 5 + 3 + 2);
  });

  test("a higher timeframe: the last two days of three, seen on hourly chart bars with lookahead off", () => {
    const D0 = 1_700_006_400; // 2023-11-15 00:00 UTC
    const hours = Array.from({ length: 72 }, (_, k) => 100 + k);
    const chart = bars(hours, D0, 3600);
    const daily: ContextBars = { symbol: "SYN", timeframe: "1d", bars: bars([7, 11, 13], D0, 86400), info: info("SYN", "1d") };
    const prog = build(`//@version=6
indicator("t")
plot(request.security("", "D", ta.cum(close), calc_bars_count = 2), "last2")
plot(request.security("", "D", ta.cum(close)), "all")
`);
    const r = evaluate(prog, chart, {}, { symbol: info("SYN", "1h"), windowStart: 0, contexts: [daily] });
    // a day's value appears on its last hourly bar (hour 23), earlier hours show the day before;
    // last2 runs over days 1 and 2 only: 11, then 11 + 13 = 24; all: 7, 18, 31
    const expected = (day0: number, day1: number, day2: number, before: number): number[] =>
      Array.from({ length: 72 }, (_, k) => {
        const day = Math.floor(k / 24);
        const closed = k % 24 === 23;
        const seen = closed ? day : day - 1;
        return seen === 0 ? day0 : seen === 1 ? day1 : seen === 2 ? day2 : before;
      });
    expect(col(r, 0)).toEqual(expected(NA, 11, 24, NA));
    expect(col(r, 1)).toEqual(expected(7, 18, 31, NA));
  });

  test("security_lower_tf: intrabars before the last ones are not there", () => {
    const D0 = 1_700_006_400;
    const minutes: ContextBars = { symbol: "SYN", timeframe: "1m", bars: bars(Array.from({ length: 120 }, (_, k) => k + 1), D0, 60), info: info("SYN", "1m") };
    const prog = build(`//@version=6
indicator("t")
last3 = request.security_lower_tf("", "1", close, calc_bars_count = 3)
all = request.security_lower_tf("", "1", close)
plot(last3.size(), "size3")
plot(last3.sum(), "sum3")
plot(all.size(), "size")
`);
    const r = evaluate(prog, bars([1, 2], D0, 3600), {}, { symbol: info("SYN", "1h"), windowStart: 0, contexts: [minutes] });
    // the last three minutes (closes 118, 119, 120) are in the second hour
    expect(col(r, 0)).toEqual([0, 3]);
    expect(col(r, 1)).toEqual([0, 357]);
    expect(col(r, 2)).toEqual([60, 60]);
  });
});
