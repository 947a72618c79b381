// Survey S49 of issue 16: TradingView's own built-in indicators as published in their v6 source (Pivot
// Points Standard, Auto Fib Retracement, Zig Zag, Williams Fractals, Ichimoku, Moon Phases, Trading
// Sessions, Seasonality, Multi-Time Period Charts, Relative Volume at Time, the volume-delta family, ...)
// and a public lower-timeframe profile ran unchanged on the demo bars (AAPL daily, SPY minutes, BTC
// four-hour); twenty were checked bar by bar, label by label or cell by cell against independent Python
// loops over the same CSVs, all equal (docs/adr/0356). Nothing the survey met is a cause of ours. These are
// our own scripts in the patterns the sample leaned on, pinned so they stay working, their expected values
// worked by hand in the comments.
//
// - Moon Phases' Julian-day clock: a v6 int division keeps its fraction (`secondTotal / 3600` is 20.7925),
//   so the minutes computed from it are 0, and `timestamp` takes the hour truncated (docs/adr/0104).
// - Pivot Points Standard: `ta.pivot_point_levels` on `timeframe.change`, its levels drawn as a row of a
//   `matrix` of a user type (`add_row(array_id = ...)`), the oldest row removed and its drawings deleted.
// - The ADX's directional movement: `up > down` of two moves equal up to float noise is false (comparisons
//   within 1e-10, docs/adr/0315), so neither side counts the bar.
// - Trading Sessions: a session average written with `format.mintick`, whose tie (131.955, the double a
//   little below it) rounds up as its decimals read.
// - A lower-timeframe profile looping `for k = 0 to arr.size() - 1` over an empty intrabar array: the loop
//   counts down (0, then -1), so `arr.get(0)` is the bar's runtime error, as on TradingView.

import { compile, evaluate, validate } from "../../src/index";
import { closeBars, roundedTo9, run, RISING_T0, SYMBOL } from "./harness";
import { outputsByName } from "../front/harness";
import { barsOfRows } from "../support/demo-bars";
import type { ContextBars } from "../../src/stdlib/request";

describe("survey S49: Moon Phases' clock from a Julian day", () => {
  test("an int division keeps its fraction, so the minutes are 0 and timestamp truncates the hour", () => {
    const r = run(
      `//@version=6
indicator("jd")
dayFloat = 4.8671875
secondTotal = int((dayFloat % 1) * 60 * 60 * 24)
_hour = secondTotal / (60 * 60)
_minute = (secondTotal - (_hour * 60 * 60)) / 60
_second = secondTotal % 60
plot(secondTotal, "s")
plot(_hour, "h")
plot(_minute, "m")
plot(_second, "sec")
plot(timestamp("UTC", 2011, 3, 4, _hour, _minute, _second), "t")
`,
      closeBars([1]),
    );
    // 0.8671875 of a day is 74925 s (20:48:45); 74925 / 3600 = 20.8125 keeps its fraction, so
    // (74925 - 20.8125 * 3600) / 60 = 0 and 74925 % 60 = 45; timestamp reads the hour as 20:
    // 2011-03-04 20:00:45 UTC
    expect(roundedTo9(outputsByName(r))).toEqual({ s: [74925], h: [20.8125], m: [0], sec: [45], t: [1299268845000] });
  });
});

describe("survey S49: pivot levels drawn as matrix rows of a user type", () => {
  test("each month's Traditional P, R1 and S1 from the previous month; the older row's drawings deleted", () => {
    const r = run(
      `//@version=6
indicator("pp", overlay = true)
type pivotGraphic
    line  ln
    label lb
var matrix<pivotGraphic> drawn = matrix.new<pivotGraphic>()
bool change = timeframe.change("1M")
array<float> levels = ta.pivot_point_levels("Traditional", change)
if change and bar_index > 0
    array<pivotGraphic> row = array.new<pivotGraphic>()
    for [i, level] in levels
        if not na(level) and i < 3
            row.push(pivotGraphic.new(line.new(time, level, time + 86400000, level, xloc = xloc.bar_time), label.new(time, level, str.tostring(level, format.mintick), xloc = xloc.bar_time)))
    drawn.add_row(array_id = row)
    if drawn.rows() > 1
        for g in drawn.remove_row(0)
            g.ln.delete()
            g.lb.delete()
plot(levels.get(0), "p")
plot(drawn.rows(), "rows")
`,
      closeBars(Array.from({ length: 62 }, (_, i) => i + 1)),
    );
    // closes 1..62 from Monday 2024-01-01 (high = close + 1, low = close - 1): January (bars 0-30) has
    // H 32, L 0, C 31: P = 21, R1 = 2P - L = 42, S1 = 2P - H = 10; February (bars 31-59) H 61, L 31,
    // C 60: P = 152 / 3 = 50.666666667, R1 = 70.333333333, S1 = 40.333333333; March begins at bar 60
    const out = roundedTo9(outputsByName(r));
    expect(out.p!.slice(31, 33)).toEqual([21, 21]);
    expect(out.p!.slice(59, 62)).toEqual([21, 50.666666667, 50.666666667]);
    expect(out.rows!.slice(30, 32)).toEqual([0, 1]);
    expect(out.rows![61]).toBe(1);
    // January's row was removed and its three lines and labels deleted; February's stays
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["50.67", "70.33", "40.33"]);
    expect(r.drawings.lines.map((l) => l.time1)).toEqual(["2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z"]);
  });
});

