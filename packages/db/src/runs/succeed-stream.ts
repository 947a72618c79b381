// Output chunks stored while the run is still evaluating (docs/adr/0095-output-chunks-during-
// evaluation.md, 0115-smaller-streamed-chunks.md, 0212-one-copy-per-streamed-run.md): the worker
// hands each chunk its sandbox thread has finished to an OutputStream, which writes it at once
// into one COPY opened with the first chunk, inside a transaction of its own, so Postgres stores
// the first chunks while the thread evaluates the rest. When the evaluation ends, the chunks the
// stream did not get end that COPY, and the move to `succeeded` with the units goes in the same
// transaction, committed synchronously: the chunks and the final state are stored together or
// not at all. A run that does not succeed discards the stream: its COPY is failed, so the
// transaction stores nothing.
//
// One COPY per run and not one per chunk: each COPY statement cost its backend about 2 ms of CPU
// beyond its rows on the 2-core machine (five COPYs of 240 KB rows 27.8 ms, one COPY of the same
// five rows 16.9 ms; docs/performance.md, issue 22 eleventh session).
import { escapeLiteral, type Connection, type Pool, type PoolClient } from "pg";
import type { Socket } from "node:net";
import { poolOf, type Db } from "../client";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { COPY_CHUNKS, copyEnd, copyMessages, finalSql, packedTuples, type PackedChunk } from "./succeed-copy";
import { dropChunks, movedOrLost } from "./succeed-parallel";
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
 * A stream opens its COPY during the evaluation only while this leaves two of the pool's
 * connections to everything else; otherwise it opens it when the evaluation is over. So a run
 * holding a stream's connection and waiting for another (its drawings, its usage) always finds
 * one freed by a statement that waits for nothing.
 */
const heldByStreams = new WeakMap<Pool, number>();
const RESERVED = 2;

function poolMax(pool: Pool): number {
  return (pool as Pool & { options?: { max?: number } }).options?.max ?? 10;
}

/** A COPY of chunk rows under way in an open transaction on one client of the pool. */
class OpenCopy {
  private socket: Socket | null = null;
  /** COPY data handed over before the server asked for it. */
  private pending: Buffer[][] = [];
  private error: Error | null = null;
  private readonly ready: Promise<void>;
  /** Settles when the COPY's query is over (CopyDone or CopyFail answered). */
  private readonly over: Promise<void>;

  private constructor(
    private readonly pool: Pool,
    private readonly client: PoolClient,
    opening: string,
  ) {
    let opened!: () => void;
    let ended!: () => void;
    let failed!: (e: Error) => void;
    this.ready = new Promise<void>((resolve) => (opened = resolve));
    this.over = new Promise<void>((resolve, reject) => {
      ended = resolve;
      failed = reject;
    });
    this.over.catch(() => undefined);
    client.query({
      submit: (connection: Connection) => {
        connection.query(opening);
      },
      handleCopyInResponse: (connection: Connection & { stream: Socket }) => {
        this.socket = connection.stream;
        for (const parts of this.pending.splice(0)) this.send(parts);
        opened();
      },
      handleDataRow() {},
      handleRowDescription() {},
      handleCommandComplete() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
      handleError: (e: unknown) => {
        // The client drops its active query on an error: no ReadyForQuery reaches us after it.
        this.error ??= e instanceof Error ? e : new Error(String(e));
        opened();
        failed(this.error);
      },
      handleReadyForQuery: () => {
        if (this.error === null) ended();
      },
    });
  }

  static async open(pool: Pool, opening: string): Promise<OpenCopy> {
    return new OpenCopy(pool, await pool.connect(), opening);
  }

  /** Writes COPY data (views, no copies), now or once the server has asked for it. */
  write(parts: Buffer[]): void {
    if (this.error !== null) return;
    if (this.socket === null) this.pending.push(parts);
    else this.send(parts);
  }

  private send(parts: Buffer[]): void {
    const socket = this.socket as Socket;
    // corked: the messages' headers and views leave in a few writev calls, not one write each
    socket.cork();
    for (const message of copyMessages(parts, undefined, false)) socket.write(message);
    socket.uncork();
  }

