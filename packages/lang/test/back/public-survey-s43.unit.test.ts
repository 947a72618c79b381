// Survey S43 of issue 16: 31 public TradingView v6 indicators (order blocks, liquidity sweeps and
// zones, session and opening ranges, previous day/week levels, multi-timeframe dashboards, divergence,
// z-score, regression, percentile and adaptive filters) run on the demo bars (AAPL 1d, SPY 1m, BTC 4h)
// with request contexts gathered as the worker gathers them; 21 were checked value by value against
// independent Python loops over the same CSVs and all agreed (docs/adr/0337). These are our own
// scripts written in the style of what the sample leaned on; the expected values are worked by hand
// in the comments.
//
// - A function keeping `var` state on confirmed bars and returning a tuple, requested for a higher
//   timeframe (a multi-timeframe "continuing range" dashboard): every bar of a requested context is
//   confirmed, and the chart sees a week's state from the week's last bar (lookahead off).
// - A percentile rank written as a function reading its parameter's history and called from a
//   ternary only after a warm-up (a relative-volume percentile): the parameter's history is that of
//   the function's calls, as TradingView's compiler warning CW10004 ("should be called on each
//   calculation for consistency ... extract the call from the ternary operator") describes.
// - `x != lastSeen` where `lastSeen` is a `var int` still na (a liquidity sweep detector): false, our
//   reading of comparisons with na (docs/adr/0278), so the script never marks a sweep.
// - A session written in another time zone that crosses midnight there ("1730-0130" in Asia/Kolkata).

import { build, closeBars, run, RISING_T0, SYMBOL, weeklyBars } from "./harness";
import { outputsByName } from "../front/harness";
import { evaluate } from "../../src/evaluate";
import { barsOfRows } from "../support/demo-bars";
import type { ContextBars } from "../../src/stdlib/request";
import type { SymbolInfo } from "../../src/types";

describe("survey S43: a requested function with var state on confirmed bars", () => {
  test("each week's range state shows from the week's last day, na before the first week closes", () => {
    // 22 days from Monday 2024-01-01: week 1 closes 10 (high 11, low 9), week 2 closes 20 (21, 19),
    // week 3 closes 5 (6, 4), day 21 opens week 4 (close 5)
    const closes = [...Array(7).fill(10), ...Array(7).fill(20), ...Array(8).fill(5)];
    const daily = closeBars(closes);
    const info: SymbolInfo = { ...SYMBOL, timeframe: "1w" };
    const weeks: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(daily), info };
    const src = `//@version=6
indicator("cr")
rangeState() =>
    var float hi = na
    var float lo = na
    var int dir = 0
    var int prev = 0
    if barstate.isconfirmed
        if na(hi)
            hi := high
            lo := low
        else if close > hi or close < lo
            prev := dir
            dir := close > hi ? 1 : -1
            hi := high
            lo := low
    [dir, prev, hi]
[d, p, h] = request.security(syminfo.tickerid, "W", rangeState())
plot(d, "dir")
plot(p, "prev")
plot(h, "hi")
`;
    const r = evaluate(build(src), daily, {}, { symbol: SYMBOL, windowStart: 0, contexts: [weeks] });
    expect(r.runtimeErrors).toEqual([]);
    // week 1 seeds the range (dir 0, high 11); week 2 closes 20 above 11 (dir 1, prev 0, high 21);
    // week 3 closes 5 below 19 (dir -1, prev 1, high 6); day 21 is inside the open week 4
    const days = (a: number | null, b: number | null, c: number | null, d: number | null): Array<number | null> => [
      ...Array<number | null>(6).fill(a),
      ...Array<number | null>(7).fill(b),
      ...Array<number | null>(7).fill(c),
      d,
      d,
    ];
    expect(outputsByName(r)).toEqual({ dir: days(null, 0, 1, -1), prev: days(null, 0, 0, 1), hi: days(null, 11, 21, 6) });
  });
});

describe("survey S43: a rank function called from a ternary after a warm-up", () => {
  test("its parameter's history starts at its first call", () => {
    const src = `//@version=6
indicator("rank")
rank(series float src, simple int n) =>
    int le = 0
    int valid = 0
    for k = 1 to n
        float h = src[k]
        if not na(h)
            valid += 1
            if h <= src
                le += 1
    valid == n ? 100.0 * le / n : na
float p = bar_index >= 2 ? rank(close, 2) : na
plot(p, "p")
`;
    // called from bar 2 on: bar 2 has no earlier call, bar 3 one (close 12), bar 4 two (13, 12), both
    // at or below 14; the chart's own closes would have given 100 from bar 2
    expect(outputsByName(run(src, closeBars([10, 11, 12, 13, 14, 15])))).toEqual({ p: [null, null, null, null, 100, 100] });
  });
});

describe("survey S43: a var int still na compared with !=", () => {
  test("is false, so the first mark never comes and none after it", () => {
    const src = `//@version=6
indicator("sweep")
var int lastMarked = na
int pivotBar = bar_index - bar_index % 2
bool hit = close > 11
bool fresh = hit and pivotBar != lastMarked
if fresh
    lastMarked := pivotBar
plot(fresh ? 1 : 0, "fresh")
plot(na(lastMarked) ? -1 : lastMarked, "last")
`;
    expect(outputsByName(run(src, closeBars([10, 11, 12, 13, 14, 15])))).toEqual({ fresh: [0, 0, 0, 0, 0, 0], last: [-1, -1, -1, -1, -1, -1] });
  });
});

describe("survey S43: a session crossing midnight in another time zone", () => {
  test("bars from 17:30 to 01:29 in Asia/Kolkata are in it, their high tracked from its first bar", () => {
    // UTC 11:59, 12:00, 19:59, 20:00 are 17:29, 17:30, 01:29 (next day) and 01:30 in Kolkata (UTC+5:30)
    const t = (h: number, m: number): number => RISING_T0 + h * 3600 + m * 60;
    const bars = barsOfRows([
      [t(11, 59), 1, 1, 1, 1, 1],
      [t(12, 0), 2, 2, 2, 2, 1],
      [t(19, 59), 3, 3, 3, 3, 1],
      [t(20, 0), 4, 4, 4, 4, 1],
    ]);
    const src = `//@version=6
indicator("sess", overlay = true)
bool inS = not na(time(timeframe.period, "1730-0130", "Asia/Kolkata"))
var bool prevIn = false
var float sHigh = na
if inS
    sHigh := prevIn ? math.max(sHigh, high) : high
prevIn := inS
plot(inS ? 1 : 0, "in")
plot(sHigh, "high")
`;
    const r = evaluate(build(src), bars, {}, { symbol: { ...SYMBOL, timeframe: "1m" }, windowStart: 0 });
    expect(outputsByName(r)).toEqual({ in: [0, 1, 1, 0], high: [null, 2, 3, 3] });
  });
});
