// Two cases of the runs bench (bench/runs.ts), each beside its anchor measured in the same run:
// - results50k: API CPU per `GET /runs/{id}/results?limit=50000` of a 50,000-point run, beside
//   the bench process's own CPU for JSON.stringify of the same page as objects (what building
//   the page as objects and handing it to res.json costs at the least);
// - composite_spy: 30 plots (SMA, EMA and RSI of ten lengths) over the 31,757 SPY 1m demo bars:
//   the whole request (POST with wait to the final answer) beside the evaluation of the same
//   compiled script over the same bars in this process.
import { createScript, createScriptResolver, filesDigest, type Db } from "@barscript/db";
import { validate } from "@barscript/lang";
import { DEMO_DIR, importFile, readBars } from "@barscript/marketdata";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { evaluate } from "../packages/lang/src/evaluate";
import { buildProgram as build } from "./_lang-program";

const PAGES = 20;
const COMPOSITE_RUNS = 7;
const COMPOSITE_LENGTHS = [5, 8, 10, 13, 14, 20, 21, 26, 30, 34];
const SPY_FILES = ["nt-spy-minute-2011.csv", "nt-spy-minute-2011-03.csv"];

export interface CaseEnv {
  db: Db;
  apiUrl: string;
  /** CPU milliseconds the API process has used so far. */
  apiCpuMs: () => number;
  key: string;
  account: { id: string; handle: string };
  /** POST /runs (wait) until the final answer; resolves to the run id. */
  runToEnd: (key: string, body: Record<string, unknown>) => Promise<string>;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1] as number;
}

/** CPU milliseconds of this process (user + system). */
function selfCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export async function resultsPageCase(env: CaseEnv, runId: string): Promise<string> {
  const url = `${env.apiUrl}/v1/runs/${runId}/results?limit=50000`;
  const get = async (): Promise<{ outputs: unknown[]; next_cursor: string | null }> => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${env.key}` } });
    if (res.status !== 200) throw new Error(`GET results ${res.status}`);
    return (await res.json()) as { outputs: unknown[]; next_cursor: string | null };
  };
  const page = await get();
  if (page.outputs.length !== 50_000) throw new Error(`results page of ${page.outputs.length} points`);
  const walls: number[] = [];
  const cpu0 = env.apiCpuMs();
  for (let i = 0; i < PAGES; i++) {
    const t0 = performance.now();
    await get();
    walls.push(performance.now() - t0);
  }
  const apiCpu = (env.apiCpuMs() - cpu0) / PAGES;
  const anchors: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const c0 = selfCpuMs();
    JSON.stringify(page);
    anchors.push(selfCpuMs() - c0);
  }
  return `runs results50k api_cpu_ms_per_page=${apiCpu.toFixed(2)} wall_p50_ms=${median(walls).toFixed(1)} points=50000 stringify_anchor_ms=${median(anchors).toFixed(2)}`;
}

function compositeSource(): string {
  const lines = [`//@version=6`, `indicator("composite")`];
  COMPOSITE_LENGTHS.forEach((n, k) => lines.push(`plot(ta.sma(close, ${n}), "sma${k}")`, `plot(ta.ema(close, ${n}), "ema${k}")`, `plot(ta.rsi(close, ${n}), "rsi${k}")`));
  return `${lines.join("\n")}\n`;
}


/** CPU milliseconds a process or thread has run (/proc/<pid>/schedstat, Linux); 0 once it is gone. */
function schedMs(path: string): number {
  try {
    return Number(readFileSync(path, "utf8").split(" ")[0]) / 1e6;
  } catch {
    return 0;
  }
}

/** Minor page faults of a process so far, all its threads (/proc/<pid>/stat field minflt); 0 once it is gone. */
export function minorFaults(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7]);
  } catch {
    return 0;
  }
}

/** Processes this one started and theirs (the API and workers), by /proc's children lists. */
function descendants(pid = process.pid): number[] {
  const out: number[] = [];
  for (const t of readOr(() => readdirSync(`/proc/${pid}/task`), [])) {
    const children = readOr(() => readFileSync(`/proc/${pid}/task/${t}/children`, "utf8"), "");
    for (const c of children.split(" ").filter((x) => x !== "")) out.push(Number(c), ...descendants(Number(c)));
  }
  return out;
}

