// The rest of array.*: order statistics (mode, percentiles, percentrank), covariance,
// standardize, abs, sort_indices, the binary searches and every/some. Kept apart from array.ts
// (the container operations); array.ts re-exports this module so the runtime and the record
// table reach both as `array.*`.

import { builtinFunction, type Emitter, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail, NA_ARRAY_MESSAGE } from "../runtime/errors";
import { PineArray } from "./pine-array";
import { compareKeys, SORT_FIELD_PARAM, sortFieldSlot, sortKey } from "./sort-field";

type Arr<T> = PineArray<T> | null;

function values<T>(a: Arr<T>): T[] {
  if (a === null) fail(NA_ARRAY_MESSAGE);
  return a.items();
}

/** The non-na numbers, ascending. */
function sortedNums(a: Arr<number>): number[] {
  return values(a)
    .filter((e) => e === e)
    .sort((p, q) => p - q);
}

function mean(v: readonly number[]): number {
  return v.length === 0 ? NaN : v.reduce((s, e) => s + e, 0) / v.length;
}

/** Most frequent value; among equally frequent values the smallest. */
export function mode(a: Arr<number>): number {
  const v = sortedNums(a);
  let best = NaN;
  let bestCount = 0;
  for (let i = 0; i < v.length; ) {
    let j = i;
    while (j < v.length && v[j] === v[i]) j++;
    if (j - i > bestCount) {
      bestCount = j - i;
      best = v[i]!;
    }
    i = j;
  }
  return best;
}

export function abs(a: Arr<number>): PineArray<number> {
  return new PineArray(values(a).map((e) => Math.abs(e)));
}

/** Covariance of two arrays of one size: sum((x - mx)(y - my)) / n (biased) or / (n - 1). */
export function covariance(a: Arr<number>, b: Arr<number>, biased = true): number {
  const x = values(a);
  const y = values(b);
  if (x.length !== y.length) fail(`array.covariance: the arrays have different sizes (${x.length} and ${y.length})`);
  const n = x.length;
  if (n === 0 || (!biased && n < 2)) return NaN;
  const mx = mean(x);
  const my = mean(y);
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i]! - mx) * (y[i]! - my);
  return s / (biased ? n : n - 1);
}

/** Percent of the other elements that are <= the element at `index` (as ta.percentrank counts). */
export function percentrank(a: Arr<number>, index: number): number {
  const v = values(a);
  const n = v.length;
  let k = Math.floor(index);
  if (k < 0) k += n;
  if (index !== index || k < 0 || k >= n) fail(`Index ${index} is out of bounds. Array size is ${n}`);
  if (n < 2) return NaN;
  const x = v[k]!;
  let c = 0;
  for (let i = 0; i < n; i++) if (i !== k && v[i]! <= x) c++;
  return (100 * c) / (n - 1);
}

/** (x - mean) / stdev, with the population standard deviation. */
export function standardize(a: Arr<number>): PineArray<number> {
  const v = values(a);
  const m = mean(v);
  const sd = Math.sqrt(mean(v.map((e) => (e - m) * (e - m))));
  return new PineArray(v.map((e) => (e - m) / sd));
}

/** Indices that sort the array (stable; na last), by the elements or their field at `slot`; the array itself unchanged. */
export function sortIndices(a: Arr<unknown>, order: string = "ascending", slot = -1): PineArray<number> {
  const v = values(a);
  const dir = order === "descending" || order === "order.descending" ? -1 : 1;
  const keys = slot < 0 ? v : v.map((e) => sortKey(e, slot));
  const idx = v.map((_, i) => i);
  idx.sort((i, j) => compareKeys(keys[i], keys[j], dir));
  return new PineArray(idx);
}

