// matrix.*: construction, element access and the shape operations, with TradingView's semantics
// (row-major, 0-based, ranges `from` inclusive and `to` exclusive, in-place operations return
// nothing). The arithmetic and linear algebra are in matrix-math.ts, re-exported here.

import { builtinFunction, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail } from "../runtime/errors";
import { PineArray } from "./pine-array";
import { checkCol, checkRow, MATRIX_ERRORS, need, PineMatrix, sized, type Mx } from "./matrix-core";
import { compareKeys, SORT_FIELD_PARAM, sortFieldSlot, sortKey } from "./sort-field";

export { PineMatrix } from "./matrix-core";
export * from "./matrix-math";
export * from "./matrix-eigen";

/** `matrix.new`: an na row or column count is 0, as `array.new`'s na size (a public script's `matrix.new<float>(na, na, na)` grows by add_col). */
export function make<T>(rows: number, cols: number, initial: T, na: T): PineMatrix<T> {
  const r = rows === rows ? rows : 0;
  const c = cols === cols ? cols : 0;
  const n = r * c;
  if (n > 100_000) fail(MATRIX_ERRORS.tooLarge);
  return sized(r, c, new Array<T>(Math.max(0, n)).fill(initial), na);
}
export function get<T>(m: Mx<T>, row: number, col: number): T {
  const x = need(m);
  checkRow(x, row);
  checkCol(x, col);
  return x.v[row * x.cols + col]!;
}
export function set<T>(m: Mx<T>, row: number, col: number, value: T): void {
  const x = need(m);
  checkRow(x, row);
  checkCol(x, col);
  x.v[row * x.cols + col] = value;
}
export function rows<T>(m: Mx<T>): number {
  return need(m).rows;
}
export function columns<T>(m: Mx<T>): number {
  return need(m).cols;
}
export function elementsCount<T>(m: Mx<T>): number {
  const x = need(m);
  return x.rows * x.cols;
}
export function row<T>(m: Mx<T>, r: number): PineArray<T> {
  const x = need(m);
  checkRow(x, r);
  return new PineArray(x.v.slice(r * x.cols, (r + 1) * x.cols));
}
/**
 * What `for row in m` walks: the rows as the loop reaches them. TradingView's user manual (Loops,
 * for...in) says a loop that changes its collection's size uses the updated size, as a `for` loop
 * to `matrix.rows(id) - 1` would, and that each iteration retrieves the current row's elements: so
 * `length` is the matrix's row count at each test and row `k` a new array of row k at each read.
 */
export function liveRows<T>(m: PineMatrix<T>): Array<PineArray<T>> {
  return new Proxy<Array<PineArray<T>>>([], {
    get(target, p) {
      if (p === "length") return m.rows;
      const k = typeof p === "string" ? Number(p) : NaN;
      if (Number.isInteger(k) && k >= 0 && String(k) === p) return k < m.rows ? new PineArray(m.v.slice(k * m.cols, (k + 1) * m.cols)) : undefined;
      return Reflect.get(target, p) as unknown;
    },
  });
}
export function col<T>(m: Mx<T>, c: number): PineArray<T> {
  const x = need(m);
  checkCol(x, c);
  const out: T[] = [];
  for (let i = 0; i < x.rows; i++) out.push(x.v[i * x.cols + c]!);
  return new PineArray(out);
}

