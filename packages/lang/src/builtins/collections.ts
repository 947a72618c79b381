// matrix.*: known to the checker (signatures, docs) and refused with `unsupported_feature` until
// it gets a runtime implementation; array.* and map.* live with their implementations in
// stdlib/array.ts and stdlib/map.ts. Every function whose first parameter is the collection can
// also be called as a method. Collections are references: results are series.

import { builtinFunction, type FunctionRecord } from "./record";

/** A record of a collection function not compiled yet (its namespace's message). */
function pendingRecord(ns: "matrix") {
  return (sig: string, doc: string): FunctionRecord =>
    builtinFunction({ sig: `${ns}.${sig}`, doc, pending: `\`${ns}.*\` is not supported by the evaluator yet: use arrays.` });
}

const matrix = pendingRecord("matrix");
export const matrixFunctions: FunctionRecord[] = [
  matrix("new(rows: series int = 0, columns: series int = 0, initial_value: series T = na): series matrix<T>", "A new matrix (type from `matrix.new<T>`)."),
  matrix("get(id: series matrix<T>, row: series int, column: series int): series T", "The element at (row, column)."),
  matrix("set(id: series matrix<T>, row: series int, column: series int, value: series T): void", "Sets the element at (row, column)."),
  matrix("rows(id: series matrix<T>): series int", "Number of rows."),
  matrix("columns(id: series matrix<T>): series int", "Number of columns."),
  matrix("fill(id: series matrix<T>, value: series T): void", "Sets every element."),
  matrix("copy(id: series matrix<T>): series matrix<T>", "A copy."),
  matrix("row(id: series matrix<T>, row: series int): series array<T>", "A row as an array."),
  matrix("col(id: series matrix<T>, column: series int): series array<T>", "A column as an array."),
];
