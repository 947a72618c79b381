// Idioms of real public indicator scripts that Pine accepts (issue 16's survey of public scripts),
// each in its smallest form and run end to end: validate, compile, evaluate. Expected values are
// worked by hand from the bars given (barsOf: daily bars from 2024-01-01, high = close + 1,
// low = close - 1).

import { barsOf, check, evaluateValid, lib, outputsByName, PLAIN_SYMBOL, resolverOf } from "./harness";
import { compile, evaluate, scriptRequests } from "../../src/index";

const V = "//@version=6\n";
const errors = async (src: string): Promise<string[]> => (await check(src)).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
const DAY = 86_400;
const T0 = Date.UTC(2024, 0, 1) / 1000;
const day = (i: number): string => new Date((T0 + i * DAY) * 1000).toISOString().replace(".000Z", "Z"); // RFC 3339 as the API writes bar times

describe("a drawing type's cast of na (`box(na)`, `line(na)`, ...)", () => {
  it("declares an empty drawing variable that a later bar fills (TradingView's reference: line(x), box(x), ... cast na to the type)", async () => {
    const res = await evaluateValid(`${V}indicator("zones", overlay = true)
var zone = box(na)
var line lvl = line(na)
var label tag = label(na)
var table t = table(na)
var linefill lf = linefill(na)
var polyline pl = polyline(na)
if bar_index == 1
    zone := box.new(bar_index, high, bar_index, low)
    lvl := line.new(bar_index, close, bar_index + 1, close)
if not na(zone)
    zone.set_right(bar_index)
plot(na(tag) and na(t) and na(lf) and na(pl) ? 1 : 0, "empty")
plot(na(zone) ? 0 : zone.get_right(), "right")
plot(na(lvl) ? 0 : lvl.get_y1(), "level")
`, [10, 11, 12, 13]);
    expect(outputsByName(res)).toEqual({ empty: [1, 1, 1, 1], right: [0, 1, 2, 3], level: [0, 11, 11, 11] });
    expect(res.drawings.boxes.map((b) => [b.time1, b.top, b.time2, b.bottom])).toEqual([[day(1), 12, day(3), 10]]);
  });

  it("is the type's na in a conditional (cond ? line.new(...) : line(na))", async () => {
    expect(await errors(`${V}indicator("x")
l = close > open ? line.new(bar_index, high, bar_index + 1, high) : line(na)
line.delete(l[1])
plot(close)
`)).toEqual([]);
  });
});

describe("a variable named as a built-in namespace", () => {
  it("leaves the namespace's functions and constants to calls and reads the variable's value has no method or field for (LuxAlgo's `method f(..., color) => color.new(color, 17)`)", async () => {
    const res = await evaluateValid(`${V}indicator("tint")
method tint(float v, color) =>
    color.new(color, 50)
f(color) =>
    c = color.red
    color.r(color) + color.r(c)
size = "big"
plot(color.t(tint(close, color.blue)), "t")
plot(f(color.rgb(10, 20, 30)), "r")
plot(str.length(size) + (size.small == "small" ? 1 : 0), "size")
`, [10, 11]);
    // color.red is #F23645 (TradingView's v5+ palette): red component 0xF2 = 242
    expect(outputsByName(res)).toEqual({ t: [50, 50], r: [252, 252], size: [4, 4] });
  });

  it("keeps a method of the variable's own type first (a string variable `str`: str.length() is its method)", async () => {
    const res = await evaluateValid(`${V}indicator("m")
str = "abc"
plot(str.length(), "own")
plot(str.upper().length(), "chained")
`, [1]);
    expect(outputsByName(res)).toEqual({ own: [3], chained: [3] });
  });

  it("takes the namespace's function when the variable cannot be its receiver (label.new with a label) or would be one argument too many (line.delete(line), str.length(str))", async () => {
    const res = await evaluateValid(`${V}indicator("m", overlay = true)
drop(line) =>
    line.delete(line)
    0
relabel(label) =>
    l = label.new(bar_index, close, "new", style = label.style_label_up)
    label.delete(label)
    l
str = "abcd"
l = line.new(bar_index, close, bar_index + 1, close)
drop(l)
relabel(label.new(bar_index, close, "old"))
plot(str.length(str), "len")
plot(line.all.size(), "lines")
`, [1, 2]);
    expect(outputsByName(res)).toEqual({ len: [4, 4], lines: [0, 0] });
    expect(res.drawings.labels.map((x) => x.text)).toEqual(["new", "new"]);
  });
});

