// The runs feature of the worker process: the runs queue processor (with its sandbox pool and
// cancel listener), the maintenance queue (expiry sweeper, reconciler, both repeatable jobs),
// and the handler that marks a run whose job failed (a stalled job of a worker that died:
// maxStalledCount 0) as failed, kind internal, retryable.
import { failure, findRun } from "@barscript/db";
import { BarChunkCache } from "@barscript/marketdata";
import { createRedis, maintenanceQueue, QUEUES, RECONCILE_JOB, RUN_JOB_LOCK_MS, RUN_JOB_STALLED_INTERVAL_MS, runsQueue, SWEEP_JOB } from "@barscript/queue";
import type { ProcessorModule, WorkerDeps } from "../processor-types";
import { CancelListener } from "./cancels";
import { RunLifecycle, statusPublisher } from "./lifecycle";
import { SandboxPool } from "./pool";
import { createRunProcessor } from "./processor";
import { reconcileRuns } from "./reconciler";
import { sweepExpired } from "./sweeper";
import { createSweepsModule } from "../sweeps/module";

/** Run jobs a worker takes at once per sandbox thread (WORKER_CONCURRENCY threads). */
export const RUN_JOBS_PER_THREAD = 2;

interface Shared {
  pool: SandboxPool;
  cancels: CancelListener;
  bars: BarChunkCache;
}

export function createRunsModules(): ProcessorModule[] {
  let shared: Shared | null = null;
  const sharedFor = (deps: WorkerDeps): Shared => {
    shared ??= {
      pool: new SandboxPool({ size: deps.config.concurrency, heapMb: deps.config.sandboxHeapMb }),
      cancels: new CancelListener(deps.config.redisUrl, deps.config.redisPrefix),
      bars: new BarChunkCache(deps.config.barCacheMb * 1024 * 1024),
    };
    return shared;
  };
  const publisher = (deps: WorkerDeps) => statusPublisher(deps.redis, deps.config.redisPrefix);

  const runs: ProcessorModule = {
    queue: QUEUES.runs,
    // More jobs than sandbox threads: one job's database reads and writes overlap another's evaluation.
    concurrency: (config) => config.concurrency * RUN_JOBS_PER_THREAD,
    options: { lockDuration: RUN_JOB_LOCK_MS, stalledInterval: RUN_JOB_STALLED_INTERVAL_MS, maxStalledCount: 0 },
    create(deps) {
      const s = sharedFor(deps);
      const queue = runsQueue(deps.redis, deps.config.redisPrefix);
      const processor = createRunProcessor({ db: deps.db, redis: deps.redis, logger: deps.logger, prefix: deps.config.redisPrefix, pool: s.pool, cancels: s.cancels, bars: s.bars, queue });
      return (job, token) => processor(job as Parameters<typeof processor>[0], token);
    },
    // A run job fails in the worker that holds it: its processor threw, or it is a stalled job of a
    // worker that died (maxStalledCount 0: BullMQ hands it to a live worker, which fails it at
    // once). That worker marks the run failed, kind internal, retryable; no process reads the
    // queue's event stream for it (docs/performance.md, "Issue 22, second session: worker").
    failed(deps) {
      const lifecycle = new RunLifecycle(deps.db, publisher(deps), () => new Date());
      return (job, error) => {
        const jobId = job?.id;
        if (!jobId) return;
        void (async () => {
          const run = await findRun(deps.db, jobId);
          if (!run || (run.status !== "queued" && run.status !== "running")) return;
          const done = await lifecycle.fail(run, ["queued", "running"], failure("internal", "The run was interrupted by a service failure (its worker stopped); running it again should work.", true));
          if (done) {
            deps.logger.warn({ runId: jobId, failedReason: error.message }, "run failed by its job");
            // This worker brought it to its final state: counted like the runs its processor finishes.
            deps.metrics?.runFinished(done);
          }
        })().catch((e: unknown) => deps.logger.error({ err: e, runId: jobId }, "could not mark a failed run"));
      };
    },
    async start(deps) {
      const publish = publisher(deps);
      const queue = runsQueue(createRedis(deps.config.redisUrl, "worker"), deps.config.redisPrefix);
      await reconcileRuns(deps.db, queue, publish, deps.logger, new Date(), deps.metrics).catch((error: unknown) => deps.logger.error({ err: error }, "reconcile at start failed"));
      const s = sharedFor(deps);
      // The threads took their first tasks at once regardless (a task posted during a thread's
      // warm-up waits for it): this line tells operators and tests when the warm-up is over (ADR 0349).
      void s.pool.warmed().then((w) => {
        const fields = { threads: w.threads, failed: w.failed, ms: Math.round(w.ms) };
        // failed: a warm-up that threw, or a thread that exited first (a shutdown during it); those threads take tasks cold
        if (w.failed > 0) deps.logger.warn(fields, "sandbox thread warm-up failed or cut short");
        else deps.logger.info(fields, "sandbox threads warm");
      });
      return {
        async close() {
          await queue.close();
          s.cancels.close();
          await s.pool.close();
        },
      };
    },
  };

  const maintenance: ProcessorModule = {
    queue: QUEUES.maintenance,
    create(deps) {
      const publish = publisher(deps);
      const queue = runsQueue(createRedis(deps.config.redisUrl, "worker"), deps.config.redisPrefix);
      return async (job) => {
        // The sweeper's clock is injectable (CLOCK_OFFSET_SECONDS) so expiry can be drilled end to end.
        if (job.name === SWEEP_JOB) return sweepExpired(deps.db, new Date(Date.now() + deps.config.clockOffsetMs));
        if (job.name === RECONCILE_JOB) return reconcileRuns(deps.db, queue, publish, deps.logger, new Date(), deps.metrics);
        return null;
      };
    },
    async start(deps) {
      const queue = maintenanceQueue(createRedis(deps.config.redisUrl, "worker"), deps.config.redisPrefix);
      await queue.upsertJobScheduler(SWEEP_JOB, { every: deps.config.sweepEveryMs }, { name: SWEEP_JOB, data: {} });
      await queue.upsertJobScheduler(RECONCILE_JOB, { every: deps.config.reconcileEveryMs }, { name: RECONCILE_JOB, data: {} });
      return { close: () => queue.close() };
    },
  };

  return [runs, maintenance, createSweepsModule(sharedFor)];
}
