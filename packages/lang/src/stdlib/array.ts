// array.*: Pine arrays are references to a list of values (numbers, strings, bools, objects).
// Sizes are capped (MAX_ARRAY_SIZE); misuse is a runtime error with Pine's wording.

import { builtinFunction, constants, type CallEmit, type Emitter, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail, MAX_ARRAY_SIZE, NA_ARRAY_MESSAGE } from "../runtime/errors";

import { compareKeys, SORT_FIELD_PARAM, sortFieldSlot, sortKey } from "./sort-field";
import { elementAt, insertElement, PineSlice, removeElements, setElement, writeElements } from "./array-slice";
import { dropped, extremes, HI, largest, LO, PineArray, pushed, smallest } from "./pine-array";
import { javaDoubleText, numberText } from "./value-text";

// pushed and dropped: reached by the written-out push and shift (codegen/collections.ts)
export { dropped, PineArray, pushed };
// a sort_field given by a non-literal constant is resolved as the script runs (sort-field.ts)
export { fieldSlot } from "./sort-field";

type Arr<T> = PineArray<T> | null;

function need<T>(a: Arr<T>): PineArray<T> {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  return a;
}

function grow(n: number): void {
  if (n > MAX_ARRAY_SIZE) fail(`Array is too large. Maximum size is ${MAX_ARRAY_SIZE}`);
}

function index<T>(a: PineArray<T>, i: number, forInsert = false): number {
  const n = a.count();
  let k = Math.floor(i);
  if (k < 0) k += n;
  if (i !== i || k < 0 || (forInsert ? k > n : k >= n)) fail(`Index ${i} is out of bounds. Array size is ${n}`);
  return k;
}

export function make<T>(size: number, initial: T): PineArray<T> {
  const n = size === size ? Math.floor(size) : 0;
  if (n < 0) fail("Cannot create an array with a negative size");
  grow(n);
  // Filled by push, not `new Array(n).fill()`: V8 keeps a pushed array packed (holey arrays take
  // slower paths in every later read, push and shift).
  const v: T[] = [];
  for (let i = 0; i < n; i++) v.push(initial);
  return new PineArray<T>(v);
}

export function from<T>(values: T[]): PineArray<T> {
  return PineArray.of(values.slice());
}

// Each operation below takes a slice (stdlib/array-slice.ts) through the slice's own path: a slice
// shares its array's elements (docs/adr/0331).

