// A request inside a `for` loop whose bounds are na in a requested context's run: TradingView's user
// manual ("Other timeframes and data", "Dynamic requests", "In local scopes") lets a loop decide when
// the chart activates a request, while the requested expression may not depend on the loop's
// variables and is evaluated across the requested data (docs/adr/0314). So the chart reads, where its
// loop runs, the expression's value in the requested context, whatever the loop's bounds are there,
// as for an empty `for...in` and a `while` false from the start (docs/adr/0347). Expected values:
// the weeks of the demo CSV (packages/marketdata/demo/AAPL.csv, Yahoo via bokeh_sampledata; see its
// SOURCES.md), grouped here from the daily rows (Monday 00:00 UTC, as the bar store's 1w bars). The
// scripts are ours, in the pattern of dashboards that size a loop by a timeframe check.
import { aaplWeeks, expectOutputBars } from "./harness";
import type { EvaluationResult } from "../../src/evaluate";

const { daily: AAPL, weeks: WEEKS, weekly, run: runOn } = aaplWeeks();
const W = WEEKS.bars;

const expectBars = (r: EvaluationResult, expected: (i: number) => number, k = 0): void => expectOutputBars(r, expected, AAPL.length - 1, k);

describe("a request in a `for` whose bounds are na in the context's run records its value there", () => {
  test("the upper bound na on timeframes above the day: the weekly close on the daily chart", () => {
    const r = runOn(`//@version=6
indicator("na to")
int n = timeframe.isdaily ? 1 : na
float w = na
int iterations = 0
for i = 0 to n
    w := request.security(syminfo.tickerid, "W", close)
    iterations += 1
plot(w, "weekly close")
plot(iterations, "iterations")
`);
    expectBars(r, (i) => weekly(i, (k) => W.close[k]!));
    // the chart's loop is unchanged: 0 to 1 is two iterations
    expectBars(r, () => 2, 1);
  });

  test("the lower bound na there, the counter read by the symbol (a runtime error after recording ends only that pass): the weekly two-week average", () => {
    const r = runOn(`//@version=6
indicator("na from")
tfs = array.from("W")
int first = timeframe.isdaily ? 0 : na
float avg2 = na
for i = first to tfs.size() - 1
    avg2 := request.security(syminfo.tickerid, tfs.get(i), ta.sma(close, 2))
plot(avg2, "two-week average")
`);
    expectBars(r, (i) => weekly(i, (w) => (w >= 1 ? (W.close[w]! + W.close[w - 1]!) / 2 : NaN)));
  });

  test("a loop without a request and na bounds still makes no iteration on the chart", () => {
    const r = runOn(`//@version=6
indicator("plain")
int n = na
int count = 0
for i = 0 to n
    count += 1
plot(count, "count")
`);
    expectBars(r, () => 0);
  });
});