/** Adds a row at `r` (default: after the last): the array's values, or na; an empty matrix takes the array's width. */
export function addRow<T>(m: Mx<T>, r?: number, values?: PineArray<T> | null): void {
  const x = need(m);
  const at = r ?? x.rows;
  checkRow(x, at, x.rows);
  const width = x.rows === 0 && x.cols === 0 && values ? values.v.length : x.cols;
  const items = values ? values.v.slice() : new Array<T>(width).fill(x.na);
  if (items.length !== width) fail(MATRIX_ERRORS.arraySize);
  if ((x.rows + 1) * width > 100_000) fail(MATRIX_ERRORS.tooLarge);
  x.cols = width;
  x.v.splice(at * width, 0, ...items);
  x.rows++;
}
/** Adds a column at `c` (default: after the last): the array's values, or na; an empty matrix takes the array's height. */
export function addCol<T>(m: Mx<T>, c?: number, values?: PineArray<T> | null): void {
  const x = need(m);
  const at = c ?? x.cols;
  checkCol(x, at, x.cols);
  const height = x.rows === 0 && x.cols === 0 && values ? values.v.length : x.rows;
  const items = values ? values.v : new Array<T>(height).fill(x.na);
  if (items.length !== height) fail(MATRIX_ERRORS.arraySize);
  if (height * (x.cols + 1) > 100_000) fail(MATRIX_ERRORS.tooLarge);
  const out: T[] = [];
  for (let i = 0; i < height; i++) {
    const line = x.v.slice(i * x.cols, (i + 1) * x.cols);
    line.splice(at, 0, items[i]!);
    out.push(...line);
  }
  x.rows = height;
  x.cols++;
  x.v = out;
}
export function removeRow<T>(m: Mx<T>, r?: number): PineArray<T> {
  const x = need(m);
  const at = r ?? x.rows - 1;
  checkRow(x, at);
  const removed = x.v.splice(at * x.cols, x.cols);
  x.rows--;
  if (x.rows === 0) x.cols = 0;
  return new PineArray(removed);
}
export function removeCol<T>(m: Mx<T>, c?: number): PineArray<T> {
  const x = need(m);
  const at = c ?? x.cols - 1;
  checkCol(x, at);
  const removed: T[] = [];
  const out: T[] = [];
  for (let i = 0; i < x.rows; i++)
    for (let j = 0; j < x.cols; j++) (j === at ? removed : out).push(x.v[i * x.cols + j]!);
  x.cols--;
  if (x.cols === 0) x.rows = 0;
  x.v = out;
  return new PineArray(removed);
}
export function fill<T>(m: Mx<T>, value: T, fromRow = 0, toRow?: number, fromCol = 0, toCol?: number): void {
  const x = need(m);
  const r1 = toRow ?? x.rows;
  const c1 = toCol ?? x.cols;
  checkRow(x, fromRow, x.rows);
  checkRow(x, r1, x.rows);
  checkCol(x, fromCol, x.cols);
  checkCol(x, c1, x.cols);
  for (let i = fromRow; i < r1; i++) for (let j = fromCol; j < c1; j++) x.v[i * x.cols + j] = value;
}
export function copy<T>(m: Mx<T>): PineMatrix<T> {
  const x = need(m);
  return new PineMatrix(x.rows, x.cols, x.v.slice(), x.na);
}
export function submatrix<T>(m: Mx<T>, fromRow = 0, toRow?: number, fromCol = 0, toCol?: number): PineMatrix<T> {
  const x = need(m);
  const r1 = toRow ?? x.rows;
  const c1 = toCol ?? x.cols;
  checkRow(x, fromRow, x.rows);
  checkRow(x, r1, x.rows);
  checkCol(x, fromCol, x.cols);
  checkCol(x, c1, x.cols);
  if (r1 <= fromRow || c1 <= fromCol) fail(MATRIX_ERRORS.range);
  const out: T[] = [];
  for (let i = fromRow; i < r1; i++) out.push(...x.v.slice(i * x.cols + fromCol, i * x.cols + c1));
  return new PineMatrix(r1 - fromRow, c1 - fromCol, out, x.na);
}
export function transpose<T>(m: Mx<T>): PineMatrix<T> {
  const x = need(m);
  const out: T[] = [];
  for (let j = 0; j < x.cols; j++) for (let i = 0; i < x.rows; i++) out.push(x.v[i * x.cols + j]!);
  return new PineMatrix(x.cols, x.rows, out, x.na);
}
export function reshape<T>(m: Mx<T>, r: number, c: number): void {
  const x = need(m);
  if (r * c !== x.rows * x.cols) fail(`matrix.reshape: ${r} x ${c} does not hold the ${x.rows * x.cols} elements`);
  x.rows = r;
  x.cols = c;
}
/** The first row and column become the last: the element at (i, j) moves to (rows-1-i, columns-1-j). */
export function reverse<T>(m: Mx<T>): void {
  need(m).v.reverse();
}
/** Reorders the rows by the values of `column` (na last); of objects, by their field at `slot` (sort-field.ts). */
export function sort<T>(m: Mx<T>, column = 0, order = "ascending", slot = -1): void {
  const x = need(m);
  if (x.rows === 0) return;
  checkCol(x, column);
  const dir = order === "descending" ? -1 : 1;
  const lines = Array.from({ length: x.rows }, (_, i) => x.v.slice(i * x.cols, (i + 1) * x.cols));
  lines.sort((p, q) => compareKeys(sortKey(p[column], slot), sortKey(q[column], slot), dir));
  x.v = lines.flat() as T[];
}
/** Appends the rows of `m2` to `m1` (same number of columns) and returns `m1`. */
export function concat<T>(m1: Mx<T>, m2: Mx<T>): PineMatrix<T> {
  const x = need(m1);
  const y = need(m2);
  if (x.rows * x.cols === 0) x.cols = y.cols;
  if (y.rows > 0 && x.cols !== y.cols) fail(`matrix.concat: ${x.cols} and ${y.cols} columns`);
  if ((x.rows + y.rows) * x.cols > 100_000) fail(MATRIX_ERRORS.tooLarge);
  x.v.push(...y.v);
  x.rows += y.rows;
  return x;
}
export function swapRows<T>(m: Mx<T>, r1: number, r2: number): void {
  const x = need(m);
  checkRow(x, r1);
  checkRow(x, r2);
  for (let j = 0; j < x.cols; j++) {
    const t = x.v[r1 * x.cols + j]!;
    x.v[r1 * x.cols + j] = x.v[r2 * x.cols + j]!;
    x.v[r2 * x.cols + j] = t;
  }
}
export function swapColumns<T>(m: Mx<T>, c1: number, c2: number): void {
  const x = need(m);
  checkCol(x, c1);
  checkCol(x, c2);
  for (let i = 0; i < x.rows; i++) {
    const t = x.v[i * x.cols + c1]!;
    x.v[i * x.cols + c1] = x.v[i * x.cols + c2]!;
    x.v[i * x.cols + c2] = t;
  }
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Every function whose first parameter is the matrix can also be called as a method (`m.get(0, 1)`).

const naOf = (type: string | null): string => (type === "bool" ? "false" : type === "float" || type === "int" || type === "color" || type === null ? "NaN" : "null");
const fn = (sig: string, doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: `matrix.${sig}`, doc, emit: (b) => `${b.fn(impl)}(${b.inOrder().join(", ")})` });
const M = "id: series matrix<T>";

