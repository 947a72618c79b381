// ta.rsi when the window has no down moves (100), no up moves (0) or no moves at all (100, as
// TradingView's RSI: `down == 0 ? 100 : up == 0 ? 0 : 100 - 100 / (1 + up / down)`), worked by
// hand with length 2: the averages seed as the mean of the first two changes, then
// avg = (avg + change) / 2.
import { evaluate } from "../../src/evaluate";
import { barsOf } from "../front/harness";
import { build } from "./harness";

function rsi(closes: number[], viaVariable: boolean): Array<number | null> {
  // a literal length is written into the bar loop; a variable length runs the Rsi object
  const src = viaVariable ? '//@version=6\nindicator("t")\nn = input.int(2)\nplot(ta.rsi(close, n), "r")\n' : '//@version=6\nindicator("t")\nplot(ta.rsi(close, 2), "r")\n';
  const r = evaluate(build(src), barsOf(closes), {}, { symbol: { ticker: "T", timezone: "UTC", mintick: 0.01, timeframe: "1d" }, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return Array.from(r.outputs[0]!.values, (v) => (Number.isNaN(v) ? null : v));
}

describe.each([false, true])("ta.rsi of one-sided windows (length from a variable: %s)", (viaVariable) => {
  test("only up moves: 100", () => {
    expect(rsi([1, 2, 4, 5], viaVariable)).toEqual([null, null, 100, 100]);
  });
  test("only down moves: 0", () => {
    expect(rsi([5, 4, 2, 1], viaVariable)).toEqual([null, null, 0, 0]);
  });
  test("no moves: 100; then a down move of 2 after the flat window", () => {
    // changes 0, 0 seed up = down = 0 (100); then -2: up 0, down (0 + 2) / 2 = 1: 0
    expect(rsi([3, 3, 3, 1], viaVariable)).toEqual([null, null, 100, 0]);
  });
  test("both sides: 100 - 100 / (1 + up / down)", () => {
    // changes +2, -1: up 1, down 0.5, rs 2: 66.666...; then +3: up 2, down 0.25, rs 8: 88.888...
    const got = rsi([1, 3, 2, 5], viaVariable);
    expect(got.slice(0, 2)).toEqual([null, null]);
    expect(got[2]).toBeCloseTo(200 / 3, 10);
    expect(got[3]).toBeCloseTo(800 / 9, 10);
  });
});
