// Time functions against TradingView's Pine v6 reference manual. The reference gives
// `timestamp(dateString)` two overloads, `→ const int` and `→ series int`: the date string may be an
// input or a series (a date built on each bar), not only a literal. Expected values are worked by
// hand: 2024-01-01T00:00Z is 1,704,067,200 s; 2020-02-20T15:30+02:00 is 13:30Z, 1,582,156,800 + 48,600 s.
import { risingBars, run } from "./harness";

const V6 = `//@version=6\nindicator("x")\n`;
const values = (body: string, n: number): number[] => {
  const r = run(`${V6}${body}`, risingBars(n));
  expect(r.runtimeErrors).toEqual([]);
  return Array.from(r.outputs[0]!.values);
};

describe("timestamp(dateString) as the v6 reference has it", () => {
  test("an input string is a date", () => {
    expect(values(`start = input.string("2020-02-20T15:30:00+02:00", "Start")\nplot(timestamp(start))`, 1)).toEqual([1_582_205_400_000]);
  });

  test("a string built on each bar is that bar's date, named as the reference names it", () => {
    expect(values(`d = str.format("2024-01-0{0}", bar_index + 1)\nplot(timestamp(dateString = d))`, 3)).toEqual([
      1_704_067_200_000, 1_704_153_600_000, 1_704_240_000_000,
    ]);
  });

  test("a literal date is still a const int", () => {
    expect(values(`const int t = timestamp("2024-01-02")\nplot(t)`, 1)).toEqual([1_704_153_600_000]);
  });
});
