// map.*: Pine maps are references to key-value pairs kept in insertion order (a re-put key keeps
// its place), at most 50,000 pairs as in TradingView. A missing key reads as the value type's na,
// which the map carries from `map.new<K, V>()`.

import { builtinFunction, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail } from "../runtime/errors";
import { PineArray } from "./pine-array";

export const MAX_MAP_SIZE = 50_000;

/**
 * One pair's value. A key keeps its cell from its put until it is removed (or the map cleared),
 * so a re-put writes the cell without a second lookup, and a call site with a constant key can
 * keep the cell it found (KeyCache) while it is `live`.
 */
export interface Cell<V> {
  v: V;
  live: boolean;
}

export class PineMap<K = unknown, V = unknown> {
  /**
   * The cells of the present keys that are small non-negative integers (below DENSE), by key: a
   * lookup there is an array read, not a hash (maps keyed by hour, weekday, bar offset). `m`
   * keeps every key's cell in insertion order; both hold the same cell for such a key
   * (docs/adr/0112-map-cells-and-key-caches.md).
   */
  d: (Cell<V> | undefined)[] = [];
  /**
   * The cell of the key looked up last among the other keys (`lk`; a string usually): the next
   * lookup of the same key, such as the put after a get in `m.put(k, m.get(k) + 1)`, hashes it
   * no more. Used while the cell is `live`.
   */
  lk: K | undefined = undefined;
  lc: Cell<V> | undefined = undefined;
  constructor(
    public m: Map<K, Cell<V>>,
    readonly na: V,
  ) {
    for (const [k, c] of m) if (isDense(k)) this.d[k] = c;
  }
}

/** Keys below this (non-negative integers) have their cells in `PineMap.d` too. */
export const DENSE = 1024;

/** A call site's last cell for its constant key in the map it last read (compiled code checks `m` and `c.live`). */
export class KeyCache {
  m: PineMap | null = null;
  c: Cell<unknown> = { v: null, live: false };
}

/** The values in insertion order (what `for x in m` and `map.values` walk). */
export function valuesOf<K, V>(x: PineMap<K, V>): V[] {
  const out: V[] = [];
  for (const c of x.m.values()) out.push(c.v);
  return out;
}

function isDense(k: unknown): k is number {
  return typeof k === "number" && k >>> 0 === k && k < DENSE;
}

type M<K, V> = PineMap<K, V> | null;

function need<K, V>(m: M<K, V>): PineMap<K, V> {
  if (m === null) fail("map is na");
  return m;
}

function cellOf<K, V>(x: PineMap<K, V>, key: K): Cell<V> | undefined {
  if (isDense(key)) return x.d[key];
  const last = x.lc;
  // === is the Map's key equality here (SameValueZero) but for NaN, which is looked up
  if (last !== undefined && x.lk === key && last.live) return last;
  const c = x.m.get(key);
  if (c !== undefined) {
    x.lk = key;
    x.lc = c;
  }
  return c;
}

export function make<K, V>(na: V): PineMap<K, V> {
  return new PineMap(new Map<K, Cell<V>>(), na);
}
export function put<K, V>(m: M<K, V>, key: K, value: V): V {
  const x = need(m);
  const c = cellOf(x, key);
  if (c !== undefined) {
    // a present key keeps its place: only its value changes
    const prev = c.v;
    c.v = value;
    return prev;
  }
  if (x.m.size >= MAX_MAP_SIZE) fail(`map size exceeds the maximum of ${MAX_MAP_SIZE} pairs`);
  const n: Cell<V> = { v: value, live: true };
  x.m.set(key, n);
  if (isDense(key)) x.d[key] = n;
  else {
    x.lk = key;
    x.lc = n;
  }
  return x.na;
}
export function putAll<K, V>(m: M<K, V>, other: M<K, V>): void {
  for (const [k, c] of need(other).m) put(m, k, c.v);
}
export function get<K, V>(m: M<K, V>, key: K): V {
  const x = need(m);
  const c = cellOf(x, key);
  return c === undefined ? x.na : c.v;
}
export function contains<K, V>(m: M<K, V>, key: K): boolean {
  return cellOf(need(m), key) !== undefined;
}
/** get through a call site's cache (compiled code read the cache itself when it was valid). */
export function getCached<K, V>(m: M<K, V>, key: K, cache: KeyCache): V {
  const x = need(m);
  const c = cellOf(x, key);
  if (c === undefined) return x.na;
  cache.m = x as PineMap;
  cache.c = c;
  return c.v;
}
export function remove<K, V>(m: M<K, V>, key: K): V {
  const x = need(m);
  const c = x.m.get(key);
  if (c === undefined) return x.na;
  x.m.delete(key);
  if (isDense(key)) x.d[key] = undefined;
  c.live = false;
  return c.v;
}
export function keys<K, V>(m: M<K, V>): PineArray<K> {
  return new PineArray([...need(m).m.keys()]);
}
export function values<K, V>(m: M<K, V>): PineArray<V> {
  return new PineArray(valuesOf(need(m)));
}
export function size<K, V>(m: M<K, V>): number {
  return need(m).m.size;
}
export function clear<K, V>(m: M<K, V>): void {
  const x = need(m);
  for (const c of x.m.values()) c.live = false;
  x.m.clear();
  x.d = [];
}
export function copy<K, V>(m: M<K, V>): PineMap<K, V> {
  const x = need(m);
  const cells = new Map<K, Cell<V>>();
  for (const [k, c] of x.m) cells.set(k, { v: c.v, live: true });
  return new PineMap(cells, x.na);
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Every function whose first parameter is the map can also be called as a method (`m.put(k, v)`).

const naOf = (type: string | null): string => (type === "bool" ? "false" : type === "float" || type === "int" || type === "color" || type === null ? "NaN" : "null");
const fn = (sig: string, doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: `map.${sig}`, doc, emit: (b) => `${b.fn(impl)}(${b.inOrder().join(", ")})` });

export const mapFunctions: FunctionRecord[] = [
  builtinFunction({ sig: "map.new(): series map<K, V>", doc: "A new empty map (types from `map.new<K, V>`).", emit: (b) => `${b.fn(make)}(${naOf(b.typeArg(1))})` }),
  fn("put(id: series map<K, V>, key: series K, value: series V): series V", "Sets `key` to `value`; returns the previous value or na.", put),
  fn("put_all(id: series map<K, V>, id2: series map<K, V>): void", "Puts every pair of `id2`.", putAll),
  fn("get(id: series map<K, V>, key: series K): series V", "The value of `key`, or na.", get),
  fn("contains(id: series map<K, V>, key: series K): series bool", "True when `key` is present.", contains),
  fn("remove(id: series map<K, V>, key: series K): series V", "Removes `key`; returns its value or na.", remove),
  fn("keys(id: series map<K, V>): series array<K>", "The keys, in insertion order.", keys),
  fn("values(id: series map<K, V>): series array<V>", "The values, in insertion order.", values),
  fn("size(id: series map<K, V>): series int", "Number of pairs.", size),
  fn("clear(id: series map<K, V>): void", "Removes every pair.", clear),
  fn("copy(id: series map<K, V>): series map<K, V>", "A shallow copy.", copy),
];
