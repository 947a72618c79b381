// Output chunks stored while the run is still evaluating (docs/adr/0095-output-chunks-during-
// evaluation.md, 0115-smaller-streamed-chunks.md, 0212-one-copy-per-streamed-run.md,
// 0265-output-chunks-by-bound-inserts.md): the worker hands each chunk its sandbox thread has
// finished to an OutputStream, which writes it at once as a bound INSERT into one pipeline
// (chunk-inserts.ts) opened with the first chunk, one implicit transaction, so Postgres stores the
// first chunks while the thread evaluates the rest. When the evaluation ends, the chunks the
// stream did not get follow, then the move to `succeeded` with the units, and the Sync that
// commits it all, synchronously: the chunks and the final state are stored together or not at
// all. A run that does not succeed discards the stream: its connection is closed before any
// Sync, so the transaction stores nothing.
//
// One transaction per run and not one per chunk (docs/adr/0212): each chunk's statement costs
// its backend far less than a transaction of its own (docs/performance.md, issue 22 eleventh session).
import type { Pool } from "pg";
import { poolOf, type Db } from "../client";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { ChunkInserts, type PackedChunk } from "./chunk-inserts";
import { finalSql } from "./succeed-inserts";
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
 * Connections of a pool held by open streams (each holds one from its first chunk to its end).
 * A stream opens its pipeline during the evaluation only while this leaves two of the pool's
 * connections to everything else; otherwise it opens it when the evaluation is over. So a run
 * holding a stream's connection and waiting for another (its drawings, its usage) always finds
 * one freed by a statement that waits for nothing.
 */
const heldByStreams = new WeakMap<Pool, number>();
const RESERVED = 2;

function poolMax(pool: Pool): number {
  return (pool as Pool & { options?: { max?: number } }).options?.max ?? 10;
}

/**
 * The stream's pipeline on a client of the pool, counted in heldByStreams until the client goes
 * back. One pipeline however wide the chunks: with COPY two connections let Postgres store a wide
 * output on two cores (docs/adr/0212); with the bound INSERTs one was quicker in each of four
 * alternating pairs (docs/adr/0265, docs/performance.md issue 22 fifteenth session).
 */
async function openPipeline(pool: Pool): Promise<ChunkInserts> {
  let given = false;
  return ChunkInserts.open(pool, () => {
    if (given) return;
    given = true;
    heldByStreams.set(pool, (heldByStreams.get(pool) ?? 1) - 1);
  });
}