export function size(a: Arr<unknown>): number {
  return need(a).count();
}
export function get<T>(a: Arr<T>, i: number): T {
  const x = need(a);
  return elementAt(x, index(x, i));
}
export function set<T>(a: Arr<T>, i: number, value: T): void {
  const x = need(a);
  setElement(x, index(x, i), value);
}
export function push<T>(a: Arr<T>, value: T): void {
  const x = need(a);
  if (x instanceof PineSlice) return insertElement(x, x.count(), value);
  grow(x.e.length + 1);
  x.e.push(value);
  if (x.ext !== 0) pushed(x, value);
}
export function unshift<T>(a: Arr<T>, value: T): void {
  insertElement(need(a), 0, value);
}
export function pop<T>(a: Arr<T>): T {
  const x = need(a);
  const n = x.count();
  if (n === 0) fail("Cannot use pop() if array is empty.");
  if (x instanceof PineSlice) return removeElements(x, n - 1, 1)[0]!;
  const r = x.e.pop()!;
  if (x.ext !== 0) dropped(x, r);
  return r;
}
export function shift<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.count() === 0) fail("Cannot use shift() if array is empty.");
  if (x instanceof PineSlice) return removeElements(x, 0, 1)[0]!;
  const r = x.e.shift()!;
  if (x.ext !== 0) dropped(x, r);
  return r;
}
export function insert<T>(a: Arr<T>, i: number, value: T): void {
  const x = need(a);
  insertElement(x, index(x, i, true), value);
}
export function remove<T>(a: Arr<T>, i: number): T {
  const x = need(a);
  const k = index(x, i);
  if (x instanceof PineSlice) return removeElements(x, k, 1)[0]!;
  const r = x.e.splice(k, 1)[0]!;
  if (x.ext !== 0) dropped(x, r);
  return r;
}
export function clear(a: Arr<unknown>): void {
  const x = need(a);
  if (x instanceof PineSlice) removeElements(x, 0, x.count());
  else x.v.length = 0;
}
/** Changes the elements in place: a slice's through a copy written back. */
function rewrite<T>(x: PineArray<T>, change: (v: T[]) => void): void {
  if (!(x instanceof PineSlice)) return change(x.v);
  const v = x.items();
  change(v);
  writeElements(x, v);
}
export function fill<T>(a: Arr<T>, value: T, from = 0, to?: number): void {
  const x = need(a);
  rewrite(x, (v) => v.fill(value, from, to === undefined || to !== to ? v.length : to));
}
export function includes<T>(a: Arr<T>, value: T): boolean {
  return indexof(a, value) >= 0;
}
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "number" && typeof b === "number" && a !== a && b !== b);
}
export function indexof<T>(a: Arr<T>, value: T): number {
  const v = need(a).items();
  for (let i = 0; i < v.length; i++) if (same(v[i], value)) return i;
  return -1;
}
export function lastindexof<T>(a: Arr<T>, value: T): number {
  const v = need(a).items();
  for (let i = v.length - 1; i >= 0; i--) if (same(v[i], value)) return i;
  return -1;
}
/** A slice of the array from `from` to `to` (exclusive): it shares the array's elements (stdlib/array-slice.ts). */
export function slice<T>(a: Arr<T>, from: number, to: number): PineArray<T> {
  const x = need(a);
  const n = x.count();
  if (!(from >= 0 && to <= n && from <= to)) fail(`Slice bounds ${from}..${to} are out of range. Array size is ${n}.`);
  const start = Math.floor(from);
  return new PineSlice<T>(x, start, Math.floor(to) - start);
}
export function copy<T>(a: Arr<T>): PineArray<T> {
  const x = need(a);
  return new PineArray<T>(x instanceof PineSlice ? x.items() : x.e.slice());
}
export function concat<T>(a: Arr<T>, b: Arr<T>): PineArray<T> {
  const x = need(a);
  const y = need(b);
  // an array concatenated to itself adds its elements once (a copy: the loop below grows the list)
  const add = y === x ? y.items().slice() : y.items();
  grow(x.count() + add.length);
  if (x instanceof PineSlice) {
    for (const e of add) insertElement(x, x.count(), e);
    return x;
  }
  const into = x.v;
  for (const e of add) into.push(e);
  return x;
}
export function reverse(a: Arr<unknown>): void {
  rewrite(need(a), (v) => v.reverse());
}
export function first<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.count() === 0) fail("Cannot use first() if array is empty.");
  return elementAt(x, 0);
}
export function last<T>(a: Arr<T>): T {
  const x = need(a);
  const n = x.count();
  if (n === 0) fail("Cannot use last() if array is empty.");
  return elementAt(x, n - 1);
}
/** Sorts in place (stable; na last), by the elements or, for objects, by their field at `slot` (sort-field.ts). */
export function sort(a: Arr<unknown>, order: string = "ascending", slot = -1): void {
  const x = need(a);
  const v = x instanceof PineSlice ? x.items() : x.v;
  const dir = order === "descending" ? -1 : 1;
  if (slot < 0) v.sort((p, q) => compareKeys(p, q, dir));
  else v.sort((p, q) => compareKeys(sortKey(p, slot), sortKey(q, slot), dir));
  if (x instanceof PineSlice) writeElements(x, v);
}
/**
 * The elements joined: an int as str.tostring writes it, a float as Java's Double.toString (`5.0`,
 * `1.0E8`: docs/adr/0294, `floats` is set for an `array<float>`), an na element "NaN" whatever its
 * type, as str.tostring of the array writes it (not JavaScript's "null").
 */
export function join(a: Arr<unknown>, sep = "", floats = false): string {
  const text = floats ? javaDoubleText : numberText;
  return need(a)
    .items()
    .map((e) => (e === null ? "NaN" : typeof e === "number" ? text(e) : String(e)))
    .join(sep);
}

