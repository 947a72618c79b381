// Values of the names the second-batch check (second-batch-names.unit.test.ts) found refused and
// that were added or fixed, against hand-worked numbers.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

function barsOf(c: number[], h: number[] = c, l: number[] = c, o: number[] = c): Bars {
  const f = (a: number[]): Float64Array => Float64Array.from(a);
  return { length: c.length, time: Float64Array.from(c, (_, i) => 1.6e9 + i * 86400), open: f(o), high: f(h), low: f(l), close: f(c), volume: f(c.map(() => 1)) };
}

function values(body: string, bars: Bars, symbol: SymbolInfo = SYMBOL): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const THREE = barsOf([10, 11, 12]);

describe("syminfo.pricescale, minmove, pointvalue, root, prefix", () => {
  test.each([
    // mintick = minmove / pricescale with pricescale a power of ten
    [0.01, 100, 1],
    [0.25, 100, 25],
    [0.00001, 100000, 1],
    [0.5, 10, 5],
    [1, 1, 1],
  ])("a tick of %p is %p / %p", (mintick, scale, move) => {
    const [ps, mm, pv] = values("plot(syminfo.pricescale)\nplot(syminfo.minmove)\nplot(syminfo.pointvalue)", THREE, { ...SYMBOL, mintick });
    expect(ps).toEqual([scale, scale, scale]);
    expect(mm).toEqual([move, move, move]);
    expect(pv).toEqual([1, 1, 1]);
  });

  test("root is the ticker, prefix empty", () => {
    const [root, prefix] = values('plot(syminfo.root == "AAPL" ? 1 : 0)\nplot(str.length(syminfo.prefix))', THREE);
    expect(root).toEqual([1, 1, 1]);
    expect(prefix).toEqual([0, 0, 0]);
  });
});

describe("methods of built-in variables", () => {
  test("label.all.size() counts the labels not deleted", () => {
    // one label a bar, the one of bar 1 deleted: 1, 1, 2
    const [n] = values("l = label.new(bar_index, close)\nif bar_index == 1\n    l.delete()\nplot(label.all.size())", THREE);
    expect(n).toEqual([1, 1, 2]);
  });
});
