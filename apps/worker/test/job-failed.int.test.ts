// A run whose job was held by a worker that died: BullMQ (maxStalledCount 0) hands the stalled
// job to a live worker, which fails it; that worker's own `failed` event marks the run failed,
// kind internal, retryable, and counts it (apps/worker/src/runs/module.ts; no QueueEvents reader).
// The dead worker is a BullMQ Worker that takes the job by hand and never renews its lock.
import { Worker } from "bullmq";
import pino from "pino";
import { createAccount, newRunId } from "@barscript/db";
import { bullPrefix, createRedis, QUEUES, runsQueue } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { loadWorkerConfig } from "../src/config";
import { createWorkerMetrics } from "../src/metrics";
import { createRunsModules } from "../src/runs/module";
import { startWorkers, type RunningWorkers } from "../src/worker";

jest.setTimeout(120_000);

let env: TestEnv;
let running: RunningWorkers | null = null;
const redis: Array<ReturnType<typeof createRedis>> = [];

beforeAll(async () => {
  env = await createTestEnv();
});

afterAll(async () => {
  await running?.close();
  redis.forEach((r) => r.disconnect());
  await env.close();
});

it("when the worker holding a run's job dies, then a live worker fails the job and marks the run failed internal, retryable, counted once", async () => {
  const account = await createAccount(env.db, { email: "dead@example.com", password: "a long enough password", handle: "dead", plan: "pro", admit: true });
  const id = newRunId();
  await env.db.run.create({
    data: { id, accountId: account.id, kind: "indicator", scriptId: null, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1, instrument: "SYN", timeframe: "1d", windowBars: 10, inputs: {}, status: "running", startedAt: new Date() },
  });
  const connection = createRedis(env.redisUrl, "worker");
  redis.push(connection);
  const queue = runsQueue(connection, env.redisPrefix);
  await queue.add("run", { runId: id }, { jobId: id });

  // The dead worker: takes the job with a one-second lock and is never heard from again.
  const deadConnection = createRedis(env.redisUrl, "worker");
  redis.push(deadConnection);
  const dead = new Worker(QUEUES.runs, null, { connection: deadConnection, prefix: bullPrefix(env.redisPrefix), lockDuration: 1000, autorun: false });
  const held = await dead.getNextJob("dead-token");
  expect(held?.id).toBe(id);
  await dead.close(true);

  const config = { ...loadWorkerConfig({ ...process.env, ...env.processEnv, WORKER_CONCURRENCY: "1" }), metricsPort: 0 };
  const metrics = createWorkerMetrics();
  const own = createRedis(env.redisUrl, "worker");
  redis.push(own);
  running = startWorkers({ config, db: env.db, redis: own, logger: pino({ level: "silent" }), metrics }, createRunsModules().slice(0, 1));
  await running.started;

  let status = "running";
  for (let i = 0; i < 300 && status === "running"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await env.db.run.findUniqueOrThrow({ where: { id } })).status;
  }
  const row = await env.db.run.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("failed");
  expect({ kind: row.failureKind, retryable: row.failureRetryable }).toEqual({ kind: "internal", retryable: true });
  expect(await queue.getJobState(id)).toBe("failed");
  const counted = (await metrics.registry.getSingleMetricAsString("barscript_runs_total")).split("\n").filter((l) => l.startsWith("barscript_runs_total{") && l.includes('status="failed"') && l.includes('failure="internal"'));
  expect(counted).toHaveLength(1);
  expect(counted[0]?.endsWith(" 1")).toBe(true);
  await queue.close();
});
