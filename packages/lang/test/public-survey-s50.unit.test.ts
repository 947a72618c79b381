// Survey S50 of issue 16: public indicators of genres and authors the earlier surveys did not sample
// (relative strength against SPY, trendline breakouts with auto channels, an Elliott-wave labeller, a
// high tight flag detector drawing polylines of a user type, pivot and floor-pivot levels, BOS/CHoCH
// structure, killzone and session boxes, regime, chop and range detectors built on OLS loops, a
// rolling-window table chart, smoothed Heikin Ashi by hand, VWAP bands, multi-timeframe RSI and trend
// tables, an adaptive cycle oscillator, a LuxAlgo-style HTF volume profile with lower-timeframe
// requests) ran on the demo bars; 26 were compared with independent Python loops, all equal
// (docs/adr/0361). Nothing the survey met is a cause of ours. These are our own scripts in the patterns
// the sample leaned on, pinned so they stay working; expected values worked by hand in the comments.

import { compile, evaluate, validate } from "../src/index";
import { closeBars, run, RISING_T0, SYMBOL } from "./back/harness";
import { outputsByName } from "./front/harness";
import { barsOfRows } from "./support/demo-bars";
import type { EvaluationResult } from "../src/evaluate";
import type { Bars, SymbolInfo } from "../src/types";

const resolver = { resolve: async () => null } as never;

async function errorsOf(source: string): Promise<string[]> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.line}: ${d.message}`);
}

async function evaluateOn(source: string, bars: Bars, symbol: SymbolInfo): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver });
  expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return evaluate(compile(v.checked!, v.interface!), bars, {}, { symbol, windowStart: 0 });
}

describe("survey S50: refusals TradingView gives too", () => {
  test("a score summed over a line wrapped after a trailing `+` by eight spaces is refused; six spaces validate", async () => {
    const wrapped = (indent: string): string => `//@version=6
indicator("tt")
c1 = close > open
c2 = close > close[1]
score = (c1 ? 1 : 0) +
${indent}(c2 ? 1 : 0)
plot(score)
`;
    // the Minervini template's pattern: outside parentheses a wrapped line must not be indented by a
    // multiple of four (TradingView's December 2025 release notes, docs/adr/0256)
    expect((await errorsOf(wrapped("        ")))[0]).toMatch(/multiple of 4 spaces/);
    expect(await errorsOf(wrapped("      "))).toEqual([]);
  });

  test("plot() inside an if block is refused, naming the top level", async () => {
    const errors = await errorsOf(`//@version=6
indicator("vol")
if timeframe.isweekly
    plot(ta.sma(volume, 10))
`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/plot\(\) cannot be called in a local scope.*top level/);
  });

  test("ticker.renko is refused with what can be requested instead", async () => {
    const errors = await errorsOf(`//@version=6
indicator("renko")
t = ticker.renko(syminfo.tickerid, "ATR", 14)
plot(request.security(t, timeframe.period, close))
`);
    expect(errors[0]).toMatch(/Renko.*does not store.*ticker\.heikinashi/);
  });
});

describe("survey S50: a rolling OLS slope buffer skipping dojis", () => {
  test("a body of 9.999999999999432% is not under 10%: comparisons treat floats within 1e-10 as equal", () => {
    // bar 1: open 100, close 100.1, high 100.5, low 99.5: |100.1 - 100| / 1 * 100 = 9.999999999999432
    // (the double of 100.1 - 100), equal to 10 within 1e-10 (docs/adr/0315), so not a doji; bar 2's
    // body 0.05 (5%) is one
    const bars = barsOfRows([
      [RISING_T0, 100, 100.5, 99.5, 100.5, 1],
      [RISING_T0 + 86_400, 100, 100.5, 99.5, 100.1, 1],
      [RISING_T0 + 2 * 86_400, 100, 100.5, 99.5, 100.05, 1],
    ]);
    const r = run(
      `//@version=6
