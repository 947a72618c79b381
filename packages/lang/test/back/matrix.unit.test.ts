// matrix.*: compiled scripts against hand-worked values: shape operations, arithmetic, a 2x2 and a
// 3x3 determinant and inverse worked by hand, rank, pseudo-inverse, predicates and a var matrix.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const C = [10, 12, 11];
const bars: Bars = { length: 3, time: Float64Array.from(C, (_, i) => 1.6e9 + i * 86400), open: Float64Array.from(C), high: Float64Array.from(C), low: Float64Array.from(C), close: Float64Array.from(C), volume: Float64Array.from(C, () => 1) };

function run(body: string): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => Array.from(o.values));
}
const last = (body: string): number[] => run(body).map((o) => o[o.length - 1]!);

test("new, get, set, rows, columns, elements_count, fill with a range", () => {
  const out = last(`m = matrix.new<float>(2, 3, 0)
m.set(1, 2, 5)
matrix.fill(m, 7, 0, 1, 1, 3)
plot(m.rows())
plot(m.columns())
plot(m.elements_count())
plot(m.get(1, 2))
plot(m.get(0, 0))
plot(m.get(0, 1) + m.get(0, 2))
plot(m.get(1, 1))
e = matrix.new<int>()
plot(e.rows() + e.columns())`);
  // fill rows [0,1) columns [1,3): (0,1) and (0,2) become 7; (1,2) stays 5
  expect(out).toEqual([2, 3, 6, 5, 0, 14, 0, 0]);
});

test("add_row/add_col with arrays, remove_row/remove_col, row, col", () => {
  const out = last(`m = matrix.new<float>()
m.add_row(0, array.from(1.0, 2.0))
m.add_row(1, array.from(3.0, 4.0))
m.add_col(1, array.from(9.0, 8.0))
// m = [1 9 2; 3 8 4]
plot(m.columns())
plot(m.get(1, 1))
plot(m.row(1).sum())
plot(m.col(2).sum())
r = m.remove_row(0)
plot(r.get(1))
plot(m.rows())
c = m.remove_col()
plot(c.get(0))
plot(m.columns())
m.add_row()
plot(na(m.get(1, 0)) ? 1 : 0)`);
  expect(out).toEqual([3, 8, 15, 6, 9, 1, 4, 2, 1]);
});

test("copy, submatrix, transpose, reshape, reverse, swap, sort, concat", () => {
  const out = last(`m = matrix.new<float>(2, 3, 0)
for i = 0 to 1
    for j = 0 to 2
        m.set(i, j, i * 3 + j + 1)
// m = [1 2 3; 4 5 6]
c = m.copy()
c.set(0, 0, 100)
plot(m.get(0, 0))
s = m.submatrix(0, 2, 1, 3)
plot(s.rows() * 10 + s.columns())
plot(s.get(1, 0))
t = m.transpose()
plot(t.rows() * 10 + t.columns())
plot(t.get(2, 1))
r = m.copy()
r.reshape(3, 2)
plot(r.get(1, 0))
v = m.copy()
v.reverse()
plot(v.get(0, 0) * 10 + v.get(1, 2))
w = m.copy()
w.swap_rows(0, 1)
w.swap_columns(0, 2)
plot(w.get(0, 0))
o = matrix.new<float>(3, 2, 0)
o.set(0, 0, 5), o.set(1, 0, 1), o.set(2, 0, 3)
o.set(0, 1, 50), o.set(1, 1, 10), o.set(2, 1, 30)
o.sort(0, order.ascending)
plot(o.get(0, 1) + o.get(2, 1) / 100)
k = matrix.concat(m.copy(), m)
plot(k.rows())`);
  // submatrix rows 0-1, cols 1-2 = [2 3; 5 6]; transpose 3x2, (2,1) = m(1,2) = 6; reshape 3x2 [1 2; 3 4; 5 6] (1,0) = 3;
  // reverse [6 5 4; 3 2 1]: 6, 1; swap rows then columns: [6 5 4; ...] -> (0,0) = 6; sort by col 0: rows (1,10),(3,30),(5,50)
  expect(out).toEqual([1, 22, 5, 32, 6, 3, 61, 6, 10.5, 4]);
});

