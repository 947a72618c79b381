// One chunk of bars through a compiled bar loop, shared by the chart's evaluation (evaluate.ts)
// and the runs over requested contexts (requests.ts).
import type { CompiledRun } from "./evaluate";
import type { Runtime } from "./runtime/runtime";
import { EvaluationAborted } from "./runtime/errors";

/**
 * Runs bars [start, end): the compiled loop runs the whole chunk; an error stops it at the
 * failing bar, which is recorded (outputs na, events dropped, history advanced) before resuming
 * after it. `failed` hears each failing bar and its error. A stop is never a bar's error.
 */
export function runChunk(compiled: CompiledRun, rt: Runtime, start: number, end: number, failed?: (at: number, err: unknown) => void): void {
  let i = start;
  while (i < end) {
    try {
      compiled.run(i, end);
      return;
    } catch (err) {
      if (err instanceof EvaluationAborted) throw err;
      const at = compiled.bar();
      compiled.endBar();
      rt.barFailed(at);
      failed?.(at, err);
      i = at + 1;
    }
  }
}
