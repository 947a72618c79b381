// A results page written as JSON bytes straight from the columnar chunks' Float64 columns into
// one Buffer: no point objects, no JSON.stringify, no string of the page (docs/adr/0084). The
// bytes are those JSON.stringify gave for the page built as objects `{ t, <outputs> }` (time
// first, outputs in column order, na as null), and the page is cut where that form was cut.
import type { DecodedChunk } from "@barscript/db";
import { MAX_PAGE_BYTES } from "../http/page-bytes";
import * as numberText from "./number-text";
import * as fd from "./float-digits";
import { TIME_COLUMN, columnNames } from "./columns";

// Local copies (float-digits.ts: an imported binding is a getter at every use under tsx).
const { MAX_NUMBER_BYTES, writeJsonNumber } = numberText;
const { writeInt32 } = fd;

/** Longest JSON number counted by the byte bound's estimate (kept as the bound has always counted). */
const ESTIMATED_NUMBER_BYTES = 24;
/** `{"outputs":` opens the answer; the points follow it. */
const OPENING = Buffer.from('{"outputs":[', "utf8");
/** Room kept after the points for `],"next_cursor":"<cursor>"}`. */
const CLOSING_ROOM = 512;

export interface OutputsPage {
  /** `{"outputs":[<points>` in bytes [0, length) of `json`; sendOutputsPage closes it. */
  json: Buffer;
  length: number;
  /** Points on the page. */
  count: number;
  /** Offset of the next page's first point, or null on the last page. */
  next: number | null;
}

/**
 * A key with what precedes it (`{"t":`, then `,"<output>":` per column): its UTF-8 length and its
 * bytes as little-endian 32-bit words, at least two, the last one padded. A key is written a word
 * at a time and the offset moves by its length: the padding is overwritten by the number that
 * follows (the page buffer keeps CLOSING_ROOM spare bytes after the most its points can take).
 */
interface Key {
  length: number;
  words: Uint32Array;
  /** The first two words (every key of up to 8 bytes is just these). */
  w0: number;
  w1: number;
  long: boolean;
}

function keyOf(text: string): Key {
  const bytes = Buffer.from(text, "utf8");
  const padded = new Uint8Array(Math.max(8, Math.ceil(bytes.length / 4) * 4));
  padded.set(bytes);
  const view = new DataView(padded.buffer);
  const words = new Uint32Array(padded.length / 4);
  for (let i = 0; i < words.length; i++) words[i] = view.getUint32(i * 4, true);
  return { length: bytes.length, words, w0: words[0] as number, w1: words[1] as number, long: words.length > 2 };
}

function keysOf(columns: readonly string[]): Key[] {
  return [`{${JSON.stringify(TIME_COLUMN)}:`, ...columns.map((c) => `,${JSON.stringify(c)}:`)].map(keyOf);
}

/** Bytes of a point besides its numbers (braces, quoted keys, colons, commas). */
function fixedBytes(keys: readonly Key[]): number {
  return keys.reduce((n, k) => n + k.length, 1);
}

interface Slice {
  chunk: DecodedChunk;
  /** The time column, then the outputs. */
  columns: Float64Array[];
  keys: Key[];
  start: number;
  end: number;
  /** The estimate of a point's bytes: its fixed bytes, the longest numbers and a comma. */
  most: number;
}

function slicesOf(chunks: readonly DecodedChunk[], offset: number, limit: number): Slice[] {
  return chunks.map((chunk) => {
    const keys = keysOf(columnNames(chunk.names));
    const start = Math.max(0, offset - chunk.firstIndex);
    const end = Math.max(start, Math.min(chunk.pointCount, offset + limit - chunk.firstIndex));
    return { chunk, columns: [chunk.time, ...chunk.values], keys, start, end, most: fixedBytes(keys) + ESTIMATED_NUMBER_BYTES * keys.length + 1 };
  });
}

/** Writes point i at o; returns the new offset. */
function writePoint(dv: DataView, o: number, columns: readonly Float64Array[], keys: readonly Key[], i: number): number {
  // the time first: `{"t":` (5 bytes, two words), and a time in Unix seconds an int32
  const time = keys[0] as Key;
  dv.setUint32(o, time.w0, true);
  dv.setUint32(o + 4, time.w1, true);
  o += time.length;
  const t = (columns[0] as Float64Array)[i] as number;
  o = t >= 0 && t < 2147483648 && Math.floor(t) === t ? writeInt32(dv, o, t | 0) : writeJsonNumber(dv, o, t);
  for (let k = 1; k < keys.length; k++) {
    const key = keys[k] as Key;
    dv.setUint32(o, key.w0, true);
    dv.setUint32(o + 4, key.w1, true);
    if (key.long) {
      const words = key.words;
      for (let j = 2; j < words.length; j++) dv.setUint32(o + 4 * j, words[j] as number, true);
    }
    o = writeJsonNumber(dv, o + key.length, (columns[k] as Float64Array)[i] as number);
  }
  dv.setUint8(o, 125); // }
  return o + 1;
}

