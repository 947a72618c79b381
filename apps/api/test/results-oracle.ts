// The results page and CSV as the code before docs/adr/0084 built them: points as objects
// `{ t, <outputs> }` serialized by JSON.stringify, rows by String() of each number. The new
// writers (apps/api/src/runs/points-json.ts, points-csv.ts) must give the same bytes.
import type { DecodedChunk } from "@barscript/db";

type Point = Record<string, number | null>;

/** Output names with the derive rule's `_2`, `_3`, ... after the time column `t` (written out again here). */
export function oracleColumns(names: readonly string[]): string[] {
  const used = new Set<string>(["t"]);
  return names.map((name) => {
    let unique = name;
    for (let i = 2; used.has(unique); i++) unique = `${name}_${i}`;
    used.add(unique);
    return unique;
  });
}

function pointOf(chunk: DecodedChunk, columns: readonly string[], i: number): Point {
  const p: Point = { t: chunk.time[i] as number };
  columns.forEach((name, k) => {
    const v = (chunk.values[k] as Float64Array)[i] as number;
    Object.defineProperty(p, name, { value: Number.isNaN(v) ? null : v, enumerable: true, writable: true, configurable: true });
  });
  return p;
}

/** The old page: points while the bound's count allows (24 bytes a number for a chunk taken whole), one at least. */
export function oraclePage(chunks: readonly DecodedChunk[], offset: number, limit: number, written: number | undefined, maxBytes: number): { text: string; next: number | null } {
  const points: Point[] = [];
  let total = 0;
  let bytes = 2;
  let full = false;
  for (const c of chunks) {
    total = Math.max(total, c.firstIndex + c.pointCount);
    if (full) continue;
    const columns = oracleColumns(c.names);
    const s = Math.max(0, offset - c.firstIndex);
    const e = Math.min(c.pointCount, offset + limit - c.firstIndex);
    const fixed = ["t", ...columns].reduce((n, name) => n + Buffer.byteLength(JSON.stringify(name), "utf8") + 2, 1);
    const most = fixed + 24 * (columns.length + 1) + 1;
    if (bytes + most * (e - s) <= maxBytes) {
      for (let i = s; i < e; i++) points.push(pointOf(c, columns, i));
      bytes += most * (e - s);
      continue;
    }
    for (let i = s; i < e; i++) {
      const point = pointOf(c, columns, i);
      bytes += Buffer.byteLength(JSON.stringify(point), "utf8") + 1;
      if (bytes > maxBytes && points.length > 0) {
        full = true;
        break;
      }
      points.push(point);
    }
  }
  const end = offset + points.length;
  return { text: JSON.stringify(points), next: (full || points.length === limit) && end < (written ?? total) ? end : null };
}

/** The old CSV body rows of a chunk: String() of each number, an empty cell for na. */
export function oracleCsvRows(chunk: DecodedChunk): string {
  let text = "";
  for (let i = 0; i < chunk.pointCount; i++) {
    text += String(chunk.time[i]);
    for (const col of chunk.values) text += `,${Number.isNaN(col[i] as number) ? "" : String(col[i])}`;
    text += "\r\n";
  }
  return text;
}