describe("indicator(scale = ...)", () => {
  it("takes scale.left, scale.right and scale.none (TradingView's reference: the price scale the indicator attaches to)", async () => {
    expect(await errors(`${V}indicator("x", scale = scale.left)
plot(close)
`)).toEqual([]);
    expect(await errors(`${V}indicator("x", overlay = true, scale = scale.none)
s = scale.right
plot(close)
`)).toEqual([]);
  });
});

describe("an import without `as`", () => {
  it("knows the library by its name, as Pine does (`import TradingView/ta/7` is `ta`)", async () => {
    const tools = lib("alice", "tools", 1, `//@version=6
library("tools")
export double(float x) => x * 2
`);
    const res = await evaluateValid(`${V}indicator("x")
import alice/tools/1
plot(tools.double(close), "d")
`, [3, 4], { resolver: resolverOf([tools]) });
    expect(outputsByName(res)).toEqual({ d: [6, 8] });
  });

  it("still needs `as` for a file of the script, which has no name of its own", async () => {
    expect(await errors(`${V}indicator("x")
import "./util.pine"
plot(close)
`)).toEqual(["syntax_error: Expected 'as' and an alias, found end of line."]);
  });
});

describe("array.max(id, nth) and array.min(id, nth)", () => {
  it("give the nth greatest or smallest element (TradingView's reference: nth 0 is the greatest; [5, -2, 0, 9, 1] has 5 at nth 1)", async () => {
    const res = await evaluateValid(`${V}indicator("nth")
a = array.from(5, -2, 0, 9, 1)
plot(a.max(1), "max1")
plot(array.max(a, 0), "max0")
plot(a.min(2), "min2")
plot(a.max(), "max")
`, [1]);
    expect(outputsByName(res)).toEqual({ max1: [5], max0: [9], min2: [1], max: [9] });
  });
});

describe("line wrapping", () => {
  it("says how to continue a line when the continuation is indented by a multiple of 4 spaces (TradingView's manual: such indents open local blocks)", async () => {
    const src = `${V}indicator("x")
color c = close > open
    ? color.green
    : color.red
plot(close, color = c)
`;
    expect((await errors(src))[0]).toBe("syntax_error: Unexpected indentation: a line indented by a multiple of 4 spaces starts a block. To continue the line above, indent it by another number of spaces (Pine's line wrapping) or wrap the expression in parentheses.");
    expect(await errors(src.replace(/\n {4}([?:])/g, "\n     $1"))).toEqual([]);
    expect(await errors(src.replace("close > open\n    ? color.green\n    : color.red", "(close > open\n    ? color.green\n    : color.red)"))).toEqual([]);
  });
});

