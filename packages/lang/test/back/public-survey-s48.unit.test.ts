// Survey S48 of issue 16: public TradingView v6 indicators of five kinds (momentum oscillators, adaptive
// moving averages, kernel and regression statistics, multi-symbol screeners, hourly seasonality tables)
// ran unchanged on the demo bars (AAPL daily, SPY minutes, BTC four-hour); twenty-eight were checked bar by
// bar, or cell by cell, against independent Python loops over the same CSVs, all equal
// (docs/adr/0350). The survey met no refusal or runtime error TradingView would not give; two refusals
// it met are now clearer (the last two groups below fail on the tree before). These are our own scripts
// in the patterns the sample leaned on, pinned so they stay working, their expected values worked by
// hand in the comments.
//
// - An adaptive average guarding its ratio with `volatility != 0 ? change / volatility : 0` while
//   `math.sum` is still na (its window not yet full): the comparison with na is false, so the ratio is 0.
// - An hourly statistics table: bars bucketed by `hour(time, syminfo.timezone)` and
//   `dayofweek(...)`, counts in `var` int arrays, one `matrix.add_row` per finished hour, cells with
//   `str.format("{0,number,00}:00", h)`.
// - A screener: a function returning a tuple requested from another symbol at the chart's timeframe,
//   a symbol that is not there read as na through `ignore_invalid_symbol`, results in table cells.
// - A screener looping over `str.split` of a string input, each trimmed symbol requested inside the loop.
// - A function declared inside an `if` block is refused, as TradingView refuses it, once (its calls were
//   each reported as an undeclared name too; fails on the tree before 0350's change).
// - `plot.style_dashed` (not a Pine plot style) is refused with the v6 spelling, `linestyle = plot.linestyle_dashed`;
//   this case fails on the tree before 0350's change (the refusal named nothing).

import { compile, evaluate, validate } from "../../src/index";
import { closeBars, roundedTo9, run, RISING_T0, SYMBOL } from "./harness";
import { outputsByName } from "../front/harness";
import { barsOfRows } from "../support/demo-bars";
import type { ContextBars } from "../../src/stdlib/request";
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";

/** The cells of table `k` after the last bar, as "column,row" -> text. */
function cells(r: EvaluationResult, k = 0): Record<string, string> {
  return Object.fromEntries(r.drawings.tables[k]!.cells.map((c) => [`${c.column},${c.row}`, c.text]));
}

describe("survey S48: an adaptive average guarding a ratio while math.sum is na", () => {
  test("the ratio is 0 until the sum's window fills, then |change| / sum of |changes|", () => {
    const r = run(
      `//@version=6
indicator("kama", overlay = true)
kama(series float source, simple int period, simple float fastA, simple float slowA) =>
    var float k = na
    float change = math.abs(source - source[1])
    float volatility = math.sum(math.abs(source - source[1]), period)
    float er = volatility != 0 ? change / volatility : 0
    float sc = math.pow(er * (fastA - slowA) + slowA, 2)
    k := na(k) ? source : k + sc * (source - k)
    k
plot(kama(close, 2, 1.0, 0.5), "kama")
`,
      closeBars([10, 11, 13, 12, 14]),
    );
    // bar 0 starts at the close (10); bar 1: the sum of two changes is still na, so er = 0 and
    // sc = 0.5^2 = 1/4: 10 + (11 - 10) / 4 = 10.25; bar 2: er = 2 / 3, sc = (2/3 * 1/2 + 1/2)^2 = 25/36:
    // 10.25 + 25/36 * 2.75 = 12.159722222; bar 3: er = 1 / 3, sc = 4/9: 12.159722222 - 4/9 * 0.159722222 =
    // 12.088734568; bar 4: er = 2 / 3: 12.088734568 + 25/36 * 1.911265432 = 13.416002229
    expect(roundedTo9(outputsByName(r))).toEqual({ kama: [10, 10.25, 12.159722222, 12.088734568, 13.416002229] });
  });
});

/** Half-hour bars from Monday 2024-01-01 14:00 UTC (09:00 in New York) with these [open, close]; high and low their extremes. */
function halfHours(oc: ReadonlyArray<readonly [number, number]>): Bars {
  const t0 = RISING_T0 + 14 * 3600;
  return barsOfRows(oc.map(([o, c], i) => [t0 + i * 1800, o, Math.max(o, c), Math.min(o, c), c, 1]));
}

