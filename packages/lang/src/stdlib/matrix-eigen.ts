// matrix.eigenvalues / matrix.eigenvectors of a square numeric matrix (docs/reference/language.md,
// "differences" docs topic). A symmetric matrix goes through cyclic Jacobi rotations (orthonormal
// eigenvectors, exact for repeated eigenvalues); any other through a Householder reduction to
// Hessenberg form and shifted QR steps (eigenvalues), then inverse iteration on the original matrix
// (one eigenvector per real eigenvalue). Eigenvalues come largest first; each eigenvector is a
// unit column whose first non-zero component is positive. A complex pair has no real value: both
// its eigenvalues and both its eigenvector columns are na, after the real ones.

import { builtinFunction, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail } from "../runtime/errors";
import { PineArray } from "./pine-array";
import { MATRIX_ERRORS, need, PineMatrix, rowsOf, type Mx } from "./matrix-core";

const EPS = 2.220446049250313e-16;
const MAX_SWEEPS = 100;

interface Eigen {
  values: number[];
  /** vectors[k] is the eigenvector of values[k] (null for a complex value). */
  vectors: Array<number[] | null>;
}

function squareRows(m: Mx<number>): number[][] {
  const x = need(m);
  if (x.rows !== x.cols) fail(MATRIX_ERRORS.notSquare);
  return rowsOf(x);
}

function isSymmetric(a: number[][]): boolean {
  for (let i = 0; i < a.length; i++) for (let j = 0; j < i; j++) if (a[i]![j] !== a[j]![i]) return false;
  return true;
}

// ---- symmetric: cyclic Jacobi ----

function offDiagonal(a: number[][]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) for (let j = 0; j < a.length; j++) if (i !== j) s += a[i]![j]! * a[i]![j]!;
  return s;
}

/** Zeroes a[p][q] by a rotation of rows and columns p, q; the rotation is accumulated in v. */
function rotate(a: number[][], v: number[][], p: number, q: number): void {
  const apq = a[p]![q]!;
  if (apq === 0) return;
  const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
  const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < a.length; k++) {
    const akp = a[k]![p]!;
    const akq = a[k]![q]!;
    a[k]![p] = c * akp - s * akq;
    a[k]![q] = s * akp + c * akq;
  }
  for (let k = 0; k < a.length; k++) {
    const apk = a[p]![k]!;
    const aqk = a[q]![k]!;
    a[p]![k] = c * apk - s * aqk;
    a[q]![k] = s * apk + c * aqk;
  }
  for (let k = 0; k < a.length; k++) {
    const vkp = v[k]![p]!;
    const vkq = v[k]![q]!;
    v[k]![p] = c * vkp - s * vkq;
    v[k]![q] = s * vkp + c * vkq;
  }
}

function jacobi(a: number[][]): Eigen {
  const n = a.length;
  const v = a.map((_, i) => a.map((_unused, j) => (i === j ? 1 : 0)));
  const scale = a.reduce((s, row) => s + row.reduce((t, x) => t + x * x, 0), 0);
  for (let sweep = 0; sweep < MAX_SWEEPS && offDiagonal(a) > EPS * EPS * scale; sweep++) {
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) rotate(a, v, p, q);
  }
  return { values: a.map((row, i) => row[i]!), vectors: a.map((_, j) => v.map((row) => row[j]!)) };
}

// ---- general: Hessenberg, shifted QR, inverse iteration ----

/** Householder reduction to upper Hessenberg form, in place (similar: the same eigenvalues). */
function hessenberg(h: number[][]): void {
  const n = h.length;
  for (let k = 0; k < n - 2; k++) {
    let alpha = 0;
    for (let i = k + 1; i < n; i++) alpha += h[i]![k]! * h[i]![k]!;
    alpha = Math.sqrt(alpha);
    if (alpha === 0) continue;
    if (h[k + 1]![k]! > 0) alpha = -alpha;
    const u = new Array<number>(n).fill(0);
    for (let i = k + 1; i < n; i++) u[i] = h[i]![k]!;
    u[k + 1]! -= alpha;
    const uu = u.reduce((s, x) => s + x * x, 0);
    if (uu === 0) continue;
    // H = P H P with P = I - 2 u u' / u'u
    for (let j = 0; j < n; j++) {
      let d = 0;
      for (let i = k + 1; i < n; i++) d += u[i]! * h[i]![j]!;
      const f = (2 * d) / uu;
      for (let i = k + 1; i < n; i++) h[i]![j]! -= f * u[i]!;
    }
    for (let i = 0; i < n; i++) {
      let d = 0;
      for (let j = k + 1; j < n; j++) d += h[i]![j]! * u[j]!;
      const f = (2 * d) / uu;
      for (let j = k + 1; j < n; j++) h[i]![j]! -= f * u[j]!;
    }
  }
}

