// Source -> Interface for scripts in the style of public indicators (written for these tests).
// warmup_bars are computed by hand from the rules in src/derive/rules.ts; comments show the sum.

import type { InputSpec, ScriptInterface, SourceFile } from "../../src/types";
import { brief, check, coreInterface, lib, resolverOf } from "./harness";

const V = "//@version=6\n";
const ind = (title: string, body: string): string => `${V}indicator("${title}")\n${body}`;
const inp = (name: string, type: InputSpec["type"], def: InputSpec["default"], title: string | null = null, min: number | null = null, max: number | null = null, options: InputSpec["options"] = null): InputSpec => ({
  name, type, default: def, title, min, max, options,
});
const out = (name: string, title = name) => ({ name, title, type: "float" });
const iface = (p: Partial<ScriptInterface>): ScriptInterface => ({ inputs: [], outputs: [], events: [], warmup_bars: 0, ...p });

const resolver = resolverOf([
  lib("me", "breakout", 4, `${V}definition("Breakout")\nhh = ta.highest(high, 20)[1]\nalertcondition(close > hh, "breakout", "Close broke the high")\n`, "definition"),
  lib("acme", "ma", 1, `${V}library("MA")\nexport avg(float src, simple int n) => ta.sma(src, n)\nexport smooth(float src, simple int n) => ta.ema(avg(src, n), n)\nexport type Band\n    float upper\n    float lower\n`),
  lib("acme", "ma", 2, `${V}library("MA")\nexport avg(float src, simple int n) => ta.wma(src, n)\n`),
]);

type Case = [string, string | SourceFile[], ScriptInterface, string[]?];