test("a 2x2 and a 3x3 determinant and inverse worked by hand", () => {
  const out = last(`a = matrix.new<float>(2, 2, 0)
a.set(0, 0, 4), a.set(0, 1, 7), a.set(1, 0, 2), a.set(1, 1, 6)
plot(a.det())
ai = a.inv()
plot(ai.get(0, 0))
plot(ai.get(0, 1))
plot(ai.get(1, 0))
plot(ai.get(1, 1))
b = matrix.new<float>(3, 3, 0)
b.set(0, 0, 2), b.set(0, 1, 0), b.set(0, 2, 1)
b.set(1, 0, 1), b.set(1, 1, 3), b.set(1, 2, 2)
b.set(2, 0, 1), b.set(2, 1, 1), b.set(2, 2, 2)
plot(b.det())
bi = b.inv()
plot(bi.get(0, 0))
plot(bi.get(0, 2))
plot(bi.get(1, 1))
plot(bi.get(2, 0))
plot(bi.get(2, 2))
plot(b.trace())
plot(b.rank())
s = b.copy()
s.set(2, 2, 1)
plot(s.det())
plot(s.rank())
plot(na(s.inv().get(0, 0)) ? 1 : 0)
plot(b.mult(bi).is_identity() ? 1 : 0)`);
  // det [4 7; 2 6] = 24 - 14 = 10; inverse = [6 -7; -2 4] / 10
  // det [2 0 1; 1 3 2; 1 1 2] = 2(6 - 2) - 0 + 1(1 - 3) = 6; cofactors C00 = 4, C20 = -3, C11 = 3, C02 = -2, C22 = 6,
  // inverse = adj / 6: (0,0) 4/6, (0,2) C20/6 = -1/2, (1,1) 3/6, (2,0) C02/6 = -1/3, (2,2) 6/6; trace 2 + 3 + 2 = 7; rank 3
  // with (2,2) = 1: det 2(3 - 2) - 0 + 1(1 - 3) = 0, rank 2 (row 3 = (row 1 + row 2) / 3 ... dependent), inverse all na
  expect(out.slice(0, 5).map((x) => +x.toFixed(12))).toEqual([10, 0.6, -0.7, -0.2, 0.4]);
  expect(out.slice(5, 12).map((x) => +x.toFixed(12))).toEqual([6, +(2 / 3).toFixed(12), -0.5, 0.5, +(-1 / 3).toFixed(12), 1, 7]);
  expect(out[12]).toBe(3);
  expect(out[13]).toBeCloseTo(0, 12);
  expect(out.slice(14)).toEqual([2, 1, 0]);
});

test("sum, diff, mult by a matrix, a scalar and a vector, pow, kron", () => {
  const out = last(`a = matrix.new<float>(2, 2, 0)
a.set(0, 0, 1), a.set(0, 1, 2), a.set(1, 0, 3), a.set(1, 1, 4)
b = matrix.new<float>(2, 3, 1)
b.set(1, 2, 5)
p = a.mult(b)
plot(p.rows() * 10 + p.columns())
plot(p.get(0, 2))
plot(p.get(1, 2))
plot(matrix.mult(a, 2).get(1, 1))
v = a.mult(array.from(1.0, -1.0))
plot(v.get(0) * 10 + v.get(1))
plot(matrix.sum(a, a).get(1, 0))
plot(matrix.sum(a, 10).get(0, 0))
plot(matrix.diff(a, 1).get(1, 1))
plot(a.pow(2).get(1, 1))
k = matrix.kron(a, matrix.new<float>(2, 2, 1))
plot(k.rows() * k.columns())
plot(k.get(3, 2))`);
  // [1 2; 3 4] x [1 1 1; 1 1 5] = [3 3 11; 7 7 23]; x (1, -1) = (-1, -1) -> -11; 2a(1,1) = 8; a + a (1,0) = 6;
  // a + 10 (0,0) = 11; a - 1 (1,1) = 3; a^2 (1,1) = 3*2 + 4*4 = 22; kron 4x4, (3,2) = a(1,1) * 1 = 4
  expect(out).toEqual([23, 11, 23, 8, -11, 6, 11, 3, 22, 16, 4]);
});

