// matrix.* arithmetic, statistics and linear algebra on numeric matrices, as TradingView defines
// them: sum/diff/mult take a matrix or a scalar (mult also a vector), the statistics run over every
// element, det/inv by Gaussian elimination with partial pivoting, pinv of a non-singular square
// matrix by inv (as TradingView's reference says), of any other by a full-rank factorisation
// (A = C F from the reduced row echelon form, A+ = F' (F F')^-1 (C' C)^-1 C'), rank counts pivots.

import { builtinFunction, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail } from "../runtime/errors";
import { PineArray } from "./pine-array";
import { fromRows, MATRIX_ERRORS, need, PineMatrix, rowsOf, sized, type Mx } from "./matrix-core";

type N = Mx<number>;
const EPS = 1e-10;

function elementwise(name: string, m1: N, m2: N | number, f: (a: number, b: number) => number): PineMatrix<number> {
  const x = need(m1);
  if (typeof m2 === "number") return new PineMatrix(x.rows, x.cols, x.v.map((a) => f(a, m2)), NaN);
  const y = need(m2);
  if (x.rows !== y.rows || x.cols !== y.cols) fail(MATRIX_ERRORS.sumSize);
  return new PineMatrix(x.rows, x.cols, x.v.map((a, k) => f(a, y.v[k]!)), NaN);
}
export function sum(m1: N, m2: N | number): PineMatrix<number> {
  return elementwise("sum", m1, m2, (a, b) => a + b);
}
export function diff(m1: N, m2: N | number): PineMatrix<number> {
  return elementwise("diff", m1, m2, (a, b) => a - b);
}
function product(x: PineMatrix<number>, y: PineMatrix<number>): PineMatrix<number> {
  if (x.cols !== y.rows) fail(MATRIX_ERRORS.multSize);
  const out = new Array<number>(x.rows * y.cols).fill(0);
  for (let i = 0; i < x.rows; i++)
    for (let k = 0; k < x.cols; k++) {
      const a = x.v[i * x.cols + k]!;
      for (let j = 0; j < y.cols; j++) out[i * y.cols + j]! += a * y.v[k * y.cols + j]!;
    }
  return sized(x.rows, y.cols, out, NaN);
}
/** Matrix x matrix, matrix x scalar, or matrix x vector (an array of `columns` elements, giving an array). */
export function mult(m1: N, m2: N | number | PineArray<number>): PineMatrix<number> | PineArray<number> {
  const x = need(m1);
  if (typeof m2 === "number") return new PineMatrix(x.rows, x.cols, x.v.map((a) => a * m2), NaN);
  if (m2 instanceof PineArray) {
    const v = m2.v;
    if (v.length !== x.cols) fail(MATRIX_ERRORS.multSize);
    const out: number[] = [];
    for (let i = 0; i < x.rows; i++) {
      let s = 0;
      for (let j = 0; j < x.cols; j++) s += x.v[i * x.cols + j]! * v[j]!;
      out.push(s);
    }
    return new PineArray(out);
  }
  return product(x, need(m2));
}
export function pow(m: N, power: number): PineMatrix<number> {
  const x = square(m);
  if (!Number.isInteger(power) || power < 0) fail("matrix.pow: the power must be a non-negative integer");
  let result = identity(x.rows);
  for (let k = 0; k < power; k++) result = product(result, x);
  return result;
}
export function kron(m1: N, m2: N): PineMatrix<number> {
  const x = need(m1);
  const y = need(m2);
  const cols = x.cols * y.cols;
  const out = new Array<number>(x.rows * y.rows * cols);
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < x.cols; j++)
      for (let p = 0; p < y.rows; p++)
        for (let q = 0; q < y.cols; q++) out[(i * y.rows + p) * cols + j * y.cols + q] = x.v[i * x.cols + j]! * y.v[p * y.cols + q]!;
  return sized(x.rows * y.rows, cols, out, NaN);
}

// ---- statistics over every element (na elements are skipped) ----
const nums = (m: N): number[] => need(m).v.filter((a) => a === a);
export function avg(m: N): number {
  const v = nums(m);
  return v.length === 0 ? NaN : v.reduce((s, a) => s + a, 0) / v.length;
}
export function min(m: N): number {
  const v = nums(m);
  return v.length === 0 ? NaN : Math.min(...v);
}
export function max(m: N): number {
  const v = nums(m);
  return v.length === 0 ? NaN : Math.max(...v);
}
export function median(m: N): number {
  const v = nums(m).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const h = v.length >> 1;
  return v.length % 2 === 1 ? v[h]! : (v[h - 1]! + v[h]!) / 2;
}
/** The most frequent value; among equally frequent ones the smallest. */
export function mode(m: N): number {
  const v = nums(m).sort((a, b) => a - b);
  let best = NaN;
  let count = 0;
  for (let i = 0; i < v.length; ) {
    let j = i;
    while (j < v.length && v[j] === v[i]) j++;
    if (j - i > count) [best, count] = [v[i]!, j - i];
    i = j;
  }
  return best;
}

