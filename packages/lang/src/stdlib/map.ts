// map.*: Pine maps are references to key-value pairs kept in insertion order (a re-put key keeps
// its place), at most 50,000 pairs as in TradingView. A missing key reads as the value type's na,
// which the map carries from `map.new<K, V>()`.

import { builtinFunction, type FunctionRecord, type RuntimeFunction } from "../builtins/record";
import { fail } from "../runtime/errors";
import { PineArray } from "./pine-array";

export const MAX_MAP_SIZE = 50_000;

export class PineMap<K = unknown, V = unknown> {
  /**
   * The values of the present keys that are small non-negative integers (below DENSE), by key: a
   * lookup or a re-put there is an array access, not a hash (maps keyed by hour, weekday, bar
   * offset). `m` keeps every key in insertion order; its value is the pair's for other keys, and
   * for such a key `d` holds the value (what `m` holds there is not read: docs/adr/0111).
   */
  d: (V | undefined)[] = [];
  constructor(
    public m: Map<K, V>,
    readonly na: V,
  ) {}
}

/** Keys below this (non-negative integers) have their values in `PineMap.d`. */
export const DENSE = 1024;

/** The value of the pair `[k, v]` of `m` (a small-integer key's is in the table). */
function valueOf<K, V>(x: PineMap<K, V>, k: K, v: V): V {
  return isDense(k) ? (x.d[k] as V) : v;
}

/** The values in insertion order (what `for x in m` and `map.values` walk). */
export function valuesOf<K, V>(x: PineMap<K, V>): V[] {
  const out: V[] = [];
  for (const [k, v] of x.m) out.push(valueOf(x, k, v));
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

export function make<K, V>(na: V): PineMap<K, V> {
  return new PineMap(new Map<K, V>(), na);
}
// Values are never undefined (na is NaN, null or false), so `get` answers both "is it there" and
// "what is it" in one lookup.
export function put<K, V>(m: M<K, V>, key: K, value: V): V {
  const x = need(m);
  const dense = isDense(key);
  const prev = dense ? x.d[key] : x.m.get(key);
  if (prev === undefined && x.m.size >= MAX_MAP_SIZE) fail(`map size exceeds the maximum of ${MAX_MAP_SIZE} pairs`);
  // a present small-integer key keeps its place in `m`: only the table changes
  if (!dense || prev === undefined) x.m.set(key, value);
  if (dense) x.d[key] = value;
  return prev === undefined ? x.na : prev;
}
export function putAll<K, V>(m: M<K, V>, other: M<K, V>): void {
  const y = need(other);
  for (const [k, v] of y.m) put(m, k, valueOf(y, k, v));
}
export function get<K, V>(m: M<K, V>, key: K): V {
  const x = need(m);
  const v = isDense(key) ? x.d[key] : x.m.get(key);
  return v === undefined ? x.na : v;
}
export function contains<K, V>(m: M<K, V>, key: K): boolean {
  const x = need(m);
  return isDense(key) ? x.d[key] !== undefined : x.m.has(key);
}
export function remove<K, V>(m: M<K, V>, key: K): V {
  const x = need(m);
  if (!x.m.has(key)) return x.na;
  const v = valueOf(x, key, x.m.get(key)!);
  x.m.delete(key);
  if (isDense(key)) x.d[key] = undefined;
  return v;
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
  x.m.clear();
  x.d = [];
}
export function copy<K, V>(m: M<K, V>): PineMap<K, V> {
  const x = need(m);
  const c = new PineMap(new Map(x.m), x.na);
  c.d = x.d.slice();
  return c;
}

// ---- records (builtins/record.ts) ----------------------------------------------------------
// Every function whose first parameter is the map can also be called as a method (`m.put(k, v)`).

const naOf = (type: string | null): string => (type === "bool" ? "false" : type === "float" || type === "int" || type === "color" || type === null ? "NaN" : "null");
const fn = (sig: string, doc: string, impl: RuntimeFunction): FunctionRecord =>
  builtinFunction({ sig: `map.${sig}`, doc, emit: (b) => `${b.fn(impl)}(${b.written().join(", ")})` });

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
