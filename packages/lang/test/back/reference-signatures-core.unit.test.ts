// Top-level functions against TradingView's Pine v6 reference manual. nz(source, replacement):
// "The default depends on the source type: 0 for "int", 0.0 for "float", or #00000000 for "color"" —
// a color's default is fully transparent black (transparency 100), not opaque black.
import { risingBars, run } from "./harness";

const outputs = (body: string): Record<string, number[]> => {
  const r = run(`//@version=6\nindicator("x")\n${body}`, risingBars(2));
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.title ?? o.name, Array.from(o.values)]));
};

describe("nz() defaults by the source's type", () => {
  test("an na color becomes #00000000", () => {
    const o = outputs(`color c = close > 10 ? color.red : na
d = nz(c)
plot(color.t(d), "t")
plot(color.r(d) + color.g(d) + color.b(d), "rgb")
plot(color.t(nz(color(na))), "const")`);
    // bar 0 (close 10): na -> #00000000 (t 100, rgb 0); bar 1 (close 11): color.red #F23645, t 0
    expect(o).toEqual({ t: [100, 0], rgb: [0, 0xf2 + 0x36 + 0x45], const: [100, 100] });
  });

  test("numbers still default to 0 and a given replacement wins", () => {
    const o = outputs(`x = bar_index == 0 ? na : close
plot(nz(x), "num")
color c = na
plot(color.t(nz(c, color.new(color.blue, 40))), "given")`);
    expect(o).toEqual({ num: [0, 11], given: [40, 40] });
  });
});