/** The elements of a numeric array, to read. */
function nums(a: Arr<number>): readonly number[] {
  return need(a).items();
}
export function sum(a: Arr<number>): number {
  let s = 0;
  for (const e of nums(a)) if (e === e) s += e;
  return s;
}
export function avg(a: Arr<number>): number {
  const v = nums(a);
  let s = 0;
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const e = v[i]!;
    if (e === e) {
      s += e;
      n++;
    }
  }
  return n === 0 ? NaN : s / n;
}
// The smallest or largest value that is not na (the `nth = 0` case, called every bar over rolling
// windows): kept beside the array between changes that may alter it (stdlib/pine-array.ts).
export function min(a: Arr<number>, nth = 0): number {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  if (nth !== 0) return nthOf(a.items(), nth, (p, q) => p - q);
  return smallest(a);
}
export function max(a: Arr<number>, nth = 0): number {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  if (nth !== 0) return nthOf(a.items(), nth, (p, q) => q - p);
  return largest(a);
}
function nthOf(v: readonly number[], nth: number, order: (p: number, q: number) => number): number {
  return v.filter((e) => e === e).sort(order)[Math.floor(nth)] ?? NaN;
}
/** max - min, each as max and min give it (codegen writes `a.max() - a.min()` as this). */
export function range(a: Arr<number>): number {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  extremes(a);
  return a.hi - a.lo;
}
/**
 * Makes the extremes named by `bits` (HI, LO) kept, as max, min and range would (scanning only
 * those not kept), so that compiled code reads them from `hi` and `lo`: a call that returns no
 * number, which V8 would box on the way out of a call it does not inline.
 */
