// Operator walk O11 (docs/adr/0367), the part that needs Redis: the API's queue gauges over real
// BullMQ queues. Pausing the `runs` queue in /admin/queues keeps its jobs in the waiting list
// (BullMQ 6), so the counts alone read as "workers stuck"; the page says the queue is paused.
import { randomBytes } from "node:crypto";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { Registry } from "prom-client";
import { QUEUES, bullPrefix } from "@barscript/queue";
import { createQueueMetrics, type QueueMetrics } from "../../apps/api/src/ops/queue-metrics";
import { REDIS_URL } from "../support/env";

let prefix: string;
let redis: Redis;
let runs: Queue;
let metrics: QueueMetrics;
const registry = new Registry();

beforeAll(() => {
  // Written afresh on each try (jest retries once).
  prefix = `bst:o11:${randomBytes(4).toString("hex")}:`;
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  runs = new Queue(QUEUES.runs, { connection: redis, prefix: bullPrefix(prefix) });
  metrics = createQueueMetrics({ registry, redisUrl: REDIS_URL, redisPrefix: prefix });
});

afterAll(async () => {
  await metrics.close();
  await runs.obliterate({ force: true });
  await runs.close();
  redis.disconnect();
});

const paused = async (): Promise<string[]> => (await registry.metrics()).split("\n").filter((l) => l.startsWith("barscript_queue_paused{")).sort();

describe("barscript_queue_paused on the API's /metrics", () => {
  it("when the runs queue is paused with runs waiting, then the page says it is paused, and not once resumed", async () => {
    await runs.add("run", { runId: "run_o11" });
    await runs.pause();
    expect(await paused()).toEqual([
      'barscript_queue_paused{queue="maintenance"} 0',
      'barscript_queue_paused{queue="runs"} 1',
      'barscript_queue_paused{queue="sweeps"} 0',
    ]);
    expect(await registry.metrics()).toContain('barscript_queue_jobs{queue="runs",state="waiting"} 1');
    await runs.resume();
    expect(await paused()).toContain('barscript_queue_paused{queue="runs"} 0');
  });
});