/**
 * Writes points [start, end) at o, each after a comma unless `first` and it is the first; returns
 * the new offset. A function of its own so that V8 compiles this loop alone, on the stack, with
 * nothing after it that has not run yet: compiled inside pagePoints, the code after the loop had
 * no type feedback when the first chunk's loop was compiled, was deoptimized as soon as it was
 * reached and pagePoints compiled again (about 28 ms of the compiler thread) within the first
 * pages a fresh API serves (docs/performance.md, "Issue 22, eighth session").
 */
function writePoints(dv: DataView, o: number, columns: readonly Float64Array[], keys: readonly Key[], start: number, end: number, first: boolean): number {
  for (let i = start; i < end; i++) {
    if (i > start || !first) dv.setUint8(o++, 44);
    o = writePoint(dv, o, columns, keys, i);
  }
  return o;
}

/**
 * The points [offset, offset + limit) of `chunks` within `maxBytes` of JSON, and the next offset.
 * The bound counts the brackets and each point with a comma. A chunk whose points could not reach
 * it even with the longest numbers is taken whole and counted at that estimate; otherwise each
 * point's bytes are counted, and the page ends before the point that passes the bound (one point
 * at least); the cursor continues after the last point given.
 */
export function pagePoints(
  chunks: readonly DecodedChunk[],
  offset: number,
  limit: number,
  written?: number,
  maxBytes: number = MAX_PAGE_BYTES,
  alloc: (size: number) => Buffer = Buffer.allocUnsafe,
): OutputsPage {
  const slices = slicesOf(chunks, offset, limit);
  // Room for every point at the most it can take (numbers up to MAX_NUMBER_BYTES), but never
  // more than the bound and one point: the page stops there.
  let room = 0;
  let widest = 0;
  for (const s of slices) {
    const point = fixedBytes(s.keys) + MAX_NUMBER_BYTES * s.keys.length + 1;
    widest = Math.max(widest, point);
    room += point * (s.end - s.start);
  }
  // A chunk taken whole is counted at 24 bytes a number and a number takes at most 25, so the
  // written bytes stay within 25/24 of the bound and one point.
  const json = alloc(OPENING.length + Math.min(room, Math.ceil(((maxBytes + widest) * MAX_NUMBER_BYTES) / ESTIMATED_NUMBER_BYTES)) + CLOSING_ROOM);
  OPENING.copy(json, 0);
  const dv = new DataView(json.buffer, json.byteOffset, json.byteLength);
  let o = OPENING.length;
  let count = 0;
  let total = 0;
  let bytes = 2;
  let full = false;
  for (const { chunk, columns, keys, start, end, most } of slices) {
    total = Math.max(total, chunk.firstIndex + chunk.pointCount);
    if (full) continue;
    if (bytes + most * (end - start) <= maxBytes) {
      o = writePoints(dv, o, columns, keys, start, end, count === 0);
      count += end - start;
      bytes += most * (end - start);
      continue;
    }
    for (let i = start; i < end; i++) {
      const mark = o;
      if (count > 0) dv.setUint8(o++, 44);
      const from = o;
      o = writePoint(dv, o, columns, keys, i);
      bytes += o - from + 1;
      if (bytes > maxBytes && count > 0) {
        o = mark;
        full = true;
        break;
      }
      count++;
    }
  }
  const end = offset + count;
  return { json, length: o, count, next: (full || count === limit) && end < (written ?? total) ? end : null };
}

/** The answer's bytes: the page closed with `],"next_cursor":<cursor>}`. */
export function closePage(page: OutputsPage, nextCursor: string | null): Buffer {
  const closing = Buffer.from(`],"next_cursor":${JSON.stringify(nextCursor)}}`, "utf8");
  if (page.length + closing.length > page.json.length) return Buffer.concat([page.json.subarray(0, page.length), closing]);
  closing.copy(page.json, page.length);
  return page.json.subarray(0, page.length + closing.length);
}
