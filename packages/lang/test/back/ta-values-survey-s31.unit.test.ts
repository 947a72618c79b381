// ta.* values of issue 16's thirty-first survey (public indicators heavy in ta.* and math, checked
// bar by bar against an independent implementation of TradingView's reference manual), at the
// edge cases where they differed. Expected values are worked by hand from the reference's
// definitions and remarks, quoted where they decide the case.
import { closeBars, run } from "./harness";
import { builtinFunction } from "../../src/builtins";
import { foldBuiltin } from "../../src/derive/rules";

const plots = (source: string, closes: readonly number[]): Array<Array<number | null>> =>
  run(source, closeBars(closes)).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : Math.round(v * 1e9) / 1e9)));

describe("percentiles with an na in the window (survey S31, docs/adr/0288)", () => {
  // The reference's remarks: ta.percentile_linear_interpolation "na values in the source series are
  // included in calculations and will produce an na result"; ta.percentile_nearest_rank "na values
  // in the source series are ignored".
  const src = (fn: string) => `//@version=6
indicator("p")
src = bar_index == 2 ? na : close
plot(ta.${fn}(src, 3, 30))`;
  const closes = [10, 30, 20, 40, 50, 60];

  test("linear interpolation is na while the last `length` bars hold an na", () => {
    // bars 3 and 4 hold bar 2's na in their three bars; bar 5: [40, 50, 60] at 0.3 * 2 = 0.6: 40 + 0.6 * 10
    expect(plots(src("percentile_linear_interpolation"), closes)).toEqual([[null, null, null, null, null, 46]]);
  });

  test("nearest rank skips the na: the last three non-na values", () => {
    // rank ceil(0.3 * 3) = 1, the smallest: bar 3 [10, 30, 40], bar 4 [30, 40, 50], bar 5 [40, 50, 60]
    expect(plots(src("percentile_nearest_rank"), closes)).toEqual([[null, null, null, 10, 30, 40]]);
  });

  test("a length given as a series: the window is that many bars", () => {
    // len 2 on odd bars, 3 on even ones; bar 3 (len 2) [na, 40] is na, bar 4 (len 3) [na, 40, 50] na,
    // bar 5 (len 2) [50, 60] at 0.3: 53; without the na, bar 1 (len 2) [10, 30] at 0.3: 16
    expect(plots(`//@version=6
indicator("p")
src = bar_index == 2 ? na : close
plot(ta.percentile_linear_interpolation(src, bar_index % 2 == 0 ? 3 : 2, 30))`, closes)).toEqual([[null, 16, null, null, null, 53]]);
  });

  test("a series length longer than the values held does not leave the sorted window behind", () => {
    // len 1, 2, 5, 2, 2, 2: bar 2 asks for five values with three held (na); bar 3's two values are
    // [20, 40], not the window kept for bar 1 ([10, 30]) with bar 3's close swapped in
    const script = (fn: string) => `//@version=6
indicator("p")
len = bar_index == 0 ? 1 : bar_index == 2 ? 5 : 2
plot(ta.${fn}(close, len, 0))`;
    expect(plots(script("percentile_nearest_rank"), closes)).toEqual([[10, 10, null, 20, 40, 50]]);
    expect(plots(script("percentile_linear_interpolation"), closes)).toEqual([[10, 10, null, 20, 40, 50]]);
  });
});

describe("math.round's ties (survey S31)", () => {
  // The reference: "rounded to the nearest integer, with ties rounding up"; a precision below 0 rounds
  // to an integer here as at run time (the reference wants an int precision, "decimal places").
  test("the documentation and constant folding say what a run gives: -2.5 rounds to -2", () => {
    const ran = run(`//@version=6
indicator("r")
x = -2.5
plot(math.round(x))
plot(math.round(x - 1))
plot(math.round(123.4 + x, -1))`, closeBars([1])).outputs.map((o) => o.values[0]);
    expect(ran).toEqual([-2, -3, 121]);
    expect([foldBuiltin("math.round", [-2.5]), foldBuiltin("math.round", [-3.5]), foldBuiltin("math.round", [120.9, -1])]).toEqual(ran);
    expect(builtinFunction("math.round")?.doc).toContain("ties rounding up");
  });
});
