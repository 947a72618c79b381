// matrix.eigenvalues / matrix.eigenvectors through compiled scripts, against eigen pairs worked by
// hand (characteristic polynomials solved on paper, eigenvectors from (A - lambda I) v = 0):
// TradingView's own reference example [2 4; 6 8], textbook symmetric matrices, a triangular and a
// companion matrix, and a rotation (complex pair: na). Order: largest first; vectors unit length,
// first non-zero component positive (docs/reference/language.md, "differences" docs topic).
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(1), high: Float64Array.of(1), low: Float64Array.of(1), close: Float64Array.of(1), volume: Float64Array.of(1) };

/** Runs `matrix.eigenvalues` and `matrix.eigenvectors` of the matrix with these rows; returns [values, columns]. */
function eigen(rows: number[][]): [number[], number[][]] {
  const n = rows.length;
  const sets = rows.flatMap((row, i) => row.map((x, j) => `m.set(${i}, ${j}, ${x})`)).join("\n");
  const plots = [
    ...rows.map((_, k) => `plot(vals.get(${k}))`),
    ...rows.flatMap((_, i) => rows.map((_unused, j) => `plot(vecs.get(${i}, ${j}))`)),
  ].join("\n");
  const src = `//@version=6\nindicator("e")\nm = matrix.new<float>(${n}, ${n}, 0)\n${sets}\nvals = matrix.eigenvalues(m)\nvecs = matrix.eigenvectors(m)\n${plots}`;
  const r = evaluate(build(src), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  const out = r.outputs.map((o) => o.values[0]!);
  const values = out.slice(0, n);
  const columns = rows.map((_, j) => rows.map((_unused, i) => out[n + i * n + j]!));
  return [values, columns];
}

const unit = (v: number[]): number[] => {
  const l = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return v.map((x) => x / l);
};
function close(got: number[], want: number[], digits = 9): void {
  expect(got).toHaveLength(want.length);
  want.forEach((w, i) => (Number.isNaN(w) ? expect(got[i]).toBeNaN() : expect(got[i]).toBeCloseTo(w, digits)));
}

describe("matrix.eigenvalues and matrix.eigenvectors", () => {
  test("TradingView's reference example [2 4; 6 8]: 5 +- sqrt(33)", () => {
    // lambda^2 - 10 lambda - 8 = 0; (2 - lambda) x + 4 y = 0 gives v = (4, lambda - 2)
    const [values, vectors] = eigen([[2, 4], [6, 8]]);
    const [l1, l2] = [5 + Math.sqrt(33), 5 - Math.sqrt(33)];
    close(values, [l1, l2]);
    close(vectors[0]!, unit([4, l1 - 2]));
    close(vectors[1]!, unit([4, l2 - 2]));
  });

  test("symmetric [2 1; 1 2]: 3 and 1", () => {
    const [values, vectors] = eigen([[2, 1], [1, 2]]);
    close(values, [3, 1]);
    close(vectors[0]!, [Math.SQRT1_2, Math.SQRT1_2]);
    close(vectors[1]!, [Math.SQRT1_2, -Math.SQRT1_2]);
  });

  test("the second-difference matrix [2 -1 0; -1 2 -1; 0 -1 2]: 2 + sqrt 2, 2, 2 - sqrt 2", () => {
    const [values, vectors] = eigen([[2, -1, 0], [-1, 2, -1], [0, -1, 2]]);
    close(values, [2 + Math.SQRT2, 2, 2 - Math.SQRT2]);
    close(vectors[0]!, [0.5, -Math.SQRT1_2, 0.5]);
    close(vectors[1]!, [Math.SQRT1_2, 0, -Math.SQRT1_2]);
    close(vectors[2]!, [0.5, Math.SQRT1_2, 0.5]);
  });

  test("a repeated eigenvalue of a symmetric matrix gets orthogonal eigenvectors: diag(3, 3, 1)", () => {
    const [values, vectors] = eigen([[3, 0, 0], [0, 3, 0], [0, 0, 1]]);
    close(values, [3, 3, 1]);
    close(vectors[0]!, [1, 0, 0]);
    close(vectors[1]!, [0, 1, 0]);
    close(vectors[2]!, [0, 0, 1]);
  });

  test("upper triangular [1 2 3; 0 4 5; 0 0 6]: its diagonal", () => {
    // lambda = 6: v3 = 1, v2 = 5/2, v1 = (2 v2 + 3 v3) / 5 = 8/5; lambda = 4: (2, 3, 0); lambda = 1: (1, 0, 0)
    const [values, vectors] = eigen([[1, 2, 3], [0, 4, 5], [0, 0, 6]]);
    close(values, [6, 4, 1]);
    close(vectors[0]!, unit([16, 25, 10]));
    close(vectors[1]!, unit([2, 3, 0]));
    close(vectors[2]!, [1, 0, 0]);
  });

  test("the companion matrix of (x-1)(x-2)(x-3)(x-4): 4, 3, 2, 1 with vectors (l^3, l^2, l, 1)", () => {
    // x^4 - 10x^3 + 35x^2 - 50x + 24
    const [values, vectors] = eigen([[10, -35, 50, -24], [1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0]]);
    close(values, [4, 3, 2, 1], 7);
    [4, 3, 2, 1].forEach((l, k) => close(vectors[k]!, unit([l ** 3, l ** 2, l, 1]), 6));
  });

  test("a rotation [0 -1; 1 0] has the complex pair +-i: na values and na columns", () => {
    const [values, vectors] = eigen([[0, -1], [1, 0]]);
    close(values, [NaN, NaN]);
    close(vectors[0]!, [NaN, NaN]);
    close(vectors[1]!, [NaN, NaN]);
  });

  test("a real eigenvalue beside a complex pair: [2 0 0; 0 0 -1; 0 1 0] gives 2, then na", () => {
    const [values, vectors] = eigen([[2, 0, 0], [0, 0, -1], [0, 1, 0]]);
    close(values, [2, NaN, NaN]);
    close(vectors[0]!, [1, 0, 0]);
    close(vectors[1]!, [NaN, NaN, NaN]);
  });

  test("a matrix that is not square is a runtime error", () => {
    const r = evaluate(build(`//@version=6\nindicator("e")\nm = matrix.new<float>(2, 3, 1)\nplot(matrix.eigenvalues(m).size())`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.runtimeErrors.map((e) => e.message).join()).toContain("non-square");
  });
});
