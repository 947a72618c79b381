// array.slice's result: a slice shares its array's elements (docs/adr/0331). TradingView's user
// manual (Arrays, Slicing arrays) and reference (array.slice, array.size) describe it: element i of a
// slice is element `index_from + i` of its array, so a change through either shows in both; the
// slice covers at most `cap` elements (index_to - index_from at first), fewer while its array is
// shorter; inserting into the slice inserts into its array and widens the slice by one, removing
// narrows it by one. A slice of a slice is a slice of that slice.
//
// A slice is a PineArray whose `e` is a live view (a Proxy reading and writing its array), so code
// that reads or writes `e` in place (codegen/collections.ts, `for ... in`, str.tostring) sees the
// array's elements of the moment; its `ext` always reads 0, so no extreme is ever kept for it. The
// stdlib's own operations (array.ts) take the direct paths below instead of the Proxy.

import { fail, MAX_ARRAY_SIZE } from "../runtime/errors";
import { PineArray } from "./pine-array";

const NO_ELEMENTS: never[] = [];

export class PineSlice<T = unknown> extends PineArray<T> {
  /** The live view `e` gives, made on first use. */
  private view: T[] | null = null;
  constructor(
    /** The array (or slice) whose elements this slice shares. */
    readonly base: PineArray<T>,
    /** Index in `base` of this slice's element 0. */
    readonly off: number,
    /** How many of `base`'s elements this slice covers at most. */
    public cap: number,
  ) {
    super(NO_ELEMENTS);
    // the array's own `e` and `ext` removed, so that the accessors below answer for the slice
    // (an ordinary array keeps its fields as they are: only a slice takes this slower shape)
    Reflect.deleteProperty(this, "e");
    Reflect.deleteProperty(this, "ext");
  }
  override items(): T[] {
    const n = this.count();
    const out: T[] = [];
    for (let i = 0; i < n; i++) out.push(elementAt(this, i));
    return out;
  }
  override count(): number {
    return Math.max(0, Math.min(this.cap, this.base.count() - this.off));
  }
  /** The live view of the elements (a Proxy: see liveView). */
  liveView(): T[] {
    return (this.view ??= liveView(this));
  }
}

// `e` and `ext` as accessors of a slice (its own fields are removed by its constructor)
Object.defineProperty(PineSlice.prototype, "e", {
  get(this: PineSlice): unknown[] {
    return this.liveView();
  },
  set(): void {},
});
Object.defineProperty(PineSlice.prototype, "ext", {
  get(): number {
    return 0;
  },
  set(): void {},
});

/** Element `i` (0 <= i < count) of any array. */
export function elementAt<T>(a: PineArray<T>, i: number): T {
  let k = i;
  let x: PineArray<T> = a;
  while (x instanceof PineSlice) {
    k += x.off;
    x = x.base;
  }
  return x.e[k]!;
}

/** Sets element `i` (0 <= i < count) of any array; the array's kept extremes are dropped. */
export function setElement<T>(a: PineArray<T>, i: number, value: T): void {
  let k = i;
  let x: PineArray<T> = a;
  while (x instanceof PineSlice) {
    k += x.off;
    x = x.base;
  }
  x.e[k] = value;
  x.ext = 0;
}

/** Inserts `value` at `i` (0 <= i <= count): into the array under every slice, each slice widened by one. */
export function insertElement<T>(a: PineArray<T>, i: number, value: T): void {
  if (a instanceof PineSlice) {
    const k = a.off + i;
    const n = a.base.count();
    if (k > n) fail(`Index ${k} is out of bounds. Array size is ${n}`);
    insertElement(a.base, k, value);
    a.cap++;
    return;
  }
  if (a.e.length >= MAX_ARRAY_SIZE) fail(`Array is too large. Maximum size is ${MAX_ARRAY_SIZE}`);
  if (i === a.e.length) a.e.push(value);
  else a.e.splice(i, 0, value);
  a.ext = 0;
}

/** Removes `n` elements from `i` (all within count), narrowing every slice on the way; returns them. */
export function removeElements<T>(a: PineArray<T>, i: number, n: number): T[] {
  if (a instanceof PineSlice) {
    const out = removeElements(a.base, a.off + i, n);
    a.cap -= n;
    return out;
  }
  a.ext = 0;
  return a.e.splice(i, n);
}

/** Writes `values` over the elements from 0 (sort, reverse, fill through a slice). */
export function writeElements<T>(a: PineArray<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) setElement(a, i, values[i]!);
}

/** A property key that is an array index ("0", "17"), or -1. */
function indexKey(p: string | symbol): number {
  if (typeof p !== "string") return -1;
  const c = p.charCodeAt(0);
  if (c < 48 || c > 57) return -1;
  const n = Number(p);
  return String(n) === p ? n : -1;
}

/**
 * A list whose reads and writes go to the slice: `length` is its count, index `k` its element;
 * setting index `count` appends (push), shortening `length` removes from the end (what the
 * language's push and shift do to a list, as JavaScript's generic Array methods spell them).
 */
function liveView<T>(s: PineSlice<T>): T[] {
  return new Proxy<T[]>([], {
    get(target, p) {
      const k = indexKey(p);
      if (k >= 0) return k < s.count() ? elementAt(s, k) : undefined;
      if (p === "length") return s.count();
      return Reflect.get(target, p) as unknown;
    },
    set(target, p, value: T) {
      const k = indexKey(p);
      const n = s.count();
      if (k >= 0) {
        if (k < n) setElement(s, k, value);
        else if (k === n) insertElement(s, n, value);
        else fail(`Index ${k} is out of bounds. Array size is ${n}`);
        return true;
      }
      if (p === "length") {
        const m = Number(value);
        if (m < n) removeElements(s, m, n - m);
        else if (m > n) fail(`Index ${m} is out of bounds. Array size is ${n}`);
        return true;
      }
      return Reflect.set(target, p, value);
    },
    has(target, p) {
      const k = indexKey(p);
      return k >= 0 ? k < s.count() : Reflect.has(target, p);
    },
    deleteProperty(target, p) {
      // the generic shift deletes the last index before shortening `length`, which removes it
      return indexKey(p) >= 0 ? true : Reflect.deleteProperty(target, p);
    },
  });
}
