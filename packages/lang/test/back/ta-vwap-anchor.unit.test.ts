// ta.vwap(source, anchor) and ta.vwap(source, anchor, stdev_mult) (Pine's reference: the anchor
// resets the sums where it is true; with stdev_mult the call returns [vwap, upper, lower], the
// bands at stdev_mult volume-weighted standard deviations). Worked by hand on six bars, closes
// 10 12 11 14 13 15 with volumes 1 3 2 2 1 1, anchored on bars 0 and 3:
//   bar 1: (10*1 + 12*3) / 4 = 11.5; variance (100 + 432) / 4 - 11.5^2 = 0.75
//   bar 2: (46 + 22) / 6 = 68/6; bar 3 starts again: 14; bar 4: (28 + 13) / 3 = 41/3
import { run } from "./harness";
import type { Bars } from "../../src/types";

const closes = [10, 12, 11, 14, 13, 15];
const vols = [1, 3, 2, 2, 1, 1];
const bars: Bars = { length: 6, time: Float64Array.from(closes, (_, i) => 1.6e9 + i * 86400), open: Float64Array.from(closes), high: Float64Array.from(closes), low: Float64Array.from(closes), close: Float64Array.from(closes), volume: Float64Array.from(vols) };

test("an anchor restarts the sums; the three-argument form returns the bands", () => {
  const r = run(`//@version=6\nindicator("v")\nanchor = bar_index % 3 == 0\nplot(ta.vwap(close, anchor))\n[v, u, l] = ta.vwap(close, anchor, 2)\nplot(v)\nplot(u)\nplot(l)`, bars);
  expect(r.runtimeErrors).toEqual([]);
  const [plain, v, u, l] = r.outputs.map((o) => Array.from(o.values));
  const want = [10, 11.5, 68 / 6, 14, 41 / 3, 56 / 4];
  want.forEach((w, i) => {
    expect(plain![i]).toBeCloseTo(w, 12);
    expect(v![i]).toBeCloseTo(w, 12);
  });
  expect(u![1]).toBeCloseTo(11.5 + 2 * Math.sqrt(0.75), 12);
  expect(l![1]).toBeCloseTo(11.5 - 2 * Math.sqrt(0.75), 12);
  expect(u![3]).toBe(14); // one bar since the anchor: no deviation
});

test("a one-bar period has no deviation: the squares summed as volume * src^2 (TradingView's VWAP script)", () => {
  // 100.02 with volume 38,478,000: (v * x) * x / v - x^2 leaves 1.8e-12, a band 1.3e-6 off the VWAP.
  const one: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(100.02), high: Float64Array.of(100.02), low: Float64Array.of(100.02), close: Float64Array.of(100.02), volume: Float64Array.of(38478000) };
  const r = run(`//@version=6\nindicator("v")\n[v, u, l] = ta.vwap(close, true, 1)\nplot(u - v)\nplot(v - l)`, one);
  expect(r.outputs.map((o) => o.values[0])).toEqual([0, 0]);
});
