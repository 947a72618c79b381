// CSV rows of a chunk written as bytes straight from its Float64 columns: `<t>,<outputs>` per
// point as String() writes each number, an empty cell for na, each row ended by CRLF as RFC 4180
// delimits records (docs/reference/api.md, "Results and expiry"; docs/adr/0287). Rows come in slices of about 256 KB, so one write stays small and the stream's
// back-pressure is honoured.
import type { DecodedChunk } from "@barscript/db";
import * as numberText from "./number-text";

// Local copies (float-digits.ts: an imported binding is a getter at every use under tsx).
const { MAX_NUMBER_BYTES, writeCsvNumber, writeNumberString } = numberText;

const SLICE_BYTES = 256 * 1024;

/** The chunk's rows as Buffers of whole rows. */
export function* csvRows(chunk: DecodedChunk): Generator<Buffer> {
  const rowMost = (chunk.values.length + 1) * (MAX_NUMBER_BYTES + 1) + 1;
  const size = Math.max(SLICE_BYTES, rowMost);
  let buf = Buffer.allocUnsafe(size);
  let dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let o = 0;
  for (let i = 0; i < chunk.pointCount; i++) {
    if (o + rowMost > size) {
      yield buf.subarray(0, o);
      buf = Buffer.allocUnsafe(size);
      dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
      o = 0;
    }
    o = writeNumberString(dv, o, chunk.time[i] as number);
    for (let k = 0; k < chunk.values.length; k++) {
      dv.setUint8(o++, 44);
      o = writeCsvNumber(dv, o, (chunk.values[k] as Float64Array)[i] as number);
    }
    dv.setUint8(o++, 13);
    dv.setUint8(o++, 10);
  }
  if (o > 0) yield buf.subarray(0, o);
}
