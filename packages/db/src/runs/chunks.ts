// Indicator outputs, columnar (RunOutputChunk): `data` packs `pointCount` times (Unix seconds)
// followed by each output column, all little-endian Float64 (NaN for na). A run's points are
// written in bulk as a few chunks and sliced on read for cursor pages and CSV streaming.
import type { Prisma } from "../generated/client";
import { usageInsert, usagePeriod, type DbClient } from "./queries";
import { RESULTS_TTL_MS, type RunSummary } from "./types";
import { escapeLiteral } from "pg";
import { query, statement } from "../sql";
import { poolOf, type Db } from "../client";
import { ByteaParts, queryWithParts } from "./bind-parts";

export const OUTPUT_CHUNK_POINTS = 10_000;

export interface OutputColumns {
  names: string[];
  time: Float64Array;
  values: Float64Array[];
}

/** Points [start, end) of the columns as one chunk's doubles: the times, then each output's values. */
export function packPoints(time: Float64Array, values: readonly Float64Array[], start: number, end: number): Float64Array<ArrayBuffer> {
  const n = end - start;
  const out = new Float64Array(n * (1 + values.length));
  out.set(time.subarray(start, end), 0);
  values.forEach((col, k) => out.set(col.subarray(start, end), n * (k + 1)));
  return out;
}

function pack(time: Float64Array, values: Float64Array[], start: number, end: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(packPoints(time, values, start, end).buffer);
  // Float64Array is host-endian; every supported host is little-endian, checked once here.
  if (!LITTLE_ENDIAN) throw new Error("big-endian hosts are not supported");
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Chunk rows for the points of a run, ready for one createMany. */
export function outputChunkRows(runId: string, columns: OutputColumns, chunkPoints = OUTPUT_CHUNK_POINTS): Prisma.RunOutputChunkCreateManyInput[] {
  const rows: Prisma.RunOutputChunkCreateManyInput[] = [];
  const total = columns.time.length;
  for (let start = 0, seq = 0; start < total; start += chunkPoints, seq++) {
    const end = Math.min(total, start + chunkPoints);
    rows.push({ runId, seq, firstIndex: start, pointCount: end - start, columns: columns.names, data: pack(columns.time, columns.values, start, end) });
  }
  return rows;
}

/** The chunks of outputChunkRows with each one's data as views of the columns (its times, then each output's values). */
function outputChunkParts(columns: OutputColumns, chunkPoints = OUTPUT_CHUNK_POINTS): Array<{ seq: number; firstIndex: number; pointCount: number; columns: string[]; data: ByteaParts }> {
  const rows = [];
  const total = columns.time.length;
  for (let start = 0, seq = 0; start < total; start += chunkPoints, seq++) {
    const end = Math.min(total, start + chunkPoints);
    rows.push({ seq, firstIndex: start, pointCount: end - start, columns: columns.names, data: new ByteaParts([columns.time, ...columns.values].map((c) => c.subarray(start, end))) });
  }
  return rows;
}

export interface DecodedChunk {
  firstIndex: number;
  pointCount: number;
  names: string[];
  time: Float64Array;
  values: Float64Array[];
}

export function decodeChunk(row: { firstIndex: number; pointCount: number; columns: string[]; data: Uint8Array }): DecodedChunk {
  const n = row.pointCount;
  // Copy into an aligned buffer (a Buffer from the driver may start at any byte offset).
  const aligned = new Float64Array(n * (1 + row.columns.length));
  new Uint8Array(aligned.buffer).set(row.data.subarray(0, aligned.byteLength));
  return {
    firstIndex: row.firstIndex,
    pointCount: n,
    names: row.columns,
    time: aligned.subarray(0, n),
    values: row.columns.map((_, k) => aligned.subarray(n * (k + 1), n * (k + 2))),
  };
}

/** Chunks holding points [from, from + count), in order. */
export async function readOutputChunks(db: DbClient, runId: string, from: number, count: number): Promise<DecodedChunk[]> {
  // A prepared statement on the pg pool (no Prisma runtime on a page of up to 50,000 points).
  const rows = await query<{ firstIndex: number; pointCount: number; columns: string[]; data: Uint8Array }>(db, OUTPUT_CHUNKS_IN, [runId, from, from + count]);
  return rows.map(decodeChunk);
}

const OUTPUT_CHUNKS_IN = statement(
  "output_chunks_in",
  `SELECT "firstIndex", "pointCount", columns, data FROM run_output_chunks
   WHERE "runId" = $1 AND "firstIndex" < $3::int AND "firstIndex" + "pointCount" > $2::int ORDER BY seq`,
);

/** Chunk metadata only (no data), in order: for streaming a run's points chunk by chunk. */
export async function listOutputChunks(db: DbClient, runId: string): Promise<Array<{ seq: number; firstIndex: number; pointCount: number }>> {
  return query<{ seq: number; firstIndex: number; pointCount: number }>(db, OUTPUT_CHUNK_LIST, [runId]);
}

const OUTPUT_CHUNK_LIST = statement("output_chunk_list", `SELECT seq, "firstIndex", "pointCount" FROM run_output_chunks WHERE "runId" = $1 ORDER BY seq`);

export async function readOutputChunk(db: DbClient, runId: string, seq: number): Promise<DecodedChunk | null> {
  const row = await db.runOutputChunk.findUnique({ where: { runId_seq: { runId, seq } } });
  return row ? decodeChunk(row) : null;
}

/**
 * The SELECT of a binary COPY of the chunks holding points [from, to) (or of chunk `seq` alone),
 * in order, for reading them as raw bytes: node-postgres hands `bytea` over as hex text, twice
 * its size and decoded again, while CopyData arrives as bytes (docs/adr/0084). Columns in the
 * order decodeCopiedChunk reads.
 */
export function outputChunksCopySelect(runId: string, range: { from: number; to: number } | { seq: number }): string {
  const where = "seq" in range
    ? `seq = ${String(Math.trunc(range.seq))}`
    : `"firstIndex" < ${String(Math.trunc(range.to))} AND "firstIndex" + "pointCount" > ${String(Math.trunc(range.from))}`;
  return `SELECT "firstIndex", "pointCount", columns, data FROM run_output_chunks WHERE "runId" = ${escapeLiteral(runId)} AND ${where} ORDER BY seq`;
}

/**
 * A chunk from the fields of one binary COPY tuple of outputChunksCopySelect. Its columns are
 * views of the received bytes when they are 8-byte aligned, else of one aligned copy in an array
 * from `alloc` (the caller may hand out reused memory).
 */
export function decodeCopiedChunk(fields: readonly (Uint8Array | null)[], alloc: (doubles: number) => Float64Array = (n) => new Float64Array(n)): DecodedChunk {
  const [first, count, columns, data] = fields;
  if (!first || !count || !columns || !data) throw new Error("run_output_chunks: a NULL column in a chunk row");
  const n = int32(first, 0);
  const pointCount = int32(count, 0);
  const names = textArray(columns);
  const doubles = pointCount * (1 + names.length);
  if (data.byteLength < doubles * 8) throw new Error("run_output_chunks: data shorter than its points");
  let all: Float64Array;
  if (data.byteOffset % 8 === 0) all = new Float64Array(data.buffer, data.byteOffset, doubles);
  else {
    all = alloc(doubles);
    new Uint8Array(all.buffer, all.byteOffset, doubles * 8).set(data.subarray(0, doubles * 8));
  }
  return {
    firstIndex: n,
    pointCount,
    names,
    time: all.subarray(0, pointCount),
    values: names.map((_, k) => all.subarray(pointCount * (k + 1), pointCount * (k + 2))),
  };
}

function int32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number));
}

