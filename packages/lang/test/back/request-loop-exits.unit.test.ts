// A request inside a loop whose iteration a `break` or `continue` ends early is evaluated on every
// bar of its context, whatever the loop's control flow does there: TradingView's user manual ("Other
// timeframes and data", "Dynamic requests", "In local scopes") lets a loop decide when a request
// activates, while the requested expression may not depend on the loop's variables and is evaluated
// across the requested data (docs/adr/0314-requests-in-loops-and-without-dynamic-requests.md). Expected
// values: plain loops over the weeks of the demo CSV (packages/marketdata/demo: AAPL and MSFT daily,
// Yahoo via bokeh_sampledata; see its SOURCES.md), built here from the daily rows (weeklyBarsOf,
// Monday 00:00 UTC as the bar store's 1w bars). The scripts are ours.
import { aaplWeeks, build, closedWeekOf, dailyBars, expectOutputBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

const { daily: AAPL, weeks: WEEKS, context: AAPL_W } = aaplWeeks();
const MSFT = dailyBars("MSFT");
const W = WEEKS.bars;
const MSFT_D: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: MSFT, info: { ticker: "MSFT", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" } };

const closedWeek = (i: number): number => closedWeekOf(WEEKS.weekOf, i);

const weekly = (w: number, f: (w: number) => number): number => (w < 0 ? NaN : f(w));

function runOn(script: string, contexts: ContextBars[] = [AAPL_W]): EvaluationResult {
  const r = evaluate(build(script), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r;
}

/** Every chart bar but the last (its week is still open) of output k against `expected(i)`; NaN expects na. */
/** Output k against expected(i) on every bar but the last (the AAPL run's). */
const expectBars = (r: EvaluationResult, expected: (i: number) => number, k = 0): void => expectOutputBars(r, expected, AAPL.length - 1, k);

const twoWeekAverage = (i: number): number => weekly(closedWeek(i), (w) => (w >= 1 ? (W.close[w]! + W.close[w - 1]!) / 2 : NaN));

describe("requests in loops whose iterations end early are evaluated on every bar of their context", () => {
  test("a `continue` skipping the timeframes at or below the chart's: the weekly close, not na", () => {
    const r = runOn(`//@version=6
indicator("continue before")
float wClose = na
for tf in array.from("D", "W")
    if timeframe.in_seconds(tf) <= timeframe.in_seconds()
        continue
    wClose := request.security(syminfo.tickerid, tf, close)
plot(wClose, "weekly close")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.close[w]!));
  });

  test("the request in the block that ends the loop with `break`: its two-week average fed by every week", () => {
    const r = runOn(`//@version=6
indicator("break after")
float avg2 = na
for tf in array.from("D", "W")
    if timeframe.in_seconds(tf) > timeframe.in_seconds()
        avg2 := request.security("", tf, ta.sma(close, 2))
        break
plot(avg2, "two-week average")
`);
    expectBars(r, twoWeekAverage);
  });

  test("a `break` out of a while loop before the request, nested one block down, with lookahead on", () => {
    const r = runOn(`//@version=6
indicator("while")
float wHigh = na
int k = 0
tfs = array.from("D", "W")
while k < tfs.size()
    string tf = tfs.get(k)
    k += 1
    if timeframe.in_seconds(tf) <= timeframe.in_seconds()
        if k > 5
            break
        continue
    wHigh := request.security("", tf, high, lookahead = barmerge.lookahead_on)
    break
plot(wHigh, "weekly high")
plot(k, "iterations")
`);
    expectBars(r, (i) => W.high[WEEKS.weekOf[i]!]!);
    // the chart's loop is unchanged: the daily timeframe skipped, the weekly one read, then the break
    expectBars(r, () => 2, 1);
  });

  test("a loop over listed symbols skipping the chart's own: MSFT's change, also in MSFT's context where its iteration is skipped", () => {
    const r = runOn(
      `//@version=6
indicator("symbols")
float other = na
for sym in str.split(input.string("MSFT", "Symbols"), ",")
    if sym == syminfo.ticker
        continue
    other := request.security(sym, "D", close - close[1])
plot(other, "MSFT change")
`,
      [MSFT_D],
    );
    // the demo CSVs share their trading days: MSFT's change on the chart's day
    expect(Array.from(MSFT.time)).toEqual(Array.from(AAPL.time));
    expectBars(r, (i) => (i >= 1 ? MSFT.close[i]! - MSFT.close[i - 1]! : NaN));
  });

  test("the statements after the skipped request still run as the chart's loop has them (a count of iterations reaching it)", () => {
    const r = runOn(`//@version=6
indicator("count")
float wClose = na
int reached = 0
for tf in array.from("D", "W", "D")
    if timeframe.in_seconds(tf) <= timeframe.in_seconds()
        continue
    wClose := request.security("", tf, close)
    reached += 1
plot(wClose, "weekly close")
plot(reached, "reached")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.close[w]!));
    expectBars(r, () => 1, 1);
  });

  test("a switch whose case for timeframes at or below the chart's continues and whose default requests, inside a loop of its own", () => {
    const r = runOn(`//@version=6
indicator("switch")
float wLow = na
int inner = 0
for tf in array.from("D", "W")
    switch
        timeframe.in_seconds(tf) <= timeframe.in_seconds() => continue
        => wLow := request.security("", tf, ta.lowest(low, 2))
    for j = 0 to 9
        if j == 3
            break
        inner += 1
plot(wLow, "two-week low")
plot(inner, "inner iterations")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => (w >= 1 ? Math.min(W.low[w]!, W.low[w - 1]!) : NaN)));
    // the inner loop's break ends the inner loop only: three iterations, in the weekly iteration only
    expectBars(r, () => 3, 1);
  });

  test("a loop over the timeframes above the chart's, filtered into an array empty in the weekly context: the weekly close", () => {
    const r = runOn(`//@version=6
indicator("filtered")
higher = array.new<string>()
for tf in array.from("D", "W")
    if timeframe.in_seconds(tf) > timeframe.in_seconds()
        higher.push(tf)
float wClose = na
for [k, tf] in higher
    wClose := request.security("", tf, ta.sma(close, 2))
plot(wClose, "two-week average")
plot(higher.size(), "higher timeframes")
`);
    expectBars(r, twoWeekAverage);
    expectBars(r, () => 1, 1);
  });

  test("a while loop over that filtered array, false from the start in the weekly context: the weekly high", () => {
    const r = runOn(`//@version=6
indicator("filtered while")
higher = array.new<string>()
for tf in array.from("D", "W")
    if timeframe.in_seconds(tf) > timeframe.in_seconds()
        higher.push(tf)
float wHigh = na
int k = 0
while k < higher.size()
    wHigh := request.security("", higher.get(k), high)
    k += 1
plot(wHigh, "weekly high")
plot(k, "iterations")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.high[w]!));
    expectBars(r, () => 1, 1);
  });
});