export function keep(a: Arr<number>, bits: number): boolean {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  if (bits === (HI | LO)) extremes(a);
  else if (bits === HI) largest(a);
  else smallest(a);
  return true;
}
export function median(a: Arr<number>): number {
  const v = nums(a).filter((e) => e === e).sort((p, q) => p - q);
  const n = v.length;
  if (n === 0) return NaN;
  return n % 2 === 1 ? v[n >> 1]! : (v[(n >> 1) - 1]! + v[n >> 1]!) / 2;
}
export function variance(a: Arr<number>, biased = true): number {
  const v = nums(a).filter((e) => e === e);
  const n = v.length;
  if (n === 0 || (!biased && n < 2)) return NaN;
  const m = v.reduce((s, e) => s + e, 0) / n;
  const ss = v.reduce((s, e) => s + (e - m) * (e - m), 0);
  return ss / (biased ? n : n - 1);
}
export function stdev(a: Arr<number>, biased = true): number {
  return Math.sqrt(variance(a, biased));
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Every function whose first parameter is the array can also be called as a method (`a.push(x)`
// is `array.push(a, x)`). Arrays are references: results are series (Pine qualifies every array
// value as series).

/** The stdlib function with the arguments in the signature's order (its own defaults fill the rest). */
const written =
  (impl: RuntimeFunction): Emitter =>
  (b) =>
    `${b.fn(impl)}(${b.inOrder().join(", ")})`;

const naOfElement = (elem: string): string => (elem === "bool" ? "false" : elem === "float" || elem === "int" || elem === "color" ? "NaN" : "null");
const newArray = (b: CallEmit, elem: string): string => `${b.fn(make)}(${b.a("size", "0")}, ${b.a("initial_value", naOfElement(elem))})`;

export const arrayNew = builtinFunction({
  sig: "array.new(size: series int = 0, initial_value: series T = na): series array<T>",
  doc: "A new array of `size` elements set to `initial_value` (the element type is the type argument: `array.new<float>`).",
  emit: (b) => newArray(b, b.typeArg(0) ?? "float"),
});
export const arrayNewOf: FunctionRecord[] = ["float", "int", "bool", "string", "color", "label", "line", "box", "table", "linefill"].map((ty) =>
  builtinFunction({
    sig: `array.new_${ty}(size: series int = 0, initial_value: series ${ty} = na): series array<${ty}>`,
    doc: ["label", "line", "box", "table", "linefill"].includes(ty) ? `A new array of ${ty} handles.` : `A new array of ${ty}.`,
    emit: (b) => newArray(b, ty),
  }),
);
export const arrayFrom = builtinFunction({ sig: "array.from(...value: series T): series array<T>", doc: "A new array of its arguments.", emit: (b) => `${b.fn(from)}([${b.written().join(", ")}])` });

const fn = (sig: string, doc: string, impl: RuntimeFunction): FunctionRecord => builtinFunction({ sig: `array.${sig}`, doc, emit: written(impl) });

export const arrayFunctions: FunctionRecord[] = [
  fn("size(id: series array<T>): series int", "Number of elements.", size),
  fn("get(id: series array<T>, index: series int): series T", "The element at `index` (negative counts from the end).", get),
  fn("set(id: series array<T>, index: series int, value: series T): void", "Sets the element at `index`.", set),
  fn("push(id: series array<T>, value: series T): void", "Appends `value`.", push),
  fn("pop(id: series array<T>): series T", "Removes and returns the last element.", pop),
  fn("shift(id: series array<T>): series T", "Removes and returns the first element.", shift),
  fn("unshift(id: series array<T>, value: series T): void", "Inserts `value` at the start.", unshift),
  fn("insert(id: series array<T>, index: series int, value: series T): void", "Inserts `value` at `index`.", insert),
  fn("remove(id: series array<T>, index: series int): series T", "Removes and returns the element at `index`.", remove),
  fn("clear(id: series array<T>): void", "Removes every element.", clear),
  fn("first(id: series array<T>): series T", "The first element.", first),
  fn("last(id: series array<T>): series T", "The last element.", last),
  fn("includes(id: series array<T>, value: series T): series bool", "True when `value` is an element.", includes),
  fn("indexof(id: series array<T>, value: series T): series int", "Index of the first `value`, or -1.", indexof),
  fn("lastindexof(id: series array<T>, value: series T): series int", "Index of the last `value`, or -1.", lastindexof),
  fn("fill(id: series array<T>, value: series T, index_from: series int = 0, index_to: series int = na): void", "Sets elements from `index_from` to `index_to` (exclusive) to `value`.", fill),
  fn("copy(id: series array<T>): series array<T>", "A shallow copy.", copy),
  fn("slice(id: series array<T>, index_from: series int, index_to: series int): series array<T>", "A slice of the elements from `index_from` to `index_to` (exclusive): it shares them with the array (a change through either shows in both).", slice),
  fn("concat(id1: series array<T>, id2: series array<T>): series array<T>", "Appends `id2`'s elements to `id1` and returns `id1`.", concat),
  fn("reverse(id: series array<T>): void", "Reverses the array in place.", reverse),
  builtinFunction({
    sig: 'array.join(id: series array<T>, separator: series string = ""): series string',
    doc: "The elements as strings, joined (a float as Java writes it: `5.0`, `1.0E8`).",
    emit: (b) => `${b.fn(join)}(${b.a("id")}, ${b.a("separator", '""')}${b.elementType("id") === "float" ? ", true" : ""})`,
  }),
  builtinFunction({
    sig: `array.sort(id: series array<T>, order: series string = "order.ascending", ${SORT_FIELD_PARAM}): void`,
    doc: "Sorts in place; an array of objects by one field (`sort_field`: its index or name, the first by default).",
    emit: (b) => `${b.fn(sort)}(${b.a("id")}, ${b.a("order", '"ascending"')}, ${sortFieldSlot(b, "id")})`,
  }),
  fn("sum(id: series array<N>): series N", "Sum of the elements.", sum),
  fn("avg(id: series array<N>): series N", "Mean of the elements.", avg),
  fn("min(id: series array<N>, nth: series int = 0): series N", "Smallest element, or the `nth` smallest (0 the smallest).", min),
  fn("max(id: series array<N>, nth: series int = 0): series N", "Largest element, or the `nth` largest (0 the largest).", max),
  fn("median(id: series array<N>): series N", "Median of the elements.", median),
  fn("range(id: series array<N>): series N", "max - min.", range),
  fn("stdev(id: series array<N>, biased: series bool = true): series float", "Standard deviation of the elements.", stdev),
  fn("variance(id: series array<N>, biased: series bool = true): series float", "Variance of the elements.", variance),
];
export * from "./array-stats";
export const orderConstants = constants("order", "string", ["ascending", "descending"], "Sort order.");
