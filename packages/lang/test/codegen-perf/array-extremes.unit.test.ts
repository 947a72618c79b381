// array.min / array.max over a rolling window (stdlib/array.ts, one pass in place): na elements
// are skipped, an empty or all-na array gives na, an na array is an error. Expected values are
// worked by hand.
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { run } from "../back/harness";

function bars(closes: number[]): Bars {
  const n = closes.length;
  const c = Float64Array.from(closes);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}
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
  expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["array is na", 1]]);
});
