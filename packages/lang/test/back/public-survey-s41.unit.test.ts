// Survey S41 of issue 16: 24 public TradingView v6 indicators run unchanged on the demo bars (AAPL,
// MSFT, GOOG, IBM daily, SPY minutes, BTC four-hour), 18 of them checked value by value against
// independent Python loops over the same CSVs. These are our own scripts written in the style of
// what the sample leaned on; the expected values are worked by hand in the comments, or read from
// packages/marketdata/demo/AAPL.csv.
//
// - A time-of-day volume baseline (a matrix as a ring of past sessions, a tuple from a function that
//   sorts and interpolates quantiles) whose table size and position are inputs defaulting to
//   `size.small` and `position.top_right`: its cells were drawn at normal size (the input read na)
//   until docs/adr/0227's addendum of survey S42; this case fails on the tree before that change.
// - A method that draws a polyline and a label and deletes its previous ones through `p[1]`, called
//   only on some bars: the history of a call inside a conditional block is saved when the call runs
//   (TradingView's compiler warning CW10003 explains the history of conditional calls this way), so
//   each call site keeps its last drawing.
// - A name declared again inside a block (shadowing), then table cells written back at the top
//   level; a ternary chain wrapped over lines ending in comments; the history of a `var` array
//   (the same array on every bar, na before the first) and of a `math.sum`.
// - A week whose Friday is a holiday (Good Friday 2004) shows its close on its last trading day with
//   lookahead off: a week closes with its last bar, as every other week does on its Friday.

import { build, dailyBars, run, closeBars, weeklyBars } from "./harness";
import { outputsByName } from "../front/harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { SymbolInfo } from "../../src/types";

// closes 10, 11, 12, 13, 14, 15 on six days
const SIX = closeBars([10, 11, 12, 13, 14, 15]);

describe("survey S41: a time-of-day baseline with sized table cells", () => {
  const src = `//@version=6
indicator("tod", overlay = false)
tblSize = input.string(size.small, "Table text size", options = [size.tiny, size.small, size.normal])
tblPos = input.string(position.top_right, "Table position", options = [position.top_right, position.bottom_left])
var matrix<float> hist = matrix.new<float>(2, 3, na)
var array<int> meta = array.from(0, 0)
quant(array<float> vals, float q) =>
    float out = na
    int n = vals.size()
    if n > 0
        float pos = (n - 1) * q
        int lo = int(math.floor(pos))
        int hi = int(math.ceil(pos))
        out := vals.get(lo) * (1.0 - (pos - lo)) + vals.get(hi) * (pos - lo)
    out
stats(int slot) =>
    vals = array.new<float>()
    for age = 0 to 2
        float x = hist.get(slot, age)
        if not na(x)
            vals.push(x)
    vals.sort()
    [quant(vals, 0.5), vals.size()]
slot = bar_index % 2
[med, n] = stats(slot)
hist.set(slot, meta.get(slot), close)
meta.set(slot, (meta.get(slot) + 1) % 3)
plot(med, "median")
plot(n, "n")
var table t = table.new(tblPos, 2, 1)
if barstate.islast
    table.cell(t, 0, 0, "median", text_size = tblSize)
    table.cell(t, 1, 0, str.tostring(med), text_size = tblSize)
`;

  test("each slot's median of the values stored before the bar, in a small table at the top right", () => {
    const r = run(src, SIX);
    // slot 0 (bars 0, 2, 4) stores 10, 12, 14; slot 1 (bars 1, 3, 5) 11, 13, 15; a bar reads its slot's
    // earlier values: bar 2 [10] -> 10, bar 3 [11] -> 11, bar 4 [10, 12] -> 11, bar 5 [11, 13] -> 12
    expect(outputsByName(r)).toEqual({ median: [null, null, 10, 11, 11, 12], n: [0, 0, 1, 1, 2, 2] });
    const table = r.drawings.tables[0]!;
    expect(table.position).toBe("top_right");
    expect(table.cells.map((c) => [c.text, c.text_size])).toEqual([
      ["median", "small"],
      ["12", "small"],
    ]);
  });
});

