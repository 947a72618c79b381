// Fair scheduling over real processes (an API and a worker as child processes, the worker with
// its default configuration): one account floods with `while true` runs up to its runs at once,
// another account's small runs must all succeed, none `timeout` or `busy`
// (docs/adr/0025-fair-run-scheduling.md). The light account's time limit is far shorter than the
// flood's, so a light run that waited for a thread behind the flood would fail.
import { join } from "node:path";
import { createAccount, createApiKey } from "@barscript/db";
import { importFile } from "@barscript/marketdata";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, spawnWorker, type ApiProc, type Proc } from "../../../test/support/processes";
import { saveScript } from "./support/run-processor";

jest.setTimeout(180_000);

const AAPL_FILE = join(__dirname, "../../../packages/marketdata/demo/AAPL.csv");

// Each bar's `while true` ends at the loop budget with "loop takes too long" (docs/reference/
// language.md, "Budgets": 10,000,000 iterations, about 50 ms a bar on a 2-core machine), and a
// run with that error on every bar of its window fails with kind `script`, which is right. Over
// 50 bars that came after 1-3 s, sometimes before the cancel below. Over FLOOD_BARS bars it is
// minutes (30 s even at 10 ms a bar), past the flood's 120 s time limit: a flood run ends by its
// cancel.
const FLOOD_BARS = 3000;
const LOOP = `//@version=6
indicator("flood")
float x = 0.0
while true
    x += 1
plot(close + x * 0, "c")
`;

const SMALL = `//@version=6
indicator("small")
plot(ta.sma(close, 10), "sma")
`;

let env: TestEnv;
let api: ApiProc;
let worker: Proc;
let accounts = 0;

interface Account {
  call(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }>;
}

beforeAll(async () => {
  env = await createTestEnv();
  await importFile(env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL_FILE, format: "bokeh", meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  // No WORKER_CONCURRENCY: the default deployment's threads.
  [api, worker] = await Promise.all([spawnApi(env.processEnv), spawnWorker(env.processEnv)]) as [ApiProc, Proc];
});

afterAll(async () => {
  await Promise.all([api?.kill(), worker?.kill()]);
  await env?.close();
});

/** An admitted account on a copy of `plan` with overrides, holding `source` as script "s". */
async function account(plan: string, overrides: Record<string, number>, source: string): Promise<Account> {
  const n = ++accounts;
  const base = await env.db.plan.findUniqueOrThrow({ where: { name: plan } });
  await env.db.plan.create({ data: { ...base, name: `fair-${n}`, ...overrides } });
  const a = await createAccount(env.db, { email: `fair${n}@example.com`, password: "a long enough password", handle: `fair-${n}`, plan: `fair-${n}`, admit: true });
  const key = await createApiKey(env.db, { accountId: a.id, name: "t", scopes: ["read", "scripts:write", "runs:write"], expiresAt: null });
  await saveScript(env.db, a, "s", source);
  return {
    async call(method, path, body) {
      const res = await fetch(`${api.url}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key.secret}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
  };
}

async function final(a: Account, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await a.call("GET", `/runs/${id}?wait=10`);
    if (r.status !== 200) throw new Error(`GET /runs/${id}: ${r.status}`);
    if (r.json.status !== "queued" && r.json.status !== "running") return r.json;
  }
}

describe("fair scheduling", () => {
  it("when one account floods the worker with while-true runs, then another account's small runs all succeed, none timing out", async () => {
    const flood = await account("pro", { runTimeLimitSeconds: 120 }, LOOP);
    const pro = await env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
    // More runs than it may run at once: the flood holds every run slot it has.
    const floodIds: string[] = [];
    for (let i = 0; i < pro.concurrentRuns + 1; i++) {
      const r = await flood.call("POST", "/runs", { script: "s", instrument: "AAPL", timeframe: "1d", bars: FLOOD_BARS });
      expect(r.status).toBe(202);
      floodIds.push(r.json.id as string);
    }
    // Every slot of the flood taken (its runs are running, spinning in their threads).
    for (let i = 0; i < 200; i++) {
      const running = await env.db.run.count({ where: { id: { in: floodIds }, status: "running" } });
      if (running >= pro.concurrentRuns) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await env.db.run.count({ where: { id: { in: floodIds }, status: "running" } })).toBe(pro.concurrentRuns);

    const light = await account("starter", { runTimeLimitSeconds: 10, concurrentWaits: 10, concurrentHeavy: 5 }, SMALL);
    const started = [];
    for (let i = 0; i < 4; i++) started.push(await light.call("POST", "/runs", { script: "s", instrument: "AAPL", timeframe: "1d", bars: 100 }));
    expect(started.map((r) => r.status)).toEqual([202, 202, 202, 202]);
    const finals = [];
    for (const r of started) finals.push(await final(light, r.json.id as string));
    for (const run of finals) {
      expect(run.status).toBe("succeeded");
      expect(run.failure).toBeUndefined();
      expect((run.summary as { outputs: number }).outputs).toBe(100);
    }

    // The light runs did not wait for the flood: it is still spinning, none of its runs finished
    // (a light run served only when a flood run timed out would fail the line below); cancel them.
    expect(await env.db.run.count({ where: { id: { in: floodIds }, status: { in: ["queued", "running"] } } })).toBe(floodIds.length);
    await Promise.all(floodIds.map((id) => flood.call("POST", `/runs/${id}/cancel`)));
    const stopped = await Promise.all(floodIds.map((id) => final(flood, id)));
    // Status and failure kind together: a run that ends otherwise says how in the diff.
    expect(stopped.map((r) => [r.status, (r.failure as { kind?: string } | undefined)?.kind])).toEqual(floodIds.map(() => ["cancelled", "cancelled"]));
  });
});
