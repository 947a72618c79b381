// GET /runs/{id}/results for indicator runs: cursor pages of points sliced from the columnar
// chunks, or CSV streamed chunk by chunk (never built in memory).
import type { Response } from "express";
import { ApiError } from "@barscript/contracts";
import { listOutputChunks, readOutputChunk, readOutputChunks, type DecodedChunk, type Run } from "@barscript/db";
import type { RunsContext } from "./context";
import { writeStreamed } from "../http/stream";
import { MAX_PAGE_BYTES } from "../http/page-bytes";

/** 409 unless succeeded; 410 not_found once its results expired. */
export function assertResultsReadable(run: Run, now: Date): void {
  if (run.status !== "succeeded") {
    const going = run.status === "queued" || run.status === "running";
    throw new ApiError("run_not_finished", going ? `Run ${run.id} is ${run.status}; poll it until it has finished.` : `Run ${run.id} ${run.status === "failed" ? "failed" : "was cancelled"}; it has no results.`);
  }
  if (run.resultsExpiredAt || (run.expiresAt && run.expiresAt.getTime() <= now.getTime())) {
    throw new ApiError("not_found", `The results of run ${run.id} expired at ${(run.expiresAt ?? run.resultsExpiredAt ?? now).toISOString()}.`, { status: 410 });
  }
}

/** The point's time column. */
export const TIME_COLUMN = "t";

/**
 * Output names as point keys and CSV columns: `t` is the time column, so an output named `t`
 * (or one that collides after that) takes the derive rule's next free `_2`, `_3`, ... name.
 */
export function columnNames(names: readonly string[]): string[] {
  const used = new Set<string>([TIME_COLUMN]);
  return names.map((name) => {
    let unique = name;
    for (let i = 2; used.has(unique); i++) unique = `${name}_${i}`;
    used.add(unique);
    return unique;
  });
}

export type Point = Record<string, number | null>;

/** Longest JSON text of one number (`-2.2250738585072014e-308`); na is `null`, shorter. */
const MAX_NUMBER_CHARS = 24;

/**
 * A point with ordinary (fast) properties in column order: much cheaper to build and to
 * JSON.stringify than a prototype-less dictionary. An output named `__proto__` is defined as
 * an own property, so it stays an ordinary key.
 */
function pointOf(chunk: DecodedChunk, columns: readonly string[], i: number): Point {
  const p: Point = { [TIME_COLUMN]: chunk.time[i] as number };
  for (let k = 0; k < columns.length; k++) {
    const v = (chunk.values[k] as Float64Array)[i] as number;
    const name = columns[k] as string;
    if (name === "__proto__") Object.defineProperty(p, name, { value: Number.isNaN(v) ? null : v, enumerable: true, writable: true, configurable: true });
    else p[name] = Number.isNaN(v) ? null : v;
  }
  return p;
}

/** UTF-8 bytes of a point's JSON besides its numbers (braces, quoted keys, colons, commas). */
function fixedBytes(columns: readonly string[]): number {
  return [TIME_COLUMN, ...columns].reduce((n, name) => n + Buffer.byteLength(JSON.stringify(name), "utf8") + 2, 1);
}

export interface OutputsPage {
  points: Point[];
  next: number | null;
}

/**
 * A page of points sliced from the columnar chunks. Bounded by MAX_PAGE_BYTES of JSON as well
 * as by rows: when even the longest numbers could not reach the bound (the usual page) nothing
 * is measured; otherwise each point's JSON is measured and the cursor continues after the last
 * point given.
 */
export async function outputsPage(ctx: RunsContext, run: Run, offset: number, limit: number): Promise<OutputsPage> {
  const chunks = await readOutputChunks(ctx.deps.db, run.id, offset, limit);
  const written = (run.summary as { outputs?: number } | null)?.outputs;
  return pagePoints(chunks, offset, limit, written);
}

/** The points [offset, offset + limit) of `chunks` within `maxBytes` of JSON, and the next offset. */
export function pagePoints(chunks: readonly DecodedChunk[], offset: number, limit: number, written?: number, maxBytes: number = MAX_PAGE_BYTES): OutputsPage {
  const points: Point[] = [];
  let total = 0;
  let bytes = 2;
  let full = false;
  for (const c of chunks) {
    total = Math.max(total, c.firstIndex + c.pointCount);
    if (full) continue;
    const columns = columnNames(c.names);
    const s = Math.max(0, offset - c.firstIndex);
    const e = Math.min(c.pointCount, offset + limit - c.firstIndex);
    const most = fixedBytes(columns) + MAX_NUMBER_CHARS * (columns.length + 1) + 1;
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
  return { points, next: (full || points.length === limit) && end < (written ?? total) ? end : null };
}

/** Sends a page as `{"outputs":[...],"next_cursor":...}`. */
export function sendOutputsPage(res: Response, page: OutputsPage, nextCursor: string | null): void {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.send(JSON.stringify({ outputs: page.points, next_cursor: nextCursor }));
}

const cell = (v: number): string => (Number.isNaN(v) ? "" : String(v));

function csvField(name: string): string {
  return /[",\n\r]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** Streams every point as CSV: header `t,<outputs>`, empty cell for na. One chunk in memory at a time. */
export async function streamOutputsCsv(ctx: RunsContext, run: Run, res: Response, outputNames: string[]): Promise<void> {
  const metas = await listOutputChunks(ctx.deps.db, run.id);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${run.id}.csv"`);
  let names = outputNames;
  let headerSent = false;
  try {
    for (const meta of metas) {
      const chunk = await readOutputChunk(ctx.deps.db, run.id, meta.seq);
      if (!chunk) continue;
      if (!headerSent) {
        names = chunk.names;
        await writeStreamed(res, `${[TIME_COLUMN, ...columnNames(names)].map(csvField).join(",")}\n`);
        headerSent = true;
      }
      // Rows in slices of ~1,000 so one write stays small and backpressure is honoured.
      for (let s = 0; s < chunk.pointCount; s += 1000) {
        const e = Math.min(chunk.pointCount, s + 1000);
        let text = "";
        for (let i = s; i < e; i++) {
          text += String(chunk.time[i]);
          for (const col of chunk.values) text += `,${cell(col[i] as number)}`;
          text += "\n";
        }
        await writeStreamed(res, text);
      }
    }
    if (!headerSent) await writeStreamed(res, `${[TIME_COLUMN, ...columnNames(names)].map(csvField).join(",")}\n`);
    res.end();
  } catch {
    res.destroy();
  }
}