indicator("doji")
rng = high - low
bodyPct = rng > 0.0 ? math.abs(close - open) / rng * 100.0 : 0.0
plot(bodyPct < 10.0 ? 1 : 0, "doji")
`,
      bars,
    );
    expect(outputsByName(r)["doji"]).toEqual([0, 0, 1]);
  });

  test("the slope of the last n kept closes, rounded with math.round(x, 2)", () => {
    // closes 10, 10.125, 10.25, 10.375: least-squares slope 0.125 exactly, math.round(0.125, 2) = 0.13
    // (ties round up, TradingView's reference); held while the buffer is short (na)
    const r = run(
      `//@version=6
indicator("slope")
var float[] buf = array.new_float(0)
buf.push(close)
if buf.size() > 4
    buf.shift()
float s = na
if buf.size() == 4
    n = 4
    sx = 0.0
    sy = 0.0
    sxy = 0.0
    sx2 = 0.0
    for i = 0 to n - 1
        x = float(i)
        y = buf.get(i)
        sx += x
        sy += y
        sxy += x * y
        sx2 += x * x
    s := math.round((n * sxy - sx * sy) / (n * sx2 - sx * sx), 2)
plot(s, "s")
`,
      closeBars([10, 10.125, 10.25, 10.375]),
    );
    expect(outputsByName(r)["s"]).toEqual([null, null, null, 0.13]);
  });
});

describe("survey S50: a VWAP reset by timeframe.change(\"1D\") on extended-hours minutes", () => {
  test("a post-market minute stays in its day; the next pre-market minute starts the next", async () => {
    const minuteSymbol: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "1", session: "0930-1600" };
    const at = (iso: string): number => Date.parse(iso) / 1000;
    // 2011-03-01 15:55 and 16:30 New York (20:55, 21:30 UTC), then 2011-03-02 04:00 and 09:30 (09:00, 14:30 UTC);
    // flat bars (hlc3 = price): (10 + 20) / 2 = 15 after the close, then 30 from the reset, then
    // (3 * 30 + 40) / 4 = 32.5
    const bars = barsOfRows([
      [at("2011-03-01T20:55:00Z"), 10, 10, 10, 10, 1],
      [at("2011-03-01T21:30:00Z"), 20, 20, 20, 20, 1],
      [at("2011-03-02T09:00:00Z"), 30, 30, 30, 30, 3],
      [at("2011-03-02T14:30:00Z"), 40, 40, 40, 40, 1],
    ]);
    const r = await evaluateOn(
      `//@version=6
indicator("vwap")
var float pv = 0.0
var float v = 0.0
if timeframe.change("1D")
    pv := 0.0
    v := 0.0
pv += hlc3 * volume
v += volume
plot(v > 0 ? pv / v : na, "vwap")
`,
      bars,
      minuteSymbol,
    );
    expect(outputsByName(r)["vwap"]).toEqual([10, 15, 30, 32.5]);
  });
});

describe("survey S50: shapes of a float series and lines of several declarations", () => {
  test("plotshape of ta.pivothigh marks the bars where the pivot is found", () => {
    // closes 1, 3, 2, 4, 1 (high = close + 1): pivots of (1, 1) are found on bars 2 (the 4 of bar 1) and 4
    // (the 5 of bar 3); a float series is read as true where it is not na
    const r = run(
      `//@version=6
indicator("ph", overlay = true)
plotshape(ta.pivothigh(high, 1, 1), "R", shape.labeldown, location.abovebar)
plotchar(close > 2 ? close : na, "c", "▲", location.abovebar)
`,
      closeBars([1, 3, 2, 4, 1]),
    );
    expect(outputsByName(r)).toEqual({ r: [null, null, 1, null, 1], c: [null, 1, null, 1, null] });
  });

  test("`var` declarations and `:=` assignments separated by commas on one line", () => {
    // the HTF volume profile's pattern: the previous period's copies are taken before the new period's
    // values; periods of 2 bars (bar_index % 2 == 0 starts one)
    const r = run(
      `//@version=6
indicator("commas")
var float hO = na, var float hC = na
var float pO = na, var float pC = na
if bar_index % 2 == 0
    pO := hO, pC := hC
    hO := open, hC := close
else
    hC := close
