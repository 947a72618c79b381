// The `sort_field` of array.sort, array.sort_indices, matrix.sort and the array.binary_search
// functions (TradingView's release notes, April and August 2026): over a collection of a user
// type, the calls order or search by one field of the objects, named by a "const int" field index
// (0, the first field, by default) or a "const string" field name. Objects are arrays of their
// fields' slots (codegen/expressions.ts fieldRef), so the field becomes its slot at compile time.

import type { CallEmit } from "../builtins/record";
import { fail } from "../runtime/errors";

/** The parameter as the records' signatures declare it. */
export const SORT_FIELD_PARAM = "sort_field: const int|string = 0";

/**
 * The compiled slot of the call's sort field: -1 when `collection` holds no user type (the
 * elements are the keys themselves), else the field's index, resolved when the script compiles
 * from a literal and as it runs from another constant (a name or index the type lacks is then the
 * bar's runtime error).
 */
export function sortFieldSlot(b: CallEmit, collection: string): string {
  const fields = b.elementFields(collection);
  if (fields === null) return "-1";
  const given = b.has("sort_field") ? b.lit("sort_field") : 0;
  const k = typeof given === "string" || typeof given === "number" ? fieldIndex(given, fields) : -1;
  if (k >= 0) return String(k);
  return `${b.fn(fieldSlot)}(${b.a("sort_field")}, ${JSON.stringify(fields)})`;
}

/** The index of a field given by index or name among `fields`; -1 when it names none. */
export function fieldIndex(field: number | string, fields: readonly string[]): number {
  const k = typeof field === "string" ? fields.indexOf(field) : field;
  return Number.isInteger(k) && k >= 0 && k < fields.length ? k : -1;
}

/** The slot of a field given by index or name. */
export function fieldSlot(field: number | string, fields: readonly string[]): number {
  const k = fieldIndex(field, fields);
  if (k < 0) {
    const given = typeof field === "number" && field !== field ? "na" : JSON.stringify(field); // na, not JSON's "null"
    fail(`sort_field ${given} is not a field of the array's type (its fields: ${fields.join(", ")}).`);
  }
  return k;
}

/** The key an element is ordered by: the element itself, or its field at `slot` (an na object has none: the bar's runtime error). */
export function sortKey(e: unknown, slot: number): unknown {
  if (slot < 0) return e;
  if (e === null) fail("Cannot sort or search an array or matrix of objects by a field: it holds an na element, which has no fields.");
  if (!Array.isArray(e)) fail("sort_field needs an array of objects");
  return e[slot];
}

/** A key sorted apart from the others: na, or an empty string. */
const missing = (k: unknown): boolean => k === null || k === undefined || k === "" || k !== k;

/**
 * Ascending (dir 1) or descending (dir -1) order of two keys: numbers by value, strings by code units;
 * na and empty strings come last in ascending order and first in descending order, as TradingView's
 * Arrays page says of array.sort and array.sort_indices (docs/adr/0256).
 */
export function compareKeys(p: unknown, q: unknown, dir: number): number {
  const pm = missing(p);
  const qm = missing(q);
  if (pm || qm) return (pm === qm ? 0 : pm ? 1 : -1) * dir;
  if (typeof p === "number" && typeof q === "number") return (p - q) * dir;
  const a = p as string;
  const b = q as string;
  return (a < b ? -1 : a > b ? 1 : 0) * dir;
}
