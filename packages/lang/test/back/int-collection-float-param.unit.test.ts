// A user function's or method's array<float> / matrix<float> parameter takes an int array or matrix
// held in a variable (docs/adr/0332): TradingView's user manual (Matrices, Concatenating) calls a
// method of `matrix<float> this` on `matrix<int>` variables and their transposes. Expected values
// worked by hand from that example's matrices (2x3 of 1s, 2x3 of 2s).
import type { EvaluationResult } from "../../src/evaluate";
import { build, closeBars, run } from "./harness";

const first = (r: EvaluationResult): number[] => r.outputs.map((o) => (o.values as ArrayLike<number>)[0]!);

test("the manual's concatenation: methods of matrix<float> called on matrix<int> variables", () => {
  const r = run(
    `//@version=6
indicator("t")
method shape(matrix<float> this) => this.rows() * 10 + this.columns()
method total(matrix<float> this) => this.avg() * this.elements_count()
matrix<int> m1 = matrix.new<int>(2, 3, 1)
matrix<int> m2 = matrix.new<int>(2, 3, 2)
t1 = m1.transpose()
t2 = m2.transpose()
plot(m1.shape())
plot(m2.total())
m1.concat(m2)
plot(m1.shape())
plot(m1.total())
t1.concat(t2)
plot(t1.transpose().shape())
plot(shape(t2))
`,
    closeBars([1]),
  );
  // m1 2x3 (23), m2's six 2s total 12; m1 with m2's rows 4x3 (43) totalling 6 + 12 = 18; the
  // transposes are 3x2, t1 with t2's rows 6x2, transposed back 2x6 (26); t2 3x2 (32)
  expect(first(r)).toEqual([23, 12, 43, 18, 26, 32]);
});

test("an array<float> parameter takes an array<int> variable; an exact overload or method still wins", () => {
  const r = run(
    `//@version=6
indicator("t")
sumOf(array<float> values) => values.sum() / 2
kind(array<float> values) => 2
kind(array<int> values) => 1
method which(matrix<float> this) => 2
method which(matrix<int> this) => 1
array<int> counts = array.from(1, 2, 3)
matrix<int> grid = matrix.new<int>(1, 1, 0)
plot(sumOf(counts))
plot(kind(counts))
plot(grid.which())
plot(kind(array.from(1.5)))
`,
    closeBars([1]),
  );
  // (1 + 2 + 3) / 2 = 3 (a float division: the parameter's elements are floats)
  expect(first(r)).toEqual([3, 1, 1, 2]);
});

test("other element types are still refused", () => {
  expect(() => build(`//@version=6\nindicator("t")\nf(array<float> a) => a.size()\narray<string> s = array.from("x")\nplot(f(s))\n`)).toThrow(/must be array<float>, not array<string>/);
  expect(() => build(`//@version=6\nindicator("t")\nf(array<int> a) => a.size()\narray<float> x = array.from(1.5)\nplot(f(x))\n`)).toThrow(/must be array<int>, not array<float>/);
});
