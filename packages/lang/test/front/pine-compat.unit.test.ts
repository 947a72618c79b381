// Front-end readings that real public scripts (test/corpus) forced: each case is the smallest
// form of a construct those scripts use and Pine accepts.

import { check } from "./harness";

const V = "//@version=6\n";
const errors = (r: Awaited<ReturnType<typeof check>>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);

describe("Pine constructs from real scripts", () => {
  it("several statements on one line, separated by commas (TradingView's Ultimate Oscillator, mihakralj)", async () => {
    const r = await check(`${V}indicator("UO")
length1 = input.int(7, minval=1, title = "Fast"), length2 = input.int(14, minval=1, title = "Middle")
f(src, len) =>
    var float a = 0.0, var float b = 0.0
    float alpha = 1 / len, float sm = 0.0
    a += src
    b := a * alpha + sm
    b
plot(f(close, length1) + length2, "x")
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.inputs.map((i) => [i.name, i.default, i.min])).toEqual([["length1", 7, 1], ["length2", 14, 1]]);
  });

  it("a comma ending a line: the next line's statements follow in the same block (Kioseff Trading's Intrabar Profile)", async () => {
    const r = await check(`${V}indicator("IP")
f(a) =>
    poc = a.indexof(a.max()), 
    indUp = poc, indDn = poc, sum = 0.
    indUp + indDn + sum
lo = input.int(3, "Low"),
hi = input.int(5, "High")
plot(f(array.from(1, 9, 4)) + lo + hi)
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.inputs.map((i) => [i.name, i.default])).toEqual([["lo", 3], ["hi", 5]]);
  });

  it("input.int/float in Pine's parameter order: positional minval, and the options overload", async () => {
    const r = await check(`${V}indicator("PPO")
int fastLenInput = input.int(12, "Fast length", 1)
float m = input.float(2.0, "Mult", 0.5, 5.0, 0.5)
int n = input.int(9, "Length", [9, 14, 21])
string t = input.string("EMA", "Oscillator MA type", ["EMA", "SMA"], display = display.none)
plot(ta.ema(close, fastLenInput) * m + n, "x")
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.inputs.map((i) => [i.name, i.min, i.max, i.options])).toEqual([
      ["fastLenInput", 1, null, null],
      ["m", 0.5, 5, null],
      ["n", null, null, [9, 14, 21]],
      ["t", null, null, ["EMA", "SMA"]],
    ]);
  });

  it("a var never reassigned keeps its value's qualifier (TradingView's RSI: active = isBB, editable = enableMA)", async () => {
    const r = await check(`${V}indicator("RSI")
maTypeInput = input.string("SMA", "Type", options = ["None", "SMA", "SMA + Bollinger Bands"])
var isBB = maTypeInput == "SMA + Bollinger Bands"
var enableMA = maTypeInput != "None"
bbMultInput = input.float(2.0, "BB StdDev", active = isBB)
plot(ta.sma(close, 14), "MA", display = enableMA ? display.all : display.none, editable = enableMA)
`);
    expect(errors(r)).toEqual([]);
  });

  it("the plain input() takes active too, as the typed inputs do (LuxAlgo's Volume Surprise: input(50, active = method == 'Percentile'))", async () => {
    const r = await check(`${V}indicator("VS")
method = input.string("Mean", "Method", options = ["Mean", "Percentile"])
percentile = input(50, active = method == "Percentile")
plot(close * percentile)
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.inputs.map((i) => [i.name, i.default])).toEqual([["method", "Mean"], ["percentile", 50]]);
  });

  it("warmup: a length from a named defval is known (input.int(title = ..., defval = 14))", async () => {
    const r = await check(`${V}indicator("ATR")
length = input.int(title="Length", defval=14, minval=1)
fast = input(title = "Fast Length", defval = 12)
plot(ta.atr(length) + ta.sma(close, fast), "ATR")
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.warmup_bars).toBe(23 * 14 + 1); // rma 23 x length, + the true range's close[1]
  });

  it("warmup: a var holding a bar's value from the first bar evaluated never forgets the start", async () => {
    const r = await check(`${V}indicator("Since start")
var start = close
plot(close / start - 1, "Change")
`);
    expect(r.interface?.warmup_bars).toBe(5000);
    expect(r.diagnostics.map((d) => d.code)).toEqual(["unbounded_lookback"]);
  });

  it("warmup: branches the inputs switch off do not count (if, ternary, switch on an input)", async () => {
    const r = await check(`${V}indicator("RSI")
calculateDivergence = input.bool(false, "Divergence")
maType = input.string("SMA", "Type", options = ["SMA", "EMA"])
ma(s, l, t) =>
    switch t
        "SMA" => ta.sma(s, l)
        "EMA" => ta.ema(s, l)
r = ta.rsi(close, 14)
found = false
if calculateDivergence
    found := not na(ta.pivotlow(r, 5, 5)) and ta.barssince(r > 70) < 60
plot(found ? r : na, "Div")
plot(calculateDivergence ? ta.cum(volume) : ma(r, 14, maType), "MA")
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.warmup_bars).toBe(23 * 14 + 1 + 14); // rsi (rma 23 x 14 + change 1), then sma 14
  });

  it("timeframe.change and timeframe.in_seconds compile", async () => {
    const r = await check(`${V}indicator("VWAP")
plot(timeframe.change("1D") ? 1 : 0, "New day")
plot(timeframe.in_seconds(), "Seconds")
`);
    expect(r.diagnostics.map((d) => d.code)).toEqual([]);
  });
});
