// Shapes shared by the API and the worker for a run's stored state.
export type RunStatusName = "queued" | "running" | "succeeded" | "failed" | "cancelled";
export const FINAL_STATUSES: readonly RunStatusName[] = ["succeeded", "failed", "cancelled"];

export type FailureKind = "script" | "plan_limit" | "out_of_coverage" | "data_not_ready" | "timeout" | "busy" | "cancelled" | "internal";

export interface Failure {
  kind: FailureKind;
  message: string;
  retryable: boolean;
}

/** Retryable by kind (docs/reference/errors.md); a run may override it. */
export const RETRYABLE: Record<FailureKind, boolean> = {
  script: false,
  plan_limit: false,
  out_of_coverage: false,
  data_not_ready: true,
  timeout: true,
  busy: true,
  cancelled: false,
  internal: true,
};

export function failure(kind: FailureKind, message: string, retryable: boolean = RETRYABLE[kind]): Failure {
  return { kind, message, retryable };
}

/** A run's or a sweep's instrument whose bars are being backfilled: nothing is evaluated on them yet. */
export function backfillingFailure(symbol: string): Failure {
  return failure("data_not_ready", `Market data for ${symbol} is being backfilled; try again when it is ready.`, true);
}

export interface RuntimeErrorSummary {
  message: string;
  count: number;
  first_time: string;
  last_time: string;
}

/** docs/reference/endpoints.md "Summary", stored as it is served. */
export interface RunSummary {
  bars: number;
  warmup_bars: number;
  bars_evaluated: number;
  compute_units: number;
  outputs?: number;
  events?: number;
  events_dropped?: number;
  /** log.* lines kept (the first 1,000) and those left out (docs/adr/0064-run-logs.md). */
  logs?: number;
  logs_dropped?: number;
  /** At most 20 distinct messages of at most 500 characters each (docs/adr/0026-worker-caps.md). */
  runtime_errors: RuntimeErrorSummary[];
  /** Occurrences of the runtime errors left out of `runtime_errors`; absent when none were. */
  runtime_errors_dropped?: number;
  duration: number;
}

/**
 * What a status change publishes on the run's channel. A worker that knows the whole final row
 * sends it as `run` (its JSON, times as ISO strings; `runFromWire`), so a long poll answers
 * without reading the run again.
 */
export type RunMessage = { type: "status"; status: RunStatusName; run?: Record<string, unknown> } | { type: "cancel" };

/** Results (outputs, events) are kept 7 days after the run finished. */
export const RESULTS_TTL_MS = 7 * 24 * 3600 * 1000;
