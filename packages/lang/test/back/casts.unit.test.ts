// The casts int(), float(), bool(), string(), color(): int truncates toward zero and keeps na,
// float and color keep the value, bool is false for 0 and na and true otherwise (Pine v6),
// string(na) is the string na. Expected values worked out by hand from the bars below.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const closes = [1.7, -1.7, 0, 2.5, -0.4];
const bars: Bars = {
  length: closes.length,
  time: Float64Array.from(closes, (_, i) => 1.7e9 + i * 86_400),
  open: Float64Array.from(closes),
  high: Float64Array.from(closes, (c) => c + 1),
  low: Float64Array.from(closes, (c) => c - 1),
  close: Float64Array.from(closes),
  volume: Float64Array.from(closes, () => 1),
};

function plots(lines: string[]): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("c")\n${lines.join("\n")}\n`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

describe("casts", () => {
  test("int() truncates toward zero, na stays na", () => {
    const [a, b, c] = plots(["plot(int(close))", "plot(int(na))", "x = int(close * 10)\nplot(x % 3)"]);
    expect(a).toEqual([1, -1, 0, 2, 0]);
    expect(b).toEqual([NaN, NaN, NaN, NaN, NaN]);
    // 17 % 3 = 2, -17 % 3 = -2, 0, 25 % 3 = 1, -4 % 3 = -1
    expect(c).toEqual([2, -2, 0, 1, -1]);
  });

  test("float(na) is a float na usable as an initializer and with history", () => {
    const [a, b] = plots(["x = float(na)\nx := bar_index > 2 ? close : x[1]\nplot(x)", "plot(float(bar_index) / 2)"]);
    expect(a).toEqual([NaN, NaN, NaN, 2.5, -0.4]);
    expect(b).toEqual([0, 0.5, 1, 1.5, 2]);
  });

  test("bool(): false for 0 and na, true otherwise", () => {
    const [a, b, c] = plots(["plot(bool(close) ? 1 : 0)", "plot(bool(na) ? 1 : 0)", "plot(bool(bar_index % 2 == 0 ? na : 3) ? 1 : 0)"]);
    expect(a).toEqual([1, 1, 0, 1, 1]);
    expect(b).toEqual([0, 0, 0, 0, 0]);
    expect(c).toEqual([0, 1, 0, 1, 0]);
  });

  test("string() and color() keep their value; string(na) is na", () => {
    const [a, b, c, d] = plots([
      'plot(str.length(string("abc")))',
      "s = string(na)\nplot(na(s) ? 1 : 0)",
      "plot(na(color(na)) ? 1 : 0)",
      "plot(color.r(color(color.rgb(10, 20, 30))))",
    ]);
    expect(a).toEqual([3, 3, 3, 3, 3]);
    expect(b).toEqual([1, 1, 1, 1, 1]);
    expect(c).toEqual([1, 1, 1, 1, 1]);
    expect(d).toEqual([10, 10, 10, 10, 10]);
  });
});