describe("TradingView's ta library (`import TradingView/ta/12 as ta`)", () => {
  it("imports, also before //@version, and leaves the built-in ta.* functions and variables to calls through its alias", async () => {
    const res = await evaluateValid(`// © someone
import TradingView/ta/12 as ta

//@version=6
indicator("x")
plot(ta.sma(close, 2), "sma")
plot(ta.tr, "tr")
`, [10, 11, 12]);
    // barsOf: high = close + 1, low = close - 1; ta.tr is na on bar 0 (no previous close), then max(2, 2, 0) = 2
    expect(outputsByName(res)).toEqual({ sma: [null, 10.5, 11.5], tr: [null, 2, 2] });
  });

  it("under another alias (`as TVta`, as TradingView's own scripts write it) its calls are the same functions", async () => {
    const res = await evaluateValid(`${V}indicator("x")
import TradingView/ta/12 as TVta
plot(TVta.sma(close, 2), "sma")
plot(TVta.changePercent(close, close[1]), "change")
plot(TVta.tr, "tr")
`, [10, 12, 9]);
    // sma: na, (10 + 12) / 2 = 11, (12 + 9) / 2 = 10.5; changePercent: na, 100 * 2 / 10 = 20, 100 * -3 / 12 = -25
    // tr (high = close + 1, low = close - 1): na, max(2, |13 - 10|, |11 - 10|) = 3, max(2, |10 - 12|, |8 - 12|) = 4
    expect(outputsByName(res)).toEqual({ sma: [null, 11, 10.5], change: [null, 20, -25], tr: [null, 3, 4] });
    expect(await errors(`${V}indicator("x")
import TradingView/ta/12 as TVta
[o, h, l, c] = TVta.requestVolumeDelta("1")
plot(c)
`)).toEqual([]);
  });

  // its intrabar requests compile (docs/adr/0155; values in test/back/tv-library-intrabar.unit.test.ts)
  it("checks a function only the library has by name (without `as`, the alias is ta)", async () => {
    expect(await errors(`${V}indicator("x")
import TradingView/ta/9
[up, down, delta] = ta.requestUpAndDownVolume("1")
plot(delta)
`)).toEqual([]);
  });
});

describe("TradingView's ta library functions written from its published definitions (ADR 0116)", () => {
  it("ta.cagr: percent a year, 365-day years, na under a day or without both prices; ta.changePercent", async () => {
    const res = await evaluateValid(`// © someone
//@version=6
indicator("x")
import TradingView/ta/12 as ta
int DAY = 24 * 60 * 60 * 1000
plot(ta.cagr(0, 100, 730 * DAY, 121), "two_years")
plot(ta.cagr(0, 100, 365 * DAY, 80), "one_year_down")
plot(ta.cagr(0, 100, DAY / 2, 121), "half_day")
plot(ta.cagr(0, na, 730 * DAY, 121), "no_entry")
plot(ta.changePercent(close, close[1]), "change")
`, [10, 12, 9]);
    // 100 -> 121 over two years: 100 * (1.21^(1/2) - 1) = 10; 100 -> 80 over one year: -20
    // changePercent: na on bar 0, 100 * (12 - 10) / 10 = 20, 100 * (9 - 12) / 12 = -25
    const out = outputsByName(res);
    expect(out.two_years!.map((v) => (v === null ? null : Math.round(v * 1e9) / 1e9))).toEqual([10, 10, 10]);
    expect(out.one_year_down!.map((v) => (v === null ? null : Math.round(v * 1e9) / 1e9))).toEqual([-20, -20, -20]);
    expect(out.half_day).toEqual([null, null, null]);
    expect(out.no_entry).toEqual([null, null, null]);
    expect(out.change).toEqual([null, 20, -25]);
  });
});

describe("ta.highestSince and ta.lowestSince of TradingView's ta library (ADR 0116)", () => {
  it("keep the extreme since the last bar the condition held, reset to the source there; an na source keeps the extreme", async () => {
    const res = await evaluateValid(`${V}indicator("x")
import TradingView/ta/12 as ta
reset = bar_index == 0 or bar_index == 2
plot(ta.highestSince(reset), "hi")
plot(ta.lowestSince(reset, close), "lo")
plot(ta.highestSince(reset, bar_index == 1 ? na : close), "hi_na")
`, [10, 12, 11, 15, 13]);
    // barsOf: high = close + 1. highs 11, 13, 12, 16, 14: reset at bars 0 and 2
    expect(outputsByName(res)).toEqual({ hi: [11, 13, 12, 16, 16], lo: [10, 10, 11, 11, 11], hi_na: [10, 10, 11, 15, 15] });
  });
});

