// The request slice of scripts that draw (docs/adr/0070, 0223): a requested context's run executes
// the statements its requests need; drawing statements join it only when it reads the drawing
// store (a getter, `copy`, `*.all`), then all of them, since the store's caps delete old objects.
// Before, a drawing statement in the slice ran the whole script in every context (a weekly
// dashboard declaring its table first). Values against plain loops over the demo CSV's weeks
// (packages/marketdata/demo AAPL daily, SOURCES.md; weeks from Monday 00:00 UTC as the bar store's).
import { build, dailyBars, SYMBOL, weeklyBarsOf } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";

const AAPL = dailyBars("AAPL");
const WEEKS = weeklyBarsOf(AAPL);
const AAPL_W: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: WEEKS.bars, info: { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
const close = WEEKS.bars.close;

const header = (args = ""): string => `//@version=6\nindicator("slice"${args})\n`;
/** Line numbers of the script body (its first line is line 3). */
const line = (k: number): number => k + 2;

const runOn = (source: string): EvaluationResult => evaluate(build(source), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: [AAPL_W] });

/** Every chart bar but the last (its week is still open) against `expected(week)` of the week it sees with lookahead off. */
function expectPerWeek(r: EvaluationResult, k: number, expected: (week: number) => number): void {
  let checked = 0;
  for (let i = 0; i < AAPL.length - 1; i++) {
    const own = WEEKS.weekOf[i]!;
    const w = WEEKS.weekOf[i + 1] === own ? own - 1 : own;
    const v = r.outputs[k]!.values[i]!;
    if (w < 0 || Number.isNaN(expected(w))) expect(v).toBeNaN();
    else {
      expect(v).toBeCloseTo(expected(w), 8);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(600);
}

test("a dashboard declaring its table before a weekly request: the context runs the table's declaration and the request, not the cells", () => {
  const source = header() + `var t = table.new(position.top_right, 2, 2)
w = request.security("", "W", ta.sma(close, 2))
if barstate.islast
    t.cell(0, 0, str.tostring(w))
label.new(bar_index, high, str.tostring(w))
plot(w, "w")`;
  expect(build(source).sliceLines).toEqual([line(1), line(2)]);
  const r = runOn(source);
  expect(r.runtimeErrors).toEqual([]);
  expectPerWeek(r, 0, (w) => (w >= 1 ? (close[w]! + close[w - 1]!) / 2 : NaN));
});

test("a screener loop filling its table where it requests: the loop runs in the context, the labels drawn after it do not", () => {
  const source = header() + `var t = table.new(position.top_right, 1, 2)
float w = na
for [k, tf] in array.from("W")
    w := request.security("", tf, close)
    if barstate.islast
        t.cell(0, k, str.tostring(w))
if close > open
    label.new(bar_index, high, "up")
plot(w, "w")`;
  expect(build(source).sliceLines).toEqual([line(1), line(2), line(3)]);
  expectPerWeek(runOn(source), 0, (w) => close[w]!);
});

test("a request reading label.all: every statement that draws runs in the context, so the cap deletes as in the whole script", () => {
  // one label per bar, at most 3 kept: on week w, min(w + 1, 3) labels
  const source = header(", max_labels_count = 3") + `label.new(bar_index, close, "x")
n = label.all.size()
plot(request.security("", "W", n), "n")
plot(close, "c")`;
  expect(build(source).sliceLines).toEqual([line(1), line(2), line(3)]);
  expectPerWeek(runOn(source), 0, (w) => Math.min(w + 1, 3));
});

test("a request reading a box's top, set after the request on each bar: the drawing statements before the request run, those after it not (docs/adr/0327)", () => {
  const source = header() + `var box bx = box.new(bar_index, close, bar_index + 1, close)
top = bx.get_top()
plot(request.security("", "W", top), "top")
bx.set_top(close * 2)
label.new(bar_index, high, "x")
plot(close, "c")`;
  expect(build(source).sliceLines).toEqual([line(1), line(2), line(3)]);
  // the request evaluates only the code before it: every week reads the top the box was made with
  expectPerWeek(runOn(source), 0, () => close[0]!);
});
