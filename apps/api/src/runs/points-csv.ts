// CSV rows of a chunk written as bytes straight from its Float64 columns: `<t>,<outputs>` per
// point as String() writes each number, an empty cell for na (docs/reference/api.md, "Results
// and expiry"). Rows come in slices of about 256 KB, so one write stays small and the stream's
// back-pressure is honoured.
import type { DecodedChunk } from "@barscript/db";
import { MAX_NUMBER_BYTES, writeCsvNumber, writeNumberString } from "./number-text";

const SLICE_BYTES = 256 * 1024;

/** The chunk's rows as Buffers of whole rows. */
export function* csvRows(chunk: DecodedChunk): Generator<Buffer> {
  const rowMost = (chunk.values.length + 1) * (MAX_NUMBER_BYTES + 1);
  const size = Math.max(SLICE_BYTES, rowMost);
  let buf = Buffer.allocUnsafe(size);
  let o = 0;
  for (let i = 0; i < chunk.pointCount; i++) {
    if (o + rowMost > size) {
      yield buf.subarray(0, o);
      buf = Buffer.allocUnsafe(size);
      o = 0;
    }
    o = writeNumberString(buf, o, chunk.time[i] as number);
    for (let k = 0; k < chunk.values.length; k++) {
      buf[o++] = 44;
      o = writeCsvNumber(buf, o, (chunk.values[k] as Float64Array)[i] as number);
    }
    buf[o++] = 10;
  }
  if (o > 0) yield buf.subarray(0, o);
}