describe("ticker.standard(symbol)", () => {
  it("is the symbol itself (the stored bars are the standard chart's; TradingView's reference: the ticker without chart-type, session or adjustment modifiers), the chart's ticker by default", async () => {
    const src = `${V}indicator("x")
plot(ticker.standard(syminfo.tickerid) == syminfo.tickerid and ticker.standard() == syminfo.tickerid ? 1 : 0, "same")
plot(request.security(ticker.standard(syminfo.tickerid), timeframe.period, close), "own")
`;
    expect(outputsByName(await evaluateValid(src, [10, 11]))).toEqual({ same: [1, 1], own: [10, 11] });
    const weekly = `${V}indicator("x")\nplot(request.security(ticker.standard(syminfo.tickerid), "W", close))\n`;
    expect(scriptRequests([{ path: "main.pine", content: weekly }], { ticker: "AAPL", timeframe: "1d" })).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1w" }], dynamic: false });
  });

  it("ticker.new and ticker.modify name the symbol itself, their session and adjustment modifiers accepted and not applied (ADR 0117)", async () => {
    // "Previous Day High / Low" writes ticker.modify(syminfo.tickerid, session = session.regular) for its regular-hours option
    const src = `${V}indicator("x")
rth = ticker.modify(syminfo.tickerid, session = session.regular)
ext = ticker.new("", syminfo.ticker, session.extended, adjustment.dividends, backadjustment.off, settlement_as_close.inherit)
plot(rth == syminfo.tickerid and ext == syminfo.tickerid and ticker.new("NASDAQ", "MSFT") == "NASDAQ:MSFT" ? 1 : 0, "same")
plot(request.security(rth, timeframe.period, close), "own")
`;
    expect(outputsByName(await evaluateValid(src, [10, 11]))).toEqual({ same: [1, 1], own: [10, 11] });
    const both = `${V}indicator("x")\na = request.security(ticker.modify(syminfo.tickerid, session.regular), "W", close)\nb = request.security(ticker.new("NASDAQ", "MSFT", session.extended), "D", close)\nplot(a + b)\n`;
    expect(scriptRequests([{ path: "main.pine", content: both }], { ticker: "AAPL", timeframe: "1d" })).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1w" }, { symbol: "NASDAQ:MSFT", timeframe: "1d" }], dynamic: false });
  });

  it("leaves the other ticker.* refused (they ask for bars this service does not store)", async () => {
    expect(await errors(`${V}indicator("x")\nplot(request.security(ticker.renko(syminfo.tickerid, "ATR", 10), "D", close))\n`)).toEqual([
      "unsupported_feature: This `ticker.*` is not supported: its tickers ask for other chart types (Renko, line break, Kagi, point and figure), whose bars this service does not store; request a symbol by its name (`\"NASDAQ:MSFT\"`, `syminfo.tickerid`, or `ticker.standard(...)`, `ticker.new(...)`, `ticker.modify(...)`, `ticker.inherit(...)`, which are the symbol itself) or its Heikin Ashi bars (`ticker.heikinashi(...)`).",
    ]);
  });
});

