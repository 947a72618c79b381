// Output chunks stored while the run is still evaluating (docs/adr/0095-output-chunks-during-
// evaluation.md, 0115-smaller-streamed-chunks.md): the worker hands each chunk its sandbox thread
// has finished to an OutputStream, which stores it in its own transaction (committed without
// waiting for its WAL flush, as the groups of succeed-parallel.ts), so Postgres stores the first
// chunks while the thread evaluates the rest. While it evaluates, at most EVALUATING_WRITES such
// transactions run at once, each of at most BATCH_CHUNKS chunks (those handed over meanwhile
// wait for a free one); at the end the chunks the stream did not get join them and up to
// PARALLEL_WRITES run at once, then the move to `succeeded`, guarded by the count of chunks, goes
// in one synchronous statement. A run that does not succeed discards the stream: its writes are
// awaited, then the run's chunks deleted.
import { escapeLiteral, type Pool } from "pg";
import { poolOf, type Db } from "../client";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { copyIn, finalSql, packedChunksStream, type PackedChunk } from "./succeed-copy";
import { dropChunks, GROUP_SQL, movedOrLost, PARALLEL_WRITES } from "./succeed-parallel";
import type { RunSummary } from "./types";

/**
 * Bytes (times included) a streamed chunk aims at: a 31-column output gets chunks of 2,114
 * points instead of 10,000, stored from 7 % of its evaluation on instead of 31 %, and the chunk
 * still being stored when the evaluation ends is a fifth of the size (docs/adr/0115).
 */
export const STREAM_CHUNK_BYTES = 512 * 1024;

/**
 * Told once, with the first chunk handed over, when no write of the stream's chunks or of the
 * columns given to finish will happen any more (the memory they view may be used again).
 */
export type ChunksWritten = (first: readonly Float64Array[]) => void;

/** A stream for the run's chunks on the pool of a client made by createDb (null: no pool, no stream). */
export function openOutputStream(db: Db, runId: string, written?: ChunksWritten): OutputStream | null {
  const pool = poolOf(db);
  return pool ? new OutputStream(pool, runId, OUTPUT_CHUNK_POINTS, written) : null;
}

/**
 * Chunk transactions of one stream at once while the run evaluates: one backend stores on the
 * core the evaluation leaves free; a second one took CPU from the evaluation itself (the
 * evaluation 37.8 ms with one, 66.7 with two, medians of 50 runs side by side; docs/performance.md,
 * issue 22 fourth session). What is still waiting at the end goes on PARALLEL_WRITES.
 */
export const EVALUATING_WRITES = 1;
/**
 * The most chunks in one transaction: chunks that waited go together, yet a backlog stays cut in
 * pieces that the connections free at the end can share.
 */
export const BATCH_CHUNKS = 2;

export class OutputStream {
  /** Chunks handed over and not yet in a transaction. */
  private readonly waiting: PackedChunk[] = [];
  private wrote = false;
  private running = 0;
  private handed = 0;
  private failure: Error | null = null;
  private readonly idle: Array<() => void> = [];
  /** Points of every chunk but the last (from chunk 0; OUTPUT_CHUNK_POINTS until one came). */
  private points: number;

  /** The most transactions of the stream at once: EVALUATING_WRITES, more at its end (finish). */
  private most = EVALUATING_WRITES;

  /** The first chunk handed over, for `written` (null: none yet, or already told). */
  private first: readonly Float64Array[] | null = null;

  constructor(
    private readonly pool: Pool,
    readonly runId: string,
    chunkPoints = OUTPUT_CHUNK_POINTS,
    private readonly written?: ChunksWritten,
  ) {
    this.points = chunkPoints;
  }

  /** Chunks handed over so far (seqs 0 .. count - 1). */
  get count(): number {
    return this.handed;
  }

  /**
   * Hands over chunk `seq` (the next one in order): run_output_chunks.data packed in one array, or
   * in parts that follow one another (its times, then each column; views, stored as they are).
   */
  add(seq: number, names: readonly string[], data: Float64Array | readonly Float64Array[]): void {
    this.queue(seq, names, data instanceof Float64Array ? [data] : data);
    this.pump();
  }

