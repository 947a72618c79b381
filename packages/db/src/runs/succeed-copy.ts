// The final write of a succeeded indicator run with its output chunks sent by a binary COPY
// (docs/performance.md, "Issue 22, second session: worker"). Same rows, same bytes and the same
// outcome as succeedWithOutputs (chunks.ts): running -> succeeded, the chunks kept only if the
// run moved, the compute units counted either way, all in one transaction. What differs is the
// transport: a bound parameter is copied into node-postgres's message buffer, which grows by
// reallocation (each chunk copied again into fresh memory, megabytes for a large run), while
// here each chunk's bytes go to the socket straight from the output columns (views, no copy),
// framed as CopyData. One simple query holds the COPY and the state change; without
// BEGIN/COMMIT its statements form one implicit transaction, rolled back as a whole on error.
import { escapeLiteral, type Connection, type Pool } from "pg";
import type { Socket } from "node:net";
import { OUTPUT_CHUNK_POINTS, type OutputColumns } from "./chunks";
import { usageInsert, usagePeriod } from "./queries";
import { RESULTS_TTL_MS, type RunSummary } from "./types";

const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
const TEXT_OID = 25;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** running -> succeeded with the outputs and the units in one simple query: the COPY, then finalSql. */
export async function succeedByCopy(pool: Pool, run: { id: string; accountId: string }, summary: RunSummary, computeUnits: number, columns: OutputColumns, now: Date): Promise<boolean> {
  const sql = `${COPY_CHUNKS};\n    ${finalSql(run, summary, computeUnits, now)}`;
  return (await copyIn(pool, sql, copyStream(run.id, columns))) === 1;
}

/** The COPY of chunk rows in the layout copyStream and packedChunksStream write. */
export const COPY_CHUNKS = `COPY run_output_chunks ("runId", seq, "firstIndex", "pointCount", columns, data) FROM STDIN (FORMAT binary)`;

/**
 * Runs `sql`, a simple query (one implicit transaction) holding one COPY ... FROM STDIN, on a
 * client of the pool, writing `parts` (the COPY file's bytes in order) as its CopyData messages:
 * answers the first field of the last row returned (0 when none). A client whose query failed is
 * not given back to the pool.
 */
