// User functions reading global variables (Pine: a function sees the globals declared before its
// call; it may not assign them). Expected values are worked out from the bar columns here, never
// from the compiled code: constants, series globals read on the current bar, their history
// (`s[1]` inside the function), `var` globals, globals read from nested blocks and from a
// function called by a function, and across chunk boundaries of the bar-range loop.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const N = 12;
const closes = [10, 12, 11, 15, 14, 14, 18, 17, 20, 19, 22, 21];
const opens = [9, 13, 10, 14, 15, 13, 17, 18, 19, 20, 21, 22];
const bars: Bars = {
  length: N,
  time: Float64Array.from({ length: N }, (_, i) => 1.7e9 + i * 86_400),
  open: Float64Array.from(opens),
  high: Float64Array.from(closes, (c, i) => Math.max(c, opens[i]!) + 1),
  low: Float64Array.from(closes, (c, i) => Math.min(c, opens[i]!) - 1),
  close: Float64Array.from(closes),
  volume: Float64Array.from({ length: N }, () => 100),
};
const H = '//@version=6\nindicator("g")\n';

function outputs(src: string, chunkBars?: number): number[][] {
  const r = evaluate(build(H + src), bars, {}, { symbol: SYMBOL, windowStart: 0, ...(chunkBars ? { chunkBars } : {}) });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const each = (f: (i: number) => number): number[] => Array.from({ length: N }, (_, i) => f(i));
const c = (i: number): number => (i >= 0 ? closes[i]! : NaN);

describe("user functions read global variables", () => {
  test("a constant global", () => {
    expect(outputs("k = 2.0\nf(x) => x * k\nplot(f(close))\n")[0]).toEqual(each((i) => c(i) * 2));
  });

  test("a series global is read on the current bar, its history through k[1] and s[1]", () => {
    const src = "k = 2.0\ns = close * 2\nf(x) => x * k + s - s[1] + k[1]\nplot(f(close))\n";
    expect(outputs(src)[0]).toEqual(each((i) => (i === 0 ? NaN : c(i) * 2 + 2 * c(i) - 2 * c(i - 1) + 2)));
  });

  test("history of a global with a non-literal offset inside a function", () => {
    const src = "s = close + 1\nf(n) => s[n]\nplot(f(bar_index % 3))\n";
    expect(outputs(src)[0]).toEqual(each((i) => (i - (i % 3) >= 0 ? c(i - (i % 3)) + 1 : NaN)));
  });

  test("a global reassigned with := before the call: the function sees the new value", () => {
    const src = "g = 0.0\ng := close - open\nf() => g * 10\nplot(f())\n";
    expect(outputs(src)[0]).toEqual(each((i) => (c(i) - opens[i]!) * 10));
  });

  test("a var global accumulated on every bar, read through a function, across chunks", () => {
    const src = "var float acc = 0\nacc += close\nf() => acc / (bar_index + 1)\nplot(f())\n";
    let sum = 0;
    const expected = each((i) => {
      sum += c(i);
      return sum / (i + 1);
    });
    expect(outputs(src)[0]).toEqual(expected);
    expect(outputs(src, 5)[0]).toEqual(expected);
  });

  test("a function called from an if block and from another function", () => {
    const src = [
      "base = open",
      "bump(x) => x + base",
      "twice(x) => bump(x) * 2",
      "float y = na",
      "if close > open",
      "    y := twice(1)",
      "plot(y)",
    ].join("\n");
    expect(outputs(src)[0]).toEqual(each((i) => (c(i) > opens[i]! ? (1 + opens[i]!) * 2 : NaN)));
  });

  test("a string global and a global holding a ta value", () => {
    const src = 'tag = "up"\nm = ta.sma(close, 3)\nf() => str.length(tag) + m\nplot(f())\n';
    expect(outputs(src)[0]).toEqual(each((i) => (i < 2 ? NaN : 2 + (c(i) + c(i - 1) + c(i - 2)) / 3)));
  });

  test("a global holding an inlined ta.ema (state in locals of the bar loop), across chunks", () => {
    const src = "e = ta.ema(close, 3)\nf() => e - close\nplot(f())\n";
    let prev = NaN;
    const expected = each((i) => {
      if (i === 2) prev = (c(0) + c(1) + c(2)) / 3;
      else if (i > 2) prev = 0.5 * c(i) + 0.5 * prev;
      return prev - c(i);
    });
    expect(outputs(src)[0]).toEqual(expected);
    expect(outputs(src, 4)[0]).toEqual(expected);
  });

  test("a function's local shadows nothing: its own variable of a global's name wins inside", () => {
    const src = "k = 5.0\nf() =>\n    k2 = k * 2\n    k2 + 1\nplot(f())\n";
    expect(outputs(src)[0]).toEqual(each(() => 11));
  });

  test("a function may not assign a global (Pine's rule)", () => {
    expect(() => build(H + "k = 1.0\nf() =>\n    k := 2.0\n    k\nplot(f())\n")).toThrow(/invalid_assignment/);
  });
});