test("avg, min, max, median, mode, pinv of a non-square matrix, predicates", () => {
  const out = last(`m = matrix.new<float>(2, 3, 0)
m.set(0, 0, 4), m.set(0, 1, 1), m.set(0, 2, 4)
m.set(1, 0, 2), m.set(1, 1, 9), m.set(1, 2, 2)
plot(m.avg())
plot(m.min() * 10 + m.max())
plot(m.median())
plot(m.mode())
c = matrix.new<float>(3, 1, 0)
c.set(0, 0, 1), c.set(1, 0, 2), c.set(2, 0, 2)
pi = c.pinv()
plot(pi.rows() * 10 + pi.columns())
plot(pi.get(0, 1))
plot(matrix.new<float>(2, 2, 0).is_zero() ? 1 : 0)
i2 = matrix.new<float>(2, 2, 0)
i2.set(0, 0, 1), i2.set(1, 1, 1)
plot((i2.is_identity() ? 1 : 0) + (i2.is_diagonal() ? 10 : 0) + (i2.is_symmetric() ? 100 : 0) + (i2.is_binary() ? 1000 : 0))
plot((m.is_square() ? 1 : 0) + (i2.is_square() ? 10 : 0) + (i2.is_antidiagonal() ? 100 : 0) + (i2.is_triangular() ? 1000 : 0))
st = matrix.new<float>(2, 2, 0.5)
plot((st.is_stochastic() ? 1 : 0) + (m.is_stochastic() ? 10 : 0))
as = matrix.new<float>(2, 2, 0)
as.set(0, 1, 3), as.set(1, 0, -3)
plot((as.is_antisymmetric() ? 1 : 0) + (as.is_antidiagonal() ? 10 : 0) + (as.is_symmetric() ? 100 : 0))`);
  // elements 4 1 4 2 9 2: mean 22/6; min 1, max 9 -> 19; sorted 1 2 2 4 4 9 -> median 3; mode: 2 and 4 twice, smallest 2
  // pinv of the column (1, 2, 2) = (1, 2, 2) / 9, a 1x3 row: (0,1) = 2/9
  expect(out[0]).toBeCloseTo(22 / 6, 12);
  expect(out.slice(1, 4)).toEqual([19, 3, 2]);
  expect(out[4]).toBe(13);
  expect(out[5]).toBeCloseTo(2 / 9, 12);
  expect(out.slice(6)).toEqual([1, 1111, 1010, 1, 11]);
});

test("a var matrix keeps its rows across bars; out of range is a runtime error", () => {
  const [n, s] = run(`var m = matrix.new<float>(0, 2)
m.add_row(m.rows(), array.from(close, 1.0))
plot(m.rows())
plot(m.col(0).sum())`);
  expect(n).toEqual([1, 2, 3]);
  expect(s).toEqual([10, 22, 33]);
  const r = evaluate(build(`//@version=6\nindicator("t")\nm = matrix.new<float>(2, 2, 0)\nplot(m.get(2, 0))`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.errorBarsInWindow).toBe(3);
  expect(r.runtimeErrors[0]!.message).toBe("The row index (2) is out of bounds, row size is (2).");
});

test("for ... in a matrix walks its rows, each an array", () => {
  const [total, count] = last(`m = matrix.new<float>(3, 2, 1)
m.set(2, 1, 10)
t = 0.0
n = 0
for [i, r] in m
    t += r.sum() * (i + 1)
    n += 1
plot(t)
plot(n)`).map((x) => [x]);
  // rows (1,1), (1,1), (1,10): sums 2, 2, 11 weighted 1, 2, 3 = 2 + 4 + 33 = 39; 3 rows
  expect(total).toEqual([39]);
  expect(count).toEqual([3]);
});
