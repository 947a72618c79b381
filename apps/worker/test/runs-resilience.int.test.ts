// Resilience of the run pipeline with real processes: idempotency under 20 truly concurrent
// duplicates, two workers competing under one account's runs-at-once slot, SIGKILL of a worker
// mid-run (failed, internal, retryable), the reconciler re-enqueueing a queued run whose job is
// gone, the expiry sweeper on an injected clock (410, called directly and as the scheduled job of a
// real worker whose clock is moved forward), and 503 busy when Postgres or Redis is down.
import { newRunId } from "@barscript/db";
import type { Queue } from "bullmq";
import pino from "pino";
import type { RunJobData } from "@barscript/queue";
import { createWorkerMetrics } from "../src/metrics";
import { reconcileRuns } from "../src/runs/reconciler";
import { sweepExpired } from "../src/runs/sweeper";
import { SLOT_RETRY_MS } from "../src/runs/processor";
import { freePort, spawnApi } from "../../../test/support/processes";
import { RunsHarness, SLOW, SMA_RSI } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const base = { instrument: "AAPL", timeframe: "1d" };

const h = new RunsHarness();

// Sandbox threads are not what these cases are about: the shared workers start two each (every
// job of the five-run race is still taken at once, twice as many jobs as threads a worker), and
// the workers a case starts for its own point one (docs/configuration.md, WORKER_CONCURRENCY).
beforeAll(() => h.setup({ workers: 2, workerEnv: { WORKER_CONCURRENCY: "2" } }));
const ONE_THREAD = { WORKER_CONCURRENCY: "1" };
afterAll(() => h.teardown());

