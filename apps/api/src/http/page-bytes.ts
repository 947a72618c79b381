// Answer pages are bounded by bytes as well as rows (a page of 50,000 points of 64 outputs, or
// of 1,000 events with long messages, would otherwise be hundreds of MB). A page holds rows
// while their JSON fits MAX_PAGE_BYTES, and always at least one; the cursor continues after
// the last row given.
export const MAX_PAGE_BYTES = 8 * 1024 * 1024;

/** How many of `rows` (in order) fit in `maxBytes` of JSON, at least one when there are any. */
export function rowsThatFit<T>(rows: readonly T[], maxBytes: number = MAX_PAGE_BYTES, size: (row: T) => number = jsonBytes): number {
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    total += size(rows[i] as T) + 1;
    if (total > maxBytes) return Math.max(1, i);
  }
  return rows.length;
}

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");
}
