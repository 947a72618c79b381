// The named colors by Pine version (docs/adr/0227-v5-named-colors.md). TradingView's v6 migration
// guide, "Color changes": color.red is #FF5252 in v5 and #F23645 in v6, color.teal #00897B and
// #089981, color.yellow #FFEB3B and #FDD835; the others (color.green #4CAF50 here) did not change.
// The component values below are those hex digits read by hand.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";

async function runScript(source: string, inputs: Record<string, unknown> = {}) {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: { resolve: async () => null } });
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(v.diagnostics));
  return { iface: v.interface, result: evaluate(compile(v.checked, v.interface), risingBars(2), inputs, { symbol: SYMBOL, windowStart: 0 }) };
}

const components = (version: 5 | 6) => `//@version=${version}
indicator("colors")
plot(color.r(color.red)), plot(color.g(color.red)), plot(color.b(color.red))
plot(color.r(color.teal)), plot(color.g(color.teal)), plot(color.b(color.teal))
plot(color.r(color.yellow)), plot(color.g(color.yellow)), plot(color.b(color.yellow))
plot(color.r(color.green)), plot(color.g(color.green)), plot(color.b(color.green))`;

const lastRow = (r: Awaited<ReturnType<typeof runScript>>): number[] => r.result.outputs.map((o) => o.values[o.values.length - 1]!);

describe("named colors by version", () => {
  test("a v5 script's red, teal and yellow are v5's; green is the same in both", async () => {
    expect(lastRow(await runScript(components(5)))).toEqual([255, 82, 82, 0, 137, 123, 255, 235, 59, 76, 175, 80]);
    expect(lastRow(await runScript(components(6)))).toEqual([242, 54, 69, 8, 153, 129, 253, 216, 53, 76, 175, 80]);
  });

  test("drawings, color.new and the Interface's constant colors of a v5 script", async () => {
    const source = (version: 5 | 6) => `//@version=${version}
indicator("drawn", overlay = true)
plot(close, "p", color = color.red)
hline(1, "h", color = color.new(color.teal, 50))
if barstate.islast
    label.new(bar_index, high, "x", color = color.yellow, textcolor = color.teal)
    line.new(bar_index - 1, low, bar_index, high, color = color.new(color.red, 50))`;
    const v5 = await runScript(source(5));
    // 50 % transparency is alpha 127.5, written 80 (128)
    expect(v5.iface.outputs.map((o) => o.color)).toEqual(["#FF5252FF"]);
    expect(v5.iface.hlines?.map((h) => h.color)).toEqual(["#00897B80"]);
    expect(v5.result.drawings.labels.map((l) => [l.color, l.text_color])).toEqual([["#FFEB3BFF", "#00897BFF"]]);
    expect(v5.result.drawings.lines.map((l) => l.color)).toEqual(["#FF525280"]);
    const v6 = await runScript(source(6));
    expect(v6.iface.outputs.map((o) => o.color)).toEqual(["#F23645FF"]);
    expect(v6.result.drawings.labels.map((l) => [l.color, l.text_color])).toEqual([["#FDD835FF", "#089981FF"]]);
  });

  test("a v5 color input's palette default, and a palette name a run gives, are v5's", async () => {
    const source = `//@version=5
indicator("input")
c = input.color(color.yellow, "Color")
plot(color.g(c))`;
    expect(lastRow(await runScript(source))).toEqual([235]);
    expect(lastRow(await runScript(source, { c: "color.teal" }))).toEqual([137]);
    expect(lastRow(await runScript(source, { c: "#102030" }))).toEqual([0x20]);
  });
});
