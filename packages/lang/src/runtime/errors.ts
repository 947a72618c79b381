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

/** TradingView's user manual (Strings): "strings are immutable values containing sequences of up to 40,960 encoded characters" (docs/adr/0274). */
export const MAX_STRING_LENGTH = 40_960;
export const MAX_ARRAY_SIZE = 100_000;
/** A call on an na array: the runtime error's text as TradingView's user manual (Arrays, Error handling) gives it. */
export const NA_ARRAY_MESSAGE = "Cannot call array methods when ID of array is 'na'";
export const LOOP_BUDGET = 10_000_000;

/**
 * TradingView's historical buffers (its user manual's Limitations page, "Max bars back"): a
 * series keeps at most 5000 past values, the bar series open, high, low, close and time 10,000;
 * a history reference beyond them stops the script with error RE10143 (docs/adr/0176). Here it is
 * a runtime error of the bar, with TradingView's message.
 */
export const SERIES_BUFFER_LIMIT = 5000;
export const BAR_BUFFER_LIMIT = 10_000;

/** The message of a history reference beyond a buffer's limit, TradingView's (RE10143). */
export function beyondBufferMessage(offset: number, limit: number): string {
  return `The requested historical offset (${offset}) is beyond the historical buffer's limit (${limit}).`;
}

export function fail(message: string): never {
  throw new ScriptRuntimeError(message);
}

/** `s`, or the runtime error of a string longer than MAX_STRING_LENGTH. */
export function checked(s: string): string {
  if (s.length > MAX_STRING_LENGTH) fail(`string longer than ${MAX_STRING_LENGTH} characters`);
  return s;
}
