// Output chunks sent from a sandbox thread while it evaluates (docs/adr/0095-output-chunks-
// during-evaluation.md): compiled code writes output k of bar i at `out[k][i]` of the runtime
// the program was instantiated with, and only while evaluating bar i, so once the evaluation has
// passed the end of a chunk of the window its points are final (an output plotted with a negative
// `offset` writes bar i's value at row i + offset: its rows are final that many bars later,
// docs/adr/0131-plot-offset.md). The output columns (and a copy of
// the times) live in SharedArrayBuffers, so such a chunk goes to the main thread as views of that
// memory, its times then each output column (the layout of packages/db/src/runs/chunks.ts, read
// in order), copied by neither thread: the main thread writes the views to the COPY's socket
// while the evaluation goes on (docs/adr/0127-streamed-chunks-as-views-of-shared-columns.md). A wide output is cut into
// chunks of fewer points (about `chunkBytes` each), so the first is stored early and the one
// still being stored when the evaluation ends is small (docs/adr/0115-smaller-streamed-chunks.md;
// readers slice chunks by their first index and point count). Only for a program evaluated on
// the chart's own bars with no requested contexts (no other runtime of the same program), and
// only for outputs of at least `minBytes`; the last chunk always comes with the result.
import { isSharedArrayBuffer } from "node:util/types";
import type { Bars, Program } from "@barscript/lang";

export interface StreamRequest {
  /** The most points per chunk (OUTPUT_CHUNK_POINTS). */
  chunkPoints: number;
  /** Bytes (times included) a chunk aims at: fewer points per chunk for wide outputs; absent: `chunkPoints`. */
  chunkBytes?: number;
  /** Smallest output (bytes, times included) worth sending in chunks. */
  minBytes: number;
}

/** A chunk's times, then each output column's values: views of memory shared with the main thread. */
export type ChunkParts = Float64Array[];

export type PostChunk = (seq: number, names: string[], parts: ChunkParts) => void;

/** Points per streamed chunk of `outputs` columns (and the times): about `chunkBytes`, at most `chunkPoints`, at least 1. */
export function streamedChunkPoints(outputs: number, s: StreamRequest): number {
  if (s.chunkBytes === undefined) return s.chunkPoints;
  return Math.max(1, Math.min(s.chunkPoints, Math.floor(s.chunkBytes / (8 * (1 + outputs)))));
}

type Runtime = Parameters<Program["factory"]>[0];

/** Bytes before the columns in a shared buffer: its Int32 state (8, so the doubles stay aligned). */
const HEADER_BYTES = 8;
/** A shared buffer's state: its views may still be read by the main thread, or not any more. */
const HELD = 1;
const FREE = 0;
/** The largest shared buffer a thread keeps for its next streamed run. */
export const KEPT_SHARED_BYTES = 64 * 1024 * 1024;
/**
 * This thread's last shared buffer, reused by its next streamed run of the same size once the
 * main thread has marked it FREE (releaseChunkMemory): fresh memory of 8 MB costs the evaluation
 * about 2,000 page faults, 3 ms of the composite's evaluation (docs/performance.md, issue 22
 * seventh session).
 */
let kept: SharedArrayBuffer | null = null;

function stateOf(memory: SharedArrayBuffer): Int32Array {
  return new Int32Array(memory, 0, 1);
}

/** A shared buffer of `bytes` after its header, zeroed, HELD: the kept one when it is FREE and of that size. */
function sharedMemory(bytes: number): SharedArrayBuffer {
  let memory: SharedArrayBuffer;
  if (kept !== null && kept.byteLength === HEADER_BYTES + bytes && Atomics.load(stateOf(kept), 0) === FREE) {
    memory = kept;
    // as fresh memory is: no value of an earlier run (maybe another account's) can show
    new Uint8Array(memory, HEADER_BYTES).fill(0);
  } else memory = new SharedArrayBuffer(HEADER_BYTES + bytes);
  Atomics.store(stateOf(memory), 0, HELD);
  kept = memory.byteLength <= KEPT_SHARED_BYTES ? memory : null;
  return memory;
}

/**
 * The main thread is done with a streamed run's chunks and columns (every write of them is over):
 * their shared buffer may serve the thread's next run. Any part of any chunk names it; arrays not
 * in shared memory (a run that did not stream) are left alone.
 */
