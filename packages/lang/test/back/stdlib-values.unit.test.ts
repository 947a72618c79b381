// math.*, str.*, array.* and color.* through compiled scripts, against values worked out by hand
// from Pine's reference (each expected value is written next to its expression). Strings and
// bools are checked inside the script (`plot(expr == expected ? 1 : 0)`), numbers are plotted.
import { run } from "./harness";
import type { Bars } from "../../src/types";

const closes = [10, 12, 11, 14];
const bars: Bars = {
  length: closes.length,
  time: Float64Array.from(closes, (_, i) => 1.6e9 + i * 86400),
  open: Float64Array.from(closes),
  high: Float64Array.from(closes, (c) => c + 1),
  low: Float64Array.from(closes, (c) => c - 1),
  close: Float64Array.from(closes),
  volume: Float64Array.from(closes, () => 100),
};

/** Evaluates `lines` (each `[expression, expected]`) and compares the last bar's values. */
function check(setup: string, cases: Array<[string, number]>): void {
  const body = cases.map(([e], k) => `plot(${e}, "p${k}")`).join("\n");
  const r = run(`//@version=6\nindicator("v")\n${setup}\n${body}`, bars);
  cases.forEach(([e, want], k) => {
    const got = r.outputs[k]!.values[bars.length - 1]!;
    if (Number.isNaN(want)) {
      if (!Number.isNaN(got)) throw new Error(`${e}: expected na, got ${got}`);
    } else if (!(Math.abs(got - want) <= 1e-12 * Math.max(1, Math.abs(want)))) throw new Error(`${e}: expected ${want}, got ${got}`);
  });
  expect(r.runtimeErrors).toEqual([]);
}

const yes = (cond: string): [string, number] => [`(${cond}) ? 1 : 0`, 1];

describe("math", () => {
  test("rounding, signs, powers, logs, angles", () => {
    check("", [
      ["math.round(2.5)", 3],
      ["math.round(1.2345, 2)", 1.23],
      ["math.round(-1.4)", -1],
      ["math.ceil(1.2)", 2],
      ["math.floor(-1.2)", -2],
      ["math.abs(-2.5)", 2.5],
      ["math.sign(-3)", -1],
      ["math.sign(0)", 0],
      ["math.sign(4.2)", 1],
      ["math.pow(2, 10)", 1024],
      ["math.sqrt(16)", 4],
      ["math.log(math.e)", 1],
      ["math.log10(1000)", 3],
      ["math.exp(0)", 1],
      ["math.todegrees(math.pi)", 180],
      ["math.toradians(90)", Math.PI / 2],
      ["math.sin(math.pi / 2)", 1],
      ["math.cos(0)", 1],
      ["math.atan(1)", Math.PI / 4],
      // mintick 0.01: 1.23456 -> 1.23
      ["math.round_to_mintick(1.23456)", 1.23],
    ]);
  });

  test("variadic max, min, avg and the na helpers", () => {
    check("", [
      ["math.max(3, 7, 5)", 7],
      ["math.min(3, 7, 5)", 3],
      ["math.avg(1, 2, 6)", 3], // (1 + 2 + 6) / 3
      ["nz(close[10])", 0], // close 10 bars back does not exist on bar 3
      ["nz(close[10], 5)", 5],
      ["nz(close[1], 5)", 11],
      yes("na(close[10])"),
      yes("not na(close[3])"),
      // math.sum over the last 3 closes on bar 3: 12 + 11 + 14 = 37
      ["math.sum(close, 3)", 37],
    ]);
  });

  test("fixnan keeps the last non-na value", () => {
    // x is na on odd bars: bar 3 shows bar 2's close, 11
    check("x = bar_index % 2 == 0 ? close : na", [["fixnan(x)", 11]]);
  });
});

describe("str", () => {
  test("conversion and formatting", () => {
    check("", [
      yes('str.tostring(1.5) == "1.5"'),
      yes('str.tostring(3) == "3"'),
      yes('str.tostring(3.14159, "#.##") == "3.14"'),
      yes('str.format("{0} and {1}", "a", "b") == "a and b"'),
      ['str.tonumber("12.5")', 12.5],
      ['str.tonumber("x")', NaN],
      yes('str.tostring(close) == "14"'),
    ]);
  });

  test("search, case, trim, pieces", () => {
    check("", [
      ['str.length("hello")', 5],
      yes('str.contains("hello", "ell")'),
      yes('not str.contains("hello", "xyz")'),
      yes('str.startswith("hello", "he")'),
      yes('str.endswith("hello", "lo")'),
      ['str.pos("hello", "l")', 2], // first "l" at index 2
      ['str.pos("hello", "z")', NaN],
      yes('str.upper("abC") == "ABC"'),
      yes('str.lower("AbC") == "abc"'),
      yes('str.trim("  x ") == "x"'),
      yes('str.substring("hello", 1, 3) == "el"'), // [1, 3)
      yes('str.substring("hello", 2) == "llo"'),
      yes('str.replace_all("a-b-c", "-", "+") == "a+b+c"'),
      yes('str.replace("a-b-c", "-", "+", 1) == "a-b+c"'), // occurrence 1 is the second "-"
      yes('str.repeat("ab", 3, "-") == "ab-ab-ab"'),
      ['array.size(str.split("a,b,c", ","))', 3],
      yes('array.get(str.split("a,b,c", ","), 1) == "b"'),
      yes('"a" + "b" == "ab"'),
    ]);
  });
});

