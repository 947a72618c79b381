// Errors of a running script. A ScriptRuntimeError ends the current bar (its outputs become na)
// and is counted in the run's summary; it never ends the run.

export class ScriptRuntimeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScriptRuntimeError";
  }
}

/** The caller's AbortSignal fired: evaluation stopped between chunks of bars. */
export class EvaluationAborted extends Error {
  constructor(message = "evaluation aborted") {
    super(message);
    this.name = "EvaluationAborted";
  }
}

/** The time budget ran out: evaluation stopped between chunks of bars. */
export class EvaluationTimeout extends Error {
  constructor(readonly elapsedMs: number) {
    super(`evaluation took longer than its time budget (${Math.round(elapsedMs)} ms)`);
    this.name = "EvaluationTimeout";
  }
}

export const MAX_STRING_LENGTH = 1_000_000;
export const MAX_ARRAY_SIZE = 100_000;
export const LOOP_BUDGET = 10_000_000;

export function fail(message: string): never {
  throw new ScriptRuntimeError(message);
}
