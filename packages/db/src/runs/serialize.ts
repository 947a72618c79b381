// A stored run as the Run object of docs/reference/endpoints.md. `failure` is absent (not null) unless failed or cancelled;
// `summary` is present once final.
import type { Run } from "../generated/client";
import { cappedRuntimeErrors } from "./summary";
import type { FailureKind, RunSummary } from "./types";

export interface RunJson {
  id: string;
  kind: string;
  script: { owner: string; slug: string; version: number };
  instrument: string;
  timeframe: string;
  window: { from: string | null; to: string | null; requested_from: string | null; requested_to: string | null; bars: number };
  inputs: Record<string, number | string | boolean>;
  status: string;
  failure?: { kind: FailureKind; message: string; retryable: boolean };
  summary?: RunSummary;
  source: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
/** Times the service did not stamp itself are whole seconds: no fraction shown. */
const barIso = (d: Date | null): string | null => (d ? d.toISOString().replace(/\.000Z$/, "Z") : null);

export function serializeRun(run: Run, ownerHandle: string): RunJson {
  const out: RunJson = {
    id: run.id,
    kind: run.kind,
    script: { owner: ownerHandle, slug: run.scriptSlug, version: run.scriptVersion },
    instrument: run.instrument,
    timeframe: run.timeframe,
    window: { from: barIso(run.windowFrom), to: barIso(run.windowTo), requested_from: barIso(run.requestedFrom), requested_to: barIso(run.requestedTo), bars: run.windowBars },
    inputs: (run.inputs ?? {}) as Record<string, number | string | boolean>,
    status: run.status,
    source: run.source,
    created_at: iso(run.createdAt) as string,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    expires_at: iso(run.expiresAt),
  };
  if (run.status === "failed" || run.status === "cancelled") {
    const kind = (run.failureKind ?? (run.status === "cancelled" ? "cancelled" : "internal")) as FailureKind;
    out.failure = { kind, message: run.failureMessage ?? "", retryable: run.failureRetryable ?? false };
  }
  if (run.status === "succeeded" || run.status === "failed" || run.status === "cancelled") {
    out.summary = summaryOf(run);
  }
  return out;
}

/**
 * docs/reference/endpoints.md "Summary", whatever path finished the run: every field present, with `outputs` (indicator
 * runs) or `events` and `events_dropped` (definition and study runs) counted as 0 when the run
 * wrote none (a failed or cancelled run).
 */
function summaryOf(run: Run): RunSummary {
  const stored = (run.summary ?? {}) as Partial<RunSummary>;
  // `bars` is the window's bars (`window.bars`) on a run that evaluated nothing (cancelled while
  // queued, failed before it read its bars, interrupted), whatever an older row stored (ADR 0016).
  const evaluatedNothing = (stored.bars_evaluated ?? 0) === 0;
  const summary: RunSummary = {
    bars: evaluatedNothing || stored.bars === undefined ? run.windowBars : stored.bars,
    warmup_bars: stored.warmup_bars ?? 0,
    bars_evaluated: stored.bars_evaluated ?? 0,
    compute_units: stored.compute_units ?? 0,
    runtime_errors: [],
    duration: stored.duration ?? 0,
  };
  const errors = cappedRuntimeErrors(stored.runtime_errors ?? [], stored.runtime_errors_dropped ?? 0);
  summary.runtime_errors = errors.runtime_errors;
  if (errors.dropped > 0) summary.runtime_errors_dropped = errors.dropped;
  if (run.kind === "indicator") summary.outputs = stored.outputs ?? 0;
  else {
    summary.events = stored.events ?? 0;
    summary.events_dropped = stored.events_dropped ?? 0;
  }
  // log.* lines of every run (docs/adr/0064-run-logs.md; a study's: its definitions' and its own)
  summary.logs = stored.logs ?? 0;
  summary.logs_dropped = stored.logs_dropped ?? 0;
  return summary;
}

/** Handles of the script owners of `runs`, one query. */
export async function ownerHandles(db: { account: { findMany(args: { where: { id: { in: string[] } }; select: { id: true; handle: true } }): Promise<Array<{ id: string; handle: string }>> } }, runs: Run[]): Promise<Map<string, string>> {
  const ids = [...new Set(runs.map((r) => r.scriptOwnerId))];
  if (ids.length === 0) return new Map();
  const rows = await db.account.findMany({ where: { id: { in: ids } }, select: { id: true, handle: true } });
  return new Map(rows.map((r) => [r.id, r.handle]));
}

const RUN_TIMES = ["windowFrom", "windowTo", "requestedFrom", "requestedTo", "createdAt", "startedAt", "finishedAt", "expiresAt", "resultsExpiredAt"] as const;

/** A run row as a status message carries it (JSON of the row) back to the row; null if it is not one. */
export function runFromWire(wire: Record<string, unknown> | undefined): Run | null {
  if (!wire || typeof wire["id"] !== "string" || typeof wire["status"] !== "string" || typeof wire["createdAt"] !== "string") return null;
  const row: Record<string, unknown> = { ...wire };
  for (const k of RUN_TIMES) {
    const v = row[k];
    row[k] = typeof v === "string" ? new Date(v) : null;
  }
  return row as unknown as Run;
}