export function releaseChunkMemory(parts: readonly Float64Array[]): void {
  const memory = parts[0]?.buffer;
  // not `instanceof`: a buffer that came in a message may belong to another realm (a vm
  // context's, as under jest), whose SharedArrayBuffer is another constructor
  if (memory !== undefined && isSharedArrayBuffer(memory) && memory.byteLength >= HEADER_BYTES) Atomics.store(stateOf(memory), 0, FREE);
}

/**
 * The chart's times and the runtime's output columns in one SharedArrayBuffer (times, then each
 * column, `n` doubles each), given before the compiled code first reads `out`: the runtime
 * allocates its columns there (`newColumn`, in order, with its own first contents), so the
 * compiled code, a bar's error reset and the result all use the shared columns. One buffer, so a
 * chunk's views cost its post one shared buffer, not one per column. A column the runtime had
 * already allocated elsewhere is moved in, its contents copied.
 */
function shareColumns(rt: Runtime, time: Float64Array, outputs: number): { time: Float64Array; out: Float64Array[] } {
  const n = time.length;
  const memory = sharedMemory((1 + outputs) * n * Float64Array.BYTES_PER_ELEMENT);
  const column = (k: number): Float64Array => new Float64Array(memory, HEADER_BYTES + k * n * Float64Array.BYTES_PER_ELEMENT, n);
  let next = 1;
  rt.newColumn = (length) => (length === n && next <= outputs ? column(next++) : new Float64Array(length));
  const out = rt.out;
  for (let k = 0; k < out.length; k++) {
    const own = column(k + 1);
    const given = out[k] as Float64Array;
    if (given.buffer === memory && given.byteOffset === own.byteOffset) continue;
    own.set(given);
    out[k] = own;
  }
  const shared = { time: column(0), out };
  shared.time.set(time);
  return shared;
}

/** The program to evaluate and the `onChunk` that posts every finished chunk; null when the run does not stream. */
export function chunkStreamer(program: Program, task: { bars: Bars; windowStart: number; stream?: StreamRequest; contexts?: readonly unknown[] }, post: PostChunk): { program: Program; onChunk: (evaluated: number) => void } | null {
  const s = task.stream;
  const outputs = program.outputs.length;
  const n = task.bars.length;
  const ws = task.windowStart;
  // a declared timeframe or calc_bars_count evaluates other bars than the task's: not streamed
  if (!s || outputs === 0 || program.scriptTimeframe || program.calcBarsCount || (task.contexts?.length ?? 0) > 0) return null;
  if ((outputs + 1) * (n - ws) * 8 < s.minBytes) return null;
  let columns: { time: Float64Array; out: Float64Array[] } | null = null;
  let shifts: number[] = [];
  let calls = 0;
  const factory = (rt: Runtime): ReturnType<Program["factory"]> => {
    calls++;
    if (rt.bars === task.bars) {
      columns = shareColumns(rt, task.bars.time, outputs);
      shifts = shiftsOf(rt, program);
    }
    return program.factory(rt);
  };
  let next = 0;
  const points = streamedChunkPoints(outputs, s);
  const names = program.outputs.map((o) => o.name);
  const onChunk = (evaluated: number): void => {
    // Another instantiation than the chart's (none expected here) leaves the chunks to the result.
    if (columns === null || calls !== 1) return;
    const { time, out } = columns;
    const final = finalRows(evaluated, shifts);
    // a chunk that ends with the last bar comes with the result
    while (ws + (next + 1) * points <= final && evaluated < n) {
      const from = ws + next * points;
      const to = from + points;
      post(next, names, [time.subarray(from, to), ...out.map((column) => column.subarray(from, to))]);
      next++;
    }
  };
  return { program: { ...program, factory }, onChunk };
}

/**
 * The runtime's offsets of the outputs plotted with one (docs/adr/0131-plot-offset.md), NaN
 * until the compiled code has run their plot and set them: bar i writes such an output's row
 * i + offset, so with a negative offset a row is final only `-offset` bars after its own.
 */
function shiftsOf(rt: Runtime, program: Program): number[] {
  const shifted = program.shifted ?? [];
  for (let k = 0; k < shifted.length; k++) if (shifted[k] === true) rt.outShift[k] = NaN;
  return rt.outShift;
}

/** Rows below this one are final once bars below `evaluated` are: none while an offset is not known yet. */
function finalRows(evaluated: number, shifts: readonly number[]): number {
  let final = evaluated;
  for (const s of shifts) {
    if (s === undefined) continue;
    if (!(s === s)) return 0;
    if (s < 0) final = Math.min(final, evaluated + s);
  }
  return final;
}