  /** Ends the COPY (the file's trailer, CopyDone), then runs `sql` (which commits); answers its first row's first field. */
  async commit(sql: string): Promise<number> {
    await this.ready;
    this.write([...copyEnd()]);
    if (this.error === null) (this.socket as Socket).write(Buffer.from([0x63, 0, 0, 0, 4]));
    let broken = true;
    try {
      await this.over;
      const results = (await this.client.query(sql)) as unknown as { rows: Array<Record<string, unknown>> } | Array<{ rows: Array<Record<string, unknown>> }>;
      broken = false;
      const first = Array.isArray(results) ? results[0] : results;
      return Number(Object.values(first?.rows[0] ?? {})[0] ?? 0);
    } finally {
      this.release(broken);
    }
  }

  /** Fails the COPY: its transaction stores nothing; the connection is closed, not given back. */
  async fail(reason: string): Promise<void> {
    await this.ready;
    if (this.error === null) {
      const text = Buffer.from(`${reason}\0`, "utf8");
      const head = Buffer.allocUnsafe(5);
      head[0] = 0x66;
      head.writeInt32BE(text.length + 4, 1);
      (this.socket as Socket).write(Buffer.concat([head, text]));
    }
    await this.over.catch(() => undefined);
    this.release(true);
  }

  /** Settles once the COPY has failed (an error of the server or the connection), never otherwise. */
  failed(): Promise<Error> {
    return this.over.then(() => new Promise<Error>(() => undefined), (e: unknown) => (e instanceof Error ? e : new Error(String(e))));
  }

  private released = false;

  private release(broken: boolean): void {
    if (this.released) return;
    this.released = true;
    heldByStreams.set(this.pool, (heldByStreams.get(this.pool) ?? 1) - 1);
    this.client.release(broken);
  }
}

/** The main lane's COPY: its transaction also takes the move to succeeded, committed synchronously. */
const MAIN_COPY = `BEGIN; ${COPY_CHUNKS}`;
/** A side lane's COPY: its own transaction, committed before the main one's move, without waiting for its WAL flush. */
const SIDE_COPY = `BEGIN; SELECT set_config('synchronous_commit', 'off', true); ${COPY_CHUNKS}`;

/**
 * COPYs of one stream at once when its chunks are wide (at least WIDE_CHUNK_BYTES): Postgres
 * stores a wide output on two cores while the evaluation takes one (the composite's 7.6 MB cost
 * its backends more CPU than the evaluation); a narrow one (a 50,000-bar run of two plots, 1.2 MB)
 * is one COPY, as one COPY of its rows costs its backend least.
 */
export const STREAM_LANES = 2;
export const WIDE_CHUNK_BYTES = 256 * 1024;

/** One COPY of the stream: the chunks dealt to it, written as they come. */
interface Lane {
  copy: Promise<OpenCopy>;
  /** Chunks written to it so far (the file's header goes with the first). */
  sent: number;
}

export class OutputStream {
  /** Chunks handed over and not yet dealt to a lane. */
  private readonly waiting: PackedChunk[] = [];
  private readonly lanes: Lane[] = [];
  /** How many lanes the stream uses (decided with its first chunk). */
  private width = 0;
  private handed = 0;
  private failure: Error | null = null;
  /** Points of every chunk but the last (from chunk 0; OUTPUT_CHUNK_POINTS until one came). */
  private points: number;
  /** The first chunk handed over, for `written` (null: none yet, or already told). */
  private first: readonly Float64Array[] | null = null;
  private ended = false;
  /** A side lane committed: its chunks are the run's until deleted. */
  private sideCommitted = false;

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
    if (this.width === 0) {
      const bytes = data instanceof Float64Array ? data.byteLength : data.reduce((sum, part) => sum + part.byteLength, 0);
      this.width = bytes >= WIDE_CHUNK_BYTES ? STREAM_LANES : 1;
    }
    this.pump(false);
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

  /**
   * Opens lanes up to the stream's width (during the evaluation only while the pool keeps
   * RESERVED connections for other work; `end`: at least the main lane, waiting for a connection).
   */
  private openLanes(end: boolean): void {
    while (this.lanes.length < Math.max(1, this.width) && this.failure === null) {
      const held = heldByStreams.get(this.pool) ?? 0;
      if (held + RESERVED >= poolMax(this.pool) && !(end && this.lanes.length === 0)) return;
      heldByStreams.set(this.pool, held + 1);
      const copy = OpenCopy.open(this.pool, this.lanes.length === 0 ? MAIN_COPY : SIDE_COPY);
      copy.then(
        (c) => void c.failed().then((e) => { this.failure ??= e; }),
        (e: unknown) => {
          heldByStreams.set(this.pool, (heldByStreams.get(this.pool) ?? 1) - 1);
          this.failure ??= e instanceof Error ? e : new Error(String(e));
        },
      );
      this.lanes.push({ copy, sent: 0 });
    }
  }

