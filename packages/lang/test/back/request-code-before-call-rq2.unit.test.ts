// Each request evaluates, in its context, only the code before it: TradingView's user manual ("Other
// timeframes and data", "Requestable data", "Declared variables") says a request "only duplicates code
// that affects the variable before the call" and "cannot copy any subsequent code", so a statement
// between two requests that changes what the later one reads is not part of the earlier one's
// evaluation (docs/adr/0346-each-request-sees-only-the-code-before-it.md). Expected values are
// worked by hand from the demo CSV (packages/marketdata/demo/AAPL.csv, Yahoo via bokeh_sampledata; see
// its SOURCES.md): counts of the days and of the weeks (grouped here from the daily rows, Monday
// 00:00 UTC, as the bar store's 1w bars) a chart bar sees, and the closes themselves. The scripts are ours.
import { aaplWeeks, build, expectOutputBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";

const { daily: AAPL, weeks: WEEKS, context: AAPL_W, weekly, run: runOn } = aaplWeeks();
const W = WEEKS.bars;

/** Output k on every chart bar but the last (its week is still open). */
const expectBars = (r: EvaluationResult, expected: (i: number) => number, k: number): void => expectOutputBars(r, expected, AAPL.length - 1, k);

describe("a request evaluates only the code before it, also when a later request reads the same variable", () => {
  test("the counter incremented between two weekly requests: 0 for the first, the count of weeks for the second", () => {
    const script = `//@version=6
indicator("two requests")
var int c = 0
a = request.security(syminfo.tickerid, "W", c)
c += 1
b = request.security(syminfo.tickerid, "W", c)
plot(a, "a")
plot(b, "b")
plot(c, "c")
`;
    // the first request gets a run of its own over each context
    expect(build(script).sliceLanes).toBe(1);
    const r = runOn(script);
    expectBars(r, (i) => weekly(i, () => 0), 0);
    // the weeks up to the one seen, the first counted as 1
    expectBars(r, (i) => weekly(i, (w) => w + 1), 1);
    expectBars(r, (i) => i + 1, 2);
  });

  test("two requests before the increment share one further run: both 0, the one after it the count of weeks", () => {
    const script = `//@version=6
indicator("shared run")
var int c = 0
a1 = request.security(syminfo.tickerid, "W", c)
a2 = request.security(syminfo.tickerid, "W", c * 2 + 5)
c += 1
b = request.security(syminfo.tickerid, "W", c)
plot(a1, "a1")
plot(a2, "a2")
plot(b, "b")
`;
    expect(build(script).sliceLanes).toBe(1);
    const r = runOn(script);
    expectBars(r, (i) => weekly(i, () => 0), 0);
    expectBars(r, (i) => weekly(i, () => 5), 1);
    expectBars(r, (i) => weekly(i, (w) => w + 1), 2);
  });

  test("the same in the chart's own context (timeframe.period): 0, then the bar's count", () => {
    const r = runOn(`//@version=6
indicator("own context")
var int c = 0
a = request.security("", timeframe.period, c)
c += 1
b = request.security("", timeframe.period, c)
plot(a, "a")
plot(b, "b")
`);
    expectBars(r, () => 0, 0);
    expectBars(r, (i) => i + 1, 1);
  });

  test("a history reference: the first request reads the previous week's close, not what a later statement set", () => {
    const r = runOn(`//@version=6
indicator("history")
float x = close
a = request.security(syminfo.tickerid, "W", x[1])
x := 0
b = request.security(syminfo.tickerid, "W", x + 1)
plot(a, "a")
plot(b, "b")
`);
    expectBars(r, (i) => weekly(i, (w) => (w >= 1 ? W.close[w - 1]! : NaN)), 0);
    expectBars(r, (i) => weekly(i, () => 1), 1);
  });

  test("an array a later statement fills: empty for the first request, one element per week for the second", () => {
    const r = runOn(`//@version=6
indicator("array")
var closes = array.new<float>()
a = request.security(syminfo.tickerid, "W", closes.size())
closes.push(close)
b = request.security(syminfo.tickerid, "W", closes.size())
plot(a, "a")
plot(b, "b")
`);
    expectBars(r, (i) => weekly(i, () => 0), 0);
    expectBars(r, (i) => weekly(i, (w) => w + 1), 1);
  });

  test("a variable declared on every bar and changed after the first request needs no run of its own: one slice", () => {
    const prog = build(`//@version=6
indicator("plain")
len = input.int(2)
float m = ta.sma(close, len)
a = request.security(syminfo.tickerid, "W", m)
m := m * 2
b = request.security(syminfo.tickerid, "W", m)
plot(a, "a")
plot(b, "b")
`);
    expect(prog.sliceLanes ?? 0).toBe(0);
    const r = evaluate(prog, AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });
    const sma2 = (w: number): number => (w >= 1 ? (W.close[w]! + W.close[w - 1]!) / 2 : NaN);
    expectBars(r, (i) => weekly(i, sma2), 0);
    expectBars(r, (i) => weekly(i, (w) => 2 * sma2(w)), 1);
  });
});
