// The runs bench's throughput phase alone, with the CPU of each kind of thread of the API and
// worker processes (docs/performance.md, "Issue 22, ninth session"):
// `npx tsx bench/_runs-threads.ts [--runs=800] [--label=<text>] [--strace=<dir>]`
// Prints the bench's CPU line, then ms per run of the API's and the workers' main threads, their
// sandbox threads (worker_threads, told apart by bench/_thread-ids.mjs) and their other threads
// (V8's platform threads: garbage collection and optimizing compiles of every isolate, libuv).
// --runs sets the phase's runs (the bench's is 400; a longer phase shows a process past its
// JIT warm-up). --strace=<dir> also counts the phase's system calls of each process (strace -c,
// when installed, attached before the phase's first request; it slows the processes, so the CPU
// line is then not comparable): writes and reads per run count round trips, which the load does
// not move. --cpu-prof=<dir> writes a V8 CPU profile of each process's main thread over the phase
// alone (bench/_cpu-prof.mjs, started and stopped by SIGUSR2 at the phase's first and last
// request); it too slows the processes. --env=NAME=value (repeatable) adds to the spawned
// processes' environment (NODE_OPTIONS is appended to). It also prints the minor page faults per
// run of the API, the workers (all threads) and the Postgres backends of the bench's database,
// the backends' CPU per run and the sessions Postgres started during the phase
// (docs/performance.md, "Issue 22, fourteenth session"). --e2e=N runs N sequential e2e50k runs
// before the phase (1 by default) and prints their p50 and p99. --segments=N also prints the CPU per
// run of each process kind in each Nth of the phase (all threads), which shows how much of the
// phase's figure is the processes' warm-up (docs/performance.md, "Issue 22, nineteenth session").
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import type { Db } from "@barscript/db";
import { benchRuns } from "./runs";

type Group = "main" | "sandbox" | "other";

/** CPU ms of each thread of a process so far, by thread id (Linux /proc, USER_HZ 100). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return out;
}

/** write, writev and read calls per run of each process, from the strace -c summaries of the phase. */
function syscallsPerRun(dir: string, runs: number): string {
  return readdirSync(dir).filter((f) => f.endsWith(".txt")).sort().map((f) => {
    const counts = new Map<string, number>();
    for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
      const cols = line.trim().split(/\s+/);
      const name = cols[cols.length - 1] ?? "";
      if (["write", "writev", "read"].includes(name)) counts.set(name, Number(cols[3]));
    }
    return `${f.replace(".txt", "")}: ${[...counts].map(([k, v]) => `${k}=${(v / runs).toFixed(2)}`).join(" ")}`;
  }).join(" | ");
}

/** Minor page faults of a process so far (all its threads; Linux /proc/<pid>/stat field minflt). */
function faults(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[7]);
  } catch {
    return 0;
  }
}

/** Sessions established so far on the bench's database (pg_stat_database; a backend started for a new connection). */
async function sessions(db: Db): Promise<number> {
  const rows = await db.$queryRawUnsafe<Array<{ n: bigint | number }>>(`SELECT sessions::int AS n FROM pg_stat_database WHERE datname = current_database()`);
  return Number(rows[0]?.n ?? 0);
}

/** Process ids of the Postgres backends of the bench's database (the API's and workers' connections). */
async function backendPids(db: Db): Promise<number[]> {
  const rows = await db.$queryRawUnsafe<Array<{ pid: number }>>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
  return rows.map((r) => r.pid);
}

/** `--env=NAME=value` arguments: extra environment of the spawned processes (NODE_OPTIONS is appended to). */
function envArgs(): Record<string, string> {
  const pairs = process.argv.slice(2).filter((a) => a.startsWith("--env=")).map((a) => a.slice("--env=".length).split("="));
  return Object.fromEntries(pairs.map(([k, ...v]) => [k as string, v.join("=")]));
}

