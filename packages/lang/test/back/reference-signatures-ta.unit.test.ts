// ta.* against TradingView's Pine v6 reference manual. ta.pivothigh / ta.pivotlow: "leftbars (series
// int/float) Left strength. rightbars (series int/float) Right strength." ta.vwap(source, anchor,
// stdev_mult): "anchor ... Optional. The default is equivalent to passing timeframe.change with "1D""
// in both forms. Expected values worked by hand from closeBars (high = close + 1, low = close - 1,
// volume 100).
import { closeBars, run } from "./harness";

const values = (body: string, closes: number[]): Record<string, number[]> => {
  const r = run(`//@version=6\nindicator("x")\n${body}`, closeBars(closes));
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.title ?? o.name, Array.from(o.values)]));
};

describe("pivots take float strengths", () => {
  test("ta.pivothigh/pivotlow with float leftbars and rightbars", () => {
    // closes 1 3 2 5 4 6: highs 2 4 3 6 5 7, lows 0 2 1 4 3 5
    const o = values(`plot(ta.pivothigh(1.0, 1.0), "ph")
plot(ta.pivotlow(close, leftbars = 1.0, rightbars = 1.0), "pl")`, [1, 3, 2, 5, 4, 6]);
    // pivot highs at bars 1 (4) and 3 (6), seen one bar later; pivot lows of close at bars 2 (2) and 4 (4)
    expect(o).toEqual({ ph: [NaN, NaN, 4, NaN, 6, NaN], pl: [NaN, NaN, NaN, 2, NaN, 4] });
  });
});

describe("ta.vwap's tuple form without an anchor", () => {
  test("anchored on the day: on daily bars each bar is its own day, its bands at zero deviation", () => {
    const o = values(`[v, upper, lower] = ta.vwap(close, stdev_mult = 2.0)
plot(v, "v")
plot(upper - lower, "width")`, [10, 12, 11]);
    expect(o).toEqual({ v: [10, 12, 11], width: [0, 0, 0] });
  });
});
