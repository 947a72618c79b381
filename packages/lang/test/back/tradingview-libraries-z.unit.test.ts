// TradingView's own libraries imported by public scripts (docs/adr/0275-tradingview-zigzag-version-9.md,
// docs/adr/0276-tradingview-libraries-not-built-in.md): TradingView/ZigZag version 9, which
// TradingView's current Zig Zag indicator imports, and what an import of a TradingView library or
// version not built in is told. The pivots are those of an independent loop over the demo AAPL bars
// written from the library's documented rule (`depth / 2` bars each side, rounded down, as the Zig
// Zag indicator's "Pivot legs" input describes it; a new leg `devThreshold` percent from the last
// pivot; a further turn on the same side moves the last pivot; a high and a low may turn on one
// bar), written here as constants.
import { compile, evaluate, type EvaluationResult } from "../../src/index";
import type { Bars } from "../../src/types";
import { check, outputsByName } from "../front/harness";
import { dailyBars, SYMBOL, sliceBars } from "./harness";

async function runValid(source: string, bars: Bars): Promise<EvaluationResult> {
  const r = await check(source);
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.checked || errors.length > 0) throw new Error(`invalid: ${JSON.stringify(errors)}`);
  const res = evaluate(compile(r.checked, r.interface ?? undefined), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(res.runtimeErrors).toEqual([]);
  return res;
}

/** A script in the style of TradingView's Zig Zag indicator: its inputs, the settings passed by position (the fourth the projected-pivots switch), update() on every bar and nothing else. */
const zigZagIndicator = (version: number, depth: number) => `//@version=6
indicator("Zig Zag", overlay = true, max_lines_count = 500, max_labels_count = 500)

import TradingView/ZigZag/${version} as ZigZagLib

string TT_D = "Specifies the total number of bars required to confirm a pivot point."
float  deviationInput = input.float(5.0, "Price deviation for reversals (%)", 0.00001, 100.0, 0.5, "0.00001 - 100")
int    depthInput     = input.int(${depth}, "Pivot legs", 2, tooltip = TT_D)
color  lineColorInput = input(#2962FF, "Line color", display = display.none)
bool   projectInput   = input(true, "Calculate projected pivots", display = display.none)
bool   showPriceInput = input(true, "Display reversal price", display = display.none)
bool   showVolInput   = input(true, "Display cumulative volume", display = display.none)
bool   showChgInput   = input(true, "Display reversal price change", inline = "priceRev", display = display.none)
string priceDiffInput = input.string("Absolute", "", ["Absolute", "Percent"], inline = "priceRev", display = display.none, active = showChgInput)

var zigZag = ZigZagLib.newInstance(
    ZigZagLib.Settings.new(
        deviationInput, depthInput, lineColorInput, projectInput,
        showPriceInput, showVolInput, showChgInput, priceDiffInput, true
    )
)

zigZag.update()`;

const legsOf = (res: EvaluationResult) => res.drawings.lines.map((l) => [l.time1?.slice(0, 10), l.price1, l.time2?.slice(0, 10), l.price2]);

