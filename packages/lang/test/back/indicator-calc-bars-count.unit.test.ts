// indicator(calc_bars_count = N), as TradingView's reference of the parameter says: the script is
// calculated on the last N bars only, those bars treated as the only data (state starts there,
// bar_index is 0 there, no history before); the run's last bar stands for the dataset's last bar
// (docs/adr/0140-calc-bars-count.md). Earlier rows are na. Expected values are worked by hand from
// ten daily bars closing 1 ... 10.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import { scriptCalcBarsCount } from "../../src/script-timeframe";
import type { Bars } from "../../src/types";
import { build, SYMBOL } from "./harness";

const T0 = Date.UTC(2024, 0, 1) / 1000;
const C = Float64Array.from({ length: 10 }, (_, k) => k + 1);
const BARS: Bars = { length: 10, time: Float64Array.from(C, (_, k) => T0 + k * 86400), open: C, high: C, low: C, close: C, volume: C.map(() => 1) };
const NA = NaN;
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);

function run(count: string, windowStart: number): EvaluationResult {
  const src = `//@version=6
indicator("c"${count})
plot(bar_index, "index")
plot(close[1], "prev")
plot(ta.cum(close), "cum")
plot(last_bar_index, "last")
var int first = na
if barstate.isfirst
    first := time / 1000
plot(first, "first")`;
  const r = evaluate(build(src), BARS, {}, { symbol: SYMBOL, windowStart });
  expect(r.runtimeErrors).toEqual([]);
  return r;
}

test("the last four of ten bars: bar_index, history and state start on the seventh bar, the rows before are na", () => {
  const r = run(", calc_bars_count = 4", 0);
  expect(Array.from(r.times)).toEqual(Array.from(BARS.time));
  expect(r.windowBars).toBe(10);
  expect(col(r, 0)).toEqual([NA, NA, NA, NA, NA, NA, 0, 1, 2, 3]);
  expect(col(r, 1)).toEqual([NA, NA, NA, NA, NA, NA, NA, 7, 8, 9]);
  expect(col(r, 2)).toEqual([NA, NA, NA, NA, NA, NA, 7, 15, 24, 34]);
  expect(col(r, 3)).toEqual([NA, NA, NA, NA, NA, NA, 3, 3, 3, 3]);
  expect(col(r, 4)).toEqual([NA, NA, NA, NA, NA, NA, T0 + 6 * 86400, T0 + 6 * 86400, T0 + 6 * 86400, T0 + 6 * 86400]);
  expect(r.barsEvaluated).toBe(4);
});

test("a window of the last two bars (eight warmup bars): the calculation still starts four bars from the end", () => {
  const r = run(", calc_bars_count = 4", 8);
  expect(Array.from(r.times)).toEqual(Array.from(BARS.time.slice(8)));
  expect(col(r, 0)).toEqual([2, 3]);
  expect(col(r, 2)).toEqual([24, 34]);
});

test("a count of the run's bars or more, or none, calculates every bar", () => {
  for (const count of [", calc_bars_count = 10", ", calc_bars_count = 50", ""]) {
    const r = run(count, 0);
    expect(col(r, 0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(col(r, 2)[9]).toBe(55);
  }
});

test("the worker reads the count from the files before a run", () => {
  expect(scriptCalcBarsCount([{ path: "main.pine", content: '//@version=6\nindicator("c", calc_bars_count = 300)\nplot(close)' }])).toBe(300);
  expect(scriptCalcBarsCount([{ path: "main.pine", content: '//@version=6\nindicator("c")\nplot(close)' }])).toBe(0);
  expect(scriptCalcBarsCount([{ path: "main.pine", content: '//@version=6\nstrategy("s", calc_bars_count = 0)\nplot(close)' }])).toBe(0);
});