const cases: Case[] = [
  [
    "RSI",
    ind("RSI", 'len = input.int(14, "Length", minval = 1)\nsrc = input.source(close, "Source")\nr = ta.rsi(src, len)\nplot(r, "RSI")\nhline(70)\nhline(30)\n'),
    iface({ inputs: [inp("len", "int", 14, "Length", 1), inp("src", "source", "close", "Source")], outputs: [out("rsi", "RSI")], warmup_bars: 323 }), // 23*14 + 1
  ],
  [
    "SMA cross with alert",
    ind("Cross", 'fast = input.int(9, "Fast")\nslow = input.int(21, "Slow")\nf = ta.sma(close, fast)\ns = ta.sma(close, slow)\nplot(f, "Fast")\nplot(s, "Slow")\nalertcondition(ta.crossover(f, s), "Golden cross", "Fast crossed above slow")\n'),
    iface({ inputs: [inp("fast", "int", 9, "Fast"), inp("slow", "int", 21, "Slow")], outputs: [out("fast", "Fast"), out("slow", "Slow")], events: [{ name: "Golden cross", message: "Fast crossed above slow" }], warmup_bars: 22 }), // 21 + 1
  ],
  [
    "MACD tuple",
    ind("MACD", '[m, sig, h] = ta.macd(close, 12, 26, 9)\nplot(m, "MACD")\nplot(sig, "Signal")\nplot(h, "Histogram", style = plot.style_histogram)\n'),
    iface({ outputs: [out("macd", "MACD"), out("signal", "Signal"), out("histogram", "Histogram")], warmup_bars: 420 }), // 12*26 + 12*9
  ],
  [
    "Bollinger bands",
    ind("BB", 'length = input.int(20, "Length", minval = 1)\nmult = input.float(2.0, "StdDev", minval = 0.001, maxval = 50)\nbasis = ta.sma(close, length)\ndev = mult * ta.stdev(close, length)\nplot(basis, "Basis")\nplot(basis + dev, "Upper")\nplot(basis - dev, "Lower")\n'),
    iface({ inputs: [inp("length", "int", 20, "Length", 1), inp("mult", "float", 2, "StdDev", 0.001, 50)], outputs: [out("basis", "Basis"), out("upper", "Upper"), out("lower", "Lower")], warmup_bars: 20 }),
  ],
  ["ATR", ind("ATR", 'plot(ta.atr(14), "ATR")\n'), iface({ outputs: [out("atr", "ATR")], warmup_bars: 323 })],
  [
    "Stochastic",
    ind("Stoch", 'periodK = input.int(14, "%K Length", minval = 1)\nsmoothK = input.int(1, "%K Smoothing", minval = 1)\nperiodD = input.int(3, "%D Smoothing", minval = 1)\nk = ta.sma(ta.stoch(close, high, low, periodK), smoothK)\nd = ta.sma(k, periodD)\nplot(k, "%K")\nplot(d, "%D")\n'),
    iface({ inputs: [inp("periodK", "int", 14, "%K Length", 1), inp("smoothK", "int", 1, "%K Smoothing", 1), inp("periodD", "int", 3, "%D Smoothing", 1)], outputs: [out("k", "%K"), out("d", "%D")], warmup_bars: 18 }), // 14 + 1 + 3
  ],
  [
    "EMA ribbon through a user function",
    ind("Ribbon", "f(len) => ta.ema(close, len)\nplot(f(8))\nplot(f(13))\nplot(f(21))\n"),
    iface({ outputs: [out("plot_0"), out("plot_1"), out("plot_2")], warmup_bars: 252 }), // 12*21
  ],
  [
    "MA type by switch",
    ind("MA", 'maType = input.string("EMA", "MA Type", options = ["SMA", "EMA", "RMA"])\nlen = input.int(10, "Length")\nma(src, l, t) =>\n    switch t\n        "SMA" => ta.sma(src, l)\n        "EMA" => ta.ema(src, l)\n        => ta.rma(src, l)\nplot(ma(close, len, maType), "MA")\n'),
    iface({ inputs: [inp("maType", "string", "EMA", "MA Type", null, null, ["SMA", "EMA", "RMA"]), inp("len", "int", 10, "Length")], outputs: [out("ma", "MA")], warmup_bars: 120 }), // only the default "EMA" case runs with the default inputs: ema 12*10
  ],
  [
    "Donchian",
    ind("DC", 'length = input.int(20, "Length")\nupper = ta.highest(length)\nlower = ta.lowest(length)\nbasis = math.avg(upper, lower)\nplot(basis, "Basis")\nplot(upper, "Upper")\nplot(lower, "Lower")\n'),
    iface({ inputs: [inp("length", "int", 20, "Length")], outputs: [out("basis", "Basis"), out("upper", "Upper"), out("lower", "Lower")], warmup_bars: 20 }),
  ],
  [
    "Momentum by history offset of an input",
    ind("Mom", 'len = input.int(10, "Length")\nmom = close - close[len]\nplot(mom, "Momentum")\n'),
    iface({ inputs: [inp("len", "int", 10, "Length")], outputs: [out("momentum", "Momentum")], warmup_bars: 10 }),
  ],
  [
    "var accumulator is unbounded",
    ind("Cum vol", 'var float total = 0.0\ntotal += volume\nplot(total, "Total volume")\n'),
    iface({ outputs: [out("total_volume", "Total volume")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  ["bar_index is unbounded", ind("Even", 'plot(bar_index % 2 == 0 ? 1 : 0, "Even")\n'), iface({ outputs: [out("even", "Even")], warmup_bars: 5000 }), ["unbounded_lookback"]],
  [
    "definition with alertcondition",
    `${V}definition("Breakout")\nlen = input.int(20, "Length")\nhh = ta.highest(high, len)[1]\nalertcondition(close > hh, "breakout", "Close {{close}} broke the {{ticker}} high")\n`,
    iface({ inputs: [inp("len", "int", 20, "Length")], events: [{ name: "breakout", message: "Close {{close}} broke the {{ticker}} high" }], warmup_bars: 21 }),
  ],
  [
    "definition with alert()",
    `${V}definition("Cross up")\nif ta.crossover(close, ta.sma(close, 50))\n    alert("Cross up")\n`,
    iface({ events: [{ name: "alert", message: "Cross up" }], warmup_bars: 51 }),
  ],
  [
    "study with horizons, use and group",
    `${V}study("Breakout follow-through", horizons = [1, 3])\nuse("breakout")\ntrend = close > ta.sma(close, 100) ? "up" : "down"\ngroup("trend", trend)\n`,
    iface({ warmup_bars: 100, horizons: [1, 3] }), // max(100, breakout's 21)
  ],
  ["study with default horizons", `${V}study("S")\nuse("me/breakout")\n`, iface({ warmup_bars: 21, horizons: [1, 5, 20] })],
  [
    "library import: warmup through the library",
    ind("Lib", 'import acme/ma/1 as ma\nplot(ma.smooth(close, 10), "Smooth")\n'),
    iface({ outputs: [out("smooth", "Smooth")], warmup_bars: 130 }), // sma 10 then ema 12*10
  ],
  ["library version pinned", ind("Lib2", "import acme/ma/2 as ma\nplot(ma.avg(close, 30))\n"), iface({ outputs: [out("plot_0")], warmup_bars: 30 })],
  [
    "relative import",
    [
      { path: "main.pine", content: ind("Z", 'import "./stats.pine" as st\nlen = input.int(50, "Length")\nplot(st.zscore(close, len), "Z")\n') },
      { path: "stats.pine", content: "zscore(src, len) => (src - ta.sma(src, len)) / ta.stdev(src, len)\n" },
    ],
    iface({ inputs: [inp("len", "int", 50, "Length")], outputs: [out("z", "Z")], warmup_bars: 50 }),
  ],
  [
    "tuple-returning user function",
    ind("Bands", 'bands(src, len, mult) =>\n    basis = ta.ema(src, len)\n    dev = mult * ta.atr(len)\n    [basis + dev, basis - dev]\n[u, l] = bands(close, 20, 2.0)\nplot(u, "Upper")\nplot(l, "Lower")\n'),
    iface({ outputs: [out("upper", "Upper"), out("lower", "Lower")], warmup_bars: 461 }), // atr 23*20 + 1
  ],
  [
    "plotshape and plotchar",
    ind("Signals", 'plotshape(ta.crossover(close, ta.ema(close, 9)), "Buy", shape.triangleup, location.belowbar)\nplotchar(close > open, "Up", "^")\n'),
    iface({ outputs: [out("buy", "Buy"), out("up", "Up")], warmup_bars: 109 }), // 12*9 + 1
  ],
  ["plotcandle and plotbar", ind("Candles", 'plotcandle(open, high, low, close, "Candles")\nplotbar(open, high, low, close)\n'), iface({ outputs: [out("candles", "Candles"), out("plot_1")] })],
  [
    "Heikin-Ashi with var",
    ind("HA", 'var float haOpen = na\nhaClose = ohlc4\nhaOpen := na(haOpen[1]) ? (open + close) / 2 : (haOpen[1] + haClose[1]) / 2\nplot(haOpen, "HA Open")\n'),
    iface({ outputs: [out("ha_open", "HA Open")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "self-referencing series",
    ind("Self", 'float s = na\ns := nz(s[1]) + close\nplot(s, "Sum")\n'),
    iface({ outputs: [out("sum", "Sum")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "inputs of every type",
    ind("Inputs", 'show = input.bool(true, "Show")\ncol = input.color(color.red, "Color")\ntf = input.timeframe("D", "Timeframe")\nmode = input.string("A", "Mode", options = ["A", "B"])\nm = input.float(1.5, "Mult", step = 0.1)\nplot(show ? close * m : na, "Out", color = col)\n'),
    iface({
      inputs: [inp("show", "bool", true, "Show"), inp("col", "color", "color.red", "Color"), inp("tf", "timeframe", "D", "Timeframe"), inp("mode", "string", "A", "Mode", null, null, ["A", "B"]), inp("m", "float", 1.5, "Mult")],
      outputs: [out("out", "Out")],
    }),
  ],
  ["input used inline is named by its title", ind("Inline", 'plot(ta.sma(close, input.int(10, "Length")))\n'), iface({ inputs: [inp("length", "int", 10, "Length")], outputs: [out("plot_0")], warmup_bars: 10 })],
  ["input without variable or title", ind("Anon", "plot(ta.sma(close, input.int(10)))\n"), iface({ inputs: [inp("input_0", "int", 10)], outputs: [out("plot_0")], warmup_bars: 10 })],
  ["DMI", ind("DMI", '[dip, dim, adx] = ta.dmi(14, 14)\nplot(adx, "ADX")\n'), iface({ outputs: [out("adx", "ADX")], warmup_bars: 645 })], // 23*14*2 + 1
  ["Supertrend", ind("ST", '[st, dir] = ta.supertrend(3, 10)\nplot(st, "Supertrend")\n'), iface({ outputs: [out("supertrend", "Supertrend")], warmup_bars: 231 })],
  ["Keltner", ind("KC", '[m, u, l] = ta.kc(close, 20, 1.5)\nplot(u, "Upper")\n'), iface({ outputs: [out("upper", "Upper")], warmup_bars: 241 })], // 12*20 + 1
  ["HMA", ind("HMA", 'plot(ta.hma(close, 9), "HMA")\n'), iface({ outputs: [out("hma", "HMA")], warmup_bars: 12 })], // 9 + 3
  ["chain adds", ind("Chain", 'plot(ta.sma(ta.ema(close, 10), 5), "x")\n'), iface({ outputs: [out("x")], warmup_bars: 125 })],
  ["history of a chain adds", ind("Hist", 'plot(ta.sma(close, 10)[5], "x")\n'), iface({ outputs: [out("x")], warmup_bars: 15 })],
  ["ROC and CCI", ind("Osc", 'plot(ta.roc(close, 9), "ROC")\nplot(ta.cci(hlc3, 20), "CCI")\n'), iface({ outputs: [out("roc", "ROC"), out("cci", "CCI")], warmup_bars: 20 })],
  ["MFI", ind("MFI", 'plot(ta.mfi(hlc3, 14), "MFI")\n'), iface({ outputs: [out("mfi", "MFI")], warmup_bars: 15 })],
  ["pivots", ind("Pivots", 'ph = ta.pivothigh(5, 5)\nplot(ph, "PH", style = plot.style_circles)\n'), iface({ outputs: [out("ph", "PH")], warmup_bars: 10 })],
  ["correlation", ind("Corr", 'plot(ta.correlation(close, volume, 30), "Corr")\n'), iface({ outputs: [out("corr", "Corr")], warmup_bars: 30 })],
  ["linreg", ind("LR", 'plot(ta.linreg(close, 25, 0), "LR")\n'), iface({ outputs: [out("lr", "LR")], warmup_bars: 25 })],
  ["VWAP is unbounded", ind("VWAP", 'plot(ta.vwap(hlc3), "VWAP")\n'), iface({ outputs: [out("vwap", "VWAP")], warmup_bars: 5000 }), ["unbounded_lookback"]],
  ["OBV variable is unbounded", ind("OBV", 'plot(ta.obv, "OBV")\n'), iface({ outputs: [out("obv", "OBV")], warmup_bars: 5000 }), ["unbounded_lookback"]],
  ["barssince is unbounded", ind("Since", 'plot(ta.barssince(close > open), "Bars")\n'), iface({ outputs: [out("bars", "Bars")], warmup_bars: 5000 }), ["unbounded_lookback"]],
  [
    "var array buffer is an accumulator",
    ind("Buf", 'var array<float> buf = array.new<float>()\narray.push(buf, close)\nif array.size(buf) > 10\n    array.shift(buf)\nplot(array.avg(buf), "Avg")\n'),
    iface({ outputs: [out("avg", "Avg")], warmup_bars: 5000 }),
    ["unbounded_lookback"],
  ],
  [
    "manual SMA in a for loop",
    ind("Loop", 'len = input.int(10, "Length")\ns = 0.0\nfor i = 0 to len - 1\n    s += close[i]\nplot(s / len, "Manual SMA")\n'),
    iface({ inputs: [inp("len", "int", 10, "Length")], outputs: [out("manual_sma", "Manual SMA")], warmup_bars: 9 }),
  ],
  ["while loop", ind("While", 'i = 0\nwhile i < 3\n    i += 1\nplot(i, "i")\n'), iface({ outputs: [out("i")] })],
  ["user type", ind("UDT", 'type Bar\n    float o\n    float c\nb = Bar.new(open, close)\nplot(b.c - b.o, "Body")\n'), iface({ outputs: [out("body", "Body")] })],
  [
    "method on a user type",
    ind("Method", 'type Candle\n    float h\n    float l\nmethod span(Candle c) => c.h - c.l\nk = Candle.new(high, low)\nplot(ta.sma(k.span(), 14), "Avg span")\n'),
    iface({ outputs: [out("avg_span", "Avg span")], warmup_bars: 14 }),
  ],
  [
    "enum picks a length",
    ind("Enum", 'enum Mode\n    fast\n    slow\nm = Mode.fast\nlen = m == Mode.fast ? 10 : 30\nplot(ta.sma(close, len), "MA")\n'),
    iface({ outputs: [out("ma", "MA")], warmup_bars: 30 }), // the larger branch
  ],
  [
    "alertconditions deduplicated by title",
    ind("Alerts", 'plot(close)\nalertcondition(close > open, "Up", "up bar")\nalertcondition(close > high[1], "Up", "again")\nalertcondition(close < open)\n'),
    iface({ outputs: [out("plot_0")], events: [{ name: "Up", message: "up bar" }, { name: "alertcondition_1", message: "" }], warmup_bars: 1 }),
  ],
  [
    "library type and function from a definition",
    `${V}definition("Band break")\nimport acme/ma/1 as ma\nb = ma.Band.new(ma.avg(close, 40) * 1.02, ma.avg(close, 40) * 0.98)\nalertcondition(close > b.upper, "above", "above the band")\n`,
    iface({ events: [{ name: "above", message: "above the band" }], warmup_bars: 40 }),
  ],
  [
    "v5 script with plain input()",
    '//@version=5\nindicator("RSI v5")\nlen = input(14, "Length")\nplot(ta.rsi(close, len))\n',
    iface({ inputs: [inp("len", "int", 14, "Length")], outputs: [out("plot_0")], warmup_bars: 323 }),
  ],
  [
    "titles are slugified",
    ind("Titles", 'plot(close, "Close (adj.)")\nplot(open, "  ")\nplot(high, "High-Low 2")\n'),
    iface({ outputs: [out("close_adj", "Close (adj.)"), out("plot_1", "  "), out("high_low_2", "High-Low 2")] }),
  ],
  [
    "fill, hline and bgcolor are not outputs",
    ind("Fill", 'p1 = plot(high, "H")\np2 = plot(low, "L")\nfill(p1, p2, color = color.new(color.blue, 90))\nbgcolor(close > open ? color.green : na)\nhline(50)\n'),
    iface({ outputs: [out("h", "H"), out("l", "L")] }),
  ],
  ["nested user functions add", ind("Nested", "f(x) => ta.ema(x, 5)\ng(x) => ta.sma(f(x), 4)\nplot(g(close))\n"), iface({ outputs: [out("plot_0")], warmup_bars: 64 })], // 12*5 + 4
  ["change defaults to one bar", ind("Chg", 'plot(ta.change(close), "Chg")\n'), iface({ outputs: [out("chg", "Chg")], warmup_bars: 1 })],
  [
    "length from math on an input",
    ind("Half", 'len = input.int(20, "Length")\nplot(ta.wma(close, math.round(len / 2)), "Half WMA")\n'),
    iface({ inputs: [inp("len", "int", 20, "Length")], outputs: [out("half_wma", "Half WMA")], warmup_bars: 10 }),
  ],
  [
    "if/else blocks with locals",
    ind("Regime", 'fastLen = input.int(10, "Fast")\nregime = 0\nif ta.sma(close, fastLen) > ta.sma(close, 40)\n    regime := 1\nelse if ta.sma(close, fastLen) < ta.sma(close, 40)\n    regime := -1\nplot(regime, "Regime")\n'),
    iface({ inputs: [inp("fastLen", "int", 10, "Fast")], outputs: [out("regime", "Regime")], warmup_bars: 40 }),
  ],
  [
    "switch statement without subject",
    ind("Zones", 'r = ta.rsi(close, 7)\nzone = switch\n    r > 70 => 1\n    r < 30 => -1\n    => 0\nplot(zone, "Zone")\n'),
    iface({ outputs: [out("zone", "Zone")], warmup_bars: 162 }), // 23*7 + 1
  ],
];

describe("interface", () => {
  test.each(cases)("%s", async (_name, src, expected, warnings = []) => {
    const r = await check(src, resolver);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(r.diagnostics.map((d) => d.code)).toEqual(warnings);
    expect(coreInterface(r.interface)).toEqual(expected);
  });

  test("there are at least 50 scripts", () => {
    expect(cases.length).toBeGreaterThanOrEqual(50);
  });

  test("dependencies are pinned", async () => {
    const r = await check(ind("Lib", "import acme/ma/1 as ma\nplot(ma.avg(close, 5))\n"), resolver);
    expect(r.dependencies).toEqual([{ owner: "acme", slug: "ma", kind: "library", version: 1 }]);
    const s = await check(`${V}study("S")\nuse("breakout")\n`, resolver);
    expect(s.dependencies).toEqual([{ owner: "me", slug: "breakout", kind: "definition", version: 4 }]);
    expect(s.checked?.uses.map((u) => [u.slug, u.version, u.interface.events.length])).toEqual([["breakout", 4, 1]]);
  });

  test("unknown event in use()", async () => {
    const r = await check(`${V}study("S")\nuse("breakout", events = ["nope"])\n`, resolver);
    expect(brief(r.diagnostics)).toEqual(["wrong_argument 3:26-3:34"]);
  });
});
