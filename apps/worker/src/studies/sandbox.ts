// The study branch of a sandbox thread: validate the study (its use() resolve through the main
// thread, which pins them to the versions of the study's dependencies), evaluate every used
// definition and the study body over the task's bars, compute the numbers. User code runs here
// only, never on the worker's main thread.
import { EvaluationAborted, EvaluationTimeout, validate, type Resolver } from "@barscript/lang";
import { evaluateStudy } from "@barscript/lang";
import type { EvalResult, EvalTask, FromThread, StudyThreadOutcome } from "../runs/protocol";
import { failureText } from "../runs/failure-text";

/** The thread's progress report and stop check after each chunk of bars (thread.ts). */
export interface StudyProgress {
  onChunk?: (barsEvaluated: number) => void;
  chunkBars?: number;
}

export async function runStudyInThread(id: number, task: EvalTask, resolver: Resolver, progress: StudyProgress = {}): Promise<FromThread> {
  try {
    const v = await validate(task.files, { resolver });
    if (!v.valid || !v.checked) {
      const first = v.diagnostics.find((d) => d.severity === "error");
      // A pinned definition that no longer validates or resolves is the definition's problem.
      const kind = first && (first.code === "invalid_dependency" || first.code === "unresolved_import") ? "data_not_ready" : "script";
      return done(id, { ok: false, kind, message: failureText("The study does not compile", first ? `${first.file}:${first.line}: ${first.message}` : undefined) }, 0);
    }
    const r = evaluateStudy(v.checked, v.interface ?? task.interface, task.bars, {
      symbol: task.symbol,
      windowStart: task.windowStart,
      timeBudgetMs: task.timeBudgetMs,
      maxEvents: task.maxEvents,
      inputs: task.inputs,
      ...(task.contexts ? { contexts: task.contexts } : {}),
      ...(task.discover ? { discover: task.discover } : {}),
      ...progress,
    });
    // contexts a computed request reached: the worker reads them and evaluates the study again
    const missing = r.missingContexts ? { missingContexts: r.missingContexts } : {};
    if (!r.ok) return done(id, { ok: false, kind: r.kind, message: r.message, ...(r.retryable !== undefined ? { retryable: r.retryable } : {}) }, r.barsEvaluated, missing);
    return {
      type: "done",
      id,
      result: {
        ...empty(r.barsEvaluated),
        windowBars: r.windowBars,
        errorBarsInWindow: r.errorBarsInWindow,
        runtimeErrors: r.runtimeErrors,
        logs: r.logs,
        logsDropped: r.logsDropped,
        ...missing,
        study: { ok: true, study: r.study, definitions: r.definitions },
      },
    };
  } catch (error) {
    if (error instanceof EvaluationTimeout) return { type: "failed", id, kind: "timeout", message: "The run passed its time limit." };
    if (error instanceof EvaluationAborted) return { type: "failed", id, kind: "cancelled", message: "The run was cancelled." };
    return { type: "failed", id, kind: "internal", message: `Evaluation failed: ${(error as Error).message}` };
  }
}

function empty(barsEvaluated: number): EvalResult {
  return { times: new Float64Array(0), outputs: [], events: [], eventsDropped: 0, barsEvaluated, windowBars: 0, errorBarsInWindow: 0, runtimeErrors: [] };
}

function done(id: number, study: StudyThreadOutcome, barsEvaluated: number, missing: Pick<EvalResult, "missingContexts"> = {}): FromThread {
  return { type: "done", id, result: { ...empty(barsEvaluated), ...missing, study } };
}
