// The array value itself: a reference to a list of values, created within the size cap. Its own
// module so that array.ts and array-stats.ts both build arrays without importing each other.
//
// Representation (docs/adr/0108-array-extremes-kept.md): the elements are the list `e`. Beside it
// an array keeps its largest and smallest non-na values (`hi`, `lo`), each valid while its bit of
// `ext` is set: `array.max`, `min` and `range` answer from them and scan only when the bit is
// clear. `push`, `shift`, `pop` and `remove` (stdlib/array.ts, codegen/collections.ts) keep them through pushed()
// and dropped(); every other change of the elements clears them: `set` directly, and any code that
// reaches the list through `v` (the getter clears them, as its caller may write to the list).
// Readers that never write (the written-out reads, `for ... in`, the scans here) use `e`.
// A slice (array.slice) is the subclass PineSlice (stdlib/array-slice.ts): its `e` is a live view of
// its array's elements and its `ext` is always 0 (nothing is kept for it).

import { fail, MAX_ARRAY_SIZE } from "../runtime/errors";

/** `ext` bit: `hi` is the largest non-na element (array.max's answer). */
export const HI = 1;
/** `ext` bit: `lo` is the smallest non-na element (array.min's answer). */
export const LO = 2;

export class PineArray<T = unknown> {
  /** The elements, in order (read in place; written only where the extremes are kept, see above). */
  e: T[];
  /** Which of `hi` and `lo` are valid (HI, LO bits). */
  ext = 0;
  hi = NaN;
  lo = NaN;
  constructor(elements: T[]) {
    this.e = elements;
  }
  /** The elements for any use, writes included: the kept extremes are dropped. */
  get v(): T[] {
    this.ext = 0;
    return this.e;
  }
  set v(elements: T[]) {
    this.ext = 0;
    this.e = elements;
  }
  /** The elements to read, in order (a slice's are a copy made for the reader). */
  items(): T[] {
    return this.e;
  }
  /** The number of elements. */
  count(): number {
    return this.e.length;
  }
  static of<T>(values: T[]): PineArray<T> {
    if (values.length > MAX_ARRAY_SIZE) fail(`Array is too large. Maximum size is ${MAX_ARRAY_SIZE}`);
    return new PineArray<T>(values);
  }
}

/**
 * The largest non-na element as array.max scans for it: the first non-na element, replaced by each
 * later one that is greater (among equal values, the first stays). NaN when there is none.
 */
export function scanMax(v: readonly number[]): number {
  let best = NaN;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    best = x > best || (best !== best && x === x) ? x : best;
  }
  return best;
}

/** The smallest non-na element, scanned as scanMax. */
export function scanMin(v: readonly number[]): number {
  let best = NaN;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    best = x < best || (best !== best && x === x) ? x : best;
  }
  return best;
}

/** array.max(a) (nth 0): the kept value, or a scan that is then kept. */
export function largest(a: PineArray<number>): number {
  if ((a.ext & HI) === 0) {
    a.hi = scanMax(a.items());
    a.ext |= HI;
  }
  return a.hi;
}

/** array.min(a) (nth 0): the kept value, or a scan that is then kept. */
export function smallest(a: PineArray<number>): number {
  if ((a.ext & LO) === 0) {
    a.lo = scanMin(a.items());
    a.ext |= LO;
  }
  return a.lo;
}

/** array.range(a): both kept, after one scan for those not kept (the comparisons of scanMax and scanMin). */
export function extremes(a: PineArray<number>): void {
  if (a.ext === (HI | LO)) return;
  if (a.ext !== 0) {
    largest(a);
    smallest(a);
    return;
  }
  const v = a.items();
  let hi = NaN;
  let lo = NaN;
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    hi = x > hi || (hi !== hi && x === x) ? x : hi;
    lo = x < lo || (lo !== lo && x === x) ? x : lo;
  }
  a.hi = hi;
  a.lo = lo;
  a.ext = HI | LO;
}

/**
 * `x` was pushed onto `a` (called when `a.ext` is not 0): a scan would meet it last, so it replaces
 * a kept extreme only when strictly beyond it (or when the array had no non-na element).
 */
export function pushed(a: PineArray<unknown>, x: unknown): void {
  if (typeof x !== "number") {
    a.ext = 0;
    return;
  }
  if ((a.ext & HI) !== 0 && (x > a.hi || (a.hi !== a.hi && x === x))) a.hi = x;
  if ((a.ext & LO) !== 0 && (x < a.lo || (a.lo !== a.lo && x === x))) a.lo = x;
}

/**
 * `x` was removed from `a` (shift, pop, remove; called when `a.ext` is not 0). A kept extreme stays
 * right unless `x` is equal to it: an element below the largest (or na) was neither the largest
 * nor, among equal largest values, the first of them. Equal (0 and -0 included) drops it, to be
 * scanned again.
 */
export function dropped(a: PineArray<unknown>, x: unknown): void {
  if (x === a.hi) a.ext &= ~HI;
  if (x === a.lo) a.ext &= ~LO;
}
