// What a processor module is and what it is built from.
import type { Job } from "bullmq";
import type { Logger } from "pino";
import type { Redis } from "ioredis";
import type { Db } from "@barscript/db";
import type { QueueName } from "@barscript/queue";
import type { WorkerConfig } from "./config";
import type { WorkerMetrics } from "./metrics";

export interface WorkerDeps {
  config: WorkerConfig;
  db: Db;
  redis: Redis;
  logger: Logger;
  /** Absent: nothing is counted (tests building processors on their own). */
  metrics?: WorkerMetrics;
}

export type Processor = (job: Job, token: string | undefined) => Promise<unknown>;

export interface ProcessorModule {
  queue: QueueName;
  /** Built once per worker process. */
  create(deps: WorkerDeps): Processor;
  /** Jobs at once of this queue's worker; default WORKER_CONCURRENCY. */
  concurrency?(config: WorkerConfig): number;
  /** Per-queue BullMQ worker options (lock duration, stalled checks). */
  options?: { lockDuration?: number; stalledInterval?: number; maxStalledCount?: number };
  /** Called when this process's worker of the queue fails a job (built once per worker process). */
  failed?(deps: WorkerDeps): (job: Job | undefined, error: Error) => void;
  /** Process-wide companions (listeners, schedulers), started once after the workers; closed on shutdown. */
  start?(deps: WorkerDeps): Promise<{ close(): Promise<void> }>;
}