  /** Deals the chunks waiting to the lanes (chunk seq to lane seq mod lanes) and writes them once each lane is open. */
  private pump(end: boolean): void {
    if (this.failure !== null) return;
    this.openLanes(end);
    if (this.lanes.length === 0 || this.waiting.length === 0) return;
    const dealt = this.lanes.map(() => [] as PackedChunk[]);
    for (const chunk of this.waiting.splice(0)) dealt[chunk.seq % this.lanes.length]?.push(chunk);
    dealt.forEach((chunks, k) => {
      const lane = this.lanes[k] as Lane;
      if (chunks.length === 0) return;
      const first = lane.sent === 0;
      lane.sent += chunks.length;
      void lane.copy.then((c) => c.write([...packedTuples(this.runId, chunks, first)]), () => undefined);
    });
  }

  /**
   * The evaluation is over: the chunks of `columns` not handed over (at the points per chunk of
   * chunk 0) follow those handed over; resolves to the run's count of chunks, with every chunk
   * written to a COPY and the side lanes committed (the main one is committed by commit).
   */
  async finish(columns: OutputColumns): Promise<number> {
    const chunks = Math.ceil(columns.time.length / this.points);
    for (let seq = this.handed; seq < chunks; seq++) this.queue(seq, columns.names, packChunk(columns, seq, this.points));
    this.pump(true);
    if (this.failure === null) {
      const sides = this.lanes.slice(1);
      this.sideCommitted = sides.length > 0;
      await Promise.all(sides.map(async (lane) => (await lane.copy).commit("COMMIT"))).catch((e: unknown) => { this.failure ??= e instanceof Error ? e : new Error(String(e)); });
    }
    if (this.failure !== null) {
      await this.discard();
      throw this.failure;
    }
    return chunks;
  }

  /**
   * Ends the main COPY and runs `sql` (the move to succeeded, guarded by the count of chunks when
   * side lanes stored some) in its transaction, then commits: `sql`'s answer.
   */
  async commit(sql: string): Promise<number> {
    try {
      const copy = await (this.lanes[0] as Lane).copy;
      this.ended = true;
      const answer = await copy.commit(`${sql};\nCOMMIT`);
      if (this.failure !== null) throw this.failure;
      return answer;
    } catch (error) {
      if (this.sideCommitted) await dropChunks(this.pool, this.runId);
      throw error;
    } finally {
      this.over();
    }
  }

  /** Side lanes in use: the move must find every chunk (some committed by other transactions). */
  get guarded(): boolean {
    return this.lanes.length > 1;
  }

  /** No write of the chunks or columns will happen any more: `written` is told, once. */
  private over(): void {
    const first = this.first;
    this.first = null;
    if (first !== null) this.written?.(first);
  }

  /** Resolves once the stream's COPYs are open; throws the stream's failure (nothing of the stream is then kept). */
  async settled(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.copy.catch(() => undefined)));
    if (this.failure === null) return;
    await this.discard();
    throw this.failure;
  }

  /** The run will not succeed: its COPYs are failed (their transactions store nothing), chunks a side lane committed deleted. */
  async discard(): Promise<void> {
    this.waiting.length = 0;
    if (!this.ended) {
      this.ended = true;
      await Promise.all(this.lanes.map(async (lane) => (await lane.copy.catch(() => null))?.fail(`run ${this.runId} will not succeed: its output chunks are dropped`)));
      if (this.sideCommitted) await dropChunks(this.pool, this.runId);
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
 * running -> succeeded after a stream: the chunks it did not get (the last ones) end its COPYs,
 * then the move with the units in the main COPY's transaction, committed synchronously (its
 * commit flushes the WAL up to it, the side lanes' records included), guarded by the count of
 * chunks when side lanes committed some. False when another party finished the run first (the
 * move's statement then deletes the run's chunks).
 */
export async function succeedAfterStream(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date, stream: OutputStream): Promise<boolean> {
  const chunks = await stream.finish(columns);
  const guard = stream.guarded ? ` AND (SELECT count(*) FROM run_output_chunks WHERE "runId" = ${escapeLiteral(run.id)}) = ${String(chunks)}` : "";
  const moved = await stream.commit(finalSql(run, summary, computeUnits, now, guard));
  return stream.guarded ? movedOrLost(pool, run.id, moved, chunks) : moved === 1;
}