// ---- linear algebra ----
function square(m: N): PineMatrix<number> {
  const x = need(m);
  if (x.rows !== x.cols) fail(MATRIX_ERRORS.notSquare);
  return x;
}
function identity(n: number): PineMatrix<number> {
  const out = new Array<number>(n * n).fill(0);
  for (let i = 0; i < n; i++) out[i * n + i] = 1;
  return sized(n, n, out, NaN);
}
export function trace(m: N): number {
  const x = square(m);
  let s = 0;
  for (let i = 0; i < x.rows; i++) s += x.v[i * x.cols + i]!;
  return s;
}
/** Gaussian elimination with partial pivoting; the determinant of an empty matrix is 1. */
export function det(m: N): number {
  const x = square(m);
  const a = rowsOf(x);
  const n = x.rows;
  let d = 1;
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[p]![c]!)) p = r;
    if (a[p]![c] === 0) return 0;
    if (p !== c) {
      [a[p], a[c]] = [a[c]!, a[p]!];
      d = -d;
    }
    d *= a[c]![c]!;
    for (let r = c + 1; r < n; r++) {
      const f = a[r]![c]! / a[c]![c]!;
      for (let k = c; k < n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return d;
}
/** Reduced row echelon form in place; returns the pivot columns. */
function rref(a: number[][], cols: number): number[] {
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < cols && r < a.length; c++) {
    let p = r;
    for (let i = r + 1; i < a.length; i++) if (Math.abs(a[i]![c]!) > Math.abs(a[p]![c]!)) p = i;
    if (Math.abs(a[p]![c]!) < EPS) continue;
    [a[p], a[r]] = [a[r]!, a[p]!];
    const lead = a[r]![c]!;
    for (let k = 0; k < a[r]!.length; k++) a[r]![k]! /= lead;
    for (let i = 0; i < a.length; i++) {
      if (i === r) continue;
      const f = a[i]![c]!;
      if (f !== 0) for (let k = 0; k < a[i]!.length; k++) a[i]![k]! -= f * a[r]![k]!;
    }
    pivots.push(c);
    r++;
  }
  return pivots;
}
export function rank(m: N): number {
  const x = need(m);
  return rref(rowsOf(x), x.cols).length;
}
/** The inverse by Gauss-Jordan on [A | I]; a singular matrix gives a matrix of na. */
export function inv(m: N): PineMatrix<number> {
  const x = square(m);
  const n = x.rows;
  const a = rowsOf(x).map((line, i) => [...line, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  if (rref(a, n).length < n) return new PineMatrix(n, n, new Array<number>(n * n).fill(NaN), NaN);
  return fromRows(a.map((line) => line.slice(n)), n);
}
export function pinv(m: N): PineMatrix<number> {
  const x = need(m);
  const a = rowsOf(x);
  const pivots = rref(a, x.cols);
  const r = pivots.length;
  // TradingView's reference: a non-singular square matrix's pseudo-inverse is matrix.inv's result
  // (the factorisation below squares the condition number: an ill-conditioned one became singular)
  if (x.rows === x.cols && r === x.rows) return inv(x);
  if (r === 0) return new PineMatrix(x.cols, x.rows, new Array<number>(x.rows * x.cols).fill(0), NaN);
  const c = sized(x.rows, r, rowsOf(x).flatMap((line) => pivots.map((p) => line[p]!)), NaN);
  const f = fromRows(a.slice(0, r), x.cols);
  const ft = transposed(f);
  const ct = transposed(c);
  return product(product(ft, inv(product(f, ft))), product(inv(product(ct, c)), ct));
}
function transposed(x: PineMatrix<number>): PineMatrix<number> {
  const out: number[] = [];
  for (let j = 0; j < x.cols; j++) for (let i = 0; i < x.rows; i++) out.push(x.v[i * x.cols + j]!);
  return sized(x.cols, x.rows, out, NaN);
}

// ---- predicates ----
const at = (x: PineMatrix<number>, i: number, j: number): number => x.v[i * x.cols + j]!;
function everyCell(m: N, needSquare: boolean, f: (x: PineMatrix<number>, i: number, j: number) => boolean): boolean {
  const x = need(m);
  if (needSquare && x.rows !== x.cols) return false;
  for (let i = 0; i < x.rows; i++) for (let j = 0; j < x.cols; j++) if (!f(x, i, j)) return false;
  return true;
}
export const isSquare = (m: N): boolean => need(m).rows === need(m).cols;
export const isZero = (m: N): boolean => everyCell(m, false, (x, i, j) => at(x, i, j) === 0);
export const isBinary = (m: N): boolean => everyCell(m, false, (x, i, j) => at(x, i, j) === 0 || at(x, i, j) === 1);
export const isIdentity = (m: N): boolean => everyCell(m, true, (x, i, j) => at(x, i, j) === (i === j ? 1 : 0));
export const isDiagonal = (m: N): boolean => everyCell(m, true, (x, i, j) => i === j || at(x, i, j) === 0);
export const isAntidiagonal = (m: N): boolean => everyCell(m, true, (x, i, j) => i + j === x.cols - 1 || at(x, i, j) === 0);
export const isSymmetric = (m: N): boolean => everyCell(m, true, (x, i, j) => at(x, i, j) === at(x, j, i));
export const isAntisymmetric = (m: N): boolean => everyCell(m, true, (x, i, j) => at(x, i, j) === -at(x, j, i));
export const isTriangular = (m: N): boolean =>
  everyCell(m, true, (x, i, j) => i <= j || at(x, i, j) === 0) || everyCell(m, true, (x, i, j) => i >= j || at(x, i, j) === 0);
/** Non-negative elements and every row summing to 1. */
export function isStochastic(m: N): boolean {
  const x = need(m);
  if (!everyCell(m, false, (y, i, j) => at(y, i, j) >= 0)) return false;
  for (let i = 0; i < x.rows; i++) {
    let s = 0;
    for (let j = 0; j < x.cols; j++) s += at(x, i, j);
    if (Math.abs(s - 1) > EPS) return false;
  }
  return true;
}

// ---- records ----
const fn = (sig: string | string[], doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: typeof sig === "string" ? `matrix.${sig}` : sig.map((s) => `matrix.${s}`), doc, emit: (b) => `${b.fn(impl)}(${b.inOrder().join(", ")})` });
const M = "id: series matrix<T>";
const M2 = (name: string): string[] => [
  `${name}(id1: series matrix<T>, id2: series matrix<T>): series matrix<T>`,
  `${name}(id1: series matrix<T>, id2: series T): series matrix<T>`,
];
const isFn = (name: string, doc: string, impl: RuntimeFunction): FunctionRecord => fn(`is_${name}(${M}): series bool`, doc, impl);

export const matrixMathFunctions: FunctionRecord[] = [
  fn(M2("sum"), "A new matrix: the element-wise sum with a matrix of the same size, or with a scalar.", sum),
  fn(M2("diff"), "A new matrix: the element-wise difference with a matrix of the same size, or with a scalar.", diff),
  fn(
    [...M2("mult"), "mult(id1: series matrix<T>, id2: series array<T>): series array<T>"],
    "The matrix product (columns of id1 = rows of id2), the product with a scalar, or with a vector (an array).",
    mult,
  ),
  fn(`pow(${M}, power: series int): series matrix<T>`, "The square matrix multiplied by itself `power` times.", pow),
  fn("kron(id1: series matrix<T>, id2: series matrix<T>): series matrix<T>", "The Kronecker product.", kron),
  fn(`avg(${M}): series float`, "The mean of the elements.", avg),
  fn(`min(${M}): series T`, "The smallest element.", min),
  fn(`max(${M}): series T`, "The largest element.", max),
  fn(`median(${M}): series float`, "The median of the elements.", median),
  fn(`mode(${M}): series float`, "The most frequent element (the smallest among ties).", mode),
  fn(`det(${M}): series float`, "The determinant of a square matrix.", det),
  fn(`inv(${M}): series matrix<float>`, "The inverse of a square matrix (na elements when singular).", inv),
  fn(`pinv(${M}): series matrix<float>`, "The Moore-Penrose pseudo-inverse.", pinv),
  fn(`rank(${M}): series int`, "The rank: the number of linearly independent rows.", rank),
  fn(`trace(${M}): series T`, "The sum of the main diagonal of a square matrix.", trace),
  isFn("square", "True when rows = columns.", isSquare),
  isFn("zero", "True when every element is 0.", isZero),
  isFn("binary", "True when every element is 0 or 1.", isBinary),
  isFn("identity", "True for a square matrix with 1 on the diagonal and 0 elsewhere.", isIdentity),
  isFn("diagonal", "True for a square matrix whose elements off the main diagonal are 0.", isDiagonal),
  isFn("antidiagonal", "True for a square matrix whose elements off the anti-diagonal are 0.", isAntidiagonal),
  isFn("symmetric", "True for a square matrix equal to its transpose.", isSymmetric),
  isFn("antisymmetric", "True for a square matrix whose transpose is its negative.", isAntisymmetric),
  isFn("triangular", "True for a square matrix that is upper or lower triangular.", isTriangular),
  isFn("stochastic", "True when the elements are non-negative and every row sums to 1.", isStochastic),
];
