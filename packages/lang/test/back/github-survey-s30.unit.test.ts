// Patterns of issue 16's thirtieth survey (public v5 and v6 indicators hosted in GitHub
// repositories), written here in their style; expected values are worked by hand from
// TradingView's reference manual (color.new, color.rgb: transparency 0-100; color.t, color.r/g/b).
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";

async function runChecked(src: string): Promise<{ values: Record<string, number[]>; defaults: unknown[] }> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  const errors = v.diagnostics.filter((d) => d.severity === "error");
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(errors));
  const r = evaluate(compile(v.checked, v.interface), risingBars(2), {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return { values: Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)])), defaults: v.interface.inputs.map((i) => i.default) };
}

describe("an input's color default made with named arguments (survey S30)", () => {
  // A public pivots indicator: `const color NORD4 = #D8DEE9`, then
  // `input.color(defval = color.new(color = NORD4, transp = 60), title = "Pivot Color")`: its
  // lines and labels were drawn in na (no color), as the default read na.
  test("color.new(color = ..., transp = ...) as input.color's default is that color", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const color NORD4 = #D8DEE9
color a = input.color(defval = color.new(color = NORD4, transp = 60), title = "A")
color b = input.color(color.new(transp = 40, color = color.red), "B")
plot(color.t(a), "ta")
plot(color.r(a), "ra")
plot(color.t(b), "tb")`);
    // transparency 60 keeps 40% opacity: alpha round(0.4 * 255) = 102 = 0x66; 40 -> 153 = 0x99
    expect(values).toEqual({ ta: [60, 60], ra: [0xd8, 0xd8], tb: [40, 40] });
    // the Interface writes a folded color default as the positional call would fold it
    expect(defaults).toEqual(["#d8dee966", "#f2364599"]);
  });

  test("color.rgb(red = ..., green = ..., blue = ..., transp = ...) as a default is that color", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
color c = input.color(defval = color.rgb(red = 0, green = 187, blue = 212, transp = 60), title = "C")
plot(color.r(c), "r")
plot(color.g(c), "g")
plot(color.b(c), "b")
plot(color.t(c), "t")`);
    expect(values).toEqual({ r: [0, 0], g: [187, 187], b: [212, 212], t: [60, 60] });
    expect(defaults).toEqual(["#00bbd466"]);
  });
});