plot(pO, "pO"), plot(pC, "pC"), plot(hC, "hC")
`,
      closeBars([10, 11, 12, 13, 14]),
    );
    expect(outputsByName(r)).toEqual({ po: [null, null, 10, 10, 12], pc: [null, null, 11, 11, 13], hc: [10, 11, 12, 13, 14] });
  });
});

describe("survey S50: session times on daily bars", () => {
  test("a daily bar's time is its session's open, so a 16:00 session end is never reached by it", async () => {
    // a session box closing `if time >= timestamp("America/New_York", year, month, dayofmonth, 16, 0)`
    // draws nothing on a daily chart: time is 09:30 New York (14:30 UTC in January); the date written
    // in the exchange zone is the bar's own
    const daily: SymbolInfo = { ...SYMBOL, session: "0930-1600" };
    const r = await evaluateOn(
      `//@version=6
indicator("sess")
usEnd = timestamp("America/New_York", year, month, dayofmonth, 16, 0)
plot(time >= usEnd ? 1 : 0, "ended")
plot((time - timestamp("UTC", year, month, dayofmonth, 0, 0)) / 60000, "minutes")
var label lb = label.new(bar_index, close, str.format_time(time, "yyyy-MM-dd HH:mm", syminfo.timezone))
`,
      closeBars([10, 11]),
      daily,
    );
    expect(outputsByName(r)).toEqual({ ended: [0, 0], minutes: [870, 870] });
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["2024-01-01 09:30"]);
  });
});

describe("survey S50: a flag box as a closed polyline of a user type, redrawn each bar", () => {
  test("the previous shape is deleted and the last one keeps its four points; a label sized in points", () => {
    // the box spans the first bar's high (11) down to the lowest low so far, from the first bar's
    // time to the current bar's: after 3 bars, lows 9, 8, 10 give a bottom of 8
    const r = run(
      `//@version=6
indicator("flag", overlay = true)
type Flg
    float top
    float bot
    int t0
    polyline shape
var Flg f = Flg.new(high, low, time, na)
f.bot := math.min(f.bot, low)
polyline.delete(f.shape)
pts = array.new<chart.point>()
pts.push(chart.point.from_time(f.t0, f.top))
pts.push(chart.point.from_time(time, f.top))
pts.push(chart.point.from_time(time, f.bot))
pts.push(chart.point.from_time(f.t0, f.bot))
f.shape := polyline.new(pts, closed = true, xloc = xloc.bar_time)
if barstate.islast
    label.new(bar_index, f.top, "flag", size = 12)
`,
      closeBars([10, 9, 11]),
    );
    const day = (i: number): string => new Date((RISING_T0 + i * 86_400) * 1000).toISOString().replace(".000Z", "Z");
    expect(r.drawings.polylines).toHaveLength(1);
    expect(r.drawings.polylines[0]!.closed).toBe(true);
    expect(r.drawings.polylines[0]!.points).toEqual([
      { time: day(0), price: 11 },
      { time: day(2), price: 11 },
      { time: day(2), price: 8 },
      { time: day(0), price: 8 },
    ]);
    expect(r.drawings.labels.map((l) => [l.text, l.size])).toEqual([["flag", "12"]]);
  });
});

describe("survey S50: an EMA of a series length written as a function", () => {
  test("a local variable's history e[1] is kept per call site", () => {
    // APCE's adaptiveEma: alpha = 2 / (max(1, len) + 1). Call 1 (len 3, alpha 0.5) on closes 10, 12, 14:
    // 10, then 0.5 * 12 + 0.5 * 10 = 11, then 0.5 * 14 + 0.5 * 11 = 12.5; call 2 (len 0.5 -> 1, alpha 1)
    // on 2 * close: 20, 24, 28, its own history, not call 1's
    const r = run(
      `//@version=6
indicator("aema")
adaptiveEma(float source, float len) =>
    float a = 2.0 / (math.max(1.0, len) + 1.0)
    float e = na
    e := na(e[1]) ? source : a * source + (1.0 - a) * e[1]
    e
plot(adaptiveEma(close, 3), "slow")
plot(adaptiveEma(close * 2, 0.5), "fast")
`,
      closeBars([10, 12, 14]),
    );
    expect(outputsByName(r)).toEqual({ slow: [10, 11, 12.5], fast: [20, 24, 28] });
  });
});
