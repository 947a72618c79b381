// Limits held across real API processes sharing one Redis: requests a minute and heavy calls
// count across both; a long-poll lease of a SIGKILLed process comes back within its TTL.
import { createLimits, LEASE_TTL_MS, type Limits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { newId } from "@barscript/db";
import type { Redis } from "ioredis";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";
import { account, key, tinyPlan } from "./auth-harness";

jest.setTimeout(120_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

type Api = ApiProc;

/**
 * The API's bundle as one process (`node dist/api.js`, no wrapper): SIGKILL hits the server itself.
 * One validation thread (docs/configuration.md, VALIDATION_THREADS): the heavy case's two
 * validations, one a process, are all these processes validate.
 */
function startApi(env: TestEnv): Promise<Api> {
  return spawnApi({ ...env.processEnv, LOG_LEVEL: "silent", VALIDATION_THREADS: "1" });
}

const alive = (api: Api | undefined): api is Api => !!api && api.child.exitCode === null && api.child.signalCode === null;

// Plan names are unique per attempt: jest retries a failed case (test/support/retry-once.ts) and
// a plan the first attempt made would make the retry fail on its name.
let plans = 0;
const planName = (base: string): string => `${base}-${++plans}`;

async function call(api: Api, path: string, secret: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: { error?: { code: string } } & Record<string, unknown>; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${api.url}${path}`, { ...init, headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json", ...(init.headers ?? {}) } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : {}, ms: Date.now() - started };
}

describe("limits across two API processes", () => {
  let env: TestEnv;
  let a: Api;
  let b: Api;
  let redis: Redis;
  let limits: Limits;

  beforeAll(async () => {
    env = await createTestEnv();
    redis = createRedis(env.redisUrl, "command");
    limits = createLimits({ redis, prefix: env.redisPrefix });
    [a, b] = await Promise.all([startApi(env), startApi(env)]);
  });
  afterAll(async () => {
    await Promise.all([a, b].map((api) => (alive(api) ? api.kill() : undefined)));
    const keys = await redis.keys(`${env.redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await env.close();
  });

  it("when calls alternate between the processes, then requests a minute counts them together", async () => {
    const plan = await tinyPlan(env.db, planName("two-proc-rpm"), { requestsPerMinute: 6 });
    const acc = await account(env.db, plan);
    const secret = await key(env.db, acc.id, ["read"]);
    const remaining: Array<string | null> = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(i % 2 === 0 ? a : b, "/v1/me", secret);
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("ratelimit-remaining"));
    }
    expect(remaining).toEqual(["5", "4", "3", "2", "1", "0"]);
    for (const api of [a, b]) {
      const res = await call(api, "/v1/me", secret);
      expect([res.status, res.body.error?.code, res.headers.get("retry-after"), res.headers.get("ratelimit-remaining")]).toEqual([429, "rate_limited", "10", "0"]);
    }
  });

  it("when 40 calls race across both processes, then exactly the plan's figure pass", async () => {
    const plan = await tinyPlan(env.db, planName("two-proc-race"), { requestsPerMinute: 15 });
    const acc = await account(env.db, plan);
    const secret = await key(env.db, acc.id, ["read"]);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => call(i % 2 === 0 ? a : b, "/v1/me", secret)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(15);
    expect(results.filter((r) => r.status === 429)).toHaveLength(25);
  });

  it("when the account's heavy place is held elsewhere, then both processes answer 429 busy until it is released", async () => {
    const plan = await tinyPlan(env.db, planName("two-proc-heavy"), { requestsPerMinute: 100, concurrentHeavy: 1 });
    const acc = await account(env.db, plan);
    const secret = await key(env.db, acc.id, ["read"]);
    const body = JSON.stringify({ files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(close)\n" }] });
    const lease = await limits.tryAcquireHeavy({ id: acc.id, plan: { concurrentHeavy: 1 } });
    expect(lease).not.toBeNull();
    for (const api of [a, b]) {
      const res = await call(api, "/v1/scripts/validate", secret, { method: "POST", body });
      expect([res.status, res.body.error?.code, res.headers.get("retry-after")]).toEqual([429, "busy", "2"]);
    }
    await lease?.release();
    for (const api of [a, b]) {
      const res = await call(api, "/v1/scripts/validate", secret, { method: "POST", body });
      expect(res.status).not.toBe(429);
    }
    // Released when each answer finished.
    for (let i = 0; i < 20 && (await limits.heavy.used(acc.id)) > 0; i++) await sleep(50);
    expect(await limits.heavy.used(acc.id)).toBe(0);
  });

  it("when a process holding a long-poll lease is SIGKILLed, then the place comes back within the lease TTL", async () => {
    const plan = await tinyPlan(env.db, planName("two-proc-waits"), { requestsPerMinute: 100, concurrentWaits: 1 });
    const acc = await account(env.db, plan);
    const secret = await key(env.db, acc.id, ["read"]);
    // A retried attempt needs a live A again (the first attempt may have killed it).
    if (!alive(a)) a = await startApi(env);
    const runId = `run_${newId("x").slice(2)}`;
    await env.db.run.create({
      data: { id: runId, accountId: acc.id, kind: "indicator", scriptOwnerId: acc.id, scriptSlug: "never-runs", scriptVersion: 1, instrument: "AAPL", timeframe: "1d", inputs: {} },
    });
    // A holds the only long-poll place (no worker runs, so the run stays queued).
    const held = call(a, `/v1/runs/${runId}?wait=60`, secret).catch(() => null);
    for (let i = 0; i < 50 && (await limits.waits.used(acc.id)) === 0; i++) await sleep(100);
    expect(await limits.waits.used(acc.id)).toBe(1);
    // B's long poll answers at once: the place is taken.
    const immediate = await call(b, `/v1/runs/${runId}?wait=10`, secret);
    expect(immediate.status).toBe(200);
    expect(immediate.ms).toBeLessThan(5_000);

    a.child.kill("SIGKILL");
    await held;
    const killedAt = Date.now();
    expect(await limits.waits.used(acc.id)).toBe(1);
    while ((await limits.waits.used(acc.id)) > 0) {
      expect(Date.now() - killedAt).toBeLessThan(LEASE_TTL_MS + 2_000);
      await sleep(250);
    }
    // Back: B's long poll now holds for its wait.
    const holding = await call(b, `/v1/runs/${runId}?wait=2`, secret);
    expect(holding.status).toBe(200);
    expect(holding.ms).toBeGreaterThanOrEqual(1_800);
  });
});
