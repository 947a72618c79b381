// The final write of a large indicator output on several connections at once
// (docs/adr/0094-parallel-output-writes.md). Postgres stores a chunk out of line as about 1,250
// TOAST rows per 2.5 MB, work one backend does on one core (docs/performance.md, "Issue 22, third
// session"); split over a few connections, the chunks are stored side by side. Each group of
// chunks is its own transaction (bound INSERTs pipelined on one connection, chunk-inserts.ts,
// docs/adr/0265) whose commit does not wait for its WAL flush; the run then
// moves to succeeded in one synchronous statement only if every chunk is there, and that commit
// flushes the WAL up to it, the chunks' records included (they were committed before it began).
// A group that fails: the run's chunks are deleted and the error thrown (the run fails on our
// side); a process that dies between the groups and the final move leaves a `running` run whose
// chunks are deleted when it is failed (RunLifecycle.finish, dropOrphanChunks).
import { escapeLiteral, type Pool } from "pg";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { ChunkInserts } from "./chunk-inserts";
import { columnChunks, finalSql } from "./succeed-inserts";
import type { RunSummary } from "./types";

/** The most connections one run's chunk writes take at once. */
export const PARALLEL_WRITES = 3;
/**
 * Below this many bytes of output one transaction is as quick: a 50,000-point run of two outputs
 * (1.2 MB) was written in the same time either way (docs/performance.md, third session).
 */
export const PARALLEL_MIN_BYTES = 4 * 1024 * 1024;

export interface ChunkRange {
  /** First chunk seq of the group. */
  from: number;
  /** One past its last. */
  to: number;
}

/**
 * The chunks of `points` points in contiguous groups, one per connection: as many groups as
 * chunks up to `most` (one below PARALLEL_MIN_BYTES), the chunks dealt evenly, the shorter last
 * chunk with the group before it.
 */
export function chunkGroups(points: number, bytes: number, chunkPoints = OUTPUT_CHUNK_POINTS, most = PARALLEL_WRITES): ChunkRange[] {
  const chunks = Math.ceil(points / chunkPoints);
  const n = bytes < PARALLEL_MIN_BYTES ? 1 : Math.max(1, Math.min(most, chunks));
  return Array.from({ length: n }, (_, k) => ({ from: Math.floor((k * chunks) / n), to: Math.floor(((k + 1) * chunks) / n) }));
}

/** Begins each group's transaction (its bound INSERTs follow): committed without waiting for the WAL flush. */
export const GROUP_OPENING = `SELECT set_config('synchronous_commit', 'off', true)`;

/**
 * running -> succeeded with the outputs (the groups written in parallel, then the move guarded by
 * the count of chunks) and the units. False when another party finished the run first (its
 * chunks are deleted again by the final statement).
 */
export async function succeedInParallel(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, groups: readonly ChunkRange[]): Promise<boolean> {
  const chunks = Math.ceil(columns.time.length / OUTPUT_CHUNK_POINTS);
  const written = await Promise.allSettled(groups.map(async (g) => {
    const pipe = await ChunkInserts.open(pool);
    pipe.run(GROUP_OPENING);
    pipe.insert(run.id, columnChunks(columns, OUTPUT_CHUNK_POINTS, g));
    return pipe.commit();
  }));
  const failed = written.find((w): w is PromiseRejectedResult => w.status === "rejected");
  if (failed) {
    await dropChunks(pool, run.id);
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }
  const id = escapeLiteral(run.id);
  const guard = ` AND (SELECT count(*) FROM run_output_chunks WHERE "runId" = ${id}) = ${String(chunks)}`;
  const result = await pool.query<{ moved: number }>(finalSql(run, summary, computeUnits, now, guard));
  return movedOrLost(pool, run.id, result.rows[0]?.moved ?? 0, chunks);
}

/**
 * After a guarded move: true when it moved; not moved, false when another party finished the
 * run, an error when it is still running without all its chunks (only a concurrent delete could
 * cause that), so the run fails on our side.
 */
export async function movedOrLost(pool: Pool, runId: string, moved: number, chunks: number): Promise<boolean> {
  if (moved === 1) return true;
  const still = await pool.query<{ status: string }>(`SELECT status FROM runs WHERE id = $1`, [runId]);
  if (still.rows[0]?.status === "running") throw new Error(`run ${runId}: ${String(chunks)} output chunks written, fewer found at the final move`);
  return false;
}

/** Deletes a run's output chunks (best effort: the run's expiry deletes what is left). */
export async function dropChunks(pool: Pool, runId: string): Promise<void> {
  await pool.query(`DELETE FROM run_output_chunks WHERE "runId" = $1`, [runId]).catch(() => undefined);
}
