// The sweeps feature of the worker process: the sweeps queue processor, on the runs feature's
// sandbox pool, cancel listener and bar cache (one of each per process), and the expiry of rows
// kept past their 7 days (the sweep stays; its results answer 410).
import { expireSweeps } from "@barscript/db";
import { QUEUES, RUN_JOB_LOCK_MS, RUN_JOB_STALLED_INTERVAL_MS } from "@barscript/queue";
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
    start(deps) {
      const expire = (): void => void expireSweeps(deps.db, new Date(Date.now() + deps.config.clockOffsetMs)).catch((error: unknown) => deps.logger.warn({ err: error }, "sweep expiry failed"));
      expire();
      const timer = setInterval(expire, EXPIRE_EVERY_MS);
      timer.unref();
      return Promise.resolve({ close: () => Promise.resolve(clearInterval(timer)) });
    },
  };
}
