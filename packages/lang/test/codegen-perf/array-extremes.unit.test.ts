// array.min / array.max over a rolling window (stdlib/array.ts, one pass in place): na elements
// are skipped, an empty or all-na array gives na, an na array is an error. Expected values are
// worked by hand.
import type { EvaluationResult } from "../../src/evaluate";
import { flatDailyBars } from "../support/demo-bars";
import { build, run } from "../back/harness";

const bars = flatDailyBars;
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);

test("a rolling window of three with na elements", () => {
  const r = run(`//@version=6
indicator("t")
var xs = array.new<float>()
xs.push(close == 0 ? na : close)
if xs.size() > 3
    xs.shift()
plot(xs.min())
plot(xs.max())
plot(array.new<float>().min())
array<float> gone = na
plot(bar_index == 5 ? gone.max() : 0)
`, bars([4, 0, 0, 7, -2, 5, 3]));
  // closes of 0 are pushed as na; windows: [4] [4 na] [4 na na] [na na 7] [na 7 -2] [7 -2 5] [-2 5 3]
  // (bar 5 fails on the na array: its outputs are na)
  expect(col(r, 0)).toEqual([4, 4, 4, 7, -2, NaN, -2]);
  expect(col(r, 1)).toEqual([4, 4, 4, 7, 7, NaN, 5]);
  expect(col(r, 2)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN]);
  expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Cannot call array methods when ID of array is 'na'", 1]]);
});

test("max - min of one array is one pass with the same values; of two arrays, two calls", () => {
  const script = `//@version=6
indicator("t")
var xs = array.new<float>()
xs.push(close == 0 ? na : close)
if xs.size() > 3
    xs.shift()
ys = array.from(1.0, 9.0)
array<float> gone = na
plot(xs.max() - xs.min())
plot(array.max(xs) - array.min(xs))
plot(xs.range())
plot(xs.max() - ys.min())
plot(bar_index == 5 ? gone.max() - gone.min() : 0)
plot(array.new<float>().max() - array.new<float>().min())
`;
  const r = run(script, bars([4, 0, 0, 7, -2, 5, 3]));
  // windows: [4] [4 na] [4 na na] [na na 7] [na 7 -2] [7 -2 5] [-2 5 3] (bar 5 fails on the na array)
  const width = [0, 0, 0, 0, 9, NaN, 7];
  expect(col(r, 0)).toEqual(width);
  expect(col(r, 1)).toEqual(width);
  expect(col(r, 2)).toEqual(width);
  // max of the window minus 1
  expect(col(r, 3)).toEqual([3, 3, 3, 6, 6, NaN, 4]);
  expect(col(r, 5)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN]);
  expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Cannot call array methods when ID of array is 'na'", 1]]);
  const loop = build(script).source;
  // the two widths keep both extremes in one pass (array.keep) and read them; range() is the call
  expect(loop.match(/\$R_array_keep\(v\d+_xs, 3\)\), v\d+_xs\.hi - v\d+_xs\.lo\)/g)?.length).toBe(2);
  expect(loop.match(/\$R_array_range\(v\d+_xs\)/g)?.length).toBe(1);
  // two arrays: each call reads its array's kept value, else keeps it first (the stdlib's scan)
  expect(loop).toMatch(/\? v\d+_xs\.hi : \(\$R_array_keep\(v\d+_xs, 1\), v\d+_xs\.hi\)\) - \(v\d+_ys !== null && \(v\d+_ys\.ext & 2\) !== 0 \? v\d+_ys\.lo : \(\$R_array_keep\(v\d+_ys, 2\), v\d+_ys\.lo\)\)/);
});
