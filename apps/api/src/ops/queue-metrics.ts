// barscript_queue_jobs{queue,state}: BullMQ job counts of every queue, read from Redis on each
// scrape of the API's /metrics, so one scrape of any instance shows queue depth. Every API
// instance reports the same numbers: aggregate with max (or avg), never sum.
import { Queue } from "bullmq";
import { Gauge, type Registry } from "prom-client";
import { QUEUES, bullPrefix, createRedis } from "@barscript/queue";

export const QUEUE_STATES = ["waiting", "active", "delayed", "failed", "completed"] as const;

/** What a queue must answer: BullMQ's Queue, or a stand-in in tests. */
export interface CountedQueue {
  name: string;
  getJobCounts(...states: string[]): Promise<Record<string, number>>;
  /** Paused from /admin/queues; a stand-in without it is never paused. */
  isPaused?(): Promise<boolean>;
  close(): Promise<void>;
}

export interface QueueMetrics {
  close(): Promise<void>;
}

export interface QueueMetricsOptions {
  registry: Registry;
  redisUrl: string;
  redisPrefix: string;
  /** Called when a scrape could not read the counts (the gauge is then left empty, never stale). */
  onError?: (error: unknown) => void;
  /** For tests: the queues to count instead of BullMQ queues on `redisUrl`. */
  queues?: CountedQueue[];
}

export function createQueueMetrics(options: QueueMetricsOptions): QueueMetrics {
  // One fail-fast connection for every queue: a scrape during a Redis outage answers quickly.
  const connection = options.queues ? null : createRedis(options.redisUrl, "command");
  const queues: CountedQueue[] = options.queues ?? (connection ? Object.values(QUEUES).map((name) => {
    const queue = new Queue(name, { connection, prefix: bullPrefix(options.redisPrefix) });
    queue.on("error", () => undefined);
    return queue;
  }) : []);
  new Gauge({
    name: "barscript_queue_jobs",
    help: "Jobs in each BullMQ queue by state, read on scrape (the same on every API instance)",
    labelNames: ["queue", "state"],
    registers: [options.registry],
    async collect() {
      this.reset();
      try {
        const counts = await Promise.all(queues.map((q) => q.getJobCounts(...QUEUE_STATES)));
        queues.forEach((queue, i) => {
          for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[i]?.[state] ?? 0);
        });
      } catch (error) {
        options.onError?.(error);
      }
    },
  });
  // A paused queue keeps its jobs in the waiting list (BullMQ 6): without this the counts read as
  // stuck workers (docs/adr/0367).
  new Gauge({
    name: "barscript_queue_paused",
    help: "1 while the BullMQ queue is paused (in /admin/queues), else 0; read on scrape",
    labelNames: ["queue"],
    registers: [options.registry],
    async collect() {
      this.reset();
      try {
        const paused = await Promise.all(queues.map((q) => q.isPaused?.() ?? false));
        queues.forEach((queue, i) => this.set({ queue: queue.name }, paused[i] ? 1 : 0));
      } catch (error) {
        options.onError?.(error);
      }
    },
  });
  return {
    async close() {
      await Promise.all(queues.map((q) => q.close().catch(() => undefined)));
      connection?.disconnect();
    },
  };
}