/** What `read` gives, or `fallback` when the process or thread is already gone. */
function readOr<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/**
 * CPU counters around one composite request, for the profile's own line (not the ratio): the
 * Postgres backends of the bench's database (every connection the API and workers hold) and the
 * processes the bench started (API and workers), each sampled before and after.
 */
async function cpuCounters(db: Db): Promise<() => Promise<CompositeCounters>> {
  const backends = async (): Promise<Map<number, { ms: number; faults: number }>> => {
    const rows = await db.$queryRawUnsafe<Array<{ pid: number }>>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    return new Map(rows.map((r) => [r.pid, { ms: schedMs(`/proc/${r.pid}/schedstat`), faults: minorFaults(r.pid) }]));
  };
  const role = (pid: number): "api" | "workers" | "other" => {
    const cmd = readOr(() => readFileSync(`/proc/${pid}/cmdline`, "utf8"), "");
    // the processes run the bundles (test/support/processes.ts): dist/api.js, dist/worker.js
    return /\bdist\/api\.js\b|apps\/api\//.test(cmd) ? "api" : /\bdist\/worker\.js\b|apps\/worker\//.test(cmd) ? "workers" : "other";
  };
  // CPU of each process's main thread (its tid is its pid; /proc/<pid>/schedstat is that
  // thread's alone, so `ms`, the figure of the sessions before, is the main threads') apart from
  // its other threads (a worker's sandbox threads, V8's and libuv's threads)
  const ours = (): { ms: number; api: number; workers: number; cpu: Record<"api" | "workers", { main: number; other: number }> } => {
    const out = { ms: 0, api: 0, workers: 0, cpu: { api: { main: 0, other: 0 }, workers: { main: 0, other: 0 } } };
    for (const pid of descendants()) {
      const ms = schedMs(`/proc/${pid}/schedstat`);
      out.ms += ms;
      const r = role(pid);
      if (r === "other") continue;
      out[r] += minorFaults(pid);
      const all = readOr(() => readdirSync(`/proc/${pid}/task`), []).reduce((sum, tid) => sum + schedMs(`/proc/${pid}/task/${tid}/schedstat`), 0);
      out.cpu[r].main += ms;
      out.cpu[r].other += all - ms;
    }
    return out;
  };
  const pg0 = await backends();
  const ours0 = ours();
  return async () => {
    const pg1 = await backends();
    let postgres = 0;
    let pgFaults = 0;
    for (const [pid, now] of pg1) {
      postgres += now.ms - (pg0.get(pid)?.ms ?? 0);
      pgFaults += now.faults - (pg0.get(pid)?.faults ?? 0);
    }
    const ours1 = ours();
    const threads = {
      apiMain: ours1.cpu.api.main - ours0.cpu.api.main,
      apiOther: ours1.cpu.api.other - ours0.cpu.api.other,
      workersMain: ours1.cpu.workers.main - ours0.cpu.workers.main,
      workersOther: ours1.cpu.workers.other - ours0.cpu.workers.other,
    };
    return { postgres, ours: ours1.ms - ours0.ms, threads, faults: { postgres: pgFaults, api: ours1.api - ours0.api, workers: ours1.workers - ours0.workers } };
  };
}

/** CPU ms of the Postgres backends and of our processes, and minor page faults of each, around one request. */
interface CompositeCounters {
  postgres: number;
  ours: number;
  /** CPU ms of the API's and the workers' main threads and of their other threads (sandbox, V8, libuv). */
  threads: { apiMain: number; apiOther: number; workersMain: number; workersOther: number };
  faults: { postgres: number; api: number; workers: number };
}

/**
 * Whether the Postgres server maps its shared memory on huge pages: `huge_pages` and how many of the
 * bench database's backends hold hugetlb pages (/proc/<pid>/status HugetlbPages; the server on this
 * machine). Without them each backend takes a minor fault for every 4 KiB of shared buffers it
 * touches first, about 2,000 for the composite's 7.6 MB (docs/adr/0334-postgres-huge-pages.md).
 */
