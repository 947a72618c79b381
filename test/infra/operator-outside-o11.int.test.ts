// Operator walk O11 (docs/adr/0367), the part that needs the stores, without a process: the
// API's queue gauges over real BullMQ queues (pausing the `runs` queue in /admin/queues keeps its
// jobs in the waiting list in BullMQ 6, so the counts alone read as "workers stuck"), and
// /readyz over a database nobody migrated (every call answered 500 while it said "ready").
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Queue } from "bullmq";
import express from "express";
import { Client } from "pg";
import { MIGRATIONS_DIR, createDb, migrate } from "@barscript/db";
import { Redis } from "ioredis";
import { Registry } from "prom-client";
import { QUEUES, bullPrefix } from "@barscript/queue";
import { createQueueMetrics, type QueueMetrics } from "../../apps/api/src/ops/queue-metrics";
import { healthRouter } from "../../apps/api/src/ops/health";
import { ADMIN_URL, dropDatabase, urlFor } from "../support/databases";
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

describe("/readyz over a database nobody migrated", () => {
  it("when the schema is missing, then /readyz answers 503 naming the migration, and 200 once migrated", async () => {
    const name = `o11_unmigrated_${randomBytes(4).toString("hex")}`;
    const admin = new Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const db = createDb(urlFor(name), { max: 2 });
    const server = express().use(healthRouter({ db, redis })).listen(0);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`;
      const before = await fetch(url);
      expect({ status: before.status, body: await before.json() }).toMatchObject({
        status: 503,
        body: { error: { code: "busy", message: "Not ready: the database is not migrated (run migrate)." }, status: "not_ready", postgres: false, redis: true, details: { postgres: { ok: false, error: "not_migrated" } } },
      });
      await migrate(urlFor(name), MIGRATIONS_DIR);
      const after = await fetch(url);
      expect({ status: after.status, body: await after.json() }).toMatchObject({ status: 200, body: { status: "ready", postgres: true, redis: true } });
    } finally {
      server.close();
      await db.$disconnect();
      await dropDatabase(name);
    }
  });
});
