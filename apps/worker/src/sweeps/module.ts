// The sweeps feature of the worker process: the sweeps queue processor, on the runs feature's
// sandbox pool, cancel listener and bar cache (one of each per process); the expiry of rows kept
// past their 7 days (the sweep stays; its results answer 410); and a QueueEvents listener that
// fails a sweep whose job failed (a stalled job of a worker that died: maxStalledCount 0).
import { QueueEvents } from "bullmq";
import { expireSweeps, failure, finishSweep, type SweepSummary } from "@barscript/db";
import { bullPrefix, createRedis, QUEUES, runChannel, RUN_JOB_LOCK_MS, RUN_JOB_STALLED_INTERVAL_MS } from "@barscript/queue";
import type { BarChunkCache } from "@barscript/marketdata";
import type { ProcessorModule, WorkerDeps } from "../processor-types";
import type { CancelListener } from "../runs/cancels";
import type { SandboxPool } from "../runs/pool";
import { createSweepProcessor, type SweepJobData } from "./processor";
import type { Job } from "bullmq";

const EXPIRE_EVERY_MS = 60_000;

export function createSweepsModule(sharedFor: (deps: WorkerDeps) => { pool: SandboxPool; cancels: CancelListener; bars: BarChunkCache }): ProcessorModule {
  return {
    queue: QUEUES.sweeps,
    options: { lockDuration: RUN_JOB_LOCK_MS, stalledInterval: RUN_JOB_STALLED_INTERVAL_MS, maxStalledCount: 0 },
    create(deps) {
      const s = sharedFor(deps);
      const processor = createSweepProcessor({ db: deps.db, redis: deps.redis, logger: deps.logger, prefix: deps.config.redisPrefix, pool: s.pool, cancels: s.cancels, bars: s.bars });
      return (job, token) => processor(job as Job<SweepJobData>, token);
    },
    async start(deps) {
      const expire = (): void => void expireSweeps(deps.db, new Date(Date.now() + deps.config.clockOffsetMs)).catch((error: unknown) => deps.logger.warn({ err: error }, "sweep expiry failed"));
      expire();
      const timer = setInterval(expire, EXPIRE_EVERY_MS);
      timer.unref();
      const events = new QueueEvents(QUEUES.sweeps, { connection: createRedis(deps.config.redisUrl, "worker"), prefix: bullPrefix(deps.config.redisPrefix) });
      events.on("error", (error) => deps.logger.error({ err: error }, "sweep queue events error"));
      events.on("failed", ({ jobId }) => void interrupted(deps, jobId).catch((error: unknown) => deps.logger.error({ err: error, sweepId: jobId }, "could not mark a failed sweep")));
      await events.waitUntilReady();
      return {
        async close() {
          clearInterval(timer);
          await events.close();
        },
      };
    },
  };
}

async function interrupted(deps: WorkerDeps, id: string): Promise<void> {
  const s = await deps.db.sweep.findUnique({ where: { id } });
  if (!s || (s.status !== "queued" && s.status !== "running")) return;
  const summary = (s.summary as unknown as SweepSummary | null) ?? { combinations: 0, evaluations: 0, bars_evaluated: 0, compute_units: 0, events: 0, duration: 0 };
  const f = failure("internal", "The sweep was interrupted by a service failure (its worker stopped); running it again should work.", true);
  if (await finishSweep(deps.db, id, ["queued", "running"], { status: "failed", failure: f, summary }, new Date())) {
    await deps.redis.publish(runChannel(deps.config.redisPrefix, id), JSON.stringify({ type: "status", status: "failed" })).catch(() => 0);
  }
}
