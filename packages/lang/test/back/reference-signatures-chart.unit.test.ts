// chart.* variables against TradingView's Pine v6 reference manual: chart.left_visible_bar_time and
// chart.right_visible_bar_time are "input int" (fixed for the run), so they may go where a simple
// value is required (a moving average's length). Here the window is the run's window of bars.
// Expected values worked by hand from risingBars (close = 10 + i, one bar a day).
import { risingBars, RISING_T0, run } from "./harness";

test("the visible bar times are input ints: usable as a simple length", () => {
  const r = run(`//@version=6
indicator("x")
days = (chart.right_visible_bar_time - chart.left_visible_bar_time) / 86400000
plot(ta.ema(close, days + 1), "ema")
plot(chart.left_visible_bar_time / 1000, "left")`, risingBars(4), 1);
  expect(r.runtimeErrors).toEqual([]);
  const out = Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)]));
  // outputs cover the window (bars 1..3); ta.ema(close, 3) starts at bar 2 with the mean of bars
  // 0..2 (11), then 11 + (13 - 11) * 2 / 4 = 12
  expect(out).toEqual({ ema: [NaN, 11, 12], left: [RISING_T0 + 86_400, RISING_T0 + 86_400, RISING_T0 + 86_400] });
});