async function serverPages(db: Db): Promise<string> {
  const [setting] = await db.$queryRawUnsafe<Array<{ huge_pages: string }>>(`SHOW huge_pages`);
  const rows = await db.$queryRawUnsafe<Array<{ pid: number }>>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
  const huge = rows.filter((r) => /HugetlbPages:\s*[1-9]/.test(readOr(() => readFileSync(`/proc/${r.pid}/status`, "utf8"), ""))).length;
  return `runs composite_spy postgres huge_pages=${setting?.huge_pages ?? "?"} backends_on_huge_pages=${huge}/${rows.length}`;
}

/** `runs` measured runs (after two warm-ups); with `each`, every run's request and evaluation too. */
export async function compositeCase(env: CaseEnv, runs = COMPOSITE_RUNS, each = false): Promise<string> {
  for (const file of SPY_FILES) await importFile(env.db, { symbol: "SPY", timeframe: "1m", file: join(DEMO_DIR, file), format: "ninjatrader" });
  const { bars } = await readBars(env.db, { symbol: "SPY", timeframe: "1m", before: 0, from: 0, to: 2 ** 31 });
  const source = compositeSource();
  const files = [{ path: "main.pine", content: source }];
  const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: env.account.id, handle: env.account.handle }) });
  if (!v.valid || !v.interface || !v.kind) throw new Error("composite script invalid");
  await createScript(env.db, { ownerId: env.account.id, slug: "composite", files, digest: filesDigest(files), derived: { kind: v.kind, title: "composite", interface: v.interface, dependencies: [] } });
  const body = { script: "composite", instrument: "SPY", timeframe: "1m", bars: bars.length, wait: 60 };
  const program = build(source);
  const symbol = { ticker: "SPY", timezone: "UTC", mintick: 0.01, timeframe: "1m" };
  const evalOnce = (): number => {
    const t0 = performance.now();
    const r = evaluate(program, bars, {}, { symbol, windowStart: 0 });
    if (r.outputs.length !== 30) throw new Error("composite: 30 outputs expected");
    return performance.now() - t0;
  };
  // Warm-up: the worker threads compile the script, this process optimizes the evaluation.
  for (let i = 0; i < 2; i++) {
    await env.runToEnd(env.key, body);
    evalOnce();
  }
  const requests: number[] = [];
  const evals: number[] = [];
  const cpu: CompositeCounters[] = [];
  for (let i = 0; i < runs; i++) {
    const counted = each ? await cpuCounters(env.db) : null;
    const t0 = performance.now();
    await env.runToEnd(env.key, body);
    requests.push(performance.now() - t0);
    if (counted) cpu.push(await counted());
    evals.push(evalOnce());
  }
  const req = median(requests);
  const ev = median(evals);
  const line = `runs composite_spy bars=${bars.length} request_p50_ms=${req.toFixed(1)} eval_p50_ms=${ev.toFixed(1)} ratio=${(req / ev).toFixed(2)}\n${await serverPages(env.db)}`;
  if (!each) return line;
  const list = (xs: number[]): string => xs.map((x) => x.toFixed(1)).join(",");
  return [
    line,
    `runs composite_spy requests_ms=${list(requests)} evals_ms=${list(evals)}`,
    `runs composite_spy cpu_per_request postgres_p50_ms=${median(cpu.map((c) => c.postgres)).toFixed(1)} api_workers_p50_ms=${median(cpu.map((c) => c.ours)).toFixed(1)} postgres_ms=${list(cpu.map((c) => c.postgres))} api_workers_ms=${list(cpu.map((c) => c.ours))}`,
    `runs composite_spy cpu_per_request_p50 api_main_ms=${median(cpu.map((c) => c.threads.apiMain)).toFixed(1)} api_other_ms=${median(cpu.map((c) => c.threads.apiOther)).toFixed(1)} workers_main_ms=${median(cpu.map((c) => c.threads.workersMain)).toFixed(1)} workers_other_ms=${median(cpu.map((c) => c.threads.workersOther)).toFixed(1)}`,
    `runs composite_spy minor_faults_per_request_p50 postgres=${median(cpu.map((c) => c.faults.postgres))} api=${median(cpu.map((c) => c.faults.api))} workers=${median(cpu.map((c) => c.faults.workers))} postgres_all=${cpu.map((c) => c.faults.postgres).join(",")} api_all=${cpu.map((c) => c.faults.api).join(",")} workers_all=${cpu.map((c) => c.faults.workers).join(",")}`,
  ].join("\n");
}
