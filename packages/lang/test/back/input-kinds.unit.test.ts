// input.price, input.time, input.text_area, input.symbol: each compiles to an Interface input of
// the documented type whose default and given value reach the script.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 2, time: Float64Array.of(1.6e9, 1.6e9 + 86400), open: Float64Array.of(1, 2), high: Float64Array.of(1, 2), low: Float64Array.of(1, 2), close: Float64Array.of(10, 20), volume: Float64Array.of(1, 1) };

const SRC = `//@version=6
indicator("t")
level = input.price(15.5, "Level")
since = input.time(timestamp("2020-09-13T12:26:40Z"), "Since")
note = input.text_area("two\\nlines", "Note")
other = input.symbol("NASDAQ:AAPL", "Other")
plot(close > level ? 1 : 0)
plot(time >= since ? 1 : 0)
plot(str.length(note))
plot(str.length(other))
`;

function run(inputs: Record<string, unknown>): number[][] {
  const p = build(SRC);
  return evaluate(p, bars, inputs, { symbol: SYMBOL, windowStart: 0 }).outputs.map((o) => Array.from(o.values));
}

test("the Interface lists them with their types", () => {
  const p = build(SRC);
  expect(p.inputs.map((i) => [i.name, i.kind, i.defval])).toEqual([["level", "float", 15.5], ["since", "int", 1.6e12], ["note", "string", "two\nlines"], ["other", "string", "NASDAQ:AAPL"]]);
});

test("defaults: 15.5, 2020-09-13T12:26:40Z (1600000000000 ms), a 9-character text, an 11-character symbol", () => {
  // bar times are 1.6e9 s (= the default) and one day later
  expect(run({})).toEqual([[0, 1], [1, 1], [9, 9], [11, 11]]);
});

test("given values", () => {
  expect(run({ level: 5, since: 1.6e12 + 1000, note: "abc", other: "SPY" })).toEqual([[1, 1], [0, 1], [3, 3], [3, 3]]);
});

// Colors (docs/adr/0072-color-palette.md: teal #089981, red #F23645, lime #00E676): a palette
// constant is a default as a literal is; a run gives colors as text, as the Interface writes them.
const COLORS = `//@version=6
indicator("c")
a = input.color(color.teal, "A")
b = input(color.red, "B")
c = input.color(#2962FF, "C")
plot(color.r(a))
plot(color.g(a))
plot(color.t(a))
plot(color.r(b))
plot(color.b(c))
`;

function runColors(inputs: Record<string, unknown>): number[] {
  return evaluate(build(COLORS), bars, inputs, { symbol: SYMBOL, windowStart: 0 }).outputs.map((o) => o.values[1]!);
}

test("color inputs: palette constants as defaults, alone or as the Interface writes them", () => {
  expect(runColors({})).toEqual([8, 153, 0, 242, 255]);
  expect(runColors({ a: "color.teal", b: "color.red", c: "#2962FF" })).toEqual([8, 153, 0, 242, 255]);
});

test("color inputs given as #RRGGBBAA (alpha 0x80: transparency 50), a palette name, or text naming no color (the default)", () => {
  expect(runColors({ a: "#FF000080", b: "color.lime", c: "not a color" })).toEqual([255, 0, 50, 0, 255]);
});
