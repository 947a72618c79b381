// The variable `ta.tr` is a series of the bars, like `close`: read in a branch that runs on some
// bars only, it is still each bar's range against the previous bar's close. It used to remember
// the close of the last bar the read ran on, so `cond ? ta.tr : na` gave other numbers.
import { build, closeBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";

// closes 10, 12, 11, 15, 14; every high is close + 1 and every low close - 1
const close = [10, 12, 11, 15, 14];
const BARS = closeBars(close);

function plots(body: string): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("tr")\n${body}`), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

// true range = max(high - low, |high - previous close|, |low - previous close|):
// bar 1: max(2, |13 - 10|, |11 - 10|) = 3; bar 2: max(2, |12 - 12|, |10 - 12|) = 2;
// bar 3: max(2, |16 - 11|, |14 - 11|) = 5; bar 4: max(2, |15 - 15|, |13 - 15|) = 2
const TR = [NaN, 3, 2, 5, 2];

describe("ta.tr read where it is not evaluated on every bar", () => {
  test("every bar it is read is that bar's true range", () => {
    const [all, even, lazy] = plots(
      ["plot(ta.tr)", "plot(bar_index % 2 == 0 ? ta.tr : na)", "plot(bar_index >= 3 and ta.tr > 0 ? ta.tr : na)"].join("\n"),
    );
    expect(all).toEqual(TR);
    // bar 4 against bar 3's close 15 (2), not against bar 2's close 11 (|15 - 11| = 4)
    expect(even).toEqual([NaN, NaN, 2, NaN, 2]);
    expect(lazy).toEqual([NaN, NaN, NaN, 5, 2]);
  });

  test("ta.tr[1] in a branch is the previous bar's true range", () => {
    const [prev] = plots("plot(bar_index % 2 == 1 ? ta.tr[1] : na)");
    // bar 1: bar 0's range (na); bar 3: bar 2's range (2)
    expect(prev).toEqual([NaN, NaN, NaN, 2, NaN]);
  });
});
