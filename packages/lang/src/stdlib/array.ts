// array.*: Pine arrays are references to a list of values (numbers, strings, bools, objects).
// Sizes are capped (MAX_ARRAY_SIZE); misuse is a runtime error with Pine's wording.

import { fail, MAX_ARRAY_SIZE } from "../runtime/errors";

export class PineArray<T = unknown> {
  constructor(public v: T[]) {}
  static of<T>(values: T[]): PineArray<T> {
    if (values.length > MAX_ARRAY_SIZE) fail(`array size ${values.length} exceeds the maximum of ${MAX_ARRAY_SIZE}`);
    return new PineArray<T>(values);
  }
}

type Arr<T> = PineArray<T> | null;

function need<T>(a: Arr<T>): PineArray<T> {
  if (a === null) fail("array is na");
  return a;
}

function grow(n: number): void {
  if (n > MAX_ARRAY_SIZE) fail(`array size ${n} exceeds the maximum of ${MAX_ARRAY_SIZE}`);
}

function index<T>(a: PineArray<T>, i: number, forInsert = false): number {
  const n = a.v.length;
  let k = Math.floor(i);
  if (k < 0) k += n;
  if (i !== i || k < 0 || (forInsert ? k > n : k >= n)) fail(`Index ${i} is out of bounds. Array size is ${n}.`);
  return k;
}

export function make<T>(size: number, initial: T): PineArray<T> {
  const n = size === size ? Math.floor(size) : 0;
  if (n < 0) fail(`array size ${n} is negative`);
  grow(n);
  return new PineArray<T>(new Array<T>(n).fill(initial));
}

export function from<T>(values: T[]): PineArray<T> {
  return PineArray.of(values.slice());
}

export function size(a: Arr<unknown>): number {
  return need(a).v.length;
}
export function get<T>(a: Arr<T>, i: number): T {
  const x = need(a);
  return x.v[index(x, i)]!;
}
export function set<T>(a: Arr<T>, i: number, value: T): void {
  const x = need(a);
  x.v[index(x, i)] = value;
}
export function push<T>(a: Arr<T>, value: T): void {
  const x = need(a);
  grow(x.v.length + 1);
  x.v.push(value);
}
export function unshift<T>(a: Arr<T>, value: T): void {
  const x = need(a);
  grow(x.v.length + 1);
  x.v.unshift(value);
}
export function pop<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.v.length === 0) fail("Cannot call array.pop() if array is empty.");
  return x.v.pop()!;
}
export function shift<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.v.length === 0) fail("Cannot call array.shift() if array is empty.");
  return x.v.shift()!;
}
export function insert<T>(a: Arr<T>, i: number, value: T): void {
  const x = need(a);
  grow(x.v.length + 1);
  x.v.splice(index(x, i, true), 0, value);
}
export function remove<T>(a: Arr<T>, i: number): T {
  const x = need(a);
  return x.v.splice(index(x, i), 1)[0]!;
}
export function clear(a: Arr<unknown>): void {
  need(a).v.length = 0;
}
export function fill<T>(a: Arr<T>, value: T, from = 0, to?: number): void {
  const x = need(a);
  x.v.fill(value, from, to === undefined || to !== to ? x.v.length : to);
}
export function includes<T>(a: Arr<T>, value: T): boolean {
  return indexof(a, value) >= 0;
}
function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "number" && typeof b === "number" && a !== a && b !== b);
}
export function indexof<T>(a: Arr<T>, value: T): number {
  const v = need(a).v;
  for (let i = 0; i < v.length; i++) if (same(v[i], value)) return i;
  return -1;
}
export function lastindexof<T>(a: Arr<T>, value: T): number {
  const v = need(a).v;
  for (let i = v.length - 1; i >= 0; i--) if (same(v[i], value)) return i;
  return -1;
}
export function slice<T>(a: Arr<T>, from: number, to: number): PineArray<T> {
  const x = need(a);
  const n = x.v.length;
  if (!(from >= 0 && to <= n && from <= to)) fail(`Slice bounds ${from}..${to} are out of range. Array size is ${n}.`);
  return new PineArray<T>(x.v.slice(from, to));
}
export function copy<T>(a: Arr<T>): PineArray<T> {
  return new PineArray<T>(need(a).v.slice());
}
export function concat<T>(a: Arr<T>, b: Arr<T>): PineArray<T> {
  const x = need(a);
  const y = need(b);
  grow(x.v.length + y.v.length);
  for (const e of y.v) x.v.push(e);
  return x;
}
export function reverse(a: Arr<unknown>): void {
  need(a).v.reverse();
}
export function first<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.v.length === 0) fail("Cannot call array.first() if array is empty.");
  return x.v[0]!;
}
export function last<T>(a: Arr<T>): T {
  const x = need(a);
  if (x.v.length === 0) fail("Cannot call array.last() if array is empty.");
  return x.v[x.v.length - 1]!;
}
export function sort(a: Arr<number | string>, order: string = "ascending"): void {
  const v = need(a).v;
  const dir = order === "descending" ? -1 : 1;
  v.sort((p, q) => {
    if (typeof p === "number" && typeof q === "number") {
      if (p !== p) return q !== q ? 0 : 1;
      if (q !== q) return -1;
      return (p - q) * dir;
    }
    return (p < q ? -1 : p > q ? 1 : 0) * dir;
  });
}
export function join(a: Arr<unknown>, sep = ""): string {
  return need(a)
    .v.map((e) => (typeof e === "number" ? (e !== e ? "NaN" : String(e)) : String(e)))
    .join(sep);
}

function nums(a: Arr<number>): number[] {
  return need(a).v;
}
export function sum(a: Arr<number>): number {
  let s = 0;
  for (const e of nums(a)) if (e === e) s += e;
  return s;
}
export function avg(a: Arr<number>): number {
  let s = 0;
  let n = 0;
  for (const e of nums(a))
    if (e === e) {
      s += e;
      n++;
    }
  return n === 0 ? NaN : s / n;
}
export function min(a: Arr<number>, nth = 0): number {
  const v = nums(a).filter((e) => e === e).sort((p, q) => p - q);
  return v[Math.floor(nth)] ?? NaN;
}
export function max(a: Arr<number>, nth = 0): number {
  const v = nums(a).filter((e) => e === e).sort((p, q) => q - p);
  return v[Math.floor(nth)] ?? NaN;
}
export function range(a: Arr<number>): number {
  return max(a) - min(a);
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
