// User-chosen names (run inputs, output columns) used as object keys. A plain object would take
// `__proto__` as its prototype and find `constructor` on Object.prototype; these records have
// no prototype, so every name is an ordinary own key, in JSON as in lookups.
export type NameRecord<T> = Record<string, T>;

/** An empty record with no prototype, optionally filled from entries. */
export function nameRecord<T>(entries: Iterable<readonly [string, T]> = []): NameRecord<T> {
  const record = Object.create(null) as NameRecord<T>;
  for (const [name, value] of entries) record[name] = value;
  return record;
}

/** The value under a name of any record (own keys only: never a prototype's member). */
export function lookupName<T>(record: Readonly<Record<string, T>> | undefined, name: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
}

/** The own entries of a record, `__proto__` included when it is an own key. */
export function nameEntries<T>(record: Readonly<Record<string, T>> | undefined): Array<[string, T]> {
  if (record === undefined) return [];
  return Object.keys(record).map((name) => [name, record[name] as T]);
}