/** First index whose key is >= val in an ascending array (its size when none). */
function lowerBound(v: readonly unknown[], val: number | string, slot: number): number {
  let lo = 0;
  let hi = v.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const k = sortKey(v[mid], slot);
    if (typeof k === "number" && typeof val === "number" ? k < val : compareKeys(k, val, 1) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const keyAt = (v: readonly unknown[], i: number, slot: number): unknown => sortKey(v[i], slot);

/** Index of `val` in an ascending array (its first occurrence), or -1; objects are searched by their field at `slot`. */
export function binarySearch(a: Arr<unknown>, val: number | string, slot = -1): number {
  const v = values(a);
  const i = lowerBound(v, val, slot);
  return i < v.length && keyAt(v, i, slot) === val ? i : -1;
}

/** Index of `val` (first occurrence); when absent, of the nearest smaller element (-1 when none). */
export function binarySearchLeftmost(a: Arr<unknown>, val: number | string, slot = -1): number {
  const v = values(a);
  const i = lowerBound(v, val, slot);
  return i < v.length && keyAt(v, i, slot) === val ? i : i - 1;
}

/** Index of `val` (last occurrence); when absent, of the nearest larger element (the size when none). */
export function binarySearchRightmost(a: Arr<unknown>, val: number | string, slot = -1): number {
  const v = values(a);
  const i = lowerBound(v, val, slot);
  if (i < v.length && keyAt(v, i, slot) === val) {
    let j = i;
    while (j + 1 < v.length && keyAt(v, j + 1, slot) === val) j++;
    return j;
  }
  return i;
}

/**
 * An element of `every`/`some`: a bool, or a number that is true unless zero (the v6 reference's
 * remark on both); an na number is false, as `bool(na)` is in v6.
 */
const truthy = (e: boolean | number): boolean => e === true || (typeof e === "number" && e !== 0 && e === e);

export function every(a: Arr<boolean | number>): boolean {
  return values(a).every(truthy);
}
export function some(a: Arr<boolean | number>): boolean {
  return values(a).some(truthy);
}

/** Nearest-rank percentile of the non-na elements: sorted[ceil(p/100 * n) - 1] (the smallest for p = 0). */
export function percentileNearestRank(a: Arr<number>, percentage: number): number {
  const v = sortedNums(a);
  if (v.length === 0 || percentage !== percentage) return NaN;
  const p = Math.min(100, Math.max(0, percentage)) / 100;
  return v[Math.max(0, Math.ceil(p * v.length) - 1)]!;
}

/** Percentile of the non-na elements, linear between the closest ranks at p/100 * (n - 1). */
export function percentileLinearInterpolation(a: Arr<number>, percentage: number): number {
  const v = sortedNums(a);
  if (v.length === 0 || percentage !== percentage) return NaN;
  const pos = (Math.min(100, Math.max(0, percentage)) / 100) * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(v.length - 1, lo + 1);
  return v[lo]! + (v[hi]! - v[lo]!) * (pos - lo);
}

// ---- records (builtins/record.ts) ----------------------------------------------------------

const fn = (sig: string | string[], doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: (typeof sig === "string" ? [sig] : sig).map((l) => `array.${l}`), doc, emit: (b) => `${b.fn(impl)}(${b.inOrder().join(", ")})` });

/** A record whose signatures take `sort_field` (written SF in them). */
const sorted = (sig: string | string[], doc: string, emit: Emitter): FunctionRecord =>
  builtinFunction({ sig: (typeof sig === "string" ? [sig] : sig).map((l) => `array.${l.replace("SF", SORT_FIELD_PARAM)}`), doc, emit });

export const arrayStatistics: FunctionRecord[] = [
  sorted("sort_indices(id: series array<T>, order: series string = \"order.ascending\", SF): series array<int>", "The indices that would sort the array (the array is unchanged); of an array of objects, by one field (`sort_field`).", (b) => `${b.fn(sortIndices)}(${b.a("id")}, ${b.a("order", '"ascending"')}, ${sortFieldSlot(b, "id")})`),
  fn("mode(id: series array<N>): series N", "Most frequent element (smallest on ties).", mode),
  fn("abs(id: series array<N>): series array<N>", "Absolute values, as a new array.", abs),
  fn("covariance(id1: series array<N>, id2: series array<M>, biased: series bool = true): series float", "Covariance of two arrays of one size (each of ints or of floats).", covariance),
  fn("percentrank(id: series array<N>, index: series int): series float", "Percent of the other elements <= the element at `index`.", percentrank),
  fn("standardize(id: series array<N>): series array<float>", "Elements as z-scores (population standard deviation).", standardize),
  sorted(["binary_search(id: series array<N>, val: series N): series int", "binary_search(id: series array<T>, val: series float|string, SF): series int"], "Index of `val` in an ascending array, or -1. An array of objects is searched by one field (`sort_field`), ascending by it.", (b) => `${b.fn(binarySearch)}(${b.a("id")}, ${b.a("val")}, ${sortFieldSlot(b, "id")})`),
  sorted(["binary_search_leftmost(id: series array<N>, val: series N): series int", "binary_search_leftmost(id: series array<T>, val: series float|string, SF): series int"], "Index of `val`, else of the nearest smaller element (-1 when none). An array of objects is searched by one field (`sort_field`), ascending by it.", (b) => `${b.fn(binarySearchLeftmost)}(${b.a("id")}, ${b.a("val")}, ${sortFieldSlot(b, "id")})`),
  sorted(["binary_search_rightmost(id: series array<N>, val: series N): series int", "binary_search_rightmost(id: series array<T>, val: series float|string, SF): series int"], "Index of `val`, else of the nearest larger element (the size when none). An array of objects is searched by one field (`sort_field`), ascending by it.", (b) => `${b.fn(binarySearchRightmost)}(${b.a("id")}, ${b.a("val")}, ${sortFieldSlot(b, "id")})`),
  fn(["every(id: series array<bool>): series bool", "every(id: series array<N>): series bool"], "True when every element is true (of ints or floats: not zero).", every),
  fn(["some(id: series array<bool>): series bool", "some(id: series array<N>): series bool"], "True when some element is true (of ints or floats: not zero).", some),
  fn("percentile_nearest_rank(id: series array<N>, percentage: series float): series float", "Percentile by the nearest-rank method.", percentileNearestRank),
  fn("percentile_linear_interpolation(id: series array<N>, percentage: series float): series float", "Percentile, linear between the two closest ranks.", percentileLinearInterpolation),
];