describe("idempotency", () => {
  it("when 20 requests with one new key arrive at once, then one run is made and every answer is that run", async () => {
    const a = await h.account({ concurrentHeavy: 20, requestsPerMinute: 1000 });
    await h.script(a, "s", SMA_RSI);
    const answers = await Promise.all(Array.from({ length: 20 }, () => a.client.start({ ...base, script: "s", bars: 20 }, { "idempotency-key": "same-key" })));
    const ids = new Set(answers.map((r) => r.json.id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.status === 202)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 202)) {
      expect(r.status).toBe(200);
      expect(r.headers.get("idempotent-replayed")).toBe("true");
    }
    expect(await h.env.db.run.count({ where: { accountId: a.id } })).toBe(1);
  });

  it("when a known key comes back with another body, then it answers 200 with the first run; a key over 128 characters is 400", async () => {
    const a = await h.account({ concurrentRuns: 1 });
    await h.script(a, "s", SMA_RSI);
    const first = await a.client.start({ ...base, script: "s", bars: 20, wait: 30 }, { "idempotency-key": "k1" });
    expect(first.status).toBe(202);
    const replay = await a.client.start({ script: "whatever", instrument: "NOPE", timeframe: "9x", wait: 5 }, { "idempotency-key": "k1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json.id).toBe(first.json.id);
    expect(replay.json.status).toBe("succeeded");
    const long = await a.client.start({ ...base, script: "s" }, { "idempotency-key": "x".repeat(129) });
    expect(long.status).toBe(400);
    expect(long.json.error.code).toBe("invalid_request");
  });
});

describe("workers", () => {
  it("when two workers compete for one account's runs, then the account's runs at once are never passed and all succeed", async () => {
    const a = await h.account({ concurrentRuns: 1, runTimeLimitSeconds: 60 });
    await h.script(a, "s", SMA_RSI);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await a.client.start({ ...base, script: "s", bars: 3000 })).json.id as string);
    const finals = await Promise.all(ids.map((id) => a.client.final(id)));
    expect(finals.every((r) => r.status === "succeeded")).toBe(true);
    const spans = finals.map((r) => [Date.parse(r.started_at as string), Date.parse(r.finished_at as string)] as const).sort((x, y) => x[0] - y[0]);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    // A run that frees the slot wakes the next one: it starts well before its own retry would.
    const gaps = spans.slice(1).map((s, i) => s[0] - spans[i]![1]).sort((x, y) => x - y);
    expect(gaps[Math.floor(gaps.length / 2)]).toBeLessThan(SLOT_RETRY_MS);
  });

  it("when a worker is killed mid-run, then the run fails with kind internal, retryable, and a fresh worker goes on", async () => {
    const a = await h.account({ runTimeLimitSeconds: 120 });
    await h.script(a, "slow", SLOW);
    await h.script(a, "s", SMA_RSI);
    const run = (await a.client.start({ ...base, script: "slow" })).json;
    let status = "queued";
    for (let i = 0; i < 200 && status !== "running"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await a.client.call("GET", `/runs/${run.id}`)).json.status as string;
    }
    expect(status).toBe("running");
    // Kill every worker process that could hold it, and start a fresh one for the stalled check
    // meanwhile (the run's job is held by a victim until its lock expires, so the fresh worker
    // cannot take the run itself).
    const victims = h.workers.splice(0);
    const metricsPort = await freePort();
    const [fresh] = await Promise.all([h.spawnWorker({ ...ONE_THREAD, METRICS_PORT: String(metricsPort) }), ...victims.map((w) => w.kill("SIGKILL"))]);
    h.workers.push(fresh);
    const final = await a.client.final(run.id as string, 60);
    expect(final.status).toBe("failed");
    expect(final.failure).toMatchObject({ kind: "internal", retryable: true });
    expect(final.summary).toMatchObject({ bars: final.window.bars, bars_evaluated: 0, compute_units: 0 });
    // The worker whose stalled-job listener failed it counts it in barscript_runs_total.
    let counted = false;
    for (let i = 0; i < 50 && !counted; i++) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      counted = text.split("\n").some((line) => line.startsWith("barscript_runs_total{") && line.includes('status="failed"') && line.includes('failure="internal"') && line.endsWith(" 1"));
      if (!counted) await new Promise((r) => setTimeout(r, 100));
    }
    expect(counted).toBe(true);
    expect((await a.client.start({ ...base, script: "s", bars: 10, wait: 30 })).json.status).toBe("succeeded");
  });

  it("when a queued run's job is gone, then the reconciler enqueues it again at worker start", async () => {
    const a = await h.account();
    await h.script(a, "s", SMA_RSI);
    const template = (await a.client.start({ ...base, script: "s", bars: 10, wait: 30 })).json;
    const row = await h.env.db.run.findUniqueOrThrow({ where: { id: template.id as string } });
    const id = newRunId();
    await h.env.db.run.create({
      data: { ...row, id, status: "queued", idempotencyKey: null, summary: undefined, startedAt: null, finishedAt: null, expiresAt: null, inputs: row.inputs as object, createdAt: new Date(Date.now() - 60_000) },
    });
    const starting = await h.spawnWorker(ONE_THREAD);
    try {
      expect((await a.client.final(id, 30)).status).toBe("succeeded");
    } finally {
      // Its start was the point; the expiry drill below competes with fewer workers for its sweep.
      await starting.kill();
    }
  });
});

describe("reconciler metrics", () => {
  it("when the reconciler fails a running run whose job is gone, then barscript_runs_total counts it (failed, internal)", async () => {
    const a = await h.account();
    await h.script(a, "s", SMA_RSI);
    const template = (await a.client.start({ ...base, script: "s", bars: 10, wait: 30 })).json;
    const row = await h.env.db.run.findUniqueOrThrow({ where: { id: template.id as string } });
    const id = newRunId();
    const startedAt = new Date(Date.now() - 60_000);
    await h.env.db.run.create({
      data: { ...row, id, status: "running", idempotencyKey: null, summary: undefined, startedAt, finishedAt: null, expiresAt: null, inputs: row.inputs as object, createdAt: startedAt },
    });
    // Only this run is missing its job; every other run's job is active as far as it knows.
    const queue = { getJob: (jobId: string) => Promise.resolve(jobId === id ? undefined : { getState: () => Promise.resolve("active") }) } as unknown as Queue<RunJobData>;
    const metrics = createWorkerMetrics({ collectDefaults: false });
    const result = await reconcileRuns(h.env.db, queue, () => Promise.resolve(), pino({ level: "silent" }), new Date(), metrics);
    expect(result.failed).toBe(1);
    expect((await h.env.db.run.findUniqueOrThrow({ where: { id } })).failureKind).toBe("internal");
    const text = await metrics.registry.metrics();
    expect(text).toContain('barscript_runs_total{kind="indicator",status="failed",failure="internal"} 1');
  });
});