/** The eigenvalues of the 2 x 2 block at rows/columns i, i + 1: [re, im] twice. */
function block2(h: number[][], i: number): [[number, number], [number, number]] {
  const [a, b, c, d] = [h[i]![i]!, h[i]![i + 1]!, h[i + 1]![i]!, h[i + 1]![i + 1]!];
  const m = (a + d) / 2;
  const disc = ((a - d) / 2) ** 2 + b * c;
  if (disc >= 0) {
    const r = Math.sqrt(disc);
    // the root away from the mean first, the other from the determinant: no cancellation
    const big = m + (m >= 0 ? r : -r);
    const small = big === 0 ? 0 : (a * d - b * c) / big;
    return [[big, 0], [small, 0]];
  }
  const im = Math.sqrt(-disc);
  return [[m, im], [m, -im]];
}

/** One QR step with shift mu on the active window lo..hi, by Givens rotations (H - mu I = QR, H = RQ + mu I). */
function qrStep(h: number[][], lo: number, hi: number, mu: number): void {
  for (let i = lo; i <= hi; i++) h[i]![i]! -= mu;
  const rot: Array<[number, number]> = [];
  for (let k = lo; k < hi; k++) {
    const x = h[k]![k]!;
    const y = h[k + 1]![k]!;
    const r = Math.hypot(x, y);
    const [c, s] = r === 0 ? [1, 0] : [x / r, y / r];
    rot.push([c, s]);
    for (let j = k; j <= hi; j++) {
      const a = h[k]![j]!;
      const b = h[k + 1]![j]!;
      h[k]![j] = c * a + s * b;
      h[k + 1]![j] = -s * a + c * b;
    }
  }
  for (let k = lo; k < hi; k++) {
    const [c, s] = rot[k - lo]!;
    for (let i = lo; i <= Math.min(hi, k + 2); i++) {
      const a = h[i]![k]!;
      const b = h[i]![k + 1]!;
      h[i]![k] = c * a + s * b;
      h[i]![k + 1] = -s * a + c * b;
    }
  }
  for (let i = lo; i <= hi; i++) h[i]![i]! += mu;
}

function negligible(h: number[][], k: number): boolean {
  return Math.abs(h[k]![k - 1]!) <= EPS * (Math.abs(h[k - 1]![k - 1]!) + Math.abs(h[k]![k]!) || 1);
}

/** The shift: the trailing 2 x 2 block's eigenvalue nearer its last diagonal element (its real part when complex). */
function shiftOf(h: number[][], hi: number, iter: number): number {
  if (iter > 0 && iter % 11 === 0) return h[hi]![hi]! + Math.abs(h[hi]![hi - 1]!) + Math.abs(h[hi - 1]![hi - 2] ?? 0); // leaves a stall
  const [[r1, i1], [r2]] = block2(h, hi - 1);
  if (i1 !== 0) return r1;
  return Math.abs(r1 - h[hi]![hi]!) <= Math.abs(r2 - h[hi]![hi]!) ? r1 : r2;
}

/** Eigenvalues of an upper Hessenberg matrix as [re, im] (destroys h). */
function hessenbergEigenvalues(h: number[][]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let hi = h.length - 1;
  let iter = 0;
  while (hi >= 0) {
    let lo = hi;
    while (lo > 0 && !negligible(h, lo)) lo--;
    if (lo > 0) h[lo]![lo - 1] = 0;
    if (lo === hi || lo === hi - 1) {
      if (lo === hi) out.push([h[hi]![hi]!, 0]);
      else out.push(...block2(h, hi - 1));
      hi = lo - 1;
      iter = 0;
      continue;
    }
    if (++iter > 60 * h.length) {
      for (let i = lo; i <= hi; i++) out.push([NaN, 0]); // no convergence: na
      hi = lo - 1;
      iter = 0;
      continue;
    }
    qrStep(h, lo, hi, shiftOf(h, hi, iter));
  }
  return out;
}

/** Solves (a - mu I) x = b by Gaussian elimination with partial pivoting (a zero pivot made tiny). */
function solveShifted(a: number[][], mu: number, b: number[], tiny: number): number[] {
  const n = a.length;
  const m = a.map((row, i) => [...row.map((x, j) => (i === j ? x - mu : x)), b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[p], m[c]] = [m[c]!, m[p]!];
    if (Math.abs(m[c]![c]!) < tiny) m[c]![c] = tiny;
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      if (f !== 0) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = m[i]![n]!;
    for (let k = i + 1; k < n; k++) s -= m[i]![k]! * x[k]!;
    x[i] = s / m[i]![i]!;
  }
  return x;
}

