// request.security on the run's last bar when the requested period is still open there
// (docs/adr/0074-open-period-at-the-end.md): the chart is AAPL daily cut after Wednesday
// 2012-11-21 (packages/marketdata/demo/AAPL.csv, Yahoo via bokeh_sampledata; see its SOURCES.md).
// Hand-read rows: Fri 11-16 close 527.68 (the week of 11-12 closes there); Mon 11-19 565.73,
// Tue 11-20 560.91, Wed 11-21 561.7 (the week of 11-19 is open when the data ends).
import { build, dailyBars, sliceBars, SYMBOL, weeklyBars } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars } from "../../src/types";

const DAY = 86400;
const ALL = dailyBars("AAPL");
const day = (date: string): number => Date.parse(`${date}T00:00:00Z`) / 1000;
const END = ALL.time.indexOf(day("2012-11-21")) + 1;
const CHART = sliceBars(ALL, 0, END);


const info = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" };
/** The weeks of `d`, with the data ending at the close of its last daily bar. */
const weeksOf = (d: Bars, dataEnd?: number): ContextBars => ({ symbol: "AAPL", timeframe: "1w", bars: weeklyBars(d), info, ...(dataEnd !== undefined ? { dataEnd } : {}) });
const endOf = (d: Bars): number => d.time[d.length - 1]! + DAY;

function run(src: string, bars: Bars, ctx: ContextBars, windowStart = 0): EvaluationResult {
  return evaluate(build(`//@version=6\nindicator("r")\n${src}`), bars, {}, { symbol: SYMBOL, windowStart, contexts: [ctx] });
}
const at = (r: EvaluationResult, date: string): number => r.outputs[0]!.values[r.times.indexOf(day(date))]!;
const CLOSE = `plot(request.security(syminfo.tickerid, "W", close))`;

describe("request.security, a period still open at the run's last bar", () => {
  test("the data ends inside the week: the last bar shows the open week's running close, earlier bars of the week the previous week's", () => {
    const r = run(CLOSE, CHART, weeksOf(CHART, endOf(CHART)));
    expect(["2012-11-16", "2012-11-19", "2012-11-20", "2012-11-21"].map((d) => at(r, d))).toEqual([527.68, 527.68, 527.68, 561.7]);
  });

  test("data of the context after the chart's last bar (a window ending in the past): the historical rule, no future value", () => {
    const later = sliceBars(ALL, 0, END + 2);
    const r = run(CLOSE, CHART, weeksOf(later, endOf(later)));
    expect(at(r, "2012-11-21")).toBe(527.68);
  });

  test("a context whose data end is not known keeps the historical rule", () => {
    expect(at(run(CLOSE, CHART, weeksOf(CHART)), "2012-11-21")).toBe(527.68);
  });

  test("a stateful expression sees the open week as its last bar: sma of 10 weekly closes (plain loop over the CSV rows)", () => {
    const w = weeklyBars(CHART);
    let sum = 0;
    for (let k = w.length - 10; k < w.length; k++) sum += w.close[k]!;
    const r = run(`plot(request.security(syminfo.tickerid, "W", ta.sma(close, 10)))`, CHART, weeksOf(CHART, endOf(CHART)));
    expect(at(r, "2012-11-21")).toBeCloseTo(sum / 10, 10);
    expect(w.close[w.length - 1]).toBe(561.7);
  });

  test("a value inside the window, the last bar's included, does not depend on where the window (and the bars read) start", () => {
    const src = `plot(request.security(syminfo.tickerid, "W", ta.sma(close, 10)))`;
    const full = run(src, CHART, weeksOf(CHART, endOf(CHART)));
    const start = CHART.time.indexOf(day("2012-06-01"));
    const tail = Array.from(full.outputs[0]!.values.slice(start));
    expect(tail[tail.length - 1]).not.toBe(full.outputs[0]!.values[END - 2]);
    for (const back of [60, 120, 400]) {
      const part = sliceBars(CHART, start - back);
      const r = run(src, part, weeksOf(part, endOf(part)), back);
      expect(Array.from(r.outputs[0]!.values)).toEqual(tail);
    }
  });

  test("lookahead on is unchanged: the open week's value on each of its bars", () => {
    const r = run(`plot(request.security(syminfo.tickerid, "W", close, lookahead = barmerge.lookahead_on))`, CHART, weeksOf(CHART, endOf(CHART)));
    expect(["2012-11-19", "2012-11-21"].map((d) => at(r, d))).toEqual([561.7, 561.7]);
  });
});
