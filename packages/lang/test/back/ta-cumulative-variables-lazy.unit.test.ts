// The ta.* variables whose value depends on earlier bars (ta.obv, ta.pvt, ta.accdist, ta.nvi,
// ta.pvi, ta.wad, ta.vwap) are computed by TradingView on every bar, whatever the script reads: a
// read on some bars only (a ternary, an `if` block, the lazy right side of `and`, a function called
// on some bars, a library's function, a requested context) sees the same series as a read on every
// bar. They used to step only on the bars where the read ran. ta.wvad and ta.iii, computed from
// the bar alone, are checked through `[1]` in a branch. Expected values are worked by hand from the
// Pine definitions printed in TradingView's v6 reference (comments below), on these six bars:
//
//   bar  open  high   low  close  volume
//    0   10    11     9.5  10.5   100
//    1   10.5  12.5  10    12     200
//    2   12    12.5  10.5  11     150
//    3   11    12    10    11     300
//    4   11    15.5  11    15     100
//    5   15    16    13    14     250
import { build, SYMBOL } from "./harness";
import { compile, evaluate } from "../../src/index";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { check, lib, resolverOf } from "../front/harness";

const T0 = Date.UTC(2024, 0, 2) / 1000;
const cols = (xs: number[]): Float64Array => Float64Array.from(xs);
const DAILY: Bars = {
  length: 6,
  time: cols([0, 1, 2, 3, 4, 5].map((i) => T0 + i * 86_400)),
  open: cols([10, 10.5, 12, 11, 11, 15]),
  high: cols([11, 12.5, 12.5, 12, 15.5, 16]),
  low: cols([9.5, 10, 10.5, 10, 11, 13]),
  close: cols([10.5, 12, 11, 11, 15, 14]),
  volume: cols([100, 200, 150, 300, 100, 250]),
};

// obv = cum(sign(change(close)) * volume), the first bar's na term adding nothing:
// 0, +200, -150, +0, +100, -250
const OBV = [0, 200, 50, 50, 150, -100];
// pvt = cum(change(close) / close[1] * volume): 0, 1.5/10.5*200, -1/12*150, 0, 4/11*100, -1/15*250
const PVT = [0, 200 / 7, 200 / 7 - 12.5, 200 / 7 - 12.5, 200 / 7 - 12.5 + 400 / 11, 200 / 7 - 12.5 + 400 / 11 - 50 / 3];
// accdist = cum((2 * close - low - high) / (high - low) * volume):
// 0.5/1.5*100, 1.5/2.5*200, -1/2*150, 0/2*300, 3.5/4.5*100, -1/3*250
const AD = [100 / 3, 100 / 3 + 120, 100 / 3 + 45, 100 / 3 + 45, 100 / 3 + 45 + 700 / 9, 100 / 3 + 45 + 700 / 9 - 250 / 3];
// nvi starts at 1 and, on a bar whose volume is below the previous bar's, grows by the close's rate
// of change: bar 2 (150 < 200) by -1/12, bar 4 (100 < 300) by 4/11
const NVI = [1, 1, 11 / 12, 11 / 12, (11 / 12) * (15 / 11), (11 / 12) * (15 / 11)];
// pvi: on a bar whose volume is above the previous bar's: bar 1 by 1.5/10.5, bar 3 by 0, bar 5 by -1/15
const PVI = [1, 8 / 7, 8 / 7, 8 / 7, 8 / 7, (8 / 7) * (14 / 15)];
// wad = cum(mom > 0 ? close - min(low, close[1]) : mom < 0 ? close - max(high, close[1]) : 0):
// 0, 12 - 10, 11 - 12.5, 0, 15 - 11, 14 - 16
const WAD = [0, 2, 0.5, 0.5, 4.5, 2.5];
// wvad = (close - open) / (high - low) * volume of each bar
const WVAD = [100 / 3, 120, -75, 0, 800 / 9, -250 / 3];
// iii = (2 * close - high - low) / ((high - low) * volume) of each bar
const III = [0.5 / 150, 1.5 / 500, -1 / 300, 0, 3.5 / 450, -1 / 750];

const odd = (xs: number[]): number[] => xs.map((x, i) => (i % 2 === 1 ? x : NaN));
const oddPrevious = (xs: number[]): number[] => xs.map((_x, i) => (i % 2 === 1 ? xs[i - 1]! : NaN));

