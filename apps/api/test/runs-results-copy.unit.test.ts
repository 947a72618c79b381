// Issue 22: a results page's chunks are read by a binary COPY into pooled buffers
// (docs/adr/0099). The bytes below are written out by hand from PostgreSQL's COPY docs ("Binary
// Format": an 11-byte signature, 32-bit flags, 32-bit header extension length; each tuple a
// 16-bit field count, then per field a 32-bit length (-1 for NULL) and its bytes; -1 ends).
import { ReceivedBytes, copyTuples } from "../src/runs/page-copy";

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // "PGCOPY\n\377\r\n\0"

function int16(v: number): number[] {
  return [(v >> 8) & 255, v & 255];
}

function int32(v: number): number[] {
  return [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
}

/** A COPY stream of `tuples` (null for a NULL field), with a 2-byte header extension. */
function copyStream(tuples: Array<Array<number[] | null>>): Buffer {
  const bytes = [...SIGNATURE, ...int32(0), ...int32(2), 0xaa, 0xbb];
  for (const t of tuples) {
    bytes.push(...int16(t.length));
    for (const field of t) bytes.push(...(field === null ? int32(-1) : [...int32(field.length), ...field]));
  }
  bytes.push(...int16(-1));
  return Buffer.from(bytes);
}

describe("binary COPY of a results page", () => {
  it("when a stream holds two tuples with a NULL and an empty field, then each field is its own bytes", () => {
    const stream = copyStream([[[0, 0, 0, 7], null, [1, 2, 3]], [[], [9]]]);
    const tuples = copyTuples(stream, stream.length);
    expect(tuples.map((t) => t.map((f) => (f === null ? null : [...f])))).toEqual([[[0, 0, 0, 7], null, [1, 2, 3]], [[], [9]]]);
  });

  it("when only the first bytes of a buffer hold the stream, then the rest is not read", () => {
    const stream = copyStream([[[5]]]);
    const buffer = Buffer.concat([stream, Buffer.from([0, 1, 0, 0, 0, 1, 42])]); // a tuple after the trailer
    expect(copyTuples(buffer, stream.length).map((t) => t.map((f) => (f === null ? null : [...f])))).toEqual([[[5]]]);
  });

  it("when the signature is wrong or the stream stops early, then reading it throws", () => {
    const stream = copyStream([[[1, 2, 3, 4]]]);
    const bad = Buffer.from(stream);
    bad[0] = 0x51;
    expect(() => copyTuples(bad, bad.length)).toThrow("bad signature");
    expect(() => copyTuples(stream, stream.length - 2)).toThrow("ends before its trailer");
    expect(() => copyTuples(stream, stream.length - 4)).toThrow("ends inside a field");
    expect(() => copyTuples(stream, SIGNATURE.length + 10 + 2 + 2)).toThrow("ends inside a tuple");
  });

  it("when more bytes arrive than the first buffer holds, then they move to a larger one in order", () => {
    const received = new ReceivedBytes();
    const pieces = [0, 1, 2, 3].map((k) => Buffer.alloc(700 * 1024, k + 1));
    for (const piece of pieces) received.add(piece);
    expect(received.length).toBe(4 * 700 * 1024);
    expect(received.buffer.length).toBeGreaterThanOrEqual(received.length);
    expect(received.buffer.subarray(0, received.length).equals(Buffer.concat(pieces))).toBe(true);
  });
});
