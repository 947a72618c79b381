// GET /runs/{id}/results for indicator runs: cursor pages of points written from the columnar
// chunks (points-json.ts), or CSV streamed chunk by chunk (points-csv.ts; never built in memory).
// Chunks are read as raw bytes by a binary COPY (docs/adr/0084).
import { createHash } from "node:crypto";
import type { Response } from "express";
import { ApiError } from "@barscript/contracts";
import { listOutputChunks, outputChunksCopySelect, readOutputChunk, readOutputChunks, type DecodedChunk, type Run } from "@barscript/db";
import type { RunsContext } from "./context";
import { notModifiedBy } from "../http/etag";
import { writeStreamed } from "../http/stream";
import { MAX_PAGE_BYTES } from "../http/page-bytes";
import { TIME_COLUMN, columnNames } from "./columns";
import { closePage, pagePoints, type OutputsPage } from "./points-json";
import { csvRows } from "./points-csv";
import { giveBack, returnAfter, takeBuffer } from "./page-buffers";
import { copyChunks, copyPageChunks } from "./page-copy";

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

export { TIME_COLUMN, columnNames } from "./columns";

/** A page of the run's points, what identifies its bytes (for the ETag), and its scratch buffers. */
export interface RunOutputsPage extends OutputsPage {
  identity: string;
  buffers: Buffer[];
}

/**
 * The chunks holding points [from, from + count), read by a binary COPY into pooled buffers
 * (page-copy.ts) added to `buffers`, or by a prepared statement when the client has no pool.
 */
async function pageChunks(ctx: RunsContext, runId: string, from: number, count: number, buffers: Buffer[]): Promise<DecodedChunk[]> {
  const chunks = await copyPageChunks(ctx.deps.db, runId, from, from + count, buffers);
  return chunks ?? readOutputChunks(ctx.deps.db, runId, from, count);
}

/**
 * A page of points written from the columnar chunks (points-json.ts). Bounded by MAX_PAGE_BYTES
 * of JSON as well as by rows; the cursor continues after the last point given.
 */
export async function outputsPage(ctx: RunsContext, run: Run, offset: number, limit: number): Promise<RunOutputsPage> {
  const buffers: Buffer[] = [];
  const chunks = await pageChunks(ctx, run.id, offset, limit, buffers);
  const written = (run.summary as { outputs?: number } | null)?.outputs;
  const page = pagePoints(chunks, offset, limit, written, MAX_PAGE_BYTES, takeBuffer);
  buffers.push(page.json);
  return { ...page, identity: `results:${run.id}:${offset}:${limit}:${MAX_PAGE_BYTES}`, buffers };
}

/** Version of the page's text: part of the ETag, so a change of format changes every tag. */
const PAGE_FORMAT = "json-1";

/**
 * Sends a page as `{"outputs":[...],"next_cursor":...}`. A succeeded run's points never change,
 * so the weak ETag comes from what identifies the page (run, offset, limit, bound, cursor,
 * format) rather than a hash of its megabytes; If-None-Match answers 304 as before (docs/adr/0084).
 */
export function sendOutputsPage(res: Response, page: RunOutputsPage, nextCursor: string | null): void {
  const body = closePage(page, nextCursor);
  const tag = createHash("sha1").update(`${PAGE_FORMAT}:${page.identity}:${String(nextCursor)}`).digest("base64").slice(0, 27);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("ETag", `W/"${body.length.toString(16)}-${tag}"`);
  for (const b of page.buffers) returnAfter(res, b);
  res.send(body);
}

function csvField(name: string): string {
  return /[",\n\r]/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

function csvHeader(names: readonly string[]): string {
  return `${[TIME_COLUMN, ...columnNames(names)].map(csvField).join(",")}\r\n`;
}

/**
 * One chunk of the run: by a binary COPY into pooled buffers added to `buffers` (page-copy.ts, as a
 * page's chunks: no fresh memory per socket read, docs/adr/0148) when the client has a pool.
 */
async function oneChunk(ctx: RunsContext, runId: string, seq: number, buffers: Buffer[]): Promise<DecodedChunk | null> {
  const chunks = await copyChunks(ctx.deps.db, outputChunksCopySelect(runId, { seq }), buffers);
  if (!chunks) return readOutputChunk(ctx.deps.db, runId, seq);
  return chunks[0] ?? null;
}

/** Version of the CSV's text: part of its ETag, so a change of format changes every tag. */
const CSV_FORMAT = "csv-1";

/** Streams every point as CSV: header `t,<outputs>`, empty cell for na. One chunk in memory at a time. */
export async function streamOutputsCsv(ctx: RunsContext, run: Run, res: Response, outputNames: string[]): Promise<void> {
  // a succeeded run's points never change, so the run names its CSV (docs/adr/0333)
  res.status(200);
  if (notModifiedBy(res, `${CSV_FORMAT}:${run.id}`)) return;
  const metas = await listOutputChunks(ctx.deps.db, run.id);
  res.status(200);
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${run.id}.csv"`);
  let headerSent = false;
  try {
    for (const meta of metas) {
      // the chunk's columns are views of these; the rows written from them are bytes of their own
      const buffers: Buffer[] = [];
      try {
        const chunk = await oneChunk(ctx, run.id, meta.seq, buffers);
        if (!chunk) continue;
        if (!headerSent) {
          await writeStreamed(res, csvHeader(chunk.names));
          headerSent = true;
        }
        for (const slice of csvRows(chunk)) await writeStreamed(res, slice);
      } finally {
        for (const b of buffers) giveBack(b);
      }
    }
    if (!headerSent) await writeStreamed(res, csvHeader(outputNames));
    res.end();
  } catch {
    res.destroy();
  }
}