function plots(body: string, bars: Bars = DAILY, symbol: SymbolInfo = SYMBOL, contexts: ContextBars[] = []): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("v")\n${body}`), bars, {}, { symbol, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

function expectClose(got: number[] | undefined, want: number[]): void {
  expect(got).toHaveLength(want.length);
  want.forEach((w, i) => (Number.isNaN(w) ? expect(got![i]).toBeNaN() : expect(got![i]).toBeCloseTo(w, 12)));
}

describe("cumulative ta.* variables read on some bars only", () => {
  test.each([
    ["ta.obv", OBV],
    ["ta.pvt", PVT],
    ["ta.accdist", AD],
    ["ta.nvi", NVI],
    ["ta.pvi", PVI],
    ["ta.wad", WAD],
  ])("%s in a ternary taken on odd bars is the every-bar series, and so is its [1]", (name, want) => {
    const [now, prev] = plots(`plot(bar_index % 2 == 1 ? ${name} : na)\nplot(bar_index % 2 == 1 ? ${name}[1] : na)`);
    expectClose(now, odd(want));
    expectClose(prev, oddPrevious(want));
  });

  test.each([
    ["ta.wvad", WVAD],
    ["ta.iii", III],
  ])("%s[1] in a branch is the previous bar's value, not the previous read's", (name, want) => {
    const [all, prev] = plots(`plot(${name})\nplot(bar_index % 2 == 1 ? ${name}[1] : na)`);
    expectClose(all, want);
    expectClose(prev, oddPrevious(want));
  });

  test("ta.obv in an if block, a function called on some bars and the lazy side of and", () => {
    const body = [
      "float x = na",
      "if bar_index % 2 == 1",
      "    x := ta.obv",
      "plot(x)",
      "f() => ta.obv",
      "plot(bar_index % 2 == 1 ? f() : na)",
      // odd bars whose obv is below 100: bars 3 (50) and 5 (-100), not bar 1 (200)
      "plot(bar_index % 2 == 1 and ta.obv < 100 ? 1 : 0)",
    ].join("\n");
    const [inIf, inFn, lazy] = plots(body);
    expectClose(inIf, odd(OBV));
    expectClose(inFn, odd(OBV));
    expect(lazy).toEqual([0, 0, 0, 1, 0, 1]);
  });

  test("ta.obv read in a branch and at the top level: one series", () => {
    const [branch, top] = plots("plot(bar_index >= 4 ? ta.obv : na)\nplot(ta.obv)");
    expectClose(branch, [NaN, NaN, NaN, NaN, 150, -100]);
    expectClose(top, OBV);
  });

  test("ta.vwap on hourly bars of two trading days, read on odd bars", () => {
    // bars 0-2 on 2024-01-02, 3-5 on 2024-01-03, from 09:30 New York; hlc3 of each bar:
    // 31/3, 11.5, 34/3 | 11, 41.5/3, 43/3
    const hours = [0, 1, 2].map((h) => T0 + 14.5 * 3600 + h * 3600);
    const hourly: Bars = { ...DAILY, time: cols([...hours, ...hours.map((t) => t + 86_400)]) };
    const [v] = plots("plot(bar_index % 2 == 1 ? ta.vwap : na)", hourly, { ...SYMBOL, timeframe: "60" });
    // bar 1: (31/3 * 100 + 11.5 * 200) / 300; bar 3: a new day, 11; bar 5: (11 * 300 + 41.5/3 * 100 + 43/3 * 250) / 650
    expectClose(v!, [NaN, ((31 / 3) * 100 + 11.5 * 200) / 300, NaN, 11, NaN, (11 * 300 + (41.5 / 3) * 100 + (43 / 3) * 250) / 650]);
  });

  test("in a requested context: request.security of a branch reading ta.obv on the other symbol's bars", () => {
    const m1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1d" };
    const other: ContextBars = { symbol: "OTH", timeframe: "1d", bars: DAILY, info: { ...m1, ticker: "OTH" } };
    const flat: Bars = { ...DAILY, close: cols([1, 1, 1, 1, 1, 1]), volume: cols([1, 1, 1, 1, 1, 1]) };
    const [v, plain] = plots(`plot(request.security("OTH", "1D", bar_index % 2 == 1 ? ta.obv : na))\nplot(request.security("OTH", "1D", ta.pvi))`, flat, m1, [other]);
    expectClose(v!, odd(OBV));
    expectClose(plain!, PVI);
  });

  test("in an imported library's functions: a ternary inside it and a call on some bars", async () => {
    const library = ["//@version=6", 'library("vol")', "export obvWhen(bool c) => c ? ta.obv : na", "export wadNow() => ta.wad", ""].join("\n");
    const src = `//@version=6\nindicator("v")\nimport acme/vol/1 as vl\nplot(vl.obvWhen(bar_index % 2 == 1))\nplot(bar_index % 2 == 1 ? vl.wadNow() : na)`;
    const r = await check(src, resolverOf([lib("acme", "vol", 1, library)]));
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const res = evaluate(compile(r.checked!, r.interface ?? undefined), DAILY, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(res.runtimeErrors).toEqual([]);
    const [obv, wad] = res.outputs.map((o) => Array.from(o.values));
    expectClose(obv!, odd(OBV));
    expectClose(wad!, odd(WAD));
  });
});
