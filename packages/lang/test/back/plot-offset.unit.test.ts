// plot(..., offset = N) as TradingView draws it (docs/adr/0131-plot-offset.md): the value the
// series has on bar i is the output's value on bar i + N; rows no bar reaches are na. Expected
// values are the bars' closes written out by hand (closes 10, 11, ..., 17).
import { build, run, SYMBOL } from "./harness";
import { barsOf } from "../front/harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const bars: Bars = barsOf([10, 11, 12, 13, 14, 15, 16, 17]);
const na = NaN;
const values = (source: string, windowStart = 0, inputs: Record<string, unknown> = {}): number[][] => run(source, bars, windowStart, inputs).outputs.map((o) => Array.from(o.values));

// A plot written as an argument of fill is one of the script's outputs like any other (TradingView's
// fill takes plot ids, and `fill(p, plot(close, display = display.none), color)` declares that plot):
// its values are there, in the order the plots are written, an offset included.
test("plots written inside fill are outputs, in the order written", () => {
  const src = `//@version=6
indicator("t")
a = plot(close, "a")
fill(a, plot(high, "hidden high", display = display.none), color.red)
fill(plot(low, "low"), plot(close, "lag", offset = 1), top_value = 20, bottom_value = 0, top_color = color.red, bottom_color = color.blue)
plot(close + 100, "last")`;
  const r = run(src, bars, 0, {});
  expect(r.outputs.map((o) => o.title)).toEqual(["a", "hidden high", "low", "lag", "last"]);
  expect(r.outputs.map((o) => Array.from(o.values))).toEqual([
    [10, 11, 12, 13, 14, 15, 16, 17],
    [11, 12, 13, 14, 15, 16, 17, 18],
    [9, 10, 11, 12, 13, 14, 15, 16],
    [na, 10, 11, 12, 13, 14, 15, 16],
    [110, 111, 112, 113, 114, 115, 116, 117],
  ]);
});

test("a positive offset moves values later, a negative one earlier, zero leaves them", () => {
  const src = `//@version=6
indicator("t")
plot(close, "right", offset = 2)
plot(close, "left", offset = -3)
plot(close, "none", offset = 0)
plot(close + 100, "plain")`;
  expect(values(src)).toEqual([
    [na, na, 10, 11, 12, 13, 14, 15],
    [13, 14, 15, 16, 17, na, na, na],
    [10, 11, 12, 13, 14, 15, 16, 17],
    [110, 111, 112, 113, 114, 115, 116, 117],
  ]);
});

test("an input offset (Ichimoku's -displacement + 1) takes the run's value", () => {
  const src = `//@version=6
indicator("t")
displacement = input.int(3, "Displacement")
plot(close, "lag", offset = -displacement + 1)
plot(close, "lead", offset = displacement - 1)`;
  expect(values(src)).toEqual([
    [12, 13, 14, 15, 16, 17, na, na],
    [na, na, 10, 11, 12, 13, 14, 15],
  ]);
  expect(values(src, 0, { displacement: 1 })).toEqual([[10, 11, 12, 13, 14, 15, 16, 17], [10, 11, 12, 13, 14, 15, 16, 17]]);
});

test("plotshape, plotchar and plotarrow shift too", () => {
  const src = `//@version=6
indicator("t")
plotshape(close > 14, "shape", offset = -1)
plotchar(close < 12 ? close : na, "char", offset = 1)
plotarrow(close - 13, "arrow", offset = 2)`;
  expect(values(src)).toEqual([
    [na, na, na, na, 1, 1, 1, na],
    [na, 1, 1, na, na, na, na, na],
    [na, na, -3, -2, -1, na, 1, 2],
  ]);
});

test("a window's first bar gets the value from the bars before it (warmup)", () => {
  const src = `//@version=6
indicator("t")
plot(close, "right", offset = 2)
plot(close, "left", offset = -1)`;
  expect(values(src, 5)).toEqual([
    [13, 14, 15],
    [16, 17, na],
  ]);
});

test("a failing bar's value is na where it is drawn", () => {
  const src = `//@version=6
indicator("t")
a = array.new_float(0)
v = close == 12 ? array.get(a, 0) : close
plot(v, "right", offset = 2)`;
  const r = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.errorBarsInWindow).toBe(1);
  expect(Array.from(r.outputs[0]!.values)).toEqual([na, na, 10, 11, na, 13, 14, 15]);
});

test("a series offset is refused, as on TradingView (offset is simple int)", () => {
  expect(() => build(`//@version=6\nindicator("t")\nplot(close, offset = bar_index % 2)`)).toThrow(/qualifier_mismatch/);
});
