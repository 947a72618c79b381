// A history offset computed as the script runs: a negative one is a runtime error of the bar
// (its outputs na, the error counted), never a read of a future bar. Constant negative offsets
// are refused at lint (test/front/rules.unit.test.ts).
import { run } from "./harness";
import type { Bars } from "../../src/types";

/** Five daily bars with closes 10, 11, 12, 13, 14. */
const bars: Bars = {
  length: 5,
  time: Float64Array.from([0, 1, 2, 3, 4], (i) => 1_704_067_200 + i * 86_400),
  open: Float64Array.from([10, 11, 12, 13, 14]),
  high: Float64Array.from([11, 12, 13, 14, 15]),
  low: Float64Array.from([9, 10, 11, 12, 13]),
  close: Float64Array.from([10, 11, 12, 13, 14]),
  volume: Float64Array.from([100, 100, 100, 100, 100]),
};

const values = (r: ReturnType<typeof run>): Array<number | null> => Array.from(r.outputs[0]?.values ?? [], (v) => (Number.isNaN(v) ? null : v));

describe("history offsets known only as the script runs", () => {
  test("a negative offset of a bar variable is a runtime error of that bar, not the future bar", () => {
    // n = 1 on bars 0..2 (close[1]: na, 10, 11), n = -1 on bars 3 and 4 (refused)
    const r = run('//@version=6\nindicator("t")\nn = bar_index < 3 ? 1 : -1\nplot(close[n])\n', bars);
    expect(values(r)).toEqual([null, 10, 11, null, null]);
    expect(r.runtimeErrors).toEqual([{ message: expect.stringMatching(/history offset must be 0 or more, not -1/), count: 2, first_time: bars.time[3], last_time: bars.time[4] }]);
  });

  test("the same for a variable's and an expression's history", () => {
    const src = '//@version=6\nindicator("t")\nx = close * 2\nn = bar_index == 4 ? -2 : 1\nplot(x[n] + (close + 1)[n])\n';
    const r = run(src, bars);
    // bars 1..3: 2 * close[1] + close[1] + 1 = 3 * close[1] + 1
    expect(values(r)).toEqual([null, 31, 34, 37, null]);
    expect(r.runtimeErrors.map((e) => [e.count, e.first_time])).toEqual([[1, bars.time[4]]]);
  });

  test("an na offset still reads na, without an error", () => {
    const r = run('//@version=6\nindicator("t")\nint n = na\nplot(close[n])\n', bars);
    expect(values(r)).toEqual([null, null, null, null, null]);
    expect(r.runtimeErrors).toEqual([]);
  });
});

describe("a float history offset", () => {
  // TradingView's reference for `[]`: "expr2 is the number of bars back, and must be numerical.
  // Floats will be rounded down."
  test("is read rounded down: close[1.7] is close[1], close[m] with m = 0.0 is close", () => {
    const r = run('//@version=5\nindicator("t")\nm = 0.\nf = bar_index * 0.6\nplot(close[1.7])\nplot(close[m])\nplot(close[f])\n', bars);
    const at = (k: number): Array<number | null> => Array.from(r.outputs[k]?.values ?? [], (v) => (Number.isNaN(v) ? null : v));
    expect(at(0)).toEqual([null, 10, 11, 12, 13]);
    expect(at(1)).toEqual([10, 11, 12, 13, 14]);
    // f = 0, 0.6, 1.2, 1.8, 2.4 -> offsets 0, 0, 1, 1, 2 -> closes 10, 11, 11, 12, 12
    expect(at(2)).toEqual([10, 11, 11, 12, 12]);
    expect(r.runtimeErrors).toEqual([]);
  });
});
