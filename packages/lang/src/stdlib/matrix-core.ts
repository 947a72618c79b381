// The Pine matrix value: a reference to rows x columns elements kept row-major in one array, at
// most 100,000 elements as in TradingView. The element type's na comes from `matrix.new<T>()`.

import { fail } from "../runtime/errors";

export const MAX_MATRIX_ELEMENTS = 100_000;

export class PineMatrix<T = unknown> {
  constructor(
    public rows: number,
    public cols: number,
    public v: T[],
    readonly na: T,
  ) {}
}

export type Mx<T> = PineMatrix<T> | null;

export function need<T>(m: Mx<T>): PineMatrix<T> {
  if (m === null) fail("matrix is na");
  return m;
}

export function sized<T>(rows: number, cols: number, v: T[], na: T): PineMatrix<T> {
  if (!(rows >= 0 && cols >= 0) || !Number.isInteger(rows) || !Number.isInteger(cols)) fail(`matrix dimensions ${rows} x ${cols} are invalid`);
  if (rows * cols > MAX_MATRIX_ELEMENTS) fail(`matrix size ${rows * cols} exceeds the maximum of ${MAX_MATRIX_ELEMENTS} elements`);
  return new PineMatrix(rows, cols, v, na);
}

export function checkRow<T>(m: PineMatrix<T>, row: number, end = m.rows - 1): void {
  if (!Number.isInteger(row) || row < 0 || row > end) fail(`matrix row index ${row} is out of bounds (rows: ${m.rows})`);
}
export function checkCol<T>(m: PineMatrix<T>, col: number, end = m.cols - 1): void {
  if (!Number.isInteger(col) || col < 0 || col > end) fail(`matrix column index ${col} is out of bounds (columns: ${m.cols})`);
}

/** A numeric matrix as rows of numbers (for the linear algebra). */
export function rowsOf(m: PineMatrix<number>): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < m.rows; i++) out.push(m.v.slice(i * m.cols, (i + 1) * m.cols));
  return out;
}
export function fromRows(a: number[][], cols: number): PineMatrix<number> {
  return sized(a.length, cols, a.flat(), NaN);
}