export class OutputStream {
  /** Chunks handed over and not yet given to the pipeline. */
  private readonly waiting: PackedChunk[] = [];
  /** The pipeline, from its opening (null: not opened yet). */
  private pipe: Promise<ChunkInserts> | null = null;
  /** The pipeline once open. */
  private open: ChunkInserts | null = null;
  private handed = 0;
  private failure: Error | null = null;
  /** Points of every chunk but the last (from chunk 0; OUTPUT_CHUNK_POINTS until one came). */
  private points: number;
  /** The first chunk handed over, for `written` (null: none yet, or already told). */
  private first: readonly Float64Array[] | null = null;
  private ended = false;
  private firstHandedAt = NaN;
  private openedAt = NaN;

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
    this.pump(false);
  }

  private queue(seq: number, names: readonly string[], data: readonly Float64Array[]): void {
    const pointCount = data.reduce((doubles, part) => doubles + part.length, 0) / (1 + names.length);
    if (seq === 0) {
      this.firstHandedAt = performance.timeOrigin + performance.now();
      this.points = pointCount;
      this.first ??= data;
    }
    // out of order is a fault of ours: kept as a failure, so the run fails and keeps nothing
    if (seq !== this.handed) this.failure ??= new Error(`output chunk ${seq} of run ${this.runId} out of order (expected ${this.handed})`);
    else this.waiting.push({ seq, firstIndex: seq * this.points, pointCount, names, data });
    this.handed++;
  }

  /**
   * Opens the pipeline (during the evaluation only while the pool keeps RESERVED connections for
   * other work; `end`: waiting for a connection if need be).
   */
  private openPipe(end: boolean): void {
    if (this.pipe !== null || this.failure !== null) return;
    const held = heldByStreams.get(this.pool) ?? 0;
    if (held + RESERVED >= poolMax(this.pool) && !end) return;
    heldByStreams.set(this.pool, held + 1);
    this.pipe = openPipeline(this.pool);
    this.pipe.then(
      (c) => {
        this.open = c;
        this.openedAt = performance.timeOrigin + performance.now();
        void c.failed().then((e) => { this.failure ??= e; });
      },
      (e: unknown) => {
        heldByStreams.set(this.pool, (heldByStreams.get(this.pool) ?? 1) - 1);
        this.failure ??= e instanceof Error ? e : new Error(String(e));
      },
    );
  }

  /** Gives the chunks waiting to the pipeline, written once it is open. */
  private pump(end: boolean): void {
    if (this.failure !== null) return;
    this.openPipe(end);
    if (this.pipe === null || this.waiting.length === 0) return;
    const chunks = this.waiting.splice(0);
    void this.pipe.then((c) => c.insert(this.runId, chunks), () => undefined);
  }

  /**
   * The evaluation is over: the chunks of `columns` not handed over (at the points per chunk of
   * chunk 0) follow those handed over; resolves to the run's count of chunks, with every chunk
   * written to the pipeline (committed by commit).
   */
  async finish(columns: OutputColumns): Promise<number> {
    const chunks = Math.ceil(columns.time.length / this.points);
    for (let seq = this.handed; seq < chunks; seq++) this.queue(seq, columns.names, packChunk(columns, seq, this.points));
    this.pump(true);
    if (this.failure !== null) {
      await this.discard();
      throw this.failure;
    }
    return chunks;
  }

  /**
   * Runs `sql` (the move to succeeded) at the end of the pipeline, in its transaction, then
   * commits: `sql`'s answer.
   */
  async commit(sql: string): Promise<number> {
    try {
      const pipe = await (this.pipe as Promise<ChunkInserts>);
      this.ended = true;
      pipe.run(sql);
      const answer = await pipe.commit();
      if (this.failure !== null) throw this.failure;
      return answer;
    } finally {
      this.over();
    }
  }

  /**
   * Chunks the server has stored so far in the stream's open transaction (answered INSERTs;
   * none of them visible to others before the commit).
   */
  get stored(): number {
    return this.open?.stored ?? 0;
  }

  /**
   * For the timing spans (epoch ms; NaN: not yet): when the first chunk was handed over, when the
   * pipeline's connection was taken, and when the server answered the first and the last chunk
   * stored so far.
   */
  timings(): { firstHanded: number; opened: number; firstStored: number; lastStored: number } {
    const answered = this.open?.answeredAt ?? { first: NaN, last: NaN };
    return { firstHanded: this.firstHandedAt, opened: this.openedAt, firstStored: answered.first, lastStored: answered.last };
  }

  /** No write of the chunks or columns will happen any more: `written` is told, once. */
  private over(): void {
    const first = this.first;
    this.first = null;
    if (first !== null) this.written?.(first);
  }

  /** Resolves once the stream's pipeline is open; throws the stream's failure (nothing of the stream is then kept). */
  async settled(): Promise<void> {
    await this.pipe?.catch(() => undefined);
    if (this.failure === null) return;
    await this.discard();
    throw this.failure;
  }

  /** The run will not succeed: its pipeline is closed unsynced (its transaction stores nothing). */
  async discard(): Promise<void> {
    this.waiting.length = 0;
    if (!this.ended) {
      this.ended = true;
      await (await this.pipe?.catch(() => null))?.abandon();
    }
    this.over();
  }
}

/** Chunk `seq` of `columns` at `points` points per chunk: views of its times, then of each column (no copy). */
function packChunk(columns: OutputColumns, seq: number, points: number): Float64Array[] {
  const from = seq * points;
  const to = Math.min(columns.time.length, from + points);
  return [columns.time, ...columns.values].map((column) => column.subarray(from, to));
}

/**
 * running -> succeeded after a stream: the chunks it did not get (the last ones) end its pipeline,
 * then the move with the units in the same transaction, committed synchronously. False when
 * another party finished the run first (the move's statement then deletes the run's chunks).
 */
export async function succeedAfterStream(run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, stream: OutputStream): Promise<boolean> {
  await stream.finish(columns);
  return (await stream.commit(finalSql(run, summary, computeUnits, now))) === 1;
}
