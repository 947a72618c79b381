// map.* and matrix.*: known to the checker (signatures, docs) and refused with
// `unsupported_feature` until they get a runtime implementation; array.* lives with its
// implementation in stdlib/array.ts. Every function whose first parameter is the collection can
// also be called as a method. Collections are references: results are series.

import { builtinFunction, type FunctionRecord } from "./record";

/** A record of a collection function not compiled yet (its namespace's message). */
function pendingRecord(ns: "map" | "matrix") {
  return (sig: string, doc: string): FunctionRecord =>
    builtinFunction({ sig: `${ns}.${sig}`, doc, pending: `\`${ns}.*\` is not supported by the evaluator yet: use arrays.` });
}

const map = pendingRecord("map");
export const mapFunctions: FunctionRecord[] = [
  map("new(): series map<K, V>", "A new empty map (types from `map.new<K, V>`)."),
  map("put(id: series map<K, V>, key: series K, value: series V): series V", "Sets `key` to `value`; returns the previous value or na."),
  map("get(id: series map<K, V>, key: series K): series V", "The value of `key`, or na."),
  map("contains(id: series map<K, V>, key: series K): series bool", "True when `key` is present."),
  map("remove(id: series map<K, V>, key: series K): series V", "Removes `key`; returns its value or na."),
  map("keys(id: series map<K, V>): series array<K>", "The keys, in insertion order."),
  map("values(id: series map<K, V>): series array<V>", "The values, in insertion order."),
  map("size(id: series map<K, V>): series int", "Number of pairs."),
  map("clear(id: series map<K, V>): void", "Removes every pair."),
  map("copy(id: series map<K, V>): series map<K, V>", "A shallow copy."),
];

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
