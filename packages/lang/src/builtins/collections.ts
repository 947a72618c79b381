// array.*, map.*, matrix.* (LANGUAGE.md item 9). Every function whose first parameter is the
// collection can also be called as a method (`a.push(x)` is `array.push(a, x)`). Collections are
// references: results are series (Pine qualifies every array value as series).

import type { TableBuilder } from "./signature";

export function addCollections(t: TableBuilder): void {
  addArray(t);
  addMap(t);
  addMatrix(t);
  t.constants("order", "string", ["ascending", "descending"], "Sort order.");
}

function addArray(t: TableBuilder): void {
  const a = (sig: string, doc: string): void => t.fn(`array.${sig}`, doc);
  a("new(size: series int = 0, initial_value: series T = na): series array<T>", "A new array of `size` elements set to `initial_value` (the element type is the type argument: `array.new<float>`).");
  for (const ty of ["float", "int", "bool", "string", "color"]) {
    a(`new_${ty}(size: series int = 0, initial_value: series ${ty} = na): series array<${ty}>`, `A new array of ${ty}.`);
  }
  for (const ty of ["label", "line", "box", "table", "linefill"]) {
    a(`new_${ty}(size: series int = 0, initial_value: series ${ty} = na): series array<${ty}>`, `A new array of ${ty} handles.`);
  }
  a("from(...value: series T): series array<T>", "A new array of its arguments.");
  a("size(id: series array<T>): series int", "Number of elements.");
  a("get(id: series array<T>, index: series int): series T", "The element at `index` (negative counts from the end).");
  a("set(id: series array<T>, index: series int, value: series T): void", "Sets the element at `index`.");
  a("push(id: series array<T>, value: series T): void", "Appends `value`.");
  a("pop(id: series array<T>): series T", "Removes and returns the last element.");
  a("shift(id: series array<T>): series T", "Removes and returns the first element.");
  a("unshift(id: series array<T>, value: series T): void", "Inserts `value` at the start.");
  a("insert(id: series array<T>, index: series int, value: series T): void", "Inserts `value` at `index`.");
  a("remove(id: series array<T>, index: series int): series T", "Removes and returns the element at `index`.");
  a("clear(id: series array<T>): void", "Removes every element.");
  a("first(id: series array<T>): series T", "The first element.");
  a("last(id: series array<T>): series T", "The last element.");
  a("includes(id: series array<T>, value: series T): series bool", "True when `value` is an element.");
  a("indexof(id: series array<T>, value: series T): series int", "Index of the first `value`, or -1.");
  a("lastindexof(id: series array<T>, value: series T): series int", "Index of the last `value`, or -1.");
  a("fill(id: series array<T>, value: series T, index_from: series int = 0, index_to: series int = na): void", "Sets elements from `index_from` to `index_to` (exclusive) to `value`.");
  a("copy(id: series array<T>): series array<T>", "A shallow copy.");
  a("slice(id: series array<T>, index_from: series int, index_to: series int): series array<T>", "A copy of the elements from `index_from` to `index_to` (exclusive).");
  a("concat(id1: series array<T>, id2: series array<T>): series array<T>", "Appends `id2`'s elements to `id1` and returns `id1`.");
  a("reverse(id: series array<T>): void", "Reverses the array in place.");
  a("join(id: series array<T>, separator: series string = \"\"): series string", "The elements as strings, joined.");
  a("sort(id: series array<T>, order: series string = \"order.ascending\"): void", "Sorts in place.");
  a("sort_indices(id: series array<T>, order: series string = \"order.ascending\"): series array<int>", "The indices that would sort the array.");
  for (const [n, doc] of [
    ["sum", "Sum of the elements."],
    ["avg", "Mean of the elements."],
    ["min", "Smallest element."],
    ["max", "Largest element."],
    ["median", "Median of the elements."],
    ["mode", "Most frequent element (smallest on ties)."],
    ["range", "max - min."],
    ["abs", "Absolute values, as a new array."],
  ] as const) {
    if (n === "abs") a(`abs(id: series array<N>): series array<N>`, doc);
    else a(`${n}(id: series array<N>): series N`, doc);
  }
  a("stdev(id: series array<N>, biased: series bool = true): series float", "Standard deviation of the elements.");
  a("variance(id: series array<N>, biased: series bool = true): series float", "Variance of the elements.");
  a("covariance(id1: series array<N>, id2: series array<N>, biased: series bool = true): series float", "Covariance of two arrays.");
  a("percentrank(id: series array<N>, index: series int): series float", "Percent of elements <= the element at `index`.");
  a("standardize(id: series array<N>): series array<float>", "Elements as z-scores.");
  a("binary_search(id: series array<N>, val: series N): series int", "Index of `val` in a sorted array, or -1.");
  a("every(id: series array<bool>): series bool", "True when every element is true.");
  a("some(id: series array<bool>): series bool", "True when some element is true.");
}

function addMap(t: TableBuilder): void {
  const m = (sig: string, doc: string): void => t.fn(`map.${sig}`, doc);
  m("new(): series map<K, V>", "A new empty map (types from `map.new<K, V>`).");
  m("put(id: series map<K, V>, key: series K, value: series V): series V", "Sets `key` to `value`; returns the previous value or na.");
  m("get(id: series map<K, V>, key: series K): series V", "The value of `key`, or na.");
  m("contains(id: series map<K, V>, key: series K): series bool", "True when `key` is present.");
  m("remove(id: series map<K, V>, key: series K): series V", "Removes `key`; returns its value or na.");
  m("keys(id: series map<K, V>): series array<K>", "The keys, in insertion order.");
  m("values(id: series map<K, V>): series array<V>", "The values, in insertion order.");
  m("size(id: series map<K, V>): series int", "Number of pairs.");
  m("clear(id: series map<K, V>): void", "Removes every pair.");
  m("copy(id: series map<K, V>): series map<K, V>", "A shallow copy.");
}

function addMatrix(t: TableBuilder): void {
  const m = (sig: string, doc: string): void => t.fn(`matrix.${sig}`, doc);
  m("new(rows: series int = 0, columns: series int = 0, initial_value: series T = na): series matrix<T>", "A new matrix (type from `matrix.new<T>`).");
  m("get(id: series matrix<T>, row: series int, column: series int): series T", "The element at (row, column).");
  m("set(id: series matrix<T>, row: series int, column: series int, value: series T): void", "Sets the element at (row, column).");
  m("rows(id: series matrix<T>): series int", "Number of rows.");
  m("columns(id: series matrix<T>): series int", "Number of columns.");
  m("fill(id: series matrix<T>, value: series T): void", "Sets every element.");
  m("copy(id: series matrix<T>): series matrix<T>", "A copy.");
  m("row(id: series matrix<T>, row: series int): series array<T>", "A row as an array.");
  m("col(id: series matrix<T>, column: series int): series array<T>", "A column as an array.");
}
