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

/** Runtime errors' texts as TradingView's user manual (Matrices, Error handling) gives them. */
export const MATRIX_ERRORS = {
  na: "Cannot call matrix methods when the ID of matrix is 'na'.",
  tooLarge: "Matrix is too large. Maximum size of the matrix is 100,000 elements.",
  arraySize: "The array size does not match the number of rows or columns in the matrix.",
  range: "The row/column index must be 0 <= from_row/column < to_row/column.",
  sumSize: "Matrices 'id1' and 'id2' must have an equal number of rows and columns to be added.",
  multSize: "The number of columns in the 'id1' matrix must equal the number of rows in the matrix (or the number of elements in the array) 'id2'.",
  notSquare: "Operation not available for non-square matrices.",
} as const;

const outOfBounds = (kind: "row" | "column", index: number, size: number): string => `The ${kind} index (${index}) is out of bounds, ${kind} size is (${size}).`;

export function need<T>(m: Mx<T>): PineMatrix<T> {
  if (m === null) fail(MATRIX_ERRORS.na);
  return m;
}

export function sized<T>(rows: number, cols: number, v: T[], na: T): PineMatrix<T> {
  if (!(rows >= 0 && cols >= 0) || !Number.isInteger(rows) || !Number.isInteger(cols)) fail(`matrix dimensions ${rows} x ${cols} are invalid`);
  if (rows * cols > MAX_MATRIX_ELEMENTS) fail(MATRIX_ERRORS.tooLarge);
  return new PineMatrix(rows, cols, v, na);
}

export function checkRow<T>(m: PineMatrix<T>, row: number, end = m.rows - 1): void {
  if (!Number.isInteger(row) || row < 0 || row > end) fail(outOfBounds("row", row, m.rows));
}
export function checkCol<T>(m: PineMatrix<T>, col: number, end = m.cols - 1): void {
  if (!Number.isInteger(col) || col < 0 || col > end) fail(outOfBounds("column", col, m.cols));
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