const norm = (v: number[]): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const scaled = (v: number[], k: number): number[] => v.map((x) => x * k);

/** An eigenvector of the real eigenvalue mu by inverse iteration, away from the vectors already found for it. */
function inverseIteration(a: number[][], mu: number, start: number, found: number[][]): number[] {
  const n = a.length;
  const size = a.reduce((s, row) => Math.max(s, row.reduce((t, x) => t + Math.abs(x), 0)), 0) || 1;
  let v = Array.from({ length: n }, (_, i) => (i === start % n ? 1 : 0) + 1 / (n + i + 1));
  for (let it = 0; it < 4; it++) {
    const w = solveShifted(a, mu, v, EPS * size);
    const l = norm(w);
    if (!(l > 0) || !Number.isFinite(l)) break;
    v = scaled(w, 1 / l);
  }
  for (const f of found) {
    const d = v.reduce((s, x, i) => s + x * f[i]!, 0);
    const rest = v.map((x, i) => x - d * f[i]!);
    const l = norm(rest);
    if (l > 1e-8) v = scaled(rest, 1 / l); // else the eigenvalue has fewer eigenvectors than its multiplicity
  }
  return v;
}

function general(a: number[][]): Eigen {
  const h = a.map((row) => [...row]);
  hessenberg(h);
  const all = hessenbergEigenvalues(h);
  const real = all.filter(([, im]) => im === 0).map(([re]) => re);
  const complex = all.length - real.length;
  const values = [...real, ...new Array<number>(complex).fill(NaN)];
  const vectors: Array<number[] | null> = [];
  const tol = 1e-9 * Math.max(1, ...real.map(Math.abs));
  for (let k = 0; k < real.length; k++) {
    const mu = real[k]!;
    const same = real.slice(0, k).flatMap((x, j) => (Math.abs(x - mu) <= tol && vectors[j] ? [vectors[j]!] : []));
    vectors.push(mu === mu ? inverseIteration(a, mu, k, same) : null);
  }
  for (let k = 0; k < complex; k++) vectors.push(null);
  return { values, vectors };
}

// ---- the two built-ins ----

/** Largest value first (na last); each vector unit length, its first non-zero component positive. */
function ordered(e: Eigen): Eigen {
  const order = e.values.map((_, k) => k).sort((i, j) => {
    const [x, y] = [e.values[i]!, e.values[j]!];
    if (x !== x || y !== y) return x !== x ? (y !== y ? i - j : 1) : -1;
    return y - x || i - j;
  });
  const tidy = (v: number[] | null): number[] | null => {
    if (v === null) return null;
    const l = norm(v);
    const first = v.find((x) => Math.abs(x) > 1e-12 * l) ?? 1;
    return scaled(v, (first < 0 ? -1 : 1) / l);
  };
  return { values: order.map((k) => e.values[k]!), vectors: order.map((k) => tidy(e.vectors[k]!)) };
}

function eigen(m: Mx<number>): Eigen {
  const a = squareRows(m);
  if (a.some((row) => row.some((x) => x !== x))) return { values: a.map(() => NaN), vectors: a.map(() => null) };
  return ordered(isSymmetric(a) ? jacobi(a) : general(a));
}

export function eigenvalues(m: Mx<number>): PineArray<number> {
  return new PineArray(eigen(m).values);
}

/** Each column is the eigenvector of the eigenvalue at the same index of matrix.eigenvalues. */
export function eigenvectors(m: Mx<number>): PineMatrix<number> {
  const { vectors } = eigen(m);
  const n = vectors.length;
  const v = new Array<number>(n * n).fill(NaN);
  vectors.forEach((col, j) => col?.forEach((x, i) => (v[i * n + j] = x)));
  return new PineMatrix(n, n, v, NaN);
}

const fn = (sig: string, doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: `matrix.${sig}`, doc, emit: (b) => `${b.fn(impl)}(${b.inOrder().join(", ")})` });

export const matrixEigenFunctions: FunctionRecord[] = [
  fn(
    "eigenvalues(id: series matrix<T>): series array<float>",
    "The eigenvalues of a square matrix, largest first (na for a complex pair).",
    eigenvalues,
  ),
  fn(
    "eigenvectors(id: series matrix<T>): series matrix<float>",
    "A matrix whose columns are unit eigenvectors, in the order of matrix.eigenvalues (na columns for a complex pair).",
    eigenvectors,
  ),
];
