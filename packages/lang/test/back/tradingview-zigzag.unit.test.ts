// TradingView's ZigZag library built in (docs/adr/0195): scripts written in the style of the Auto Fib
// Retracement / Extension indicators import it, update it on every bar, read its last pivots and draw
// lines and labels from them. Pivot positions and prices are worked out by hand from the library's
// documented rule (a high turns when none of the `depth / 2` bars after it is higher and each of the
// `depth / 2` bars before it is lower, and starts a new leg when it lies devThreshold percent from the
// last pivot; a further high moves the last high pivot), over hand-made bars and a slice of the demo
// AAPL bars, and written as constants.
import { compile, evaluate, type EvaluationResult } from "../../src/index";
import type { Bars } from "../../src/types";
import { check, outputsByName } from "../front/harness";
import { dailyBars, risingBarTime as day, SYMBOL, sliceBars } from "./harness";

async function runValid(source: string, bars: Bars): Promise<EvaluationResult> {
  const r = await check(source);
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.checked || errors.length > 0) throw new Error(`invalid: ${JSON.stringify(errors)}`);
  const res = evaluate(compile(r.checked, r.interface ?? undefined), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(res.runtimeErrors).toEqual([]);
  return res;
}

/** Daily bars from 2024-01-01 with these highs and lows (open = close = their middle), volume 100. */
function highLowBars(highs: readonly number[], lows: readonly number[]): Bars {
  const col = (f: (i: number) => number) => Float64Array.from(highs, (_h, i) => f(i));
  const mid = (i: number) => (highs[i]! + lows[i]!) / 2;
  return { length: highs.length, time: col((i) => Date.UTC(2024, 0, 1) / 1000 + i * 86_400), open: col(mid), high: col((i) => highs[i]!), low: col((i) => lows[i]!), close: col(mid), volume: col(() => 100) };
}

/** closeBars' shape: high = close + 1, low = close - 1. */
const fromCloses = (closes: readonly number[]): Bars => highLowBars(closes.map((c) => c + 1), closes.map((c) => c - 1));

// depth 4 looks 2 bars each side. Highs 11 13 15 17 15 13 11 13 15 17 19 17 15, lows two less:
// the high of bar 3 (17) turns on bar 5 (first pivot), the low of bar 6 (9) on bar 8 (47% from 17:
// a new leg), the high of bar 10 (19) on bar 12 (111% from 9: a new leg).
const SWING = fromCloses([10, 12, 14, 16, 14, 12, 10, 12, 14, 16, 18, 16, 14]);
const SWING_COUNT = [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3];
const SWING_END = [null, null, null, null, null, 17, 17, 17, 9, 9, 9, 9, 19];
const SWING_CHANGED = [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1];

/** An Auto Fib-like indicator: the library's zigzag (its lines drawn without colour, no labels, no
 *  extension) in a function with `var` state, the last leg's 0.5 and 0.618 levels drawn as lines with
 *  labels from the leg's start to its end. `pointTime` is the version's field of a point's time. */
function autoFib(importLine: string, alias: string, pointTime: string): string {
  return `//@version=5
indicator("Auto Fib style", overlay = true)
${importLine}
update() =>
    var settings = ${alias}.Settings.new(5.0, 4, color(na), false, false, false, false, "Absolute", true)
    var ${alias}.ZigZag zigZag = ${alias}.newInstance(settings)
    var ${alias}.Pivot lastP = na
    changed = zigZag.update()
    if changed
        lastP := zigZag.lastPivot()
    [lastP, changed, zigZag.pivots.size()]
[lastP, changed, count] = update()
drawLevel(float level) =>
    float startPrice = lastP.end.price
    float height = (startPrice > lastP.start.price ? -1 : 1) * math.abs(startPrice - lastP.start.price)
    float price = startPrice + height * level
    var line ln = line.new(lastP.start.${pointTime}, price, lastP.end.${pointTime}, price, xloc = xloc.bar_time, color = color.orange)
    var label lb = label.new(lastP.start.${pointTime}, price, str.tostring(level), xloc = xloc.bar_time)
    ln.set_xy1(lastP.start.${pointTime}, price)
    ln.set_xy2(lastP.end.${pointTime}, price)
    lb.set_xy(lastP.start.${pointTime}, price)
    lb.set_text(str.tostring(level) + " (" + str.tostring(price, format.mintick) + ")")
if barstate.islast and not na(lastP)
    drawLevel(0.5)
    drawLevel(0.618)
plot(count, "count")
plot(na(lastP) ? na : lastP.end.price, "end")
plot(changed ? 1 : 0, "changed")`;
}