/** A one-dimensional text[] in PostgreSQL's binary array format (ndim, flags, oid, dims, items). */
function textArray(bytes: Uint8Array): string[] {
  const ndim = int32(bytes, 0);
  if (ndim === 0) return [];
  if (ndim !== 1) throw new Error("run_output_chunks: columns is not a one-dimensional array");
  const length = int32(bytes, 12);
  const out: string[] = [];
  const decoder = new TextDecoder();
  for (let i = 0, at = 20; i < length; i++) {
    const len = int32(bytes, at);
    at += 4;
    if (len < 0) throw new Error("run_output_chunks: a NULL output name");
    out.push(decoder.decode(bytes.subarray(at, at + len)));
    at += len;
  }
  return out;
}

/**
 * running -> succeeded, the run's output chunks and its compute units, in one statement (one
 * round trip, atomic): the chunks are written only if the run was still `running`; the units
 * are counted either way, as for any evaluated run. False when another party finished it first.
 * One prepared statement per shape (chunks 0-5, usage or not) on the pg pool: no Prisma runtime
 * on the run's biggest write, and Postgres plans it once per connection; a transaction's client
 * runs the same text through Prisma.
 */
export async function succeedWithOutputs(
  db: DbClient,
  run: { id: string; accountId: string },
  summary: RunSummary,
  computeUnits: number,
  columns: OutputColumns,
  now: Date,
): Promise<boolean> {
  // On the pg pool each chunk's data is bound as views of the columns (bind-parts.ts), not packed.
  const pool = poolOf(db as Db);
  const rows = pool ? outputChunkParts(columns) : outputChunkRows(run.id, columns);
  const values: unknown[] = [run.id, JSON.stringify(summary), now.toISOString(), new Date(now.getTime() + RESULTS_TTL_MS).toISOString()];
  const param = (v: unknown): string => `$${values.push(v)}`;
  const tuples = rows.map((r) => {
    const data = r.data as Uint8Array | ByteaParts;
    const bound = data instanceof ByteaParts ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    return `(${param(r.seq)}::int, ${param(r.firstIndex)}::int, ${param(r.pointCount)}::int, ${param(r.columns as string[])}::text[], ${param(bound)}::bytea)`;
  });
  const chunkSql = tuples.length === 0 ? "" : `, chunks AS (
      INSERT INTO run_output_chunks ("runId", seq, "firstIndex", "pointCount", columns, data)
      SELECT moved.id, v.seq, v.first_index, v.point_count, v.columns, v.data
      FROM moved, (VALUES ${tuples.join(", ")}) AS v(seq, first_index, point_count, columns, data))`;
  const usageSql = computeUnits <= 0 ? "" : `, usage AS (
      ${usageInsert(param(run.accountId), param(usagePeriod(now)), param(String(computeUnits)), "0")})`;
  const text = `
    WITH moved AS (
      UPDATE runs SET status = 'succeeded', "failureKind" = NULL, "failureMessage" = NULL, "failureRetryable" = NULL,
        summary = $2::jsonb, "finishedAt" = $3::timestamptz, "expiresAt" = $4::timestamptz
      WHERE id = $1 AND status = 'running'
      RETURNING id
    )${chunkSql}${usageSql}
    SELECT count(*)::int AS moved FROM moved`;
  const s = statement(`succeed_${rows.length}_${computeUnits > 0 ? 1 : 0}`, text);
  const result = pool ? await queryWithParts<{ moved: number }>(pool, s, values) : await query<{ moved: number }>(db, s, values);
  return Number(result[0]?.moved ?? 0) === 1;
}
