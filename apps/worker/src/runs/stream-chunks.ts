// Output chunks sent from a sandbox thread while it evaluates (docs/adr/0095-output-chunks-
// during-evaluation.md): compiled code writes output k of bar i at `out[k][i]` of the runtime
// the program was instantiated with, and only while evaluating bar i, so once the evaluation has
// passed the end of a chunk of the window its points are final. Each such chunk is packed in the
// layout of packages/db/src/runs/chunks.ts (its times, then each output column) and posted to
// the main thread, which stores it while the evaluation goes on. A wide output is cut into
// chunks of fewer points (about `chunkBytes` each), so the first is stored early and the one
// still being stored when the evaluation ends is small (docs/adr/0115-smaller-streamed-chunks.md;
// readers slice chunks by their first index and point count). Only for a program evaluated on
// the chart's own bars with no requested contexts (no other runtime of the same program), and
// only for outputs of at least `minBytes`; the last chunk always comes with the result.
import type { Bars, Program } from "@barscript/lang";

export interface StreamRequest {
  /** The most points per chunk (OUTPUT_CHUNK_POINTS). */
  chunkPoints: number;
  /** Bytes (times included) a chunk aims at: fewer points per chunk for wide outputs; absent: `chunkPoints`. */
  chunkBytes?: number;
  /** Smallest output (bytes, times included) worth sending in chunks. */
  minBytes: number;
}

export type PostChunk = (seq: number, names: string[], data: Float64Array) => void;

/** Points per streamed chunk of `outputs` columns (and the times): about `chunkBytes`, at most `chunkPoints`, at least 1. */
export function streamedChunkPoints(outputs: number, s: StreamRequest): number {
  if (s.chunkBytes === undefined) return s.chunkPoints;
  return Math.max(1, Math.min(s.chunkPoints, Math.floor(s.chunkBytes / (8 * (1 + outputs)))));
}

type Runtime = Parameters<Program["factory"]>[0];

/** The program to evaluate and the `onChunk` that posts every finished chunk; null when the run does not stream. */
export function chunkStreamer(program: Program, task: { bars: Bars; windowStart: number; stream?: StreamRequest; contexts?: readonly unknown[] }, post: PostChunk): { program: Program; onChunk: (evaluated: number) => void } | null {
  const s = task.stream;
  const outputs = program.outputs.length;
  const n = task.bars.length;
  const ws = task.windowStart;
  if (!s || outputs === 0 || program.scriptTimeframe || (task.contexts?.length ?? 0) > 0) return null;
  if ((outputs + 1) * (n - ws) * 8 < s.minBytes) return null;
  let runtime: Runtime | null = null;
  let calls = 0;
  const factory = (rt: Runtime): ReturnType<Program["factory"]> => {
    calls++;
    if (rt.bars === task.bars) runtime = rt;
    return program.factory(rt);
  };
  let next = 0;
  const points = streamedChunkPoints(outputs, s);
  const names = program.outputs.map((o) => o.name);
  const onChunk = (evaluated: number): void => {
    // Another instantiation than the chart's (none expected here) leaves the chunks to the result.
    if (runtime === null || calls !== 1) return;
    const out = runtime.out;
    // a chunk that ends with the last bar comes with the result
    while (ws + (next + 1) * points <= evaluated && evaluated < n) {
      const from = ws + next * points;
      const to = from + points;
      const data = new Float64Array(points * (1 + outputs));
      data.set(task.bars.time.subarray(from, to), 0);
      for (let k = 0; k < outputs; k++) data.set((out[k] as Float64Array).subarray(from, to), points * (k + 1));
      post(next, names, data);
      next++;
    }
  };
  return { program: { ...program, factory }, onChunk };
}
