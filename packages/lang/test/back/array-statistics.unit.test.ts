// The rest of array.*, each in a compiled script against values worked by hand (shown).
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const one: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(1), high: Float64Array.of(1), low: Float64Array.of(1), close: Float64Array.of(1), volume: Float64Array.of(1) };

function values(body: string): number[] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), one, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => o.values[0]!);
}

test("mode, abs, covariance, percentrank, standardize", () => {
  const v = values(`a = array.from(3.0, 1.0, 3.0, 2.0, 1.0)
b = array.from(1.0, 2.0, 3.0, 4.0, 5.0)
c = array.from(2.0, 4.0, 6.0, 8.0, 10.0)
n = array.from(-1.5, 2.0, -3.0)
s = array.from(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0).standardize()
plot(a.mode())
plot(n.abs().sum())
plot(array.covariance(b, c))
plot(array.covariance(b, c, false))
plot(b.percentrank(3))
plot(a.percentrank(0))
plot(s.get(0))
plot(s.get(-1))
plot(b.get(-2))`);
  // mode: 1 and 3 appear twice each, the smaller wins -> 1. abs: 1.5 + 2 + 3 = 6.5.
  // covariance: mean 3 and 6, products (-2)(-4) + (-1)(-2) + 0 + (1)(2) + (2)(4) = 20; /5 = 4, /4 = 5.
  // percentrank of b[3] = 4: others <= 4 are 1, 2, 3 -> 3 of 4 = 75. a[0] = 3: 1, 3, 2, 1 -> 4 of 4 = 100.
  // standardize: mean 5, population stdev 2 -> (2 - 5) / 2 = -1.5 and (9 - 5) / 2 = 2. get(-2) of b = 4.
  expect(v).toEqual([1, 6.5, 4, 5, 75, 100, -1.5, 2, 4]);
});

test("sort_indices, binary searches, every, some", () => {
  const v = values(`a = array.from(30.0, 10.0, 20.0)
i = a.sort_indices()
d = a.sort_indices(order.descending)
s = array.from(1.0, 3.0, 3.0, 5.0, 7.0)
plot(i.get(0) * 100 + i.get(1) * 10 + i.get(2))
plot(d.get(0) * 100 + d.get(1) * 10 + d.get(2))
plot(a.get(0))
plot(s.binary_search(5))
plot(s.binary_search(4))
plot(s.binary_search_leftmost(3))
plot(s.binary_search_rightmost(3))
plot(s.binary_search_leftmost(4))
plot(s.binary_search_rightmost(4))
plot(s.binary_search_leftmost(0))
plot(s.binary_search_rightmost(9))
plot(array.from(true, true).every() ? 1 : 0)
plot(array.from(true, false).every() ? 1 : 0)
plot(array.from(false, true).some() ? 1 : 0)
plot(array.from(false, false).some() ? 1 : 0)`);
  // ascending order of 30, 10, 20 is indices 1, 2, 0 -> 120; descending 0, 2, 1 -> 21; a unchanged (30).
  // in 1, 3, 3, 5, 7: 5 at 3; 4 absent -> -1; 3 first at 1, last at 2; 4 absent: left neighbour 3 (index 2),
  // right neighbour 5 (index 3); 0 below all -> -1; 9 above all -> the size, 5.
  expect(v).toEqual([120, 21, 30, 3, -1, 1, 2, 2, 3, -1, 5, 1, 0, 1, 0]);
});

test("array percentiles (textbook list 15, 20, 35, 40, 50)", () => {
  const v = values(`a = array.from(50.0, 35.0, 15.0, 40.0, 20.0)
plot(a.percentile_nearest_rank(30))
plot(a.percentile_nearest_rank(50))
plot(a.percentile_nearest_rank(100))
plot(a.percentile_linear_interpolation(40))
plot(a.percentile_linear_interpolation(10))`);
  // nearest rank: P30 = 20, P50 = 35, P100 = 50; linear (C = 1): P40 = 20 + 0.6 * 15 = 29, P10 = 15 + 0.4 * 5 = 17
  expect(v).toEqual([20, 35, 50, 29, 17]);
});

test("covariance of arrays of different sizes is a runtime error", () => {
  const r = evaluate(build(`//@version=6\nindicator("t")\nplot(array.covariance(array.from(1.0, 2.0), array.from(1.0)))`), one, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(JSON.stringify(r)).toContain("different sizes");
});

test("covariance of an array of floats and an array of ints (LuxAlgo's ML Trendlines Cluster regresses prices on bar indices)", () => {
  const v = values(`y = array.from(1.0, 2.0, 3.0)
x = array.from(2, 4, 6)
plot(y.covariance(x))
plot(array.covariance(x, y, false))`);
  // means 2 and 4: products (-1)(-2) + 0 + (1)(2) = 4; / 3 biased, / 2 unbiased
  expect(v).toEqual([4 / 3, 2]);
  expect(() => build(`//@version=6\nindicator("t")\nplot(array.covariance(array.from(1.0), array.from("a")))`)).toThrow(/type_mismatch/);
});
