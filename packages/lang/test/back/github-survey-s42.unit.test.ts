// Patterns of issue 16's forty-second survey (public v5 and v6 indicators hosted in GitHub
// repositories), written here in their style; expected values are worked by hand from
// TradingView's reference manual.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";
import type { EvaluationResult } from "../../src/evaluate";

async function runChecked(src: string, n = 2): Promise<{ r: EvaluationResult; values: Record<string, number[]>; inputs: Array<{ default: unknown; options: unknown }> }> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  const errors = v.diagnostics.filter((d) => d.severity === "error");
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(errors));
  const r = evaluate(compile(v.checked, v.interface), risingBars(n), {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  const values = Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)]));
  return { r, values, inputs: v.interface.inputs.map((i) => ({ default: i.default, options: i.options })) };
}

describe("an input whose default is a built-in constant other than a color (survey S42)", () => {
  // A public multi-timeframe squeeze dashboard (v5): `TS = input.string(size.small, "Table Text
  // Size", options = [size.tiny, size.small, size.normal, size.large])`, then `table.cell(...,
  // text_size = TS)`, and its table placed at `table.new(yPos + "_" + xPos, ...)` from the values of
  // position constants. The default read na (an empty string), so every cell was drawn at normal
  // size. The reference manual gives these constants' values: size.small is the const string
  // "small", position.top_right "top_right", dayofweek.monday 2, math.pi 3.141592653589793.
  test("a size constant as input.string's default sizes a table cell as the constant does", async () => {
    const { r, inputs } = await runChecked(`//@version=5
indicator("x")
TS = input.string(size.small, "Size", options = [size.tiny, size.small, size.normal, size.large])
var table T = table.new(position.top_right, 2, 1)
table.cell(T, 0, 0, "a", text_size = TS)
table.cell(T, 1, 0, "b", text_size = size.small)
plot(close)`);
    const sizes = r.drawings.tables[0]!.cells.map((c) => c.text_size);
    expect(sizes).toEqual(["small", "small"]);
    expect(inputs).toEqual([{ default: "small", options: ["tiny", "small", "normal", "large"] }]);
  });

  test("string, int and float constants are the input's default values", async () => {
    const { values, inputs } = await runChecked(`//@version=6
indicator("x")
string p = input.string(position.top_right, "P", options = [position.top_right, position.bottom_left])
int d = input.int(dayofweek.monday, "D")
float f = input.float(math.pi, "F")
color c = input.color(color.teal, "C")
plot(p == "top_right" ? 1 : 0, "p")
plot(d, "d")
plot(f, "f")
plot(color.g(c), "g")`);
    expect(values).toEqual({ p: [1, 1], d: [2, 2], f: [Math.PI, Math.PI], g: [0x99, 0x99] });
    // color.teal is #089981 in v6 (g = 0x99); a palette color keeps its name in the Interface, as before (docs/adr/0227)
    expect(inputs.map((i) => i.default)).toEqual(["top_right", 2, Math.PI, "color.teal"]);
  });

  // A public v5 levels dashboard: `input.string(line.style_solid, 'Line Style', options =
  // [line.style_solid, line.style_dotted, line.style_dashed])`, its lines drawn with `style = ` that
  // input. The line is drawn with the style the default names, as `style = line.style_dashed` would
  // draw it (the reference: line.style_dashed draws a dashed line), and the Interface lists the
  // default among its options, so a run giving an option back gets that style.
  test("a line style constant as the default draws that style", async () => {
    const { r, inputs } = await runChecked(`//@version=5
indicator("x", overlay = true)
ls = input.string(line.style_dashed, "Line Style", options = [line.style_solid, line.style_dotted, line.style_dashed])
ex = input.string(extend.right, "Extend", options = [extend.none, extend.right])
if barstate.islast
    line.new(bar_index - 1, close, bar_index, close, style = ls, extend = ex)
plot(close)`);
    const l = r.drawings.lines[0]!;
    expect([l.style, l.extend]).toEqual(["dashed", "right"]);
    expect(inputs.map((i) => (i.options as unknown[]).includes(i.default))).toEqual([true, true]);
    expect(inputs.map((i) => (i.options as unknown[]).length)).toEqual([3, 2]);
  });
});