function arg(name: string): string | undefined {
  return process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

async function main(): Promise<void> {
  const runs = Number(arg("runs") ?? 800);
  const label = arg("label") ?? "";
  const straceDir = arg("strace");
  const profDir = arg("cpu-prof");
  if (profDir) mkdirSync(profDir, { recursive: true });
  const imports = [`--import ${join(__dirname, "_thread-ids.mjs")}`, ...(profDir ? [`--import ${join(__dirname, "_cpu-prof.mjs")}`] : [])].join(" ");
  const profEnv: Record<string, string> = profDir ? { CPU_PROF_DIR: profDir, CPU_PROF_ON_SIGNAL: "1", CPU_PROF_INTERVAL_US: "250" } : {};
  const idsDir = mkdtempSync(join(tmpdir(), "bench-thread-ids-"));
  const groupOf = (pid: number, tid: string): Group => (Number(tid) === pid ? "main" : existsSync(join(idsDir, `${pid}-${tid}`)) ? "sandbox" : "other");
  const before = new Map<number, Map<string, number>>();
  const faultsBefore = new Map<number, number>();
  const faultsPerRun = { api: 0, workers: 0, postgres: 0 };
  const pgFaultsBefore = new Map<number, number>();
  const pgCpuPerRun = { ms: 0 };
  let sessions0 = 0;
  let newSessions = 0;
  const perRun: Record<"api" | "workers", Record<Group, number>> = { api: { main: 0, sandbox: 0, other: 0 }, workers: { main: 0, sandbox: 0, other: 0 } };
  const tracers: ChildProcess[] = [];
  if (straceDir) mkdirSync(straceDir, { recursive: true });
  const segments = Number(arg("segments") ?? 0);
  type Split = Record<"api" | "workers", Record<Group, number>>;
  const segmentCpu: Split[] = [];
  let phasePids: { api: number; workers: number[] } | null = null;
  const processCpu = (): Split => {
    const out: Split = { api: { main: 0, sandbox: 0, other: 0 }, workers: { main: 0, sandbox: 0, other: 0 } };
    const p = phasePids as { api: number; workers: number[] };
    for (const [name, pid] of [["api", p.api], ...p.workers.map((w) => ["workers", w])] as Array<["api" | "workers", number]>) {
      for (const [tid, ms] of threadCpu(pid)) out[name][groupOf(pid, tid)] += ms;
    }
    return out;
  };
  const load0 = loadavg()[0] as number;
  const at = new Date().toISOString().slice(11, 19);
  try {
    const lines = await benchRuns({
      skipCases: true,
      e2eRuns: Number(arg("e2e") ?? 1),
      throughputRuns: runs,
      extraEnv: { THREAD_IDS_DIR: idsDir, ...profEnv, ...envArgs(), NODE_OPTIONS: [imports, envArgs()["NODE_OPTIONS"] ?? ""].join(" ").trim() },
      onThroughputRun: (finished) => {
        if (segments > 0 && phasePids && finished % Math.max(1, Math.floor(runs / segments)) === 0 && segmentCpu.length <= segments) segmentCpu.push(processCpu());
      },
      onThroughputPhase: async (phase, pids, db) => {
        phasePids = pids;
        if (phase === "start" && segments > 0) segmentCpu.push(processCpu());
        const all: Array<["api" | "workers", number]> = [["api", pids.api], ...pids.workers.map((p): ["workers", number] => ["workers", p])];
        if (phase === "start") {
          if (straceDir) {
            for (const [i, [name, pid]] of all.entries()) {
              const tracer = spawn("strace", ["-c", "-f", "-p", String(pid), "-o", join(straceDir, `${name}-${i}.txt`)], { stdio: "ignore" });
              // no strace here: the CPU line alone (the summaries stay empty)
              tracer.on("error", () => undefined);
              tracers.push(tracer);
            }
            await new Promise((resolve) => setTimeout(resolve, 1_000));
          }
          for (const [, pid] of all) {
            before.set(pid, threadCpu(pid));
            faultsBefore.set(pid, faults(pid));
          }
          sessions0 = await sessions(db);
          for (const pid of await backendPids(db)) {
            pgFaultsBefore.set(pid, faults(pid));
            before.set(pid, threadCpu(pid));
          }
          if (profDir) for (const [, pid] of all) process.kill(pid, "SIGUSR2");
          return;
        }
        if (profDir) for (const [, pid] of all) process.kill(pid, "SIGUSR2");
        for (const [name, pid] of all) faultsPerRun[name] += (faults(pid) - (faultsBefore.get(pid) ?? 0)) / runs;
        newSessions = (await sessions(db)) - sessions0;
        for (const pid of await backendPids(db)) {
          faultsPerRun.postgres += (faults(pid) - (pgFaultsBefore.get(pid) ?? 0)) / runs;
          const start = before.get(pid) ?? new Map<string, number>();
          for (const [tid, ms] of threadCpu(pid)) pgCpuPerRun.ms += (ms - (start.get(tid) ?? 0)) / runs;
        }
        for (const [name, pid] of all) {
          const start = before.get(pid) ?? new Map<string, number>();
          for (const [tid, ms] of threadCpu(pid)) perRun[name][groupOf(pid, tid)] += (ms - (start.get(tid) ?? 0)) / runs;
        }
        for (const t of tracers) t.kill("SIGINT");
        if (straceDir) await new Promise((resolve) => setTimeout(resolve, 1_500));
      },
    });
    const cpu = (lines.find((l) => l.includes("throughput5k_cpu")) ?? "").replace("runs throughput5k_cpu ", "");
    const rate = /runs_per_s=([\d.]+)/.exec(lines.join(" "))?.[1] ?? "?";
    const split = (name: "api" | "workers"): string => (["main", "sandbox", "other"] as const).filter((g) => perRun[name][g] > 0).map((g) => `${g}=${perRun[name][g].toFixed(2)}`).join(" ");
    const e2e = (lines.find((l) => l.includes("e2e50k")) ?? "").replace("runs e2e50k ", "");
    console.log(`runs-threads ${label} ${at} load=${load0.toFixed(2)}-${(loadavg()[0] as number).toFixed(2)} runs=${runs} runs_per_s=${rate} ${cpu}${arg("e2e") ? ` e2e50k ${e2e}` : ""}`);
    console.log(`runs-threads ${label} ms_per_run api: ${split("api")} | workers: ${split("workers")}`);
    console.log(`runs-threads ${label} minor_faults_per_run api=${faultsPerRun.api.toFixed(1)} workers=${faultsPerRun.workers.toFixed(1)} postgres=${faultsPerRun.postgres.toFixed(1)} | postgres_cpu_ms_per_run=${pgCpuPerRun.ms.toFixed(2)} new_postgres_sessions=${newSessions}`);
    if (segments > 0) {
      const per = Math.max(1, Math.floor(runs / segments));
      const parts = segmentCpu.slice(1).map((c, i) => {
        const p = segmentCpu[i] as Split;
        const ms = (name: "api" | "workers", g: Group): string => ((c[name][g] - p[name][g]) / per).toFixed(2);
        return `${i * per + 1}-${(i + 1) * per}: api=${ms("api", "main")}/${ms("api", "other")} workers=${ms("workers", "main")}/${ms("workers", "sandbox")}/${ms("workers", "other")}`;
      });
      console.log(`runs-threads ${label} cpu_ms_per_run_by_segment (api main/other, workers main/sandbox/other) ${parts.join(" | ")}`);
    }
    if (straceDir) console.log(`runs-threads ${label} syscalls_per_run ${syscallsPerRun(straceDir, runs)}`);
  } finally {
    rmSync(idsDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