  private queue(seq: number, names: readonly string[], data: readonly Float64Array[]): void {
    const pointCount = data.reduce((doubles, part) => doubles + part.length, 0) / (1 + names.length);
    if (seq === 0) {
      this.points = pointCount;
      this.first ??= data;
    }
    // out of order is a fault of ours: kept as a failure, so the run fails and keeps nothing
    if (seq !== this.handed) this.failure ??= new Error(`output chunk ${seq} of run ${this.runId} out of order (expected ${this.handed})`);
    else this.waiting.push({ seq, firstIndex: seq * this.points, pointCount, names, data });
    this.handed++;
  }

  /** Starts transactions of the chunks waiting, in order, while the stream has connections free. */
  private pump(): void {
    while (this.waiting.length > 0 && this.running < this.most && this.failure === null) {
      const take = Math.min(this.waiting.length, BATCH_CHUNKS);
      const batch = this.waiting.splice(0, take);
      this.running++;
      this.wrote = true;
      void copyIn(this.pool, GROUP_SQL, packedChunksStream(this.runId, batch)).then(
        () => undefined,
        (error: unknown) => { this.failure ??= error instanceof Error ? error : new Error(String(error)); },
      ).finally(() => {
        this.running--;
        this.pump();
        if (this.running === 0) for (const wake of this.idle.splice(0)) wake();
      });
    }
  }

  /** Resolves once no transaction of the stream is under way (chunks left waiting after a failure are not written). */
  private async quiet(): Promise<void> {
    while (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /**
   * The evaluation is over: the chunks of `columns` not handed over (at the points per chunk of
   * chunk 0) join those waiting, up to `most` transactions at once; resolves to the run's count of
   * chunks once settled() does.
   */
  async finish(columns: OutputColumns, most = PARALLEL_WRITES): Promise<number> {
    const chunks = Math.ceil(columns.time.length / this.points);
    this.most = Math.max(this.most, most);
    for (let seq = this.handed; seq < chunks; seq++) this.queue(seq, columns.names, packChunk(columns, seq, this.points));
    this.pump();
    try {
      await this.settled();
    } finally {
      this.over();
    }
    return chunks;
  }

  /** No write of the chunks or columns will happen any more: `written` is told, once. */
  private over(): void {
    const first = this.first;
    this.first = null;
    if (first !== null) this.written?.(first);
  }

  /** Every chunk handed over is committed; on a failure the run's chunks are deleted and it is thrown. */
  async settled(): Promise<void> {
    await this.quiet();
    if (this.failure === null) return;
    this.waiting.length = 0;
    await dropChunks(this.pool, this.runId);
    throw this.failure;
  }

  /** The run will not succeed: waits for the writes under way, then deletes the run's chunks. */
  async discard(): Promise<void> {
    this.waiting.length = 0;
    await this.quiet();
    this.over();
    if (this.wrote) await dropChunks(this.pool, this.runId);
  }
}

/** Chunk `seq` of `columns` at `points` points per chunk: views of its times, then of each column (no copy). */
function packChunk(columns: OutputColumns, seq: number, points: number): Float64Array[] {
  const from = seq * points;
  const to = Math.min(columns.time.length, from + points);
  return [columns.time, ...columns.values].map((column) => column.subarray(from, to));
}

/**
 * running -> succeeded after a stream: the chunks it did not get (the last ones) go through it
 * too, then, once every chunk is committed, the guarded move with the units in one synchronous
 * statement (its commit flushes the WAL up to it, the chunks' records included). False when
 * another party finished the run first (its chunks are deleted by the move's statement).
 */
export async function succeedAfterStream(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, stream: OutputStream): Promise<boolean> {
  const chunks = await stream.finish(columns);
  const guard = ` AND (SELECT count(*) FROM run_output_chunks WHERE "runId" = ${escapeLiteral(run.id)}) = ${String(chunks)}`;
  let moved: number;
  try {
    moved = (await pool.query<{ moved: number }>(finalSql(run, summary, computeUnits, now, guard))).rows[0]?.moved ?? 0;
  } catch (error) {
    await dropChunks(pool, run.id);
    throw error;
  }
  return movedOrLost(pool, run.id, moved, chunks);
}

