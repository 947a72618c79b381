// A run's lifecycle as the worker drives it: the one status publisher (every change goes out on
// the run's channel), the one summary builder, and the conditional moves queued -> running ->
// final. Every final move answers the outcome this worker brought the run to (or null when
// another party got there first: a cancel, the sweeper, a duplicate job), which the processor
// returns and the metrics count.
import type { Redis } from "ioredis";
import { capMessages, finishRun, markRunning, type CountedMessage, type Db, type Failure, type Outcome, type Run, type RunMessage, type RunSummary } from "@barscript/db";
import { runChannel } from "@barscript/queue";
import type { FinishedRun } from "../metrics";

export type Publish = (runId: string, message: RunMessage) => Promise<void>;

/** Publishes on the run's channel; a lost message is not worth failing a run for (long polls also read). */
export function statusPublisher(redis: Redis, prefix: string): Publish {
  return async (runId, message) => {
    await redis.publish(runChannel(prefix, runId), JSON.stringify(message)).catch(() => 0);
  };
}

/** A runtime error as a sandbox thread counts it (times in Unix seconds). */
export type CountedError = CountedMessage<number>;

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

export interface SummaryFigures {
  /** Bars of the window. */
  bars: number;
  warmupBars?: number;
  barsEvaluated?: number;
  durationSeconds?: number;
  errors?: readonly CountedError[];
}

/** The run summary as stored and served: compute units from the bars evaluated, runtime errors within the caps of @barscript/db (capMessages). */
export function runSummary(f: SummaryFigures): RunSummary {
  const evaluated = f.barsEvaluated ?? 0;
  const { kept, dropped } = capMessages(f.errors ?? []);
  return {
    bars: f.bars,
    warmup_bars: f.warmupBars ?? 0,
    bars_evaluated: evaluated,
    compute_units: Math.ceil(evaluated / 1000),
    runtime_errors: kept.map((e) => ({ message: e.message, count: e.count, first_time: iso(e.first_time), last_time: iso(e.last_time) })),
    ...(dropped > 0 ? { runtime_errors_dropped: dropped } : {}),
    duration: Math.round((f.durationSeconds ?? 0) * 1000) / 1000,
  };
}

type From = Array<"queued" | "running">;

export class RunLifecycle {
  constructor(
    private readonly db: Db,
    readonly publish: Publish,
    private readonly now: () => Date,
  ) {}

  /** queued -> running (not if cancelled meanwhile): the running row, or null. */
  async start(run: Run): Promise<Run | null> {
    const startedAt = this.now();
    if (!(await markRunning(this.db, run.id, startedAt))) return null;
    // Not awaited: later messages on this connection are sent after it all the same.
    void this.publish(run.id, { type: "status", status: "running" });
    return { ...run, status: "running", startedAt };
  }

  /** Moves the run to its final state and publishes it; null when another party got there first. */
  async finish(run: Run, from: From, outcome: Outcome): Promise<FinishedRun | null> {
    const at = this.now();
    if (!(await finishRun(this.db, run.id, from, outcome, at))) return null;
    await this.publish(run.id, { type: "status", status: outcome.status });
    return finished(run, outcome.status, outcome.failure ?? null, outcome.summary, at);
  }

  fail(run: Run, from: From, f: Failure, summary?: RunSummary): Promise<FinishedRun | null> {
    return this.finish(run, from, { status: f.kind === "cancelled" ? "cancelled" : "failed", failure: f, summary: summary ?? runSummary({ bars: run.windowBars }) });
  }

  /**
   * A kind wrote the succeeded state itself (with its results, in one statement or transaction):
   * publishes it, with the final row when the kind knows it (a long poll answers from it).
   */
  succeeded(run: Run, summary: RunSummary, finishedAt: Date, row?: Run): FinishedRun {
    // Sent, not awaited (a lost message costs a long poll one read): the slot release that follows
    // on the same connection goes out behind it without waiting for its reply.
    void this.publish(run.id, { type: "status", status: "succeeded", ...(row ? { run: JSON.parse(JSON.stringify(row)) as Record<string, unknown> } : {}) });
    return finished(run, "succeeded", null, summary, finishedAt);
  }
}

function finished(run: Run, status: FinishedRun["status"], f: Failure | null, summary: RunSummary | undefined, at: Date): FinishedRun {
  return {
    kind: run.kind,
    status,
    failure: f?.kind ?? null,
    durationSeconds: run.startedAt ? Math.max(0, at.getTime() - run.startedAt.getTime()) / 1000 : null,
    barsEvaluated: summary?.bars_evaluated ?? 0,
  };
}
