// Bar columns as runs need them (structurally the `Bars` of @barscript/lang), and the packing of
// one column into bytes: a little-endian Float64Array, 8 bytes a bar.
import { endianness } from "node:os";

// Kept structurally equal to lang's `Bars` by hand: marketdata may not import lang (the worker hands one as the other).
export interface BarColumns {
  length: number;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

export const COLUMNS = ["time", "open", "high", "low", "close", "volume"] as const;
export type Column = (typeof COLUMNS)[number];

/** One bar as a plain object (for building columns and in tests). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const LITTLE_ENDIAN = endianness() === "LE";

/**
 * Zeroed columns of `length` bars, the six views of one buffer: one allocation, and one buffer
 * to transfer when they go to a sandbox thread (a run's window is assembled fresh for each run).
 */
export function allocBars(length: number): BarColumns {
  const buffer = new ArrayBuffer(length * 8 * COLUMNS.length);
  const column = (k: number): Float64Array => new Float64Array(buffer, k * length * 8, length);
  return { length, time: column(0), open: column(1), high: column(2), low: column(3), close: column(4), volume: column(5) };
}

/**
 * Columns of `length` bars as six views of one SharedArrayBuffer: a window the chunk cache
 * assembles once and hands to every run over it (chunk-cache.ts). Posted to a sandbox thread it is
 * shared, not copied or transferred; nothing writes to it once assembled.
 */
export function allocSharedBars(length: number): BarColumns {
  const buffer = new SharedArrayBuffer(length * 8 * COLUMNS.length);
  const column = (k: number): Float64Array => new Float64Array(buffer, k * length * 8, length);
  return { length, time: column(0), open: column(1), high: column(2), low: column(3), close: column(4), volume: column(5) };
}

/**
 * A copy of bars whose columns are their own (the original's buffers may go to a sandbox thread);
 * fields beside the columns are kept.
 */
export function copyBars<B extends BarColumns>(b: B): B {
  return { ...b, time: b.time.slice(), open: b.open.slice(), high: b.high.slice(), low: b.low.slice(), close: b.close.slice(), volume: b.volume.slice() };
}

export function emptyBars(): BarColumns {
  return allocBars(0);
}

export function barsFromRows(rows: readonly Bar[]): BarColumns {
  const out = allocBars(rows.length);
  rows.forEach((row, i) => {
    for (const c of COLUMNS) out[c][i] = row[c];
  });
  return out;
}

export function barAt(bars: BarColumns, i: number): Bar {
  return {
    time: bars.time[i] ?? NaN,
    open: bars.open[i] ?? NaN,
    high: bars.high[i] ?? NaN,
    low: bars.low[i] ?? NaN,
    close: bars.close[i] ?? NaN,
    volume: bars.volume[i] ?? NaN,
  };
}

/** Bars [start, end) as views (no copy). */
export function sliceBars(bars: BarColumns, start: number, end: number): BarColumns {
  const s = Math.max(0, Math.min(start, bars.length));
  const e = Math.max(s, Math.min(end, bars.length));
  return {
    length: e - s,
    time: bars.time.subarray(s, e),
    open: bars.open.subarray(s, e),
    high: bars.high.subarray(s, e),
    low: bars.low.subarray(s, e),
    close: bars.close.subarray(s, e),
    volume: bars.volume.subarray(s, e),
  };
}

export function concatBars(parts: readonly BarColumns[]): BarColumns {
  if (parts.length === 1 && parts[0]) return parts[0];
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = allocBars(total);
  let at = 0;
  for (const p of parts) {
    for (const c of COLUMNS) out[c].set(p[c], at);
    at += p.length;
  }
  return out;
}

/** First index whose time is >= t (times ascending). */
export function lowerBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index whose time is > t (times ascending). */
export function upperBound(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function packColumn(values: Float64Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(values.length * 8);
  if (LITTLE_ENDIAN) {
    out.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength));
  } else {
    const view = new DataView(out.buffer);
    values.forEach((v, i) => view.setFloat64(i * 8, v, true));
  }
  return out;
}

/** Copies `bytes` (a packed column) into `target` at index `at`. */
export function unpackColumnInto(bytes: Uint8Array, target: Float64Array, at: number): void {
  const n = bytes.byteLength >>> 3;
  if (LITTLE_ENDIAN) {
    new Uint8Array(target.buffer, target.byteOffset + at * 8, n * 8).set(bytes.subarray(0, n * 8));
  } else {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < n; i++) target[at + i] = view.getFloat64(i * 8, true);
  }
}

export function unpackColumn(bytes: Uint8Array): Float64Array {
  const out = new Float64Array(bytes.byteLength >>> 3);
  unpackColumnInto(bytes, out, 0);
  return out;
}