describe("a declaration whose value is wrapped at a block's indentation", () => {
  it("is reported where the line breaks, typed or not (not as an unexpected name)", async () => {
    const why = "a line indented by a multiple of 4 spaces starts a block. To continue the line above, indent it by another number of spaces (Pine's line wrapping) or wrap the expression in parentheses.";
    for (const decl of ["bool up", "up"]) {
      const r = await check(`${V}indicator("x")\n${decl} = close > open and\n    close > 10\nplot(close)\n`);
      expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.line} ${d.message}`)).toEqual([`3 Unexpected end of line: ${why}`]);
    }
  });
});

describe("bid and ask", () => {
  it("are na, as TradingView's are on every timeframe but the tick one (\"1T\"), which no stored timeframe is", async () => {
    const res = await evaluateValid(`${V}indicator("spread")
spread = ask - bid
plot(na(bid) and na(ask) ? 1 : 0, "none")
plot(nz(spread, -1), "spread")
`, [10, 11]);
    expect(outputsByName(res)).toEqual({ none: [1, 1], spread: [-1, -1] });
  });
});

describe("syminfo.main_tickerid", () => {
  it("is the chart's ticker, also inside a requested expression where syminfo.tickerid is the requested one", async () => {
    const r = await check(`${V}indicator("x")
plot(syminfo.main_tickerid == syminfo.tickerid ? 1 : 0, "chart")
plot(request.security("MSFT", timeframe.period, syminfo.main_tickerid == "T" and syminfo.tickerid == "MSFT" ? 1 : 0), "requested")
`);
    const bars = barsOf([10, 11]);
    const res = evaluate(compile(r.checked!, r.interface ?? undefined), bars, {}, { symbol: PLAIN_SYMBOL, windowStart: 0, contexts: [{ symbol: "MSFT", timeframe: "1d", bars, info: { ...PLAIN_SYMBOL, ticker: "MSFT" } }] });
    expect(outputsByName(res)).toEqual({ chart: [1, 1], requested: [1, 1] });
  });
});

describe("input arguments written with constants (TradingView's style guide: named constants for defaults and options)", () => {
  it("gives the Interface and the run the constants' values: defaults, options, bounds, through names, arithmetic and timestamp()", async () => {
    const src = `${V}indicator("x")
const string VIRIDIS = "Viridis"
const string MAGMA = "Magma"
color TVBLUE = #1848cc
int LEN = 14
MAX_LEN = LEN * 10
int POINT = timestamp("2025-09")
theme = input.string(VIRIDIS, "Theme", options = [VIRIDIS, MAGMA])
col = input.color(TVBLUE, "Color")
len = input.int(LEN, "Length", minval = LEN / 7, maxval = MAX_LEN)
half = input.float(LEN / 4, "Half")
point = input.time(POINT, "Point")
plot(len + half, "sum")
plot(theme == VIRIDIS ? 1 : 0, "viridis")
plot(point, "point")
plot(color.b(col), "blue")
`;
    const r = await check(src);
    expect(r.interface?.inputs.map((i) => [i.name, i.default, i.min, i.max, i.options])).toEqual([
      ["theme", "Viridis", null, null, ["Viridis", "Magma"]],
      ["col", "#1848cc", null, null, null],
      ["len", 14, 2, 140, null],
      ["half", 3.5, null, null, null],
      // 2025-09-01T00:00:00Z in milliseconds
      ["point", 1756684800000, null, null, null],
    ]);
    // #1848cc: blue component 0xcc = 204
    expect(outputsByName(await evaluateValid(src, [1]))).toEqual({ sum: [17.5], viridis: [1], point: [1756684800000], blue: [204] });
  });
});

describe("input defaults made of constant colors and signs", () => {
  it("folds color.new(<color>, <transparency>), color.rgb(r, g, b, t) and a unary plus (#RRGGBBAA; color.teal is #089981)", async () => {
    const src = `${V}indicator("x")
zone = input.color(color.new(color.teal, 70), "Zone")
prof = input.color(color.rgb(0, 187, 212, 60), "Profile")
thr = input.float(+1.5, "Threshold")
plot(color.t(zone) * 1000 + color.t(prof), "transparencies")
plot(thr, "thr")
`;
    const r = await check(src);
    // alpha = (100 - transparency) / 100 * 255: 76.5 -> 0x4d (77), 102 -> 0x66
    expect(r.interface?.inputs.map((i) => [i.name, i.default])).toEqual([["zone", "#0899814d"], ["prof", "#00bbd466"], ["thr", 1.5]]);
    expect(outputsByName(await evaluateValid(src, [1]))).toEqual({ transparencies: [70060], thr: [1.5] });
  });
});

describe("the namespaces of corporate-event data (dividends.*, earnings.*, splits.*)", () => {
  it("give na where no events are stored (docs/adr/0225), and a variable of that name is still a variable", async () => {
    expect(await errors(`${V}indicator("x")\nplot(dividends.future_amount)\n`)).toEqual([]);
    expect(outputsByName(await evaluateValid(`${V}indicator("x")\nplot(earnings.future_eps, "eps")\n`, [1, 2]))).toEqual({ eps: [null, null] });
    const res = await evaluateValid(`${V}indicator("x")
splits = str.split("a,b,c", ",")
earnings = array.from(1.0, 2.0)
plot(splits.size() + earnings.sum(), "n")
`, [1, 2]);
    expect(outputsByName(res)).toEqual({ n: [6, 6] });
  });
});
