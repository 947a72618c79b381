// A run's lifecycle as the worker drives it: the one status publisher (every final state goes
// out on the run's channel), the one summary builder, and the conditional moves queued -> running
// -> final. Every final move answers the outcome this worker brought the run to (or null when
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
  /**
   * Runs whose final message is held for the processor to send with the release of their slot
   * (one Redis call for both, slots.ts), by run id: the message once one is held.
   */
  private readonly held = new Map<string, RunMessage | null>();

  constructor(
    private readonly db: Db,
    readonly publish: Publish,
    private readonly now: () => Date,
  ) {}

  /**
   * queued -> running (not if cancelled meanwhile): the running row, or null. Nothing is
   * published: the only listeners of a run's channel, the API's long polls, wait for a final
   * state and drop `running` messages (apps/api/src/runs/service.ts, stillRunning).
   */
  async start(run: Run): Promise<Run | null> {
    const startedAt = this.now();
    if (!(await markRunning(this.db, run.id, startedAt))) return null;
    return { ...run, status: "running", startedAt };
  }

  /** From now on the run's final message is kept for `take` instead of published. */
  hold(runId: string): void {
    this.held.set(runId, null);
  }

  /** The final message held for the run, if any (the caller sends it); the run is no longer held. */
  take(runId: string): RunMessage | null {
    const message = this.held.get(runId) ?? null;
    this.held.delete(runId);
    return message;
  }

  /** Publishes the run's final message, or keeps it when the run is held (serialized once, when sent). */
  private send(runId: string, message: RunMessage): Promise<void> {
    if (!this.held.has(runId)) return this.publish(runId, message);
    this.held.set(runId, message);
    return Promise.resolve();
  }

  /** Moves the run to its final state and publishes it; null when another party got there first. */
  async finish(run: Run, from: From, outcome: Outcome): Promise<FinishedRun | null> {
    const at = this.now();
    if (!(await finishRun(this.db, run.id, from, outcome, at))) return null;
    await this.send(run.id, { type: "status", status: outcome.status });
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
    // Not awaited (a lost message costs a long poll one read). The row goes as JSON.stringify
    // writes it (dates as ISO text), serialized once.
    void this.send(run.id, { type: "status", status: "succeeded", ...(row ? { run: { ...row } } : {}) });
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
