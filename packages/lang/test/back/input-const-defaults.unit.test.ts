// An input's default is a const expression (TradingView's user manual, "Type system": values of
// expressions involving only const values are const, established at compile time), so any const
// built-in of const arguments may make it: math.*, str.*, color.*, timestamp(), casts, operators,
// ternaries and const variables. The Interface's default and the run's value are that expression's
// value (docs/adr/0290). Expected values are worked by hand from TradingView's reference manual.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";

interface Checked {
  values: Record<string, number[]>;
  defaults: unknown[];
}

async function runChecked(src: string): Promise<Checked> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  const errors = v.diagnostics.filter((d) => d.severity === "error");
  if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(errors));
  const r = evaluate(compile(v.checked, v.interface), risingBars(1), {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return { values: Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)])), defaults: v.interface.inputs.map((i) => i.default) };
}

async function errorsOf(src: string): Promise<Array<{ code: string; message: string; line: number }>> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => ({ code: d.code, message: d.message, line: d.line }));
}

describe("an input's default made of const built-ins (docs/adr/0290)", () => {
  test("math.* of constants: max, sqrt, round with arithmetic, pow through a const variable", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const float QUARTER = math.pow(2, 10) / 4
a = input.int(math.max(3, 5), "a")
b = input.float(math.sqrt(2), "b")
c = input.int(2 * math.round(7.4), "c")
d = input.float(QUARTER, "d")
e = input.int(math.abs(-4) + math.floor(2.9) - math.ceil(0.1), "e")
plot(a, "a")
plot(b, "b")
plot(c, "c")
plot(d, "d")
plot(e, "e")`);
    // max(3, 5) = 5; sqrt(2) = 1.4142135623730951; 2 * round(7.4) = 2 * 7 = 14; 2^10 / 4 = 256; 4 + 2 - 1 = 5
    expect(values).toEqual({ a: [5], b: [1.4142135623730951], c: [14], d: [256], e: [5] });
    expect(defaults).toEqual([5, 1.4142135623730951, 14, 256, 5]);
  });

  test("str.* of constants: upper, format, replace_all, concatenated const strings", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const string BASE = str.upper("ab")
s1 = input.string(BASE, "s1")
s2 = input.string(str.format("{0}", 1), "s2")
s3 = input.string(str.replace_all("a-b-c", "-", "") + str.lower("D"), "s3")
s4 = input.string(str.substring("Pine Script", 5), "s4", options = ["Script", str.upper("other")])
plot(str.length(s1), "l1")
plot(s2 == "1" ? 1 : 0, "is1")
plot(s3 == "abcd" ? 1 : 0, "isabcd")
plot(str.length(s4), "l4")`);
    expect(values).toEqual({ l1: [2], is1: [1], isabcd: [1], l4: [6] });
    expect(defaults).toEqual(["AB", "1", "abcd", "Script"]);
  });

  test("casts, ternaries of const bools and a color made with math.min", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const bool FAST = true
const color BASE = #0A141E
n = input.int(FAST ? math.ceil(9.2) : 20, "n")
m = input.int(int(7.9) + 1, "m")
k = input.float(float(7) / 2, "k")
col = input.color(color.new(BASE, math.min(90, 40)), "col")
plot(n, "n")
plot(m, "m")
plot(k, "k")
plot(color.r(col), "r")
plot(color.t(col), "t")`);
    // ceil(9.2) = 10; int(7.9) = 7 (truncated) + 1 = 8; 7.0 / 2 = 3.5; #0A141E red 10, transparency min(90, 40) = 40
    expect(values).toEqual({ n: [10], m: [8], k: [3.5], r: [10], t: [40] });
    // transparency 40 keeps 60% opacity: alpha round(0.6 * 255) = 153 = 0x99
    expect(defaults).toEqual([10, 8, 3.5, "#0a141e99"]);
  });

  test("a bool default from a comparison, a time default from timestamp() and arithmetic", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const int LEN = 14
on = input.bool(math.max(LEN, 10) > 12, "on")
t0 = input.time(timestamp("2024-01-02") + 86400000, "t0")
plot(on ? 1 : 0, "on")
plot(t0, "t0")`);
    // 2024-01-03T00:00:00Z = 1704240000000 ms
    expect(values).toEqual({ on: [1], t0: [1704240000000] });
    expect(defaults).toEqual([true, 1704240000000]);
  });

  test("str.tostring of constants without the mintick format: the default and pattern forms", async () => {
    const { values, defaults } = await runChecked(`//@version=6
indicator("x")
const int LEN = 14
a = input.string("len " + str.tostring(LEN), "a")
b = input.string(str.tostring(1.5, "#.##"), "b")
plot(str.length(a), "la")
plot(str.length(b), "lb")`);
    // "len 14" has 6 characters; 1.5 with "#.##" is "1.5" (3)
    expect(values).toEqual({ la: [6], lb: [3] });
    expect(defaults).toEqual(["len 14", "1.5"]);
  });

  test("a default the compiler cannot compute is refused with unsupported_feature, not read as na", async () => {
    const errors = await errorsOf(`//@version=6
indicator("x")
twice(x) => x * 2
n = input.int(twice(3), "n")
plot(n)`);
    expect(errors).toEqual([expect.objectContaining({ code: "unsupported_feature", line: 4 })]);
    expect(errors[0]!.message).toMatch(/default/);
  });
});
