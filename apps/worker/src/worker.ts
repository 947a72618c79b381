// Starts one BullMQ Worker per registered queue with the production settings of BullMQ's
// guide: blocking connections that retry forever, an `error` listener on every worker,
// and a graceful close that lets running jobs finish.
import { Worker } from "bullmq";
import { bullPrefix, createRedis } from "@barscript/queue";
import { PROCESSOR_MODULES, type ProcessorModule, type WorkerDeps } from "./processors";

export interface RunningWorkers {
  workers: Worker[];
  close(): Promise<void>;
}

export function startWorkers(deps: WorkerDeps, modules: ProcessorModule[] = PROCESSOR_MODULES): RunningWorkers {
  const workers = modules.map((module) => {
    const worker = new Worker(module.queue, module.create(deps), {
      connection: createRedis(deps.config.redisUrl, "worker"),
      prefix: bullPrefix(deps.config.redisPrefix),
      concurrency: deps.config.concurrency,
      ...module.options,
    });
    worker.on("error", (error) => deps.logger.error({ err: error, queue: module.queue }, "worker error"));
    worker.on("failed", (job, error) => deps.logger.warn({ jobId: job?.id, queue: module.queue, err: error }, "job failed"));
    return worker;
  });
  return {
    workers,
    async close() {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