describe("expiry", () => {
  it("when the sweeper runs 7 days after a run finished, then its results are deleted and answer 410 not_found", async () => {
    const a = await h.account();
    await h.script(a, "s", SMA_RSI);
    const run = (await a.client.start({ ...base, script: "s", bars: 50, wait: 30 })).json;
    expect((await a.client.call("GET", `/runs/${run.id}/results`)).status).toBe(200);
    const swept = await sweepExpired(h.env.db, new Date(Date.parse(run.finished_at as string) + 7 * 24 * 3600 * 1000 + 1000), 2);
    expect(swept.runs).toBeGreaterThanOrEqual(1);
    expect(await h.env.db.runOutputChunk.count({ where: { runId: run.id as string } })).toBe(0);
    const gone = await a.client.call("GET", `/runs/${run.id}/results`);
    expect(gone.status).toBe(410);
    expect(gone.json.error.code).toBe("not_found");
    expect((await a.client.call("GET", `/runs/${run.id}`)).status).toBe(200);
  });
});

describe("expiry through the repeatable sweeper job", () => {
  it("when a worker whose clock is 8 days ahead runs the scheduled sweep, then the results answer 410 and the run stays listed", async () => {
    const a = await h.account();
    await h.script(a, "sweepme", SMA_RSI);
    const run = (await a.client.start({ ...base, script: "sweepme", bars: 40, wait: 30 })).json;
    expect(run.status).toBe("succeeded");
    expect((await a.client.call("GET", `/runs/${run.id}/results`)).status).toBe(200);
    // No direct call: a real worker process schedules the sweeper on the maintenance queue
    // (every second here) and runs it with its injected clock.
    const drill = await h.spawnWorker({ ...ONE_THREAD, CLOCK_OFFSET_SECONDS: String(8 * 24 * 3600), SWEEP_EVERY_SECONDS: "1" });
    try {
      const deadline = Date.now() + 30_000;
      let status = 200;
      while (status !== 410 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await a.client.call("GET", `/runs/${run.id}/results`)).status;
      }
      expect(status).toBe(410);
      expect(await h.env.db.runOutputChunk.count({ where: { runId: run.id as string } })).toBe(0);
      expect((await a.client.call("GET", `/runs/${run.id}`)).status).toBe(200);
    } finally {
      await drill.kill();
    }
  });
});

describe("outages", () => {
  it("when Postgres or Redis is unreachable, then the API answers 503 busy with Retry-After, never 500", async () => {
    const a = await h.account();
    const outages: Array<Record<string, string>> = [{ DATABASE_URL: "postgresql://postgres@127.0.0.1:1/none" }, { REDIS_URL: "redis://127.0.0.1:1" }];
    // Both broken processes at once: each is started with its own configuration and asked alone.
    await Promise.all(outages.map(async (broken) => {
      const api = await spawnApi({ ...h.env.processEnv, ...broken });
      try {
        const res = await fetch(`${api.url}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${a.client.key}`, "content-type": "application/json" }, body: JSON.stringify({ ...base, script: "s" }) });
        expect(res.status).toBe(503);
        expect(res.headers.get("retry-after")).toBeTruthy();
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("busy");
      } finally {
        await api.kill();
      }
    }));
  });
});

