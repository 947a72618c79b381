// Starts one BullMQ Worker per registered queue with the production settings of BullMQ's
// guide: blocking connections that retry forever, an `error` listener on every worker,
// and a graceful close that lets running jobs finish.
import { Worker } from "bullmq";
import { bullPrefix, createRedis } from "@barscript/queue";
import { observeProcessor } from "./metrics";
import { PROCESSOR_MODULES, type ProcessorModule, type WorkerDeps } from "./processors";

export interface RunningWorkers {
  workers: Worker[];
  /** Resolves once every module's `start` has run. */
  started: Promise<void>;
  close(): Promise<void>;
}

export function startWorkers(deps: WorkerDeps, modules: ProcessorModule[] = PROCESSOR_MODULES): RunningWorkers {
  const workers = modules.map((module) => {
    const worker = new Worker(module.queue, observeProcessor(module.queue, module.create(deps), deps), {
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
  };
}