describe("TradingView/ZigZag imported as the Auto Fib indicators do", () => {
  test.each([
    ["version 7 under the alias zigzag", "import TradingView/ZigZag/7 as zigzag", "zigzag", "time"],
    ["version 6 under the alias zigzag", "import TradingView/ZigZag/6 as zigzag", "zigzag", "tm"],
    ["version 7 under another alias", "import TradingView/ZigZag/7 as ZigZagLib", "ZigZagLib", "time"],
    ["version 6 without an alias (the library's name)", "import TradingView/ZigZag/6", "ZigZag", "tm"],
  ])("%s: pivots found on every bar's update, the last leg's Fibonacci levels drawn from it", async (_name, importLine, alias, pointTime) => {
    const res = await runValid(autoFib(importLine, alias, pointTime), SWING);
    expect(outputsByName(res)).toEqual({ count: SWING_COUNT, end: SWING_END, changed: SWING_CHANGED });
    // the last leg runs from the low of bar 6 (9) to the high of bar 10 (19): 19 - 10 x level
    const levels = res.drawings.lines.filter((l) => l.color === "#FF9800FF").map((l) => [l.time1, l.price1, l.time2, l.price2]);
    expect(levels).toEqual([
      [day(6), 14, day(10), 14],
      [day(6), 12.82, day(10), 12.82],
    ]);
    expect(res.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([
      [day(6), 14, "0.5 (14.00)"],
      [day(6), 12.82, "0.618 (12.82)"],
    ]);
    // the library's own legs, drawn without colour: the first pivot (a point), then each leg
    const legs = res.drawings.lines.filter((l) => l.color === null).map((l) => [l.time1, l.price1, l.time2, l.price2, l.width]);
    expect(legs).toEqual([
      [day(3), 17, day(3), 17, 2],
      [day(3), 17, day(6), 9, 2],
      [day(6), 9, day(10), 19, 2],
    ]);
  });
});

describe("the library's defaults: its lines, labels and the leg to the last bar", () => {
  test("newInstance(Settings.new(depth = 4)) draws each leg in #2962FF with a label of price, change and volume, and extends to the last bar", async () => {
    const res = await runValid(
      `//@version=6
indicator("zz", overlay = true)
import TradingView/ZigZag/7 as zz
var z = zz.newInstance(zz.Settings.new(depth = 4))
z.update()
p = z.lastPivot()
plot(na(p) ? na : p.vol, "vol")
plot(na(z.extend) ? na : z.extend.vol, "reach")`,
      SWING,
    );
    // volume[2] is summed from bar 2 (100 a bar): 400 by bar 5, then 300 by bar 8, then 400 by bar 12
    const out = outputsByName(res);
    expect(out.vol).toEqual([null, null, null, null, null, 400, 400, 400, 300, 300, 300, 300, 400]);
    // the extension on the last bar: from the high of bar 10 (19) to the last bar's low (13), carrying the last 2 bars' volume
    expect(out.reach).toEqual([...Array(12).fill(null), 200]);
    expect(res.drawings.lines.map((l) => [l.time1, l.price1, l.time2, l.price2, l.color])).toEqual([
      [day(3), 17, day(3), 17, "#2962FFFF"],
      [day(3), 17, day(6), 9, "#2962FFFF"],
      [day(6), 9, day(10), 19, "#2962FFFF"],
      [day(10), 19, day(12), 13, "#2962FFFF"],
    ]);
    expect(res.drawings.labels.map((l) => [l.time, l.price, l.text, l.style, l.text_color])).toEqual([
      [day(3), 17, "17.00 (0.00) \n400", "none", "#4CAF50FF"],
      [day(6), 9, "9.00 (-8.00) \n300", "none", "#F23645FF"],
      [day(10), 19, "19.00 (+10.00) \n400", "none", "#4CAF50FF"],
      [day(12), 13, "13.00 (-6.00) \n200", "none", "#F23645FF"],
    ]);
  });

  test("a script whose only output is the library's drawings (TradingView's Zig Zag indicator calls only update()) is valid with the no_outputs warning and draws the legs", async () => {
    const src = `//@version=6
indicator("Zig Zag", overlay = true, max_lines_count = 500, max_labels_count = 500)
import TradingView/ZigZag/7 as ZigZagLib
var zigZag = ZigZagLib.newInstance(ZigZagLib.Settings.new(5.0, 4))
zigZag.update()`;
    const r = await check(src);
    expect(r.valid).toBe(true);
    expect(r.diagnostics.filter((d) => d.code === "no_outputs").map((d) => d.severity)).toEqual(["warning"]);
    const res = await runValid(src, SWING);
    // the same legs as above (the high of bar 3, the low of bar 6, the high of bar 10, then the extension to bar 12)
    expect(res.drawings.lines.map((l) => [l.time1, l.price1, l.time2, l.price2])).toEqual([
      [day(3), 17, day(3), 17],
      [day(3), 17, day(6), 9],
      [day(6), 9, day(10), 19],
      [day(10), 19, day(12), 13],
    ]);
  });

  test("differencePriceMode \"Percent\" gives the change in percent; newInstance() without settings uses depth 10 and 5%", async () => {
    const res = await runValid(
      `//@version=6
indicator("zz", overlay = true)
import TradingView/ZigZag/7 as zz
var z = zz.newInstance(zz.Settings.new(depth = 4, displayReversalPrice = false, displayCumulativeVolume = false, differencePriceMode = "Percent", extendLast = false))
var d = zz.newInstance()
z.update()
d.update()
plot(d.pivots.size(), "count")
plot(d.settings.depth * 100 + d.settings.devThreshold, "defaults")`,
      SWING,
    );
    // 17 -> 9 is -47.06%, 9 -> 19 is +111.11%
    expect(res.drawings.labels.map((l) => l.text).filter((t) => t.includes("%") && !t.includes("(0"))).toEqual(["(-47.06%) ", "(+111.11%) "]);
    // depth 10 looks 5 bars each side: only the low of bar 6 (9) turns, known on bar 11
    const out = outputsByName(res);
    expect(out.count).toEqual([...Array(11).fill(0), 1, 1]);
    expect(out.defaults).toEqual(Array(13).fill(1005));
  });
});

describe("allowZigZagOnOneBar (version 7) and one bar that turns both ways", () => {
  // bar 2 is an outside bar: the highest high and the lowest low of bars 0..4
  const OUTSIDE = highLowBars([12, 12, 20, 12, 12, 12], [8, 8, 5, 8, 8, 8]);
  const script = (importLine: string, setting: string) => `//@version=6
indicator("zz")
${importLine}
var z = zz.newInstance(zz.Settings.new(depth = 4, draw = false${setting}))
z.update()
plot(z.pivots.size(), "count")
plot(z.pivots.size() > 0 ? z.lastPivot().end.price : na, "end")`;

  test.each([
    ["version 7, allowed (the default)", "import TradingView/ZigZag/7 as zz", "", 2, 5],
    ["version 7, not allowed", "import TradingView/ZigZag/7 as zz", ", allowZigZagOnOneBar = false", 1, 20],
    ["version 6 (no such setting: both kept)", "import TradingView/ZigZag/6 as zz", "", 2, 5],
  ])("%s", async (_name, importLine, setting, count, end) => {
    // on bar 4 the high of bar 2 (20) is the first pivot; its low (5, 75% below) a new leg when allowed
    const out = outputsByName(await runValid(script(importLine, setting), OUTSIDE));
    expect(out.count).toEqual([0, 0, 0, 0, count, count]);
    expect(out.end).toEqual([null, null, null, null, end, end]);
  });

  test("version 6 has no allowZigZagOnOneBar field", async () => {
    const r = await check(script("import TradingView/ZigZag/6 as zz", ", allowZigZagOnOneBar = false"));
    expect(r.valid).toBe(false);
  });
});

describe("over the demo AAPL bars (2000-03-01 .. 2000-04-26)", () => {
  // depth 6 looks 3 bars each side. Turning highs (bar: high, known 3 bars later): 7: 127.94, 16: 150.38,
  // 23: 139.5 (below the last high 150.38: nothing), 35: 130.25. Turning lows: 9: 114, 24: 116.75,
  // 30: 104.87 (below the last low 116.75: moves it). Legs: 127.94 (bar 10), -> 114 (10.9%, bar 12),
  // -> 150.38 (31.9%, bar 19), -> 116.75 (22.4%, bar 27), moved to 104.87 (bar 33), -> 130.25 (24.2%, bar 38).
  const bars = sliceBars(dailyBars("AAPL"), 0, 40);
  const runs = (n: number, v: number | null): Array<number | null> => Array(n).fill(v);
  const COUNT = [...runs(10, 0), ...runs(2, 1), ...runs(7, 2), ...runs(8, 3), ...runs(11, 4), ...runs(2, 5)];
  const END = [...runs(10, null), ...runs(2, 127.94), ...runs(7, 114), ...runs(8, 150.38), ...runs(6, 116.75), ...runs(5, 104.87), ...runs(2, 130.25)];
  const CHANGED = Array.from({ length: 40 }, (_v, i) => ([10, 12, 19, 27, 33, 38].includes(i) ? 1 : 0));

  test.each([
    ["7", "index"],
    ["6", "barIndex"],
  ])("version %s: the pivots, the last leg's bars, and the functions called as functions", async (version, indexField) => {
    const res = await runValid(
      `//@version=5
indicator("zz", overlay = true)
import TradingView/ZigZag/${version} as zz
var zz.ZigZag z = zz.newInstance(zz.Settings.new(devThreshold = 5.0, depth = 6, draw = false))
changed = zz.update(z)
zz.Pivot p = zz.lastPivot(z)
plot(z.pivots.size(), "count")
plot(na(p) ? na : p.end.price, "end")
plot(changed ? 1 : 0, "changed")
plot(na(p) ? na : p.start.${indexField}, "start")
plot(na(p) ? na : p.end.${indexField}, "finish")`,
      bars,
    );
    const out = outputsByName(res);
    expect(out.count).toEqual(COUNT);
    expect(out.end).toEqual(END);
    expect(out.changed).toEqual(CHANGED);
    expect([out.start![39], out.finish![39]]).toEqual([30, 35]);
    // the moved low pivot: its leg from the high of bar 16 ends at bar 30 from bar 33 on
    expect([out.start![33], out.finish![33]]).toEqual([16, 30]);
    expect(res.drawings.lines).toEqual([]);
  });
});

describe("versions not built in", () => {
  test("TradingView/ZigZag/8 is unresolved_import, naming the versions built in", async () => {
    const r = await check(`//@version=6\nindicator("x")\nimport TradingView/ZigZag/8 as zz\nplot(close)`);
    const d = r.diagnostics.find((x) => x.code === "unresolved_import");
    expect(d?.message).toContain("TradingView's ZigZag library is built in here at versions 6, 7 and 9 only, not version 8");
  });

  test("a built-in library is not a pinned dependency of the script", async () => {
    const r = await check(`//@version=6\nindicator("x")\nimport TradingView/ZigZag/7 as zz\nvar z = zz.newInstance()\nz.update()\nplot(close)`);
    expect(r.valid).toBe(true);
    expect(r.dependencies).toEqual([]);
  });
});
