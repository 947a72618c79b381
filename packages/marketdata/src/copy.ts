// Bulk reads as raw bytes: `COPY (<select>) TO STDOUT (FORMAT binary)` on the pg pool under a
// client made by createDb. node-postgres hands every DataRow field over as a UTF-8 string, so a
// bytea column arrives as hex text (twice its size on the wire, then a string, then decoded),
// and its `binary: true` result mode mangles bytes that are not valid UTF-8. CopyData messages
// arrive as raw Buffers instead. Used by the bar store's reads (store.ts, chunks.ts).
import { escapeLiteral } from "pg";
import { BINARY_COPY_SIGNATURE as SIGNATURE, copyOut, poolOf, type Db, type Prisma } from "@barscript/db";

/** A string as an SQL literal (COPY takes no parameters). */
export const sqlLiteral: (value: string) => string = escapeLiteral;

/** One tuple of a binary COPY: its fields' bytes (null for NULL). */
export type CopyTuple = (Uint8Array | null)[];

/**
 * Runs `COPY (<select>) TO STDOUT (FORMAT binary)` and returns its tuples, or null when `db` has
 * no pg pool of its own (an interactive transaction's client): the caller then reads another way.
 * `select` must be complete SQL (literals through `sqlLiteral`). Field bytes are views into the
 * received data (one copy of each message out of the driver's reusable buffer).
 */
export async function copyOutBinary(db: Db | Prisma.TransactionClient, select: string): Promise<CopyTuple[] | null> {
  const pool = poolOf(db as Db);
  if (!pool) return null;
  const client = await pool.connect();
  let failed = false;
  try {
    const segments: Buffer[] = [];
    await copyOut(client, `COPY (${select}) TO STDOUT (FORMAT binary)`, (bytes) => {
      // the driver may reuse these bytes for later socket data: copied now
      const copy = Buffer.allocUnsafe(bytes.length);
      bytes.copy(copy);
      segments.push(copy);
    });
    return parseBinaryCopy(segments);
  } catch (e) {
    failed = true;
    throw e;
  } finally {
    client.release(failed);
  }
}

/** Reads a byte stream split into segments; reads inside one segment are views, not copies. */
class SegmentReader {
  private index = 0;
  private offset = 0;

  constructor(private readonly segments: Buffer[]) {}

  bytes(n: number): Buffer {
    let seg = this.segments[this.index];
    while (seg && this.offset === seg.length) {
      this.index++;
      this.offset = 0;
      seg = this.segments[this.index];
    }
    if (seg && this.offset + n <= seg.length) {
      const view = seg.subarray(this.offset, this.offset + n);
      this.offset += n;
      return view;
    }
    // Straddles segments (the server sends a tuple a message, so rarely): gather a copy.
    const out = Buffer.allocUnsafe(n);
    let at = 0;
    while (at < n) {
      const s = this.segments[this.index];
      if (!s) throw new Error("binary COPY: data ends inside a tuple");
      const take = Math.min(n - at, s.length - this.offset);
      s.copy(out, at, this.offset, this.offset + take);
      at += take;
      this.offset += take;
      if (this.offset === s.length) {
        this.index++;
        this.offset = 0;
      }
    }
    return out;
  }
}

/** The tuples of a binary COPY stream (header, tuples, trailer; PostgreSQL's COPY docs). */
export function parseBinaryCopy(segments: Buffer[]): CopyTuple[] {
  const reader = new SegmentReader(segments);
  if (!reader.bytes(SIGNATURE.length).equals(SIGNATURE)) throw new Error("binary COPY: bad signature");
  reader.bytes(4); // flags
  reader.bytes(reader.bytes(4).readUInt32BE(0)); // header extension
  const tuples: CopyTuple[] = [];
  for (;;) {
    const fields = reader.bytes(2).readInt16BE(0);
    if (fields === -1) return tuples;
    const tuple: CopyTuple = new Array<Uint8Array | null>(fields);
    for (let f = 0; f < fields; f++) {
      const length = reader.bytes(4).readInt32BE(0);
      tuple[f] = length < 0 ? null : reader.bytes(length);
    }
    tuples.push(tuple);
  }
}