describe("survey S48: an hourly seasonality table", () => {
  test("each finished Monday hour in New York time counts once, bullish when its last close is above its first open", () => {
    const r = run(
      `//@version=6
indicator("hours", overlay = true)
var array<int> bull = array.new_int(24, 0)
var array<int> tot = array.new_int(24, 0)
var matrix<float> rets = matrix.new<float>(0, 24)
h = hour(time, syminfo.timezone)
d = (dayofweek(time, syminfo.timezone) + 5) % 7
var float hOpen = na
var int hHour = na
var int hDay = na
if ta.change(h) != 0 or barstate.isfirst
    if not barstate.isfirst and not na(hOpen) and hDay == 0
        tot.set(hHour, tot.get(hHour) + 1)
        if close[1] > hOpen
            bull.set(hHour, bull.get(hHour) + 1)
        rets.add_row()
        rets.set(rets.rows() - 1, hHour, math.log(close[1] / hOpen))
    hOpen := open
    hHour := h
    hDay := d
var t = table.new(position.top_right, 2, 24)
if barstate.islast
    int row = 0
    for k = 0 to 23
        if tot.get(k) > 0
            t.cell(0, row, str.format("{0,number,00}:00", k))
            t.cell(1, row, str.tostring(bull.get(k)) + " / " + str.tostring(tot.get(k)))
            row += 1
plot(rets.rows(), "rows")
plot(d, "day")
plot(rets.rows() > 0 ? rets.get(0, 9) : na, "r9")
`,
      halfHours([[10, 11], [11, 12], [12, 11], [11, 10], [10, 10.5], [10.5, 10], [10, 9], [9, 9.5]]),
    );
    // New York hours 9, 9, 10, 10, 11, 11, 12, 12 (UTC - 5 in January) on a Monday (dayofweek 2 -> 0);
    // hour 9 opens at 10 and ends at 12 (bullish), hour 10 opens at 12 and ends at 10, hour 11 opens at 10
    // and ends at 10 (not above); each is counted on the first bar of the next hour; hour 12 never ends
    const out = outputsByName(r);
    expect(out.rows).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(out.day).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    // the first row holds hour 9's log return, ln(12 / 10)
    expect(out.r9![2]).toBeCloseTo(Math.log(1.2), 12);
    expect(cells(r)).toEqual({ "0,0": "09:00", "1,0": "1 / 1", "0,1": "10:00", "1,1": "0 / 1", "0,2": "11:00", "1,2": "0 / 1" });
  });
});

describe("survey S48: a screener table of tuples requested from other symbols", () => {
  test("a symbol's tuple at the chart's timeframe, and a symbol not there read as na", async () => {
    const src = `//@version=6
indicator("scan", overlay = true)
screener() =>
    m = ta.sma(close, 3)
    [close > m, close < m, close]
[b1, s1, p1] = request.security("MSFT", timeframe.period, screener())
p2 = request.security("NVDA", timeframe.period, close, ignore_invalid_symbol = true)
var t = table.new(position.bottom_right, 3, 2)
t.cell(0, 0, "MSFT")
t.cell(1, 0, b1 ? "BUY" : s1 ? "SELL" : "-")
t.cell(2, 0, str.tostring(p1, format.mintick))
t.cell(0, 1, "NVDA")
t.cell(2, 1, na(p2) ? "n/a" : str.tostring(p2))
plot(p1, "p1")
plot(p2, "p2")
`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    // MSFT's days are the chart's days (closeBars from RISING_T0) with closes 20, 18, 17, 19, 21.5
    const msft: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: closeBars([20, 18, 17, 19, 21.5]), info: { ...SYMBOL, ticker: "MSFT" } };
    const r = evaluate(compile(v.checked!, v.interface!), closeBars([1, 2, 3, 4, 5]), {}, { symbol: SYMBOL, windowStart: 0, contexts: [msft] });
    expect(r.runtimeErrors).toEqual([]);
    expect(outputsByName(r)).toEqual({ p1: [20, 18, 17, 19, 21.5], p2: [null, null, null, null, null] });
    // the last day: 21.5 > sma(17, 19, 21.5) = 19.1666..., so BUY; the price to the cent (mintick 0.01)
    expect(cells(r)).toEqual({ "0,0": "MSFT", "1,0": "BUY", "2,0": "21.50", "0,1": "NVDA", "2,1": "n/a" });
  });
});

