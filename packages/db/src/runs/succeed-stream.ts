// Output chunks stored while the run is still evaluating (docs/adr/0095-output-chunks-during-
// evaluation.md): the worker hands each chunk its sandbox thread has finished to an OutputStream,
// which writes it at once in its own transaction (committed without waiting for its WAL flush,
// as the groups of succeed-parallel.ts), so Postgres stores the first chunks while the thread
// evaluates the rest. At the end the remaining chunks and the move to `succeeded`, guarded by the
// count of chunks, go in one synchronous transaction. A run that does not succeed discards the
// stream: its writes are awaited, then the run's chunks deleted.
import { escapeLiteral, type Pool } from "pg";
import { poolOf, type Db } from "../client";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { COPY_CHUNKS, copyIn, copyStream, finalSql, packedChunkStream } from "./succeed-copy";
import { dropChunks, GROUP_SQL, movedOrLost } from "./succeed-parallel";
import type { RunSummary } from "./types";

/** A stream for the run's chunks on the pool of a client made by createDb (null: no pool, no stream). */
export function openOutputStream(db: Db, runId: string): OutputStream | null {
  const pool = poolOf(db);
  return pool ? new OutputStream(pool, runId) : null;
}

export class OutputStream {
  private readonly writes: Array<Promise<number>> = [];

  constructor(
    private readonly pool: Pool,
    readonly runId: string,
    private readonly chunkPoints = OUTPUT_CHUNK_POINTS,
  ) {}

  /** Chunks handed over so far (seqs 0 .. count - 1). */
  get count(): number {
    return this.writes.length;
  }

  /** Starts the write of chunk `seq` (the next one in order): `data` packed as run_output_chunks.data. */
  add(seq: number, names: readonly string[], data: Float64Array): void {
    const chunk = { seq, firstIndex: seq * this.chunkPoints, pointCount: data.length / (1 + names.length) };
    // out of order is a fault of ours: kept as a failed write, so the run fails and keeps nothing
    const write = seq === this.writes.length
      ? copyIn(this.pool, GROUP_SQL, packedChunkStream(this.runId, names, chunk, data))
      : Promise.reject(new Error(`output chunk ${seq} of run ${this.runId} out of order (expected ${this.writes.length})`));
    // awaited by settled() or discard(); a rejection is not unhandled meanwhile
    write.catch(() => undefined);
    this.writes.push(write);
  }

  /** Every chunk handed over is committed; on a failure the run's chunks are deleted and it is thrown. */
  async settled(): Promise<void> {
    const done = await Promise.allSettled(this.writes);
    const failed = done.find((w): w is PromiseRejectedResult => w.status === "rejected");
    if (!failed) return;
    await dropChunks(this.pool, this.runId);
    throw failed.reason instanceof Error ? failed.reason : new Error(String(failed.reason));
  }

  /** The run will not succeed: waits for the writes under way, then deletes the run's chunks. */
  async discard(): Promise<void> {
    if (this.writes.length === 0) return;
    await Promise.allSettled(this.writes);
    await dropChunks(this.pool, this.runId);
  }
}

/**
 * running -> succeeded after a stream: once its chunks are committed, the chunks it did not hold
 * (the last ones) by COPY and the guarded move with the units, in one synchronous transaction.
 * False when another party finished the run first (its chunks are deleted by the move's statement).
 */
export async function succeedAfterStream(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, stream: OutputStream): Promise<boolean> {
  await stream.settled();
  const chunks = Math.ceil(columns.time.length / OUTPUT_CHUNK_POINTS);
  const guard = ` AND (SELECT count(*) FROM run_output_chunks WHERE "runId" = ${escapeLiteral(run.id)}) = ${String(chunks)}`;
  const final = finalSql(run, summary, computeUnits, now, guard);
  let moved: number;
  try {
    moved = stream.count < chunks
      ? await copyIn(pool, `${COPY_CHUNKS};\n${final}`, copyStream(run.id, columns, OUTPUT_CHUNK_POINTS, { from: stream.count, to: chunks }))
      : ((await pool.query<{ moved: number }>(final)).rows[0]?.moved ?? 0);
  } catch (error) {
    await dropChunks(pool, run.id);
    throw error;
  }
  return movedOrLost(pool, run.id, moved, chunks);
}
