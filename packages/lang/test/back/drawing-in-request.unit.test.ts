// Drawings made inside a request's expression (docs/adr/0303): TradingView's user manual (Lines and
// boxes, Limitations, "Other contexts") says scripts "can only create and draw them in the chart's
// context", and its reference for request.security allows "a function call that does not use Pine
// Script drawings". Here a requested context's run keeps its own drawings, which are not the run's:
// only the chart's drawings are drawn. Counts worked by hand on the demo AAPL daily bars and their
// weeks (packages/marketdata/demo, SOURCES.md).
import { build, dailyBars, SYMBOL, weeklyBarsOf } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

const AAPL = dailyBars("AAPL");
const WEEKS = weeklyBarsOf(AAPL);
const AAPL_W: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: WEEKS.bars, info: { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
const H = '//@version=6\nindicator("r", overlay = true, max_labels_count = 500)\n';

const runOn = (body: string): EvaluationResult => evaluate(build(H + body), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });

test("a function that draws, called in a weekly request, draws nothing; its value is the request's", () => {
  const r = runOn(`f() =>\n    label.new(bar_index, close, "in the request")\n    close\nw = request.security("", "W", f())\nplot(w, "w")`);
  expect(r.runtimeErrors).toEqual([]);
  expect(r.drawings.labels).toEqual([]);
  // chart bar 300 (not its week's last) reads the close of the week before its own (lookahead off)
  const own = WEEKS.weekOf[300]!;
  expect(WEEKS.weekOf[301]).toBe(own);
  expect(r.outputs[0]!.values[300]).toBeCloseTo(WEEKS.bars.close[own - 1]!, 8);
});

test("the same function called on the chart draws there: one label a chart bar, the newest 500 kept", () => {
  const r = runOn(`f() =>\n    label.new(bar_index, close, "on the chart")\n    close\nw = request.security("", "W", f())\nc = f()\nplot(w, "w")`);
  expect(r.runtimeErrors).toEqual([]);
  expect(r.drawings.labels).toHaveLength(Math.min(500, AAPL.length));
  expect(r.drawings.labels.every((l) => l.text === "on the chart")).toBe(true);
});