describe("survey S41: drawings deleted through the history of a conditional method call", () => {
  test("each call site keeps only the polyline and the label of its last call", () => {
    const r = run(
      `//@version=6
indicator("circles", overlay = true)
var pts = array.new<chart.point>()
method draw(bool cond, float y, int mult, color c) =>
    if cond
        pts.clear()
        for i = 0 to 2
            pts.push(chart.point.from_index(bar_index + i * mult, y + i))
        p = polyline.new(pts, line_color = c)
        polyline.delete(p[1])
        label.delete(label.new(pts.last(), str.tostring(mult) + "@" + str.tostring(bar_index), color = color(na))[1])
if bar_index % 2 == 0
    true.draw(close, 1, color.red)
    true.draw(close, 2, color.blue)
plot(bar_index)
`,
      SIX,
    );
    // calls on bars 0, 2 and 4: every call deletes its site's drawing of the call before; left are
    // bar 4's, whose last points are bars 4 + 2 and 4 + 4 (2024-01-07 and 2024-01-09)
    expect(r.drawings.polylines).toHaveLength(2);
    expect(r.drawings.labels.map((l) => [l.time, l.text])).toEqual([
      ["2024-01-07T00:00:00Z", "1@4"],
      ["2024-01-09T00:00:00Z", "2@4"],
    ]);
  });
});

describe("survey S41: scopes, wrapped lines and history", () => {
  test("a name declared again in a block is the block's; the top level keeps its own after it", () => {
    const r = run(
      `//@version=6
indicator("dash", overlay = true)
up = close > close[1]
tc = up ? color.lime : color.red
var table t = table.new(position.top_right, 2, 2)
if barstate.islast
    table.cell(t, 0, 0, "in")
    tc = color.blue
    table.cell(t, 1, 0, "x", bgcolor = tc)
table.cell(t, 0, 1, "out")
table.cell(t, 1, 1, "y",
     bgcolor = tc)
plot(close)
`,
      SIX,
    );
    // the last close 15 is above 14: the top level's tc is color.lime (#00E676); the block's color.blue (#2962FF)
    expect(r.drawings.tables[0]!.cells.map((c) => [c.text, c.bg_color])).toEqual([
      ["in", null],
      ["x", "#2962FFFF"],
      ["out", null],
      ["y", "#00E676FF"],
    ]);
  });

  test("a ternary chain wrapped over lines that end in comments", () => {
    const src = `//@version=6
indicator("bands")
pct = close / 12.0
c = pct <= 0.90 ? 1 :       // first
     pct <= 1.00 ? 2 :     // second
     pct <= 1.10 ? 3 :      // third
     4                       // last
plot(c, "band")
`;
    // close / 12: 0.833, 0.917, 1.0, 1.083, 1.167, 1.25
    expect(outputsByName(run(src, SIX))).toEqual({ band: [1, 2, 2, 3, 4, 4] });
  });

  test("the history of a var array is the same array (na before the first bar); a sum's history is its earlier values", () => {
    const src = `//@version=6
indicator("hist")
var array<float> data = array.new<float>()
data.push(close)
array<float> prev = data[1]
float s = math.sum(close, 2)
plot(na(prev) ? -1 : prev.size(), "prevSize")
plot(s[2], "sumTwoAgo")
`;
    // data[1] is na on bar 0, then the same array (its size on that bar); sums of two: 21, 23, 25 from bar 1
    expect(outputsByName(run(src, SIX))).toEqual({ prevsize: [-1, 2, 3, 4, 5, 6], sumtwoago: [null, null, null, 21, 23, 25] });
  });
});

describe("survey S41: a week whose Friday is a holiday", () => {
  test("shows its close on its Thursday with lookahead off (AAPL, Good Friday 2004-04-09)", () => {
    const aapl = dailyBars("AAPL");
    const EQ: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d", session: "0930-1600" };
    const weeks: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(aapl), info: { ...EQ, timeframe: "1w" } };
    const r = evaluate(build(`//@version=6\nindicator("w")\nplot(request.security("", "W", close))`), aapl, {}, { symbol: EQ, windowStart: 0, contexts: [weeks] });
    expect(r.runtimeErrors).toEqual([]);
    const on = (iso: string): number => r.outputs[0]!.values[r.times.indexOf(Date.parse(`${iso}T00:00:00Z`) / 1000)]!;
    // AAPL.csv closes: Friday 2004-04-02 27.5 (week of 03-29); Thursday 2004-04-08 27.53 (week of 04-05,
    // no Friday bar); Friday 2004-04-16 29.18 (week of 04-12)
    expect([on("2004-04-07"), on("2004-04-08"), on("2004-04-12"), on("2004-04-15"), on("2004-04-16")]).toEqual([27.5, 27.53, 27.53, 27.53, 29.18]);
  });
});
