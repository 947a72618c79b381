// plotshape and plotchar at location.absolute: TradingView's reference says the series "is treated as
// a series of boolean values for all location values except location.absolute", where it is the
// shape's price. Public oscillators mark crosses that way (`plotshape(cross ? level : na, ...,
// location.absolute)`), so the output is that price, not 1 (docs/adr/0162-plotshape-absolute-value.md).
// Over risingBars (close = 10 + i) every expected value below is worked by hand.
import { risingBars, run } from "./harness";

const columns = (body: string): Array<Array<number | null>> => {
  const r = run(`//@version=6\nindicator("marks")\n${body}`, risingBars(4));
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
};

test("at location.absolute a shape's output is the series value where it shows, na where it is hidden", () => {
  expect(
    columns(`level = bar_index % 2 == 0 ? close : na
plotshape(level, "mark", shape.diamond, location.absolute)
plotchar(bar_index == 3 ? low : na, "low mark", "x", location = location.absolute)`),
  ).toEqual([
    [10, null, 12, null],
    [null, null, null, 12],
  ]);
});

test("a zero or negative price at location.absolute is a price, as a bool it would hide or show 1", () => {
  // close - 12 is -2, -1, 0, 1: as a price every bar shows it; at the default location 0 hides the shape
  expect(columns(`plotshape(close - 12, "absolute", location = location.absolute)\nplotshape(close - 12, "above")`)).toEqual([
    [-2, -1, 0, 1],
    [1, 1, null, 1],
  ]);
});

test("a location held in a variable is read on each bar, and a bool series stays 1 where true", () => {
  expect(
    columns(`string where = location.absolute
plotshape(close > 11 ? high : na, "from variable", location = where)
plotshape(close > 11, "bool", location = location.absolute)
plotchar(close > 11 ? high : na, "below", "v", location.belowbar)`),
  ).toEqual([
    [null, null, 13, 14],
    [null, null, 1, 1],
    [null, null, 1, 1],
  ]);
});
