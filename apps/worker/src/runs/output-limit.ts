// Output memory of a run (counted in its sandbox thread before it evaluates; docs/adr/0026-worker-caps.md).
import type { Program } from "@barscript/lang";
import type { EvalTask } from "./protocol";

/**
 * The output columns a run holds (one Float64 per bar and plot, and the bar times) counted
 * against the sandbox's memory limit before evaluating: they live outside the thread's heap.
 */
export function outputsOverLimit(program: Pick<Program, "outputs">, task: Pick<EvalTask, "bars" | "outputLimitBytes">): string | null {
  const limit = task.outputLimitBytes;
  if (limit === undefined || program.outputs.length === 0) return null;
  const bytes = (program.outputs.length + 1) * task.bars.length * Float64Array.BYTES_PER_ELEMENT;
  if (bytes <= limit) return null;
  // Rounded up to a tenth, so a figure just past the limit never reads as equal to it.
  const mb = (n: number): string => String(Math.ceil((n / (1024 * 1024)) * 10) / 10);
  return `The script's outputs would take ${mb(bytes)} MB (${program.outputs.length} plot${program.outputs.length === 1 ? "" : "s"} over ${task.bars.length} bars), over the sandbox's ${mb(limit)} MB memory limit; plot fewer series or run over fewer bars.`;
}
