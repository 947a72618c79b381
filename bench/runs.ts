// runs: the whole pipeline with real processes (one API, two workers of 4 threads each) on a
// scratch database and Redis prefix, on business-plan accounts (idempotency keys, the queue cap,
// the check chain and the per-account run slots all in force).
// - e2e50k: POST /runs (wait) of SMA+RSI over a 50,000-bar 1m window until the final answer;
//   p50 and p99 of the wall time over sequential runs.
// - throughput5k: 5,000-bar runs (POST with wait) from 20 concurrent clients spread over
//   enough business accounts that no limit binds, runs finished per second; anchored by a bare
//   BullMQ no-op queue/worker on the same Redis with the same total concurrency (jobs per second).
// Lines: `runs e2e50k p50_ms=<x> p99_ms=<y>`, `runs throughput5k runs_per_s=<z> bullmq_noop_jobs_per_s=<w>`
// and `runs throughput5k_cpu api_cpu_ms_per_run=<a> workers_cpu_ms_per_run=<b>` (CPU of the API and
// both worker processes during the throughput phase, per run: less moved by the shared load).
// bench/_runs-profile.ts runs the same with debug timing spans and CPU profiles (docs/performance.md).
import { Queue, Worker } from "bullmq";
import { createAccount, createApiKey, type Db } from "@barscript/db";
import { createScript, createScriptResolver, filesDigest } from "@barscript/db";
import { validate } from "@barscript/lang";
import { importBars } from "@barscript/marketdata";
import { syntheticMinuteBars } from "./_synthetic-bars";
import { bullPrefix, createRedis } from "@barscript/queue";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createTestEnv } from "../test/support/env";
import { spawnApi, spawnWorker } from "../test/support/processes";
import { compositeCase, resultsPageCase, type CaseEnv } from "./_runs-cases";

const SCRIPT = `//@version=6
indicator("SMA and RSI")
plot(ta.sma(close, 20), "sma")
plot(ta.rsi(close, 14), "rsi")
`;
const E2E_RUNS = 15;
const THROUGHPUT_RUNS = 400;
const THROUGHPUT_CLIENTS = 20;
/** Business plan: 20 heavy calls, 20 runs at once (+4 queued), 3,000 requests a minute each. */
const THROUGHPUT_ACCOUNTS = 4;
const NOOP_JOBS = 3000;

/** CPU milliseconds a process has used so far (Linux /proc, user + system; USER_HZ 100). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function quantile(sorted: number[], q: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

async function noopJobsPerSecond(redisUrl: string, prefix: string, concurrency: number): Promise<number> {
  const connection = createRedis(redisUrl, "worker");
  const queue = new Queue("bench-noop", { connection, prefix: bullPrefix(prefix) });
  const worker = new Worker("bench-noop", async () => null, { connection: createRedis(redisUrl, "worker"), prefix: bullPrefix(prefix), concurrency, autorun: false });
  await queue.addBulk(Array.from({ length: NOOP_JOBS }, (_, i) => ({ name: "noop", data: { i }, opts: { removeOnComplete: true } })));
  let done = 0;
  const finished = new Promise<void>((resolve) => worker.on("completed", () => { if (++done === NOOP_JOBS) resolve(); }));
  const t0 = performance.now();
  void worker.run();
  await finished;
  const rate = NOOP_JOBS / ((performance.now() - t0) / 1000);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  connection.disconnect();
  return rate;
}

export interface BenchOptions {
  /** LOG_LEVEL of the spawned API and workers (debug prints the timing spans). */
  logLevel?: string;
  /** Extra environment of the spawned processes (e.g. NODE_OPTIONS=--cpu-prof). */
  extraEnv?: Record<string, string>;
  /** Called with each process's output once they stopped. */
  onOutput?: (name: string, output: string) => void;
  e2eRuns?: number;
  throughputRuns?: number;
  /** Worker processes (default 2). */
  workers?: number;
  /** Leave out results50k and composite_spy (the scaling runs). */
  skipCases?: boolean;
  /** Only composite_spy, with this many measured runs (bench/_runs-profile.ts --composite=N). */
  compositeOnly?: number;
  /** Called at the throughput phase's first and last request with the process ids (per-thread CPU). */
  onThroughputPhase?: (at: "start" | "end", pids: { api: number; workers: number[] }, db: Db) => void | Promise<void>;
  /** Called with the throughput phase's runs finished so far, after each (bench/_runs-threads.ts --segments). */
  onThroughputRun?: (finished: number) => void;
}

export async function run(): Promise<string[]> {
  return benchRuns({});
}

