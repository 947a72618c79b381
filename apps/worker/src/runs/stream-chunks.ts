// Output chunks sent from a sandbox thread while it evaluates (docs/adr/0095-output-chunks-
// during-evaluation.md): compiled code writes output k of bar i at `out[k][i]` of the runtime
// the program was instantiated with, and only while evaluating bar i, so once the evaluation has
// passed the end of a chunk of the window its points are final. Each such chunk is packed in the
// layout of packages/db/src/runs/chunks.ts (its times, then each output column) and posted to
// the main thread, which stores it while the evaluation goes on. Only for a program evaluated on
// the chart's own bars with no requested contexts (no other runtime of the same program), and
// only for outputs of at least `minBytes`; the last chunk always comes with the result.
import type { Bars, Program } from "@barscript/lang";

export interface StreamRequest {
  /** Points per chunk (OUTPUT_CHUNK_POINTS). */
  chunkPoints: number;
  /** Smallest output (bytes, times included) worth sending in chunks. */
  minBytes: number;
}

export type PostChunk = (seq: number, names: string[], data: Float64Array) => void;

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
  const names = program.outputs.map((o) => o.name);
  const onChunk = (evaluated: number): void => {
    // Another instantiation than the chart's (none expected here) leaves the chunks to the result.
    if (runtime === null || calls !== 1) return;
    const out = runtime.out;
    // a chunk that ends with the last bar comes with the result
    while (ws + (next + 1) * s.chunkPoints <= evaluated && evaluated < n) {
      const from = ws + next * s.chunkPoints;
      const to = from + s.chunkPoints;
      const data = new Float64Array(s.chunkPoints * (1 + outputs));
      data.set(task.bars.time.subarray(from, to), 0);
      for (let k = 0; k < outputs; k++) data.set((out[k] as Float64Array).subarray(from, to), s.chunkPoints * (k + 1));
      post(next, names, data);
      next++;
    }
  };
  return { program: { ...program, factory }, onChunk };
}
