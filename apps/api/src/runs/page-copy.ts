// The chunks of a results page read by a binary COPY straight into reused buffers
// (docs/adr/0099-results-page-reads-and-garbage.md). `copyOutBinary` of @barscript/marketdata
// copies every CopyData message into a Buffer of its own: 1.2 MB of fresh external memory per
// 50,000-point page, and external memory is what makes V8 collect (a scavenge, and a full
// mark-compact of the API's heap every few dozen pages). Here each message is copied into one
// buffer of the page-buffers pool, and the Float64 columns (unaligned there) into a second one.
// The COPY's answer is read from the connection's socket itself (copyOutFromSocket,
// docs/adr/0123-copy-out-from-the-socket.md): the driver's parser would first merge each CopyData
// message that spans socket reads into a fresh buffer of its own.
import { BINARY_COPY_SIGNATURE as SIGNATURE, copyOutFromSocket, decodeCopiedChunk, outputChunksCopySelect, poolOf, type DecodedChunk, type Db } from "@barscript/db";
import { giveBack, takeBuffer } from "./page-buffers";

/** What a page's copy starts with; the pool hands out a larger free buffer when it has one. */
const FIRST_SIZE = 1024 * 1024;

/** Appends CopyData bytes to a pooled buffer, moving to a larger one when it is full. */
export class ReceivedBytes {
  buffer: Buffer = takeBuffer(FIRST_SIZE);
  length = 0;

  add(bytes: Buffer): void {
    if (this.length + bytes.length > this.buffer.length) {
      const larger = takeBuffer(Math.max(2 * this.buffer.length, this.length + bytes.length));
      this.buffer.copy(larger, 0, 0, this.length);
      giveBack(this.buffer);
      this.buffer = larger;
    }
    bytes.copy(this.buffer, this.length);
    this.length += bytes.length;
  }
}

/** The tuples of a binary COPY held in bytes[0, length): each field a view (null for NULL). */
export function copyTuples(bytes: Buffer, length: number): (Uint8Array | null)[][] {
  if (length < SIGNATURE.length + 8 || !bytes.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error("binary COPY: bad signature");
  let at = SIGNATURE.length + 4; // flags
  at += 4 + bytes.readUInt32BE(at); // header extension
  const tuples: (Uint8Array | null)[][] = [];
  for (;;) {
    if (at + 2 > length) throw new Error("binary COPY: data ends before its trailer");
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields === -1) return tuples;
    const tuple: (Uint8Array | null)[] = [];
    for (let f = 0; f < fields; f++) {
      if (at + 4 > length) throw new Error("binary COPY: data ends inside a tuple");
      const size = bytes.readInt32BE(at);
      at += 4;
      if (size < 0) tuple.push(null);
      else {
        if (at + size > length) throw new Error("binary COPY: data ends inside a field");
        tuple.push(bytes.subarray(at, at + size));
        at += size;
      }
    }
    tuples.push(tuple);
  }
}

/** Aligned Float64 arrays carved in order from one buffer. */
function carver(buffer: Buffer): (doubles: number) => Float64Array {
  let at = 0;
  return (doubles) => {
    const view = new Float64Array(buffer.buffer, buffer.byteOffset + at, doubles);
    at += doubles * 8;
    return view;
  };
}

/**
 * The chunks of run `runId` holding points [from, to), in order, read by a binary COPY into
 * pooled buffers that are added to `buffers` (the caller returns them once the response has
 * finished: the chunks' columns are views of them). Null when `db` has no pg pool of its own.
 */
export function copyPageChunks(db: Db, runId: string, from: number, to: number, buffers: Buffer[]): Promise<DecodedChunk[] | null> {
  return copyChunks(db, outputChunksCopySelect(runId, { from, to }), buffers);
}

/**
 * The chunks `select` (an output-chunks select of @barscript/db) gives, read as copyPageChunks
 * reads a page's; a CSV export reads its chunks one at a time this way. Null when `db` has no pg
 * pool of its own.
 */
export async function copyChunks(db: Db, select: string, buffers: Buffer[]): Promise<DecodedChunk[] | null> {
  const pool = poolOf(db);
  if (!pool) return null;
  const client = await pool.connect();
  const received = new ReceivedBytes();
  let failed = false;
  try {
    // each piece copied into the pooled buffer (a view of a socket read); the pool's query_timeout
    // bounds it as it bounds the driver's queries
    const timeoutMs = (client as { connectionParameters?: { query_timeout?: number | false } }).connectionParameters?.query_timeout || 0;
    await copyOutFromSocket(client, `COPY (${select}) TO STDOUT (FORMAT binary)`, (bytes) => received.add(bytes), timeoutMs);
  } catch (e) {
    failed = true;
    giveBack(received.buffer);
    throw e;
  } finally {
    client.release(failed);
  }
  buffers.push(received.buffer);
  const tuples = copyTuples(received.buffer, received.length);
  const columns = takeBuffer(tuples.reduce((n, t) => n + (t[3]?.byteLength ?? 0), 0));
  buffers.push(columns);
  const alloc = carver(columns);
  return tuples.map((t) => decodeCopiedChunk(t, alloc));
}