export const matrixShapeFunctions: FunctionRecord[] = [
  builtinFunction({
    sig: "matrix.new(rows: series int = 0, columns: series int = 0, initial_value: series T = na): series matrix<T>",
    doc: "A new matrix of `rows` x `columns` elements set to `initial_value` (type from `matrix.new<T>`).",
    emit: (b) => {
      const na = naOf(b.typeArg(0));
      return `${b.fn(make)}(${b.a("rows", "0")}, ${b.a("columns", "0")}, ${b.a("initial_value", na)}, ${na})`;
    },
  }),
  fn(`get(${M}, row: series int, column: series int): series T`, "The element at (row, column).", get),
  fn(`set(${M}, row: series int, column: series int, value: series T): void`, "Sets the element at (row, column).", set),
  fn(`rows(${M}): series int`, "Number of rows.", rows),
  fn(`columns(${M}): series int`, "Number of columns.", columns),
  fn(`elements_count(${M}): series int`, "Number of elements (rows x columns).", elementsCount),
  fn(`row(${M}, row: series int): series array<T>`, "A row as a new array.", row),
  fn(`col(${M}, column: series int): series array<T>`, "A column as a new array.", col),
  fn(`add_row(${M}, row: series int = na, array_id: series array<T> = na): void`, "Inserts a row (the array's values, or na) at `row`, after the last by default.", addRow),
  fn(`add_col(${M}, column: series int = na, array_id: series array<T> = na): void`, "Inserts a column (the array's values, or na) at `column`, after the last by default.", addCol),
  fn(`remove_row(${M}, row: series int = na): series array<T>`, "Removes a row (the last by default) and returns it.", removeRow),
  fn(`remove_col(${M}, column: series int = na): series array<T>`, "Removes a column (the last by default) and returns it.", removeCol),
  fn(`fill(${M}, value: series T, from_row: series int = 0, to_row: series int = na, from_column: series int = 0, to_column: series int = na): void`, "Sets the elements of a range (to_* exclusive).", fill),
  fn(`copy(${M}): series matrix<T>`, "A copy.", copy),
  fn(`submatrix(${M}, from_row: series int = 0, to_row: series int = na, from_column: series int = 0, to_column: series int = na): series matrix<T>`, "A new matrix of a range (to_* exclusive).", submatrix),
  fn(`transpose(${M}): series matrix<T>`, "A new matrix with rows and columns swapped.", transpose),
  fn(`reshape(${M}, rows: series int, columns: series int): void`, "Rearranges the elements, row by row, into rows x columns.", reshape),
  fn(`reverse(${M}): void`, "Reverses the order of rows and columns: the first element becomes the last.", reverse),
  builtinFunction({
    sig: `matrix.sort(${M}, column: series int = 0, order: series string = "order.ascending", ${SORT_FIELD_PARAM}): void`,
    doc: "Reorders the rows by the values of `column`; of a matrix of objects, by one field of them (`sort_field`).",
    emit: (b) => `${b.fn(sort)}(${b.a("id")}, ${b.a("column", "0")}, ${b.a("order", '"ascending"')}, ${sortFieldSlot(b, "id")})`,
  }),
  fn(`concat(id1: series matrix<T>, id2: series matrix<T>): series matrix<T>`, "Appends the rows of `id2` to `id1` and returns `id1`.", concat),
  fn(`swap_rows(${M}, row1: series int, row2: series int): void`, "Swaps two rows.", swapRows),
  fn(`swap_columns(${M}, column1: series int, column2: series int): void`, "Swaps two columns.", swapColumns),
];