export async function benchRuns(options: BenchOptions): Promise<string[]> {
  const env = await createTestEnv();
  const procEnv = { ...env.processEnv, LOG_LEVEL: options.logLevel ?? "error", WORKER_CONCURRENCY: "4", ...options.extraEnv };
  // a loaded machine can take longer than the tests' 45 s to start three processes
  const [api, ...workers] = await Promise.all([spawnApi(procEnv, 180_000), ...Array.from({ length: options.workers ?? 2 }, () => spawnWorker(procEnv, 180_000))]);
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.all([api.kill(), ...workers.map((w) => w.kill())]);
    options.onOutput?.("api", api.output());
    workers.forEach((w, i) => options.onOutput?.(`worker${i + 1}`, w.output()));
  };
  try {
    await importBars(env.db, { symbol: "BENCH", timeframe: "1m", bars: syntheticMinuteBars(60_000, Date.UTC(2021, 0, 4) / 1000) });
    const keys: string[] = [];
    const accounts: Array<{ id: string; handle: string }> = [];
    for (let a = 0; a < THROUGHPUT_ACCOUNTS; a++) {
      const account = await createAccount(env.db, { email: `bench${a}@example.com`, password: "a long enough password", handle: `bench${a}`, plan: "business", admit: true });
      accounts.push({ id: account.id, handle: account.handle });
      keys.push((await createApiKey(env.db, { accountId: account.id, name: "bench", scopes: ["read", "runs:write"], expiresAt: null })).secret);
      const files = [{ path: "main.pine", content: SCRIPT }];
      const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: account.id, handle: account.handle }) });
      if (!v.valid || !v.interface || !v.kind) throw new Error("bench script invalid");
      await createScript(env.db, { ownerId: account.id, slug: "sma-rsi", files, digest: filesDigest(files), derived: { kind: v.kind, title: "SMA and RSI", interface: v.interface, dependencies: [] } });
    }

    // Every request carries a fresh Idempotency-Key, as a careful client does.
    const post = async (key: string, bars: number, wait: number): Promise<{ id: string; status: string }> => {
      const res = await fetch(`${api.url}/v1/runs`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": randomUUID() },
        body: JSON.stringify({ script: "sma-rsi", instrument: "BENCH", timeframe: "1m", bars, wait }),
      });
      const body = (await res.json()) as { id: string; status: string; error?: { code: string } };
      if (res.status !== 202) throw new Error(`POST /runs ${res.status} ${JSON.stringify(body)}`);
      return body;
    };
    const final = async (key: string, id: string): Promise<string> => {
      for (;;) {
        const res = await fetch(`${api.url}/v1/runs/${id}?wait=30`, { headers: { authorization: `Bearer ${key}` } });
        const body = (await res.json()) as { status: string };
        if (body.status !== "queued" && body.status !== "running") return body.status;
      }
    };

    // e2e50k (warm-up runs first: thread start and program compile in each sandbox thread).
    const e2eKey = keys[0] as string;
    const caseEnv: CaseEnv = {
      db: env.db,
      apiUrl: api.url,
      apiCpuMs: () => cpuMs(api.child.pid),
      key: e2eKey,
      account: accounts[0] as { id: string; handle: string },
      runToEnd: async (key, body) => {
        const res = await fetch(`${api.url}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "idempotency-key": randomUUID() }, body: JSON.stringify(body) });
        const r = (await res.json()) as { id: string; status: string };
        if (res.status !== 202) throw new Error(`POST /runs ${res.status} ${JSON.stringify(r)}`);
        const status = r.status === "succeeded" ? r.status : await final(key, r.id);
        if (status !== "succeeded") throw new Error(`bench run ${r.id} ${status}`);
        return r.id;
      },
    };
    if (options.compositeOnly !== undefined) return [await compositeCase(caseEnv, options.compositeOnly, true)];
    for (let i = 0; i < 3; i++) await final(e2eKey, (await post(e2eKey, 50_000, 60)).id);
    const times: number[] = [];
    let lastRun = "";
    for (let i = 0; i < (options.e2eRuns ?? E2E_RUNS); i++) {
      const t0 = performance.now();
      const r = await post(e2eKey, 50_000, 60);
      const status = r.status === "succeeded" ? r.status : await final(e2eKey, r.id);
      if (status !== "succeeded") throw new Error(`bench run ${r.id} ${status}`);
      times.push(performance.now() - t0);
      lastRun = r.id;
    }
    times.sort((a, b) => a - b);

    // results50k and composite_spy (bench/_runs-cases.ts), on the first account.
    const caseLines = options.skipCases ? [] : [await resultsPageCase(caseEnv, lastRun), await compositeCase(caseEnv)];

    // throughput5k: 20 clients, each bound to one of the accounts, one run at a time each.
    const total = options.throughputRuns ?? THROUGHPUT_RUNS;
    let started = 0;
    let finished = 0;
    const pids = { api: api.child.pid ?? -1, workers: workers.map((w) => w.child.pid ?? -1) };
    await options.onThroughputPhase?.("start", pids, env.db);
    const cpuBefore = { api: cpuMs(api.child.pid), workers: workers.reduce((sum, w) => sum + cpuMs(w.child.pid), 0) };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: THROUGHPUT_CLIENTS }, async (_, c) => {
      const key = keys[c % keys.length] as string;
      while (started < total) {
        started++;
        const r = await post(key, 5_000, 60);
        const status = r.status === "succeeded" ? r.status : await final(key, r.id);
        if (status !== "succeeded") throw new Error(`bench run ${r.id} ${status}`);
        finished++;
        options.onThroughputRun?.(finished);
      }
    }));
    const runsPerSecond = finished / ((performance.now() - t0) / 1000);
    // CPU per run of our own processes: a figure the shared machine's load moves much less than the rate.
    const apiCpu = (cpuMs(api.child.pid) - cpuBefore.api) / finished;
    const workerCpu = (workers.reduce((sum, w) => sum + cpuMs(w.child.pid), 0) - cpuBefore.workers) / finished;
    await options.onThroughputPhase?.("end", pids, env.db);
    const noop = await noopJobsPerSecond(env.redisUrl, env.redisPrefix, 8);
    return [
      `runs e2e50k p50_ms=${quantile(times, 0.5).toFixed(1)} p99_ms=${quantile(times, 0.99).toFixed(1)}`,
      `runs throughput5k runs_per_s=${runsPerSecond.toFixed(1)} bullmq_noop_jobs_per_s=${noop.toFixed(0)}`,
      `runs throughput5k_cpu api_cpu_ms_per_run=${apiCpu.toFixed(2)} workers_cpu_ms_per_run=${workerCpu.toFixed(2)} total_cpu_ms_per_run=${(apiCpu + workerCpu).toFixed(2)}`,
      ...caseLines,
    ];
  } finally {
    await stop();
    await env.close();
  }
}
