// A polyline connects at most 10,000 points: TradingView's user manual (Lines and boxes, Polylines:
// "These powerful drawings can connect up to 10,000 points"; "This single unclosed polyline
// drawing ... can contain up to 9,999 line segments"). Given more, it connects the array's first
// 10,000, as the manual connects the points "sequentially, starting from the first" and names no
// error for more (docs/adr/0303). Expected values worked by hand: point k of the array has
// price k.
import { risingBars, run } from "./harness";

const V = '//@version=6\nindicator("p", overlay = true, max_polylines_count = 2)\n';

/** A polyline through `n` points on the last bar, point k at bar index k % 3 and price k. */
const through = (n: number): string =>
  `${V}if barstate.islast\n    pts = array.new<chart.point>()\n    for k = 0 to ${n - 1}\n        pts.push(chart.point.from_index(k % 3, k))\n    polyline.new(pts)\nplot(close, "c")`;

test("a polyline of 10,001 points connects the first 10,000", () => {
  const r = run(through(10_001), risingBars(3));
  expect(r.runtimeErrors).toEqual([]);
  const pts = r.drawings.polylines[0]!.points;
  expect(pts).toHaveLength(10_000);
  expect(pts[0]!.price).toBe(0);
  expect(pts[9_999]!.price).toBe(9_999);
});

test("a polyline of exactly 10,000 points keeps them all", () => {
  const r = run(through(10_000), risingBars(3));
  expect(r.runtimeErrors).toEqual([]);
  expect(r.drawings.polylines[0]!.points).toHaveLength(10_000);
});

test("na points are not counted: 10,000 points after an na one are all connected", () => {
  const src = `${V}if barstate.islast\n    pts = array.new<chart.point>()\n    pts.push(na)\n    for k = 0 to 9999\n        pts.push(chart.point.from_index(k % 3, k))\n    polyline.new(pts)`;
  const r = run(src, risingBars(3));
  expect(r.runtimeErrors).toEqual([]);
  const pts = r.drawings.polylines[0]!.points;
  expect(pts).toHaveLength(10_000);
  expect(pts[9_999]!.price).toBe(9_999);
});

test("points past the 10,000th are not placed: one more than 500 bars ahead there is no error", () => {
  const src = `${V}if barstate.islast\n    pts = array.new<chart.point>()\n    for k = 0 to 9999\n        pts.push(chart.point.from_index(k % 3, k))\n    pts.push(chart.point.from_index(last_bar_index + 501, 0))\n    polyline.new(pts)`;
  const r = run(src, risingBars(3));
  expect(r.runtimeErrors).toEqual([]);
  expect(r.drawings.polylines[0]!.points).toHaveLength(10_000);
});
