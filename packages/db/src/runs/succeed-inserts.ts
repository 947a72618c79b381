// The final write of a succeeded indicator run whose outputs are not stored during its
// evaluation, from 256 KB (succeed.ts): same rows, same bytes and the same outcome as
// succeedWithOutputs (chunks.ts): running -> succeeded, the chunks kept only if the run moved, the
// compute units counted either way, all in one transaction. Each chunk is its own bound INSERT
// whose `data` goes to the socket straight from the output columns (views, no copy), pipelined
// with the final statement on one connection and committed by the Sync that ends them
// (chunk-inserts.ts, docs/adr/0265-output-chunks-by-bound-inserts.md; a binary COPY before it).
import { escapeLiteral, type Pool } from "pg";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { ChunkInserts, type PackedChunk } from "./chunk-inserts";
export type { PackedChunk } from "./chunk-inserts";
import { usageInsert, usagePeriod } from "./queries";
import { RESULTS_TTL_MS, type RunSummary } from "./types";

/**
 * running -> succeeded with the outputs and the units in one transaction: the chunks' bound
 * INSERTs, then finalSql, pipelined on one connection and committed by the Sync that ends them
 * (chunk-inserts.ts, docs/adr/0265-output-chunks-by-bound-inserts.md).
 */
export async function succeedByInserts(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date): Promise<boolean> {
  const pipe = await ChunkInserts.open(pool);
  pipe.insert(run.id, columnChunks(columns));
  pipe.run(finalSql(run, summary, computeUnits, now));
  return (await pipe.commit()) === 1;
}

/** The chunks of `columns` at `chunkPoints` points per chunk, seqs [from, to): views of its times, then of each column (no copy). */
export function columnChunks(columns: OutputColumns, chunkPoints = OUTPUT_CHUNK_POINTS, seqs: { from: number; to: number } = { from: 0, to: Infinity }): PackedChunk[] {
  const chunks: PackedChunk[] = [];
  const total = columns.time.length;
  const series = [columns.time, ...columns.values];
  for (let seq = seqs.from, start = seqs.from * chunkPoints; start < total && seq < seqs.to; start += chunkPoints, seq++) {
    const end = Math.min(total, start + chunkPoints);
    chunks.push({ seq, firstIndex: start, pointCount: end - start, names: columns.names, data: series.map((s) => s.subarray(start, end)) });
  }
  return chunks;
}

/**
 * The conditional move (the run's chunks deleted again if it did not move) and the units, as one
 * statement; `guard` adds a condition to the move (succeed-parallel.ts: every chunk is there).
 */
export function finalSql(run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, now: Date, guard = ""): string {
  const id = escapeLiteral(run.id);
  const usage = computeUnits <= 0 ? "" : `, usage AS (${usageInsert(escapeLiteral(run.accountId), escapeLiteral(usagePeriod(now)), escapeLiteral(String(computeUnits)), "0")})`;
  return `WITH moved AS (
      UPDATE runs SET status = 'succeeded', "failureKind" = NULL, "failureMessage" = NULL, "failureRetryable" = NULL,
        summary = ${escapeLiteral(JSON.stringify(summary))}::jsonb, "finishedAt" = ${escapeLiteral(now.toISOString())}::timestamptz,
        "expiresAt" = ${escapeLiteral(new Date(now.getTime() + RESULTS_TTL_MS).toISOString())}::timestamptz
      WHERE id = ${id} AND status = 'running'${guard}
      RETURNING id
    ), dropped AS (
      DELETE FROM run_output_chunks WHERE "runId" = ${id} AND NOT EXISTS (SELECT 1 FROM moved)
    )${usage}
    SELECT count(*)::int AS moved FROM moved`;
}