export async function copyIn(pool: Pool, sql: string, parts: Iterable<Buffer>): Promise<number> {
  const client = await pool.connect();
  let broken = false;
  try {
    return await new Promise<number>((resolve, reject) => {
      let count = 0;
      let error: unknown = null;
      client.query({
        submit(connection: Connection) {
          connection.query(sql);
        },
        handleCopyInResponse(connection: Connection & { stream: Socket }) {
          // corked: the messages' headers and views leave in a few writev calls, not one write each
          const socket = connection.stream;
          socket.cork();
          for (const message of copyMessages(parts)) socket.write(message);
          socket.uncork();
        },
        handleDataRow(message: { fields: Array<string | null> }) {
          count = Number(message.fields[0] ?? 0);
        },
        handleRowDescription() {},
        handleCommandComplete() {},
        handleEmptyQuery() {},
        handlePortalSuspended() {},
        handleCopyData() {},
        handleError(e: unknown) {
          // The client drops its active query on an error: no ReadyForQuery reaches us after it.
          error = e;
          reject(e instanceof Error ? e : new Error(String(e)));
        },
        handleReadyForQuery() {
          if (error === null) resolve(count);
        },
      });
    });
  } catch (error) {
    broken = true;
    throw error;
  } finally {
    client.release(broken);
  }
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

/**
 * The binary COPY file of the run's chunk rows (copyIn frames it): each chunk's `data` field is
 * the chunk's slice of the time column, then of each output column, in order: the layout
 * chunks.ts packs (`pointCount` times, then each column; little-endian Float64).
 */
export function* copyStream(runId: string, columns: OutputColumns, chunkPoints = OUTPUT_CHUNK_POINTS, seqs: { from: number; to: number } = { from: 0, to: Infinity }): Generator<Buffer> {
  if (!LITTLE_ENDIAN) throw new Error("big-endian hosts are not supported");
  const id = Buffer.from(runId, "utf8");
  const names = textArray(columns.names);
  const total = columns.time.length;
  const series = [columns.time, ...columns.values];
  const first = seqs.from;
  for (let seq = first, start = first * chunkPoints; start < total && seq < seqs.to; start += chunkPoints, seq++) {
    const end = Math.min(total, start + chunkPoints);
    const n = end - start;
    yield tupleHead(id, names, { seq, firstIndex: start, pointCount: n }, n * 8 * series.length, seq === first);
    for (const s of series) {
      const part = s.subarray(start, end);
      yield Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    }
  }
  yield* copyEnd();
}

/**
 * A chunk row whose `data` is given in parts that follow one another (its times, then each
 * column; or one packed array): views of the columns the worker's sandbox thread shares, never
 * copied here (docs/adr/0127-streamed-chunks-as-views-of-shared-columns.md).
 */
export interface PackedChunk {
  seq: number;
  firstIndex: number;
  pointCount: number;
  names: readonly string[];
  data: readonly Float64Array[];
}

/** The binary COPY file of chunk rows whose `data` parts are given, in the order given. */
export function* packedChunksStream(runId: string, chunks: readonly PackedChunk[]): Generator<Buffer> {
  yield* packedTuples(runId, chunks, true);
  yield* copyEnd();
}

/**
 * The tuples of chunk rows whose `data` parts are given (the file's header first when
 * `signature`), without the trailer: a COPY file written in several pieces (succeed-stream.ts).
 */
export function* packedTuples(runId: string, chunks: readonly PackedChunk[], signature: boolean): Generator<Buffer> {
  if (!LITTLE_ENDIAN) throw new Error("big-endian hosts are not supported");
  const id = Buffer.from(runId, "utf8");
  let first = signature;
  for (const chunk of chunks) {
    yield tupleHead(id, textArray(chunk.names), chunk, chunk.data.reduce((bytes, part) => bytes + part.byteLength, 0), first);
    first = false;
    for (const part of chunk.data) yield Buffer.from(part.buffer, part.byteOffset, part.byteLength);
  }
}

/** A tuple's fields up to the length of `data` (the file header first when `signature`). */
function tupleHead(id: Buffer, names: Buffer, chunk: { seq: number; firstIndex: number; pointCount: number }, dataBytes: number, signature: boolean): Buffer {
  const head = Buffer.allocUnsafe((signature ? SIGNATURE.length + 8 : 0) + 2 + 4 + id.length + 3 * 8 + 4 + names.length + 4);
  let at = 0;
  if (signature) {
    at += SIGNATURE.copy(head, at);
    at = head.writeInt32BE(0, at); // flags
    at = head.writeInt32BE(0, at); // header extension
  }
  at = head.writeInt16BE(6, at);
  at = head.writeInt32BE(id.length, at);
  at += id.copy(head, at);
  for (const v of [chunk.seq, chunk.firstIndex, chunk.pointCount]) {
    at = head.writeInt32BE(4, at);
    at = head.writeInt32BE(v, at);
  }
  at = head.writeInt32BE(names.length, at);
  at += names.copy(head, at);
  if (head.writeInt32BE(dataBytes, at) !== head.length) throw new Error("output COPY: tuple header miscounted");
  return head;
}

/** The file trailer. */
export function* copyEnd(): Generator<Buffer> {
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  yield trailer;
}

/**
 * The most bytes of COPY data in one CopyData message. Postgres reads a whole message into one
 * buffer before it parses any of it: a message holding a whole 512 KiB chunk made its backend
 * take fresh memory (page faults, zeroed pages) for every COPY, 8 % of its CPU for the runs
 * bench's composite; 64 KiB ones stay in memory it reuses (docs/adr/0118-copy-data-messages-of-
 * 64-kib.md).
 */
export const COPY_MESSAGE_BYTES = 64 * 1024;

/**
 * `data` (a COPY file's bytes, in order) as CopyData messages of at most `most` bytes each (a
 * header, then views of `data`: no copies), then CopyDone unless `done` is false (more data to
 * come). Messages need not follow the file's tuples: Postgres reads COPY data as one stream.
 */
export function* copyMessages(data: Iterable<Buffer>, most = COPY_MESSAGE_BYTES, done = true): Generator<Buffer> {
  let held: Buffer[] = [];
  let bytes = 0;
  function* message(): Generator<Buffer> {
    if (bytes === 0) return;
    yield frame(bytes);
    yield* held;
    held = [];
    bytes = 0;
  }
  for (const part of data) {
    for (let at = 0; at < part.length; ) {
      const take = Math.min(part.length - at, most - bytes);
      held.push(take === part.length ? part : part.subarray(at, at + take));
      bytes += take;
      at += take;
      if (bytes === most) yield* message();
    }
  }
  yield* message();
  if (done) yield Buffer.from([0x63, 0, 0, 0, 4]);
}

/** A CopyData message header ('d', length including itself) for `bytes` of payload. */
function frame(bytes: number): Buffer {
  const b = Buffer.allocUnsafe(5);
  b[0] = 0x64;
  b.writeInt32BE(bytes + 4, 1);
  return b;
}

/** A one-dimensional text[] in PostgreSQL's binary array format (ndim, has-null, element oid, dims, items). */
function textArray(items: readonly string[]): Buffer {
  if (items.length === 0) return Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, TEXT_OID]);
  const parts = items.map((s) => Buffer.from(s, "utf8"));
  const out = Buffer.allocUnsafe(20 + parts.reduce((sum, p) => sum + 4 + p.length, 0));
  let at = out.writeInt32BE(1, 0);
  at = out.writeInt32BE(0, at);
  at = out.writeInt32BE(TEXT_OID, at);
  at = out.writeInt32BE(items.length, at);
  at = out.writeInt32BE(1, at);
  for (const p of parts) {
    at = out.writeInt32BE(p.length, at);
    at += p.copy(out, at);
  }
  return out;
}