describe("TradingView/ZigZag version 9, as TradingView's Zig Zag indicator imports it", () => {
  test("depth 10 over 120 demo AAPL bars: the confirmed legs, and no leg drawn from the last pivot to the last bar", async () => {
    const res = await runValid(zigZagIndicator(9, 10), sliceBars(dailyBars("AAPL"), 0, 120));
    expect(legsOf(res)).toEqual([
      ["2000-03-14", 114, "2000-03-14", 114],
      ["2000-03-14", 114, "2000-03-23", 150.38],
      ["2000-03-23", 150.38, "2000-04-12", 104.87],
      ["2000-04-12", 104.87, "2000-04-19", 130.25],
      ["2000-04-19", 130.25, "2000-06-01", 80.37],
      ["2000-06-01", 80.37, "2000-06-02", 99.75],
      ["2000-06-02", 99.75, "2000-06-13", 88.19],
      ["2000-06-13", 88.19, "2000-06-20", 103.94],
      ["2000-06-20", 103.94, "2000-07-06", 49.63],
      ["2000-07-06", 49.63, "2000-07-13", 60.63],
      ["2000-07-13", 60.63, "2000-08-03", 44.25],
    ]);
    expect(res.drawings.lines.every((l) => l.color === "#2962FFFF" && l.width === 2)).toBe(true);
    // each leg's label reads its end price first
    expect(res.drawings.labels.map((l) => l.text.split(" ")[0])).toEqual(["114.00", "150.38", "104.87", "130.25", "80.37", "99.75", "88.19", "103.94", "49.63", "60.63", "44.25"]);
  });

  test("\"Pivot legs\" 2 looks 1 bar each side (half the depth, rounded down), a high and a low turning on one bar (2000-04-06)", async () => {
    const res = await runValid(zigZagIndicator(9, 2), sliceBars(dailyBars("AAPL"), 0, 40));
    expect(legsOf(res)).toEqual([
      ["2000-03-03", 120, "2000-03-03", 120],
      ["2000-03-03", 120, "2000-03-06", 129.13],
      ["2000-03-06", 129.13, "2000-03-09", 118.25],
      ["2000-03-09", 118.25, "2000-03-10", 127.94],
      ["2000-03-10", 127.94, "2000-03-14", 114],
      ["2000-03-14", 114, "2000-03-23", 150.38],
      ["2000-03-23", 150.38, "2000-03-24", 135.5],
      ["2000-03-24", 135.5, "2000-03-27", 144.75],
      ["2000-03-27", 144.75, "2000-03-30", 125.44],
      ["2000-03-30", 125.44, "2000-04-03", 139.5],
      ["2000-04-03", 139.5, "2000-04-04", 116.75],
      ["2000-04-04", 116.75, "2000-04-06", 134.5],
      ["2000-04-06", 134.5, "2000-04-06", 123.25],
      ["2000-04-06", 123.25, "2000-04-10", 132.75],
      ["2000-04-10", 132.75, "2000-04-12", 104.87],
      ["2000-04-12", 104.87, "2000-04-19", 130.25],
      ["2000-04-19", 130.25, "2000-04-24", 114.75],
      ["2000-04-24", 114.75, "2000-04-25", 128.75],
    ]);
  });

  test("the Auto Fib style reads the last pivot's chart.point fields and update()'s result, called as functions too", async () => {
    const res = await runValid(
      `//@version=6
indicator("zz", overlay = true)
import TradingView/ZigZag/9 as zz
var zz.ZigZag z = zz.newInstance(zz.Settings.new(devThreshold = 5.0, depth = 10, draw = false))
changed = zz.update(z)
zz.Pivot p = zz.lastPivot(z)
plot(z.pivots.size(), "count")
plot(na(p) ? na : p.start.index * 1000 + p.end.index, "bars")
plot(changed ? 1 : 0, "changed")`,
      sliceBars(dailyBars("AAPL"), 0, 40),
    );
    const out = outputsByName(res);
    // the low of bar 9 turns on bar 14 (the first pivot), the high of bar 16 on bar 21 (a leg), the low of
    // bar 24 on bar 29 (22% below: a leg), the lower low of bar 30 on bar 35 (moves that leg's end)
    expect(out.count![39]).toBe(3);
    expect(out.bars![39]).toBe(16030);
    expect(out.changed!.flatMap((v, i) => (v === 1 ? [i] : []))).toEqual([14, 21, 29, 35]);
    expect(res.drawings.lines).toEqual([]);
  });
});

describe("a TradingView library or version not built in", () => {
  test.each([
    ["ZigZag/8", "TradingView's ZigZag library is built in here at versions 6, 7 and 9 only, not version 8"],
    ["ZigZag/5", "TradingView's ZigZag library is built in here at versions 6, 7 and 9 only, not version 5"],
    ["TechnicalRating/3", "TradingView's TechnicalRating library is not built in here (only TradingView/ta and TradingView/ZigZag versions 6, 7 and 9 are built in)"],
    ["ValueAtTime/2", "TradingView's ValueAtTime library is not built in here"],
  ])("import TradingView/%s is unresolved_import saying what is built in", async (path, text) => {
    const r = await check(`//@version=6\nindicator("x")\nimport TradingView/${path} as lib\nplot(close)`);
    expect(r.valid).toBe(false);
    const d = r.diagnostics.find((x) => x.code === "unresolved_import");
    expect(d?.message).toContain(`Library 'TradingView/${path.replace("/", "' version ")} was not found: ${text}`);
  });

  test("another owner's library keeps the community-library message", async () => {
    const r = await check(`//@version=6\nindicator("x")\nimport someone/Tools/2 as t\nplot(close)`);
    expect(r.diagnostics.find((x) => x.code === "unresolved_import")?.message).toContain("Libraries published on TradingView are not available here (only TradingView/ta and TradingView/ZigZag versions 6, 7 and 9 are built in)");
  });
});
