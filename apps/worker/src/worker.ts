// Starts one BullMQ Worker per registered queue with the production settings of BullMQ's
// guide: blocking connections that retry forever, an `error` listener on every worker,
// and a graceful close that lets running jobs finish.
import { Worker, type Processor } from "bullmq";
import { bullPrefix, createRedis } from "@barscript/queue";
import { observeProcessor } from "./metrics";
import { PROCESSOR_MODULES, type ProcessorModule, type WorkerDeps } from "./processors";

export interface RunningWorkers {
  workers: Worker[];
  /** Resolves once every module's `start` has run. */
  started: Promise<void>;
  /** Lets the jobs this process holds finish, then closes the workers and the modules. */
  close(): Promise<void>;
  /** Resolves when no job of this process is being processed (at once when none is). */
  idle(): Promise<void>;
}

/** Counts the jobs being processed, so a shutdown knows when none is left (see main.ts). */
class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  track(processor: Processor): Processor {
    return async (job, token, signal) => {
      this.count += 1;
      try {
        return await processor(job, token, signal);
      } finally {
        this.count -= 1;
        if (this.count === 0) for (const done of this.waiters.splice(0)) done();
      }
    };
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((done) => this.waiters.push(done));
  }
}

export function startWorkers(deps: WorkerDeps, modules: ProcessorModule[] = PROCESSOR_MODULES): RunningWorkers {
  const inFlight = new InFlight();
  const workers = modules.map((module) => {
    const worker = new Worker(module.queue, inFlight.track(observeProcessor(module.queue, module.create(deps), deps)), {
      connection: createRedis(deps.config.redisUrl, "worker"),
      prefix: bullPrefix(deps.config.redisPrefix),
      concurrency: module.concurrency?.(deps.config) ?? deps.config.concurrency,
      ...module.options,
    });
    worker.on("error", (error) => deps.logger.error({ err: error, queue: module.queue }, "worker error"));
    const failed = module.failed?.(deps);
    worker.on("failed", (job, error) => {
      deps.logger.warn({ jobId: job?.id, queue: module.queue, err: error }, "job failed");
      failed?.(job, error);
    });
    return worker;
  });
  const companions: Array<{ close(): Promise<void> }> = [];
  const started = (async () => {
    for (const module of modules) {
      if (module.start) companions.push(await module.start(deps));
    }
  })();
  started.catch((error: unknown) => deps.logger.error({ err: error }, "a worker module failed to start"));
  return {
    workers,
    started,
    async close() {
      await started.catch(() => undefined);
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(companions.map((c) => c.close()));
    },
    idle: () => inFlight.idle(),
  };
}
