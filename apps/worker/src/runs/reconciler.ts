// After a Redis loss or a crash, runs and jobs can disagree. At start and every minute:
// a `queued` run whose job is missing (or already finished) is enqueued again; a `running` run
// whose job is not active any more is failed, kind internal, retryable, and counted in
// barscript_runs_total like the runs a processor finishes (this worker brought it there).
import type { Queue } from "bullmq";
import type { Logger } from "pino";
import type { Db } from "@barscript/db";
import { failure, finishRun, type RunMessage } from "@barscript/db";
import { enqueueRun, type RunJobData } from "@barscript/queue";
import type { WorkerMetrics } from "../metrics";
import { runSummary } from "./lifecycle";

/** Runs younger than this are left alone: the API may be between insert and enqueue. */
export const RECONCILE_GRACE_MS = 15_000;

export interface ReconcileResult {
  requeued: number;
  failed: number;
}

export async function reconcileRuns(
  db: Db,
  queue: Queue<RunJobData>,
  publish: (runId: string, message: RunMessage) => Promise<void>,
  logger: Logger,
  now: Date = new Date(),
  metrics?: WorkerMetrics,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { requeued: 0, failed: 0 };
  const cutoff = new Date(now.getTime() - RECONCILE_GRACE_MS);
  const queued = await db.run.findMany({ where: { status: "queued", createdAt: { lt: cutoff } }, select: { id: true }, take: 1000 });
  for (const { id } of queued) {
    const job = await queue.getJob(id);
    const state = job ? await job.getState() : "unknown";
    if (job && state !== "completed" && state !== "failed" && state !== "unknown") continue;
    if (job) await job.remove().catch(() => undefined);
    await enqueueRun(queue, id);
    result.requeued++;
  }
  const running = await db.run.findMany({ where: { status: "running", startedAt: { lt: cutoff } }, select: { id: true, kind: true, startedAt: true }, take: 1000 });
  for (const { id, kind, startedAt } of running) {
    const job = await queue.getJob(id);
    const state = job ? await job.getState() : "unknown";
    if (state === "active") continue;
    const ok = await finishRun(db, id, ["running"], { status: "failed", failure: failure("internal", "The run was interrupted by a service failure; running it again should work.", true), summary: runSummary({ bars: 0 }) }, now);
    if (ok) {
      result.failed++;
      metrics?.runFinished({ kind, status: "failed", failure: "internal", durationSeconds: startedAt ? Math.max(0, now.getTime() - startedAt.getTime()) / 1000 : null, barsEvaluated: 0 });
      await publish(id, { type: "status", status: "failed" });
    }
  }
  if (result.requeued || result.failed) logger.warn(result, "reconciled runs");
  return result;
}
