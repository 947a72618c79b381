// sweeps: one sweep of 100 combinations (a moving-average crossover definition, fast x slow) over
// 5 instruments x 5,000 1m bars, beside the same 500 evaluations as separate definition runs
// (POST /runs with wait, 20 clients over 4 accounts, the events kept as runs keep them), with
// real processes (one API, one worker of 4 threads) on a scratch database and Redis prefix.
// Lines: `sweeps grid100x5 sweep_ms=<a> runs500_ms=<b> speedup=<b/a>`.
import { createAccount, createApiKey, createScript, createScriptResolver, filesDigest } from "@barscript/db";
import { validate } from "@barscript/lang";
import { importBars } from "@barscript/marketdata";
import { syntheticMinuteBars } from "./_synthetic-bars";
import { randomUUID } from "node:crypto";
import { createTestEnv } from "../test/support/env";
import { spawnApi, spawnWorker } from "../test/support/processes";

const SCRIPT = `//@version=6
definition("MA cross")
fast = input.int(10, "Fast", minval = 1)
slow = input.int(50, "Slow", minval = 2)
alertcondition(ta.crossover(ta.sma(close, fast), ta.sma(close, slow)), "cross up", "up")
`;
const GRID = { fast: Array.from({ length: 20 }, (_, i) => 2 + i), slow: [30, 40, 50, 60, 70] };
const SYMBOLS = ["SWA", "SWB", "SWC", "SWD", "SWE"];
const BARS = 5_000;
const CLIENTS = 20;
const ACCOUNTS = 4;

export async function run(): Promise<string[]> {
  const env = await createTestEnv();
  const procEnv = { ...env.processEnv, LOG_LEVEL: "error", WORKER_CONCURRENCY: "4" };
  const [api, worker] = await Promise.all([spawnApi(procEnv), spawnWorker(procEnv)]);
  try {
    for (const [i, symbol] of SYMBOLS.entries()) await importBars(env.db, { symbol, timeframe: "1m", bars: syntheticMinuteBars(BARS, Date.UTC(2021, 0, 4) / 1000, 11 + i, 0.004) });
    await env.db.plan.update({ where: { name: "business" }, data: { eventsPerMonth: 1_000_000_000, computeUnitsPerMonth: 1_000_000_000 } });
    const keys: string[] = [];
    for (let a = 0; a < ACCOUNTS; a++) {
      const account = await createAccount(env.db, { email: `sweep${a}@example.com`, password: "a long enough password", handle: `sweep${a}`, plan: "business", admit: true });
      keys.push((await createApiKey(env.db, { accountId: account.id, name: "bench", scopes: ["read", "runs:write"], expiresAt: null })).secret);
      const files = [{ path: "main.pine", content: SCRIPT }];
      const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: account.id, handle: account.handle }) });
      if (!v.valid || !v.interface || !v.kind) throw new Error("bench script invalid");
      await createScript(env.db, { ownerId: account.id, slug: "ma-cross", files, digest: filesDigest(files), derived: { kind: v.kind, title: "MA cross", interface: v.interface, dependencies: [] } });
    }
    const call = async (key: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
      const res = await fetch(`${api.url}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json", "idempotency-key": randomUUID() } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    const finalOf = async (key: string, kind: "runs" | "sweeps", first: { status: number; json: Record<string, unknown> }): Promise<string> => {
      if (first.status !== 202) throw new Error(`POST /${kind} ${first.status} ${JSON.stringify(first.json)}`);
      let body = first.json;
      while (body["status"] === "queued" || body["status"] === "running") body = (await call(key, "GET", `/${kind}/${String(body["id"])}?wait=30`)).json;
      return String(body["status"]);
    };
    const oneRun = async (key: string, symbol: string, inputs: Record<string, number>): Promise<void> => {
      const status = await finalOf(key, "runs", await call(key, "POST", "/runs", { script: "ma-cross", instrument: symbol, timeframe: "1m", bars: BARS, inputs, wait: 60 }));
      if (status !== "succeeded") throw new Error(`bench run ${status}`);
    };
    const sweep = async (): Promise<void> => {
      const status = await finalOf(keys[0]!, "sweeps", await call(keys[0]!, "POST", "/sweeps", { definition: "ma-cross", instruments: SYMBOLS, timeframe: "1m", bars: BARS, grid: GRID, horizons: [1, 5, 20], wait: 60 }));
      if (status !== "succeeded") throw new Error(`bench sweep ${status}`);
    };

    // Warm-up: thread start and program compile in each sandbox thread, chunk caches.
    await sweep();
    for (const s of SYMBOLS) await oneRun(keys[0]!, s, { fast: 10, slow: 50 });

    const t0 = performance.now();
    await sweep();
    const sweepMs = performance.now() - t0;

    const work: Array<{ symbol: string; inputs: Record<string, number> }> = [];
    for (const fast of GRID.fast) for (const slow of GRID.slow) for (const symbol of SYMBOLS) work.push({ symbol, inputs: { fast, slow } });
    let next = 0;
    const t1 = performance.now();
    await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
      while (next < work.length) {
        const w = work[next++]!;
        await oneRun(keys[c % keys.length]!, w.symbol, w.inputs);
      }
    }));
    const runsMs = performance.now() - t1;
    return [`sweeps grid100x5 sweep_ms=${sweepMs.toFixed(0)} runs500_ms=${runsMs.toFixed(0)} speedup=${(runsMs / sweepMs).toFixed(1)}`];
  } finally {
    await Promise.all([api.kill(), worker.kill()]);
    await env.close();
  }
}