describe("survey S48: a screener looping over symbols split from a string input", () => {
  test("each trimmed symbol's z-score from a tuple request in the loop; a flat window gives the guard's 0", async () => {
    const src = `//@version=6
indicator("zs", overlay = true)
length = input.int(3, "N")
symbolsInput = input.string("MSFT, IBM", "Symbols")
zscore(sym, len) =>
    [c, s, d] = request.security(sym, timeframe.period, [close, ta.sma(close, len), ta.stdev(close, len)])
    d == 0 ? 0.0 : (c - s) / d
var symbols = str.split(symbolsInput, ",")
var tbl = table.new(position.top_right, 2, symbols.size())
float[] zs = array.new_float(0)
for sym in symbols
    zs.push(zscore(str.trim(sym), length))
if barstate.islast
    for i = 0 to symbols.size() - 1
        tbl.cell(0, i, str.trim(symbols.get(i)))
        tbl.cell(1, i, str.tostring(zs.get(i), "#.##"))
plot(zs.get(0), "z0")
`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const ctx = (symbol: string, closes: number[]): ContextBars => ({ symbol, timeframe: "1d", bars: closeBars(closes), info: { ...SYMBOL, ticker: symbol } });
    const contexts = [ctx("MSFT", [20, 18, 17, 19, 21.5]), ctx("IBM", [5, 5, 5, 5, 5])];
    const r = evaluate(compile(v.checked!, v.interface!), closeBars([1, 2, 3, 4, 5]), {}, { symbol: SYMBOL, windowStart: 0, contexts });
    expect(r.runtimeErrors).toEqual([]);
    // MSFT over three days: bar 2 (20, 18, 17): mean 18.333..., deviation 1.247219129, z = -1.069044968;
    // bar 3 (18, 17, 19): mean 18, population deviation sqrt(2/3), z = 1 / sqrt(2/3) =
    // 1.224744871; bar 4 (17, 19, 21.5): mean 19.1666..., deviation 1.840893503, z = 1.267500445
    expect(roundedTo9(outputsByName(r))).toEqual({ z0: [null, null, -1.069044968, 1.224744871, 1.267500445] });
    // IBM's window is flat: d == 0 gives the 0.0 branch, written "0" by the "#.##" pattern
    expect(cells(r)).toEqual({ "0,0": "MSFT", "1,0": "1.27", "0,1": "IBM", "1,1": "0" });
  });
});

describe("survey S48: a function declared inside a block", () => {
  test("is refused once, naming the rule (TradingView declares functions only at the top level)", async () => {
    const v = await validate(
      [
        {
          path: "main.pine",
          content: `//@version=6
indicator("fib", overlay = true)
if barstate.islast
    drawFib(float r) =>
        line.new(bar_index - 10, close * r, bar_index, close * r)
    drawFib(0.618)
`,
        },
      ],
      { resolver: { resolve: async () => null } },
    );
    // one refusal, at the declaration: its calls are not reported again as undeclared names (they were,
    // once per call, listed before the rule that explains them)
    expect(v.diagnostics.filter((d) => d.severity === "error").map((d) => d.message)).toEqual(["Functions must be declared at the top level."]);
  });
});

describe("survey S48: a dashed plot written as a plot style", () => {
  // A public v6 WaveTrend port plots its signal line with \`style = plot.style_dashed\`, which Pine does
  // not have (TradingView refuses it too): v6 dashes a plotted line through \`linestyle =
  // plot.linestyle_dashed\` (reference: plot(), parameter linestyle). The refusal names that spelling.
  test.each([
    ["dashed", "plot.linestyle_dashed"],
    ["dotted", "plot.linestyle_dotted"],
  ])("plot.style_%s is refused, naming linestyle = %s", async (kind, constant) => {
    const v = await validate([{ path: "main.pine", content: `//@version=6\nindicator("wt")\nplot(close, "wt2", style = plot.style_${kind})\n` }], { resolver: { resolve: async () => null } });
    const errors = v.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`linestyle = ${constant}`);
  });
});
