// Operator walk O11 (docs/adr/0367), the part that needs the stores, without a process: the
// API's queue gauges over real BullMQ queues (pausing the `runs` queue in /admin/queues keeps its
// jobs in the waiting list in BullMQ 6, so the counts alone read as "workers stuck"), and
// /readyz over a database nobody migrated (every call answered 500 while it said "ready"), and
// `instruments import --session` on a new instrument without --timezone (read as UTC hours).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
import { REDIS_URL, createTestEnv } from "../support/env";
import { adminInProcess } from "../../apps/admin/test/support/admin";

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
  // The other queues' meta keys, written when their pause state was read.
  const left = await redis.keys(`${prefix}*`);
  if (left.length > 0) await redis.del(...left);
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

/** Runs the worker as `npm run up` does (`node --import tsx`) until it exits by itself. */
function workerUntilExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/worker/src/main.ts"], { cwd: join(__dirname, "../.."), env: { PATH: process.env["PATH"] ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr.on("data", (chunk: Buffer) => { output += chunk.toString(); });
    // A worker that starts (the failure before the fix) is stopped as soon as it says so.
    const started = setInterval(() => { if (output.includes("worker started")) child.kill("SIGTERM"); }, 100);
    child.once("exit", (code) => { clearInterval(started); resolve({ code, output }); });
  });
}

describe("a database nobody migrated", () => {
  it("when the schema is missing, then /readyz answers 503 naming the migration, the worker will not start, and /readyz is ready once migrated", async () => {
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
      const worker = { DATABASE_URL: urlFor(name), REDIS_URL, REDIS_PREFIX: prefix, METRICS_PORT: "0", WORKER_CONCURRENCY: "1", LOG_LEVEL: "warn" };
      const refused = await workerUntilExit(worker);
      expect({ code: refused.code, started: refused.output.includes("worker started"), said: refused.output.includes("worker: the database is not migrated (run migrate)") }).toEqual({ code: 1, started: false, said: true });
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

describe("instruments import --session on a new instrument", () => {
  it("when --session comes without --timezone, then nothing is imported and the refusal says why; with it, the zone is kept", async () => {
    const env = await createTestEnv();
    const file = join(tmpdir(), `o11-${randomBytes(4).toString("hex")}.csv`);
    // Two 30-minute bars of 2024-03-01 (a Friday): 14:30 and 15:00 UTC, 09:30 and 10:00 in New York.
    writeFileSync(file, "time,open,high,low,close,volume\n2024-03-01T14:30:00Z,10,11,9,10.5,100\n2024-03-01T15:00:00Z,10.5,12,10,11,80\n");
    try {
      const args = ["instruments", "import", "--symbol", "o11nyse", "--timeframe", "30m", "--file", file, "--session", "0930-1600:23456"];
      const refused = await adminInProcess(env.processEnv, args);
      expect(refused).toEqual({ code: 1, stdout: "", stderr: expect.stringContaining("--session needs --timezone for a new instrument") });
      expect(await env.db.instrument.count({ where: { symbol: "O11NYSE" } })).toBe(0);
      const done = await adminInProcess(env.processEnv, [...args, "--timezone", "America/New_York"]);
      expect(done.code).toBe(0);
      expect(await env.db.instrument.findUnique({ where: { symbol: "O11NYSE" }, select: { timezone: true, session: true } })).toEqual({ timezone: "America/New_York", session: "0930-1600:23456" });
      // Once the instrument has its zone, a new session alone is taken in that zone.
      expect((await adminInProcess(env.processEnv, [...args.slice(0, -1), "0930-1200,1300-1600:23456"])).code).toBe(0);
    } finally {
      await env.close();
    }
  });
});
