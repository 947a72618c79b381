// `hlc3[i]` with an offset known only as the script runs (a loop variable): the source's value i
// bars back, as TradingView reads it, not the value of the i-th evaluation on this bar. The same
// for the other sources computed from the bar (hl2, ohlc4, hlcc4), the calendar fields and
// time_close. Expected values are worked by hand from the five bars below.
import { run } from "./harness";
import type { Bars } from "../../src/types";

/** Five daily bars from Monday 2024-01-01 (UTC). */
const bars: Bars = {
  length: 5,
  time: Float64Array.from([0, 1, 2, 3, 4], (i) => 1_704_067_200 + i * 86_400),
  open: Float64Array.from([10, 11, 12, 20, 18]),
  high: Float64Array.from([13, 14, 18, 21, 20]),
  low: Float64Array.from([7, 8, 9, 15, 14]),
  close: Float64Array.from([10, 14, 15, 18, 17]),
  volume: Float64Array.from([100, 100, 100, 100, 100]),
};
// per bar:   hl2 10, 11, 13.5, 18, 17 | hlc3 10, 12, 14, 18, 17
//          ohlc4 10, 11.75, 13.5, 18.5, 17.25 | hlcc4 10, 12.5, 14.25, 18, 17

const outputs = (src: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("t")\n${src}`, bars).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));

const loopSum = (name: string): string => `a${name} = 0.0\nfor i = 0 to 2\n    a${name} += ${name}[i]\nplot(a${name})\nplot(a${name} - math.sum(${name}, 3))\n`;

describe("history of a computed bar source read with a loop variable", () => {
  test.each([
    ["hl2", [34.5, 42.5, 48.5]],
    ["hlc3", [36, 44, 49]],
    ["ohlc4", [35.25, 43.75, 49.25]],
    ["hlcc4", [36.75, 44.75, 49.25]],
  ])("sum of %s[i] for i = 0..2 is the 3-bar sum", (name, sums) => {
    const [sum, diff] = outputs(loopSum(name as string));
    expect(sum).toEqual([null, null, ...(sums as number[])]);
    expect(diff).toEqual([null, null, 0, 0, 0]);
  });

  test("a literal offset and an offset in a variable agree", () => {
    const [lit, dyn] = outputs("k = bar_index > 0 ? 1 : 0\nplot(hlc3[1])\nplot(hlc3[k])\n");
    expect(lit).toEqual([null, 10, 12, 14, 18]);
    expect(dyn).toEqual([10, 10, 12, 14, 18]);
  });

  test("calendar fields and time_close read i bars back in a loop", () => {
    // dayofweek: Monday 2 ... Friday 6; time_close one bar back is this bar's open time
    const [days, close] = outputs("d = 0\nfor i = 0 to 1\n    d += dayofweek[i]\nc = 0\nfor i = 1 to 1\n    c := time_close[i] - time\nplot(d)\nplot(c)\n");
    expect(days).toEqual([null, 5, 7, 9, 11]);
    expect(close).toEqual([null, 0, 0, 0, 0]);
  });
});
