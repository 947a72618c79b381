// Survey S34 (drawings of public scripts): the declaration caps TradingView's reference gives.
// `indicator()`'s reference: max_polylines_count "Possible values: 1-100 ... The default is 50";
// max_lines_count, max_labels_count and max_boxes_count go to 500 (docs/adr/0063, 0298).
import { run, risingBars } from "./harness";

/** One two-point polyline per bar over `n` rising bars; the plot is polyline.all's size. */
const polylinePerBar = (cap: string): string => `//@version=6
indicator("p", overlay = true${cap})
polyline.new(array.from(chart.point.from_index(bar_index, close), chart.point.from_index(bar_index + 1, close)))
plot(polyline.all.size())`;

test.each([
  ["no max_polylines_count", 50, ""],
  ["max_polylines_count = 100", 100, ", max_polylines_count = 100"],
  ["max_polylines_count = 200", 100, ", max_polylines_count = 200"],
  ["max_polylines_count = 500", 100, ", max_polylines_count = 500"],
])("%s keeps %i polylines, the newest", (_name, kept, cap) => {
  const r = run(polylinePerBar(cap), risingBars(300));
  expect(r.drawings.polylines).toHaveLength(kept);
  expect(r.outputs[0]!.values[299]).toBe(kept);
  // the last bar's polyline is the newest kept: close 10 + 299
  expect(r.drawings.polylines[kept - 1]!.points[0]!.price).toBe(309);
});

test("max_lines_count = 500 still keeps 500 lines (the 1-100 bound is the polylines' only)", () => {
  const r = run(`//@version=6
indicator("l", overlay = true, max_lines_count = 500)
line.new(bar_index, close, bar_index + 1, close)
plot(line.all.size())`, risingBars(600));
  expect(r.drawings.lines).toHaveLength(500);
});