describe("survey S49: directional movement of moves equal up to float noise", () => {
  test("up > down within 1e-10 is false, so neither +DM nor -DM counts the bar", () => {
    const t0 = RISING_T0;
    const r = run(
      `//@version=6
indicator("dm")
up = ta.change(high)
down = -ta.change(low)
plusDM = na(up) ? na : (up > down and up > 0 ? up : 0)
minusDM = na(down) ? na : (down > up and down > 0 ? down : 0)
plot(plusDM, "plus")
plot(minusDM, "minus")
`,
      barsOfRows([
        [t0, 0.15, 0.2, 0.1, 0.15, 1],
        [t0 + 86400, 0.15, 0.3, 0.0, 0.15, 1],
        [t0 + 2 * 86400, 0.3, 0.5, 0.0, 0.3, 1],
      ]),
    );
    // bar 1: up = 0.3 - 0.2 = 0.09999999999999998, down = 0.1: equal within 1e-10, so both are 0 (an exact
    // comparison would give -DM 0.1); bar 2: up = 0.2, down = 0: +DM 0.2
    expect(roundedTo9(outputsByName(r))).toEqual({ plus: [null, 0, 0.2], minus: [null, 0, 0] });
  });
});

describe("survey S49: a session's average price written at the tick", () => {
  test("bars in a New York session by time(\"\", session, zone); the average's tie rounds up as its decimals read", async () => {
    const t = Date.UTC(2024, 0, 2, 14, 30) / 1000; // Tuesday 09:30 in New York
    const src = `//@version=6
indicator("sess", overlay = true)
var float sumClose = 0.0
var int numOfBars = 0
inSession = not na(time("", "0930-1600", "America/New_York"))
if inSession
    sumClose += close
    numOfBars += 1
var lbl = label.new(bar_index, close, "")
if barstate.islast
    lbl.set_text("Avg: " + str.tostring(sumClose / numOfBars, format.mintick))
plot(inSession ? 1 : 0, "in")
`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const bars = barsOfRows([
      [t - 60, 130, 130, 130, 130, 1],
      [t, 131.9, 131.95, 131.9, 131.91, 1],
      [t + 60, 131.91, 132.0, 131.91, 132.0, 1],
    ]);
    const r = evaluate(compile(v.checked!, v.interface!), bars, {}, { symbol: { ...SYMBOL, timeframe: "1" }, windowStart: 0 });
    expect(outputsByName(r)).toEqual({ in: [0, 1, 1] });
    // (131.91 + 132.0) / 2 is the double 131.95499999999998, the tie 131.955: at a tick of 0.01 it is 131.96
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["Avg: 131.96"]);
  });
});

describe("survey S49: a loop over an empty intrabar array", () => {
  test("for k = 0 to size - 1 counts down from 0 to -1, so get(0) is each bar's runtime error", async () => {
    const src = `//@version=6
indicator("ib")
arr = request.security_lower_tf(syminfo.tickerid, "60", close)
float s = 0.0
if arr.size() > 0 or bar_index == 1
    for k = 0 to arr.size() - 1
        s += arr.get(k)
plot(s, "s")
plot(arr.size(), "n")
`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // the symbol's hourly bars hold none inside the chart's days: each chart bar reads an empty array
    const hourly: ContextBars = { symbol: "AAPL", timeframe: "1h", bars: barsOfRows([]), info: { ...SYMBOL, timeframe: "1h" } };
    const r = evaluate(compile(v.checked!, v.interface!), closeBars([1, 2, 3]), {}, { symbol: SYMBOL, windowStart: 0, contexts: [hourly] });
    // bar 1 enters the loop with size 0: k = 0 reads past the end; bars 0 and 2 skip it
    expect(outputsByName(r)).toEqual({ s: [0, null, 0], n: [0, null, 0] });
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Index 0 is out of bounds. Array size is 0", 1]]);
  });
});
