// A request inside an `if`, a `switch`, a ternary or on the right of `and`/`or` (of the script or of a user function it calls) is evaluated
// on every bar of the requested context, whatever the conditions are there; the chart reads it only on the
// bars where its block runs (docs/adr/0283-requests-in-local-scopes.md). Expected values: plain
// loops over the weeks of the demo CSV (packages/marketdata/demo: AAPL daily, Yahoo via
// bokeh_sampledata; see its SOURCES.md), built here from the daily rows (Monday 00:00 UTC, as the
// bar store's 1w bars). The scripts are ours.
import { aaplWeeks, build, closedWeekOf, expectOutputBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";

const { daily: AAPL, weeks: WEEKS, context: AAPL_W } = aaplWeeks();
const W = WEEKS.bars;

const closedWeek = (i: number): number => closedWeekOf(WEEKS.weekOf, i);

function runOn(script: string): EvaluationResult {
  return evaluate(build(script), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });
}

/** Every chart bar but the last (its week is still open) of output k against `expected(i)`; NaN expects na. */
/** Output k against expected(i) on every bar but the last (the AAPL run's). */
const expectBars = (r: EvaluationResult, expected: (i: number) => number, k = 0): void => expectOutputBars(r, expected, AAPL.length - 1, k);

const weekly = (w: number, f: (w: number) => number): number => (w < 0 ? NaN : f(w));

describe("requests inside conditional blocks are evaluated on every bar of their context", () => {
  test("a guard false in the requested context (the chart's timeframe below the requested one): the weekly close, not na", () => {
    const r = runOn(`//@version=6
indicator("guard")
tf = input.timeframe("W", "Higher timeframe")
float wClose = na
if timeframe.in_seconds() < timeframe.in_seconds(tf)
    wClose := request.security(syminfo.tickerid, tf, close)
plot(wClose, "weekly close")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.close[w]!));
  });

  test("the same guard with lookahead on: the week containing the bar", () => {
    const r = runOn(`//@version=6
indicator("guard lookahead")
float wHigh = na
if timeframe.in_seconds() < timeframe.in_seconds("W")
    wHigh := request.security(syminfo.tickerid, "W", high, lookahead = barmerge.lookahead_on)
plot(wHigh, "weekly high")
`);
    expectBars(r, (i) => W.high[WEEKS.weekOf[i]!]!);
  });

  test("a condition that varies by bar: read on even chart bars only, its moving average fed by every week", () => {
    const r = runOn(`//@version=6
indicator("alternate")
float avg2 = na
if bar_index % 2 == 0
    avg2 := request.security("", "W", ta.sma(close, 2))
else
    avg2 := -1
plot(avg2, "two-week average")
`);
    expectBars(r, (i) => (i % 2 === 1 ? -1 : weekly(closedWeek(i), (w) => (w >= 1 ? (W.close[w]! + W.close[w - 1]!) / 2 : NaN))));
  });

  test("a request in a user function called from a branch (down days only), and one guarded inside the function", () => {
    const r = runOn(`//@version=6
indicator("function in a branch")
highest3(src) => request.security("", "W", ta.highest(src, 3))
guarded(string tf) =>
    float body = na
    if timeframe.in_seconds() < timeframe.in_seconds(tf)
        body := request.security("", tf, close - open)
    body
float h = na
if close < open
    h := highest3(high)
plot(h, "three-week high on down days")
plot(guarded("W"), "weekly body")
`);
    expectBars(r, (i) => (AAPL.close[i]! < AAPL.open[i]! ? weekly(closedWeek(i), (w) => (w >= 2 ? Math.max(W.high[w]!, W.high[w - 1]!, W.high[w - 2]!) : NaN)) : NaN));
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.close[w]! - W.open[w]!), 1);
  });

  test("a switch whose case for a daily chart is not the one the weekly context picks: its value, on every bar", () => {
    const r = runOn(`//@version=6
indicator("switch")
float higher = switch
    timeframe.isintraday => request.security("", "D", close)
    timeframe.isdaily => request.security("", "W", ta.sma(close, 2))
    => close
plot(higher, "higher-timeframe average")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => (w >= 1 ? (W.close[w]! + W.close[w - 1]!) / 2 : NaN)));
  });

  test("a ternary guard (the chart's close where the requested timeframe is not higher), lookahead off", () => {
    const r = runOn(`//@version=6
indicator("ternary")
tf = input.timeframe("W", "Higher timeframe")
float wLow = timeframe.in_seconds() < timeframe.in_seconds(tf) ? request.security("", tf, ta.lowest(low, 2)) : low
plot(wLow, "two-week low")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => (w >= 1 ? Math.min(W.low[w]!, W.low[w - 1]!) : NaN)));
  });

  test("a request on the right of `and`, behind a guard false in the context: read where the guard holds", () => {
    const r = runOn(`//@version=6
indicator("and")
bool risingWeek = timeframe.isdaily and request.security("", "W", close > close[1])
plot(risingWeek ? 1 : 0, "weekly close rising")
`);
    // a bool request gives false before its context's first bar (docs/adr/0262)
    expectBars(r, (i) => {
      const w = closedWeek(i);
      return w >= 1 && W.close[w]! > W.close[w - 1]! ? 1 : 0;
    });
  });

  test("the branch not taken in the context failing does not keep the request from its value", () => {
    const r = runOn(`//@version=6
indicator("failing branch")
float c = na
if timeframe.isdaily
    c := request.security("", "W", close)
    if timeframe.isweekly
        runtime.error("never on the chart")
plot(c, "weekly close")
`);
    expectBars(r, (i) => weekly(closedWeek(i), (w) => W.close[w]!));
  });
});
