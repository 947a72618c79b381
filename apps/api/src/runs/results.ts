// GET /runs/{id}/results for indicator runs: cursor pages of points sliced from the columnar
// chunks, or CSV streamed chunk by chunk (never built in memory).
import type { Response } from "express";
import { ApiError } from "@barscript/contracts";
import { listOutputChunks, readOutputChunk, readOutputChunks, type Run } from "@barscript/db";
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

/** A number as JSON writes it: na (NaN) and the infinities are `null`. */
const jsonNumber = (v: number): string => (Number.isFinite(v) ? String(v) : "null");

/**
 * A page of points as JSON text, written straight from the columnar chunks: no point objects,
 * no JSON.stringify of the page (the largest page is 50,000 points). Each point is
 * `{"t":<time>,"<name>":<value>,...}` with the names JSON-escaped once per chunk.
 */
export interface OutputsPage {
  /** The JSON array of points. */
  json: string;
  count: number;
  next: number | null;
}

export async function outputsPage(ctx: RunsContext, run: Run, offset: number, limit: number): Promise<OutputsPage> {
  const chunks = await readOutputChunks(ctx.deps.db, run.id, offset, limit);
  const parts: string[] = [];
  let count = 0;
  let total = 0;
  let bytes = 2;
  let full = false;
  for (const c of chunks) {
    total = Math.max(total, c.firstIndex + c.pointCount);
    if (full) continue;
    const keys = columnNames(c.names).map((name) => `,${JSON.stringify(name)}:`);
    // UTF-8 bytes beyond the UTF-16 length of a point: names may be non-ASCII, numbers are not.
    const extra = keys.reduce((n, k) => n + Buffer.byteLength(k, "utf8") - k.length, 0);
    const s = Math.max(0, offset - c.firstIndex);
    const e = Math.min(c.pointCount, offset + limit - c.firstIndex);
    for (let i = s; i < e; i++) {
      let point = `{"${TIME_COLUMN}":${jsonNumber(c.time[i] as number)}`;
      for (let k = 0; k < keys.length; k++) point += keys[k] + jsonNumber((c.values[k] as Float64Array)[i] as number);
      point += "}";
      // Bounded by bytes as well as rows: the cursor continues after the last point given.
      bytes += point.length + extra + 1;
      if (bytes > MAX_PAGE_BYTES && count > 0) {
        full = true;
        break;
      }
      parts.push(point);
      count++;
    }
  }
  const end = offset + count;
  const written = (run.summary as { outputs?: number } | null)?.outputs ?? total;
  return { json: `[${parts.join(",")}]`, count, next: (full || count === limit) && end < written ? end : null };
}

/** Sends a page as `{"outputs":[...],"next_cursor":...}` (what res.json would send, built as text). */
export function sendOutputsPage(res: Response, page: OutputsPage, nextCursor: string | null): void {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.send(`{"outputs":${page.json},"next_cursor":${JSON.stringify(nextCursor)}}`);
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
