// request.security of the chart's own bars (`syminfo.tickerid` or "" at "" or the chart's
// timeframe) whose expression reads only the bars is evaluated in place on the chart's run
// (docs/adr/0194): values as a run over that context gives them, worked by hand from closeBars
// (open = close, high = close + 1, low = close - 1). A label in each script keeps the whole script
// in a context's run (no request slice), as in the public scripts that led to it.
import { build, closeBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

const CLOSES = [10, 12, 11, 15, 14];
const chart = closeBars(CLOSES);

function run(body: string, contexts: ContextBars[] = [], inputs: Record<string, unknown> = {}): EvaluationResult {
  const src = `//@version=6\nindicator("own")\nprev() => [close[1], high[2], (high + low) / 2]\nlabel.new(bar_index, close)\n${body}`;
  return evaluate(build(src), chart, inputs, { symbol: SYMBOL, windowStart: 0, contexts });
}

const values = (r: EvaluationResult): number[][] => r.outputs.map((o) => Array.from(o.values));

test("a tuple of the previous bars' values at an empty timeframe input: each chart bar's own, with lookahead on too", () => {
  const r = run(`tf = input.timeframe("", "TF")
[c1, h2, mid] = request.security(syminfo.tickerid, tf, prev())
[c1b, h2b, midb] = request.security("", "1D", prev(), lookahead = barmerge.lookahead_on)
plot(c1)
plot(h2)
plot(mid)
plot(c1b + h2b + midb)`);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    // close[1]: na, 10, 12, 11, 15
    [NaN, 10, 12, 11, 15],
    // high[2] = close two bars back + 1: na, na, 11, 13, 12
    [NaN, NaN, 11, 13, 12],
    // (high + low) / 2 is the close
    [10, 12, 11, 15, 14],
    // na, na, 12 + 11 + 11, 11 + 13 + 15, 15 + 12 + 14
    [NaN, NaN, 34, 39, 41],
  ]);
  // the chart's bars and its own context's, counted as before (one context read)
  expect(r.barsEvaluated).toBe(10);
});

test("a numeric expression of the bars, and a stateful one beside it (still a run over the context)", () => {
  const r = run(`plot(request.security(syminfo.tickerid, "", close - close[2]))
plot(request.security(syminfo.tickerid, "", ta.sma(close, 2)))`);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    // close - close[2]: na, na, 11 - 10, 15 - 12, 14 - 11
    [NaN, NaN, 1, 3, 3],
    // sma(close, 2): na, 11, 11.5, 13, 14.5
    [NaN, 11, 11.5, 13, 14.5],
  ]);
});

test("calc_bars_count keeps the context to its last bars, where close[1] starts over (not evaluated in place)", () => {
  const r = run(`plot(request.security(syminfo.tickerid, "", close[1], calc_bars_count = 3))`);
  expect(r.runtimeErrors).toEqual([]);
  // the context is bars 2..4 alone: bars 0 and 1 see none of it, bar 2 its first (no close before), then 11, 15
  expect(values(r)).toEqual([[NaN, NaN, NaN, 11, 15]]);
});

test("another symbol at the chart's timeframe (an input) reads that symbol's bars", () => {
  const other = closeBars([100, 101, 103, 106, 110]);
  const ctx: ContextBars = { symbol: "OTH", timeframe: "1d", bars: other, info: { ...SYMBOL, ticker: "OTH" } };
  const r = run(`sym = input.symbol("OTH", "Symbol")
[c1, h2, mid] = request.security(sym, "", prev())
plot(c1)
plot(h2)
plot(mid)`, [ctx]);
  expect(r.runtimeErrors).toEqual([]);
  expect(values(r)).toEqual([
    [NaN, 100, 101, 103, 106],
    [NaN, NaN, 101, 102, 104],
    [100, 101, 103, 106, 110],
  ]);
});

test("the compiled code evaluates in place only an expression of the bars", () => {
  const src = (expr: string) => build(`//@version=6\nindicator("own")\nplot(request.security(syminfo.tickerid, "", ${expr}))`).source;
  expect(src("close[1] * 2")).toContain("$rt.req.ownBars(");
  expect(src("ta.sma(close, 2)")).not.toContain("$rt.req.ownBars(");
  expect(src("close[bar_index % 2]")).not.toContain("$rt.req.ownBars(");
});
