// Pine's `/` gives na for a zero divisor (docs/adr/0109-division-by-zero-is-na.md), where
// JavaScript gives an infinity: over four bars with close 1, 2, 3, 4 and a divisor z that is 0 on
// even bars and 2 on odd ones, every expected value below is worked by hand.
import { run } from "./harness";
import type { Bars } from "../../src/types";

const T0 = Date.UTC(2024, 0, 2) / 1000;
const C = Float64Array.from([1, 2, 3, 4]);
const BARS: Bars = { length: 4, time: Float64Array.from([0, 1, 2, 3], (k) => T0 + k * 86_400), open: C, high: C, low: C, close: C, volume: new Float64Array(4).fill(1) };

function outputs(body: string, version = 6): number[][] {
  const r = run(`//@version=${version}\nindicator("d")\nz = bar_index % 2 == 0 ? 0.0 : 2.0\n${body}`, BARS);
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

test("x / 0 is na, and nz() of it is the replacement, as scripts guard divisions", () => {
  expect(outputs(`plot(10 / z)\nplot(nz(close / z, -1))\nplot(0 / z)\nplot(-5 / (0 * -z))`)).toEqual([
    [NaN, 5, NaN, 5],
    [-1, 1, -1, 2],
    [NaN, 0, NaN, 0],
    [NaN, NaN, NaN, NaN],
  ]);
});

test("/= by zero gives na, and the quotient compares as na, never as a huge number", () => {
  expect(outputs(`x = 8.0\nx /= z\nplot(x)\nplot(10 / z > 1e300 ? 1 : 0)`)).toEqual([
    [NaN, 4, NaN, 4],
    [0, 0, 0, 0],
  ]);
});

test("an int division by zero is na too, and a non-zero literal divisor divides as before", () => {
  expect(outputs(`int n = bar_index % 2\nplot(7 / n)\nplot(close / 4)\nplot(close / -0.5)`)).toEqual([
    [NaN, 7, NaN, 7],
    [0.25, 0.5, 0.75, 1],
    [-2, -4, -6, -8],
  ]);
  // v5: two const ints divide as ints (truncated), and a zero divisor reached at run time is na
  expect(outputs(`int n = bar_index % 2\nplot(7 / n)\nplot(7 / 2)`, 5)).toEqual([
    [NaN, 7, NaN, 7],
    [3, 3, 3, 3],
  ]);
});