describe("array", () => {
  test("building, reading, statistics", () => {
    check("a = array.from(3.0, 1.0, 2.0)\nb = array.copy(a)\narray.sort(b)\nf = array.new_float(3, 1.5)", [
      ["array.size(a)", 3],
      ["array.get(a, 0)", 3],
      ["array.get(b, 0)", 1], // sorted ascending: 1 2 3
      ["array.sum(a)", 6],
      ["array.avg(a)", 2],
      ["array.max(a)", 3],
      ["array.min(a)", 1],
      ["array.range(a)", 2], // 3 - 1
      ["array.median(array.from(1.0, 3.0, 2.0, 4.0))", 2.5], // (2 + 3) / 2
      ["array.variance(array.from(1.0, 2.0, 3.0, 4.0))", 1.25], // mean 2.5: (2.25 + .25 + .25 + 2.25) / 4
      ["array.stdev(array.from(1.0, 2.0, 3.0, 4.0))", Math.sqrt(1.25)],
      ["array.indexof(a, 2.0)", 2],
      ["array.indexof(a, 9.0)", -1],
      yes("array.includes(a, 1.0)"),
      ["array.sum(f)", 4.5], // 3 x 1.5
      ["array.first(a)", 3],
      ["array.last(a)", 2],
      ["array.size(array.slice(a, 0, 2))", 2],
      ["array.size(array.concat(array.copy(a), array.from(5.0)))", 4],
      yes('array.join(array.from("a", "b"), "-") == "a-b"'),
    ]);
  });

  test("mutation: push, pop, shift, unshift, insert, remove, reverse, set, clear", () => {
    check(
      `a = array.new_float()
array.push(a, 1.0)
array.push(a, 2.0)
array.unshift(a, 0.0)
array.insert(a, 1, 9.0)
r = array.remove(a, 1)
array.reverse(a)
array.set(a, 0, 7.0)
p = array.pop(a)
s = array.shift(a)
c = array.copy(a)
array.clear(c)`,
      [
        // [1] -> [1 2] -> [0 1 2] -> [0 9 1 2]; remove(1) = 9 -> [0 1 2]; reverse [2 1 0]; set(0, 7) [7 1 0]
        ["r", 9],
        ["p", 0], // pop the last: [7 1]
        ["s", 7], // shift the first: [1]
        ["array.size(a)", 1],
        ["array.get(a, 0)", 1],
        ["array.size(c)", 0],
      ],
    );
  });

  test("a `var` array keeps growing across bars", () => {
    check("var a = array.new_float()\narray.push(a, close)", [
      ["array.size(a)", 4],
      ["array.sum(a)", 47], // 10 + 12 + 11 + 14
    ]);
  });

  test("out-of-range access is a bar error, not a crash", () => {
    const r = run('//@version=6\nindicator("v")\na = array.from(1.0)\nplot(array.get(a, 5))', bars);
    expect(r.runtimeErrors).toHaveLength(1);
    expect(r.runtimeErrors[0]!.count).toBe(4);
    expect(Array.from(r.outputs[0]!.values).every((v) => Number.isNaN(v))).toBe(true);
  });
});

describe("color", () => {
  test("components, transparency, literals, gradients", () => {
    check("c = color.rgb(10, 20, 30)", [
      ["color.r(c)", 10],
      ["color.g(c)", 20],
      ["color.b(c)", 30],
      ["color.t(c)", 0],
      ["color.t(color.rgb(1, 2, 3, 70))", 70],
      ["color.t(color.new(c, 40))", 40],
      ["color.r(color.new(c, 40))", 10],
      ["color.r(#FF8000)", 255],
      ["color.g(#FF8000)", 128],
      ["color.b(#FF8000)", 0],
      // the gradient's ends are its two colours
      ["color.r(color.from_gradient(0, 0, 100, #102030, #F0E0D0))", 16],
      ["color.r(color.from_gradient(100, 0, 100, #102030, #F0E0D0))", 240],
      ["color.b(color.from_gradient(100, 0, 100, #102030, #F0E0D0))", 208],
    ]);
  });
});
