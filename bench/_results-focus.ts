// Results pages alone (issue 22): one API and one worker on a scratch database, a 50,000-point
// run of two outputs (the results50k case of bench/_runs-cases.ts) and a few runs of other
// shapes. `npx tsx bench/_results-focus.ts [--cpu-prof] [--dump=<dir>] [--pages=N]`:
// - prints the API CPU per JSON page of 50,000 points and per CSV export of the same run, and
//   per page of the first 20 after one (bench_protocol: what `npm run bench -- runs` measures);
// - with --dump, writes every answer's bytes (JSON pages along the cursor chain at several
//   limits, the CSV, and the ETag) to <dir>, so two builds can be compared byte for byte;
// - with --cpu-prof, the API writes a V8 CPU profile (bench/_cpu-prof.mjs) of the measured JSON
//   pages only to <dir> or /tmp (`--cpu-prof=csv`, `--cpu-prof=one` or `--cpu-prof=bench`: of
//   the CSV exports, the one-point pages or the bench_protocol pages instead).
// See docs/performance.md ("Issue 22, second session").
import { createAccount, createApiKey, createScript, createScriptResolver, filesDigest } from "@barscript/db";
import { validate } from "@barscript/lang";
import { importBars } from "@barscript/marketdata";
import { syntheticMinuteBars } from "./_synthetic-bars";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createTestEnv } from "../test/support/env";
import { spawnApi, spawnWorker } from "../test/support/processes";

const SCRIPTS: Record<string, string> = {
  "sma-rsi": `plot(ta.sma(close, 20), "sma")\nplot(ta.rsi(close, 14), "rsi")\n`,
  // Edge values: tiny and huge magnitudes, integers, -0, na every third bar, an output named t.
  edge: [
    `plot(close * 1e-318, "tiny")`,
    `plot(close * 1e22, "big")`,
    `plot(bar_index % 3 == 0 ? na : -close, "t")`,
    `plot(bar_index, "int")`,
    `plot(bar_index % 2 == 0 ? -0.0 : 0.1 + 0.2, "z")`,
    `plot(close / 7 * 1e-7, "small")`,
  ].join("\n") + "\n",
  // Ten outputs: the first chunks fit the byte bound whole, later ones are measured point by point.
  ten: Array.from({ length: 10 }, (_, k) => `plot(ta.sma(close, ${k + 2}) * ${k + 1}.5, "out_${k}")`).join("\n") + "\n",
  // Forty outputs: pages are cut by the 8 MB bound.
  wide: Array.from({ length: 40 }, (_, k) => `plot(ta.ema(close, ${k + 2}) / ${k + 3}, "w${k}")`).join("\n") + "\n",
};

function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const dump = args.find((a) => a.startsWith("--dump="))?.slice(7);
  const pages = Number(args.find((a) => a.startsWith("--pages="))?.slice(8) ?? 20);
  const profDir = dump ?? "/tmp";
  const env = await createTestEnv();
  const profArg = args.find((a) => a === "--cpu-prof" || a.startsWith("--cpu-prof="));
  const profiled = profArg === undefined ? null : profArg === "--cpu-prof" ? "json" : profArg.slice("--cpu-prof=".length);
  const extra: Record<string, string> = profiled ? { NODE_OPTIONS: `--import ${resolve(__dirname, "_cpu-prof.mjs")}`, CPU_PROF_DIR: profDir, CPU_PROF_ON_SIGNAL: "1", CPU_PROF_INTERVAL_US: "250" } : {};
  const procEnv = { ...env.processEnv, LOG_LEVEL: "error", WORKER_CONCURRENCY: "2", ...extra };
  const [api, worker] = await Promise.all([spawnApi(procEnv), spawnWorker({ ...env.processEnv, LOG_LEVEL: "error", WORKER_CONCURRENCY: "2" })]);
  try {
    await importBars(env.db, { symbol: "BENCH", timeframe: "1m", bars: syntheticMinuteBars(60_000, Date.UTC(2021, 0, 4) / 1000) });
    const account = await createAccount(env.db, { email: "focus@example.com", password: "a long enough password", handle: "focus", plan: "business", admit: true });
    const key = (await createApiKey(env.db, { accountId: account.id, name: "bench", scopes: ["read", "runs:write"], expiresAt: null })).secret;
    const headers = { authorization: `Bearer ${key}` };
    const runs: Record<string, string> = {};
    for (const [slug, body] of Object.entries(SCRIPTS)) {
      const files = [{ path: "main.pine", content: `//@version=6\nindicator("${slug}")\n${body}` }];
      const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: account.id, handle: account.handle }) });
      if (!v.valid || !v.interface || !v.kind) throw new Error(`script ${slug} invalid: ${JSON.stringify(v.diagnostics)}`);
      await createScript(env.db, { ownerId: account.id, slug, files, digest: filesDigest(files), derived: { kind: v.kind, title: slug, interface: v.interface, dependencies: [] } });
      const res = await fetch(`${api.url}/v1/runs`, { method: "POST", headers: { ...headers, "content-type": "application/json", "idempotency-key": randomUUID() }, body: JSON.stringify({ script: slug, instrument: "BENCH", timeframe: "1m", bars: 50_000, wait: 60 }) });
      const r = (await res.json()) as { id: string; status: string };
      if (r.status !== "succeeded") throw new Error(`run ${slug} ${res.status} ${JSON.stringify(r)}`);
      runs[slug] = r.id;
    }
    const get = async (path: string): Promise<{ status: number; etag: string | null; bytes: Buffer }> => {
      const res = await fetch(`${api.url}/v1${path}`, { headers });
      return { status: res.status, etag: res.headers.get("etag"), bytes: Buffer.from(await res.arrayBuffer()) };
    };
    // the profiler (started and stopped by SIGUSR2, bench/_cpu-prof.mjs) around one phase
    const phase = async (name: string, body: () => Promise<void>): Promise<void> => {
      if (profiled === name) api.child.kill("SIGUSR2");
      await body();
      if (profiled === name) {
        api.child.kill("SIGUSR2");
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    // The protocol of `npm run bench -- runs` (bench/_runs-cases.ts) on a fresh API: one page, then
    // 20 measured, so the first pages' costs (compiling the writers, filling the buffer pool) count.
    const benchUrl = `/runs/${runs["sma-rsi"] as string}/results?limit=50000`;
    await get(benchUrl);
    const b0 = cpuMs(api.child.pid);
    await phase("bench", async () => { for (let i = 0; i < 20; i++) await get(benchUrl); });
    const benchCpu = (cpuMs(api.child.pid) - b0) / 20;
    if (dump) {
      mkdirSync(dump, { recursive: true });
      for (const [slug, id] of Object.entries(runs)) {
        for (const limit of [7, 10_000, 50_000]) {
          let cursor: string | null = null;
          for (let p = 0; p < 12; p++) {
            const page = await get(`/runs/${id}/results?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
            writeFileSync(join(dump, `${slug}-l${limit}-p${p}.json`), page.bytes);
            writeFileSync(join(dump, `${slug}-l${limit}-p${p}.status`), `${page.status}\n`);
            cursor = (JSON.parse(page.bytes.toString("utf8")) as { next_cursor: string | null }).next_cursor;
            if (!cursor || (limit === 7 && p === 2)) break;
          }
        }
        const csv = await get(`/runs/${id}/results?format=csv`);
        writeFileSync(join(dump, `${slug}.csv`), csv.bytes);
      }
    }
    const id = runs["sma-rsi"] as string;
    const url = `/runs/${id}/results?limit=50000`;
    const first = await get(url);
    const etagOnce = first.etag;
    const conditional = await fetch(`${api.url}/v1${url}`, { headers: { ...headers, "if-none-match": etagOnce ?? "" } });
    await conditional.arrayBuffer();
    for (let i = 0; i < 3; i++) await get(url);
    let c0 = cpuMs(api.child.pid);
    const walls: number[] = [];
    await phase("json", async () => {
      for (let i = 0; i < pages; i++) {
        const t0 = performance.now();
        const page = await get(url);
        walls.push(performance.now() - t0);
        if (page.status !== 200) throw new Error(`GET ${page.status}`);
      }
    });
    const jsonCpu = (cpuMs(api.child.pid) - c0) / pages;
    c0 = cpuMs(api.child.pid);
    await phase("csv", async () => { for (let i = 0; i < pages; i++) await get(`/runs/${id}/results?format=csv`); });
    const csvCpu = (cpuMs(api.child.pid) - c0) / pages;
    c0 = cpuMs(api.child.pid);
    await phase("one", async () => { for (let i = 0; i < pages * 5; i++) await get(`/runs/${id}/results?limit=1`); });
    const smallCpu = (cpuMs(api.child.pid) - c0) / (pages * 5);
    walls.sort((a, b) => a - b);
    console.log(`results focus json api_cpu_ms_per_page=${jsonCpu.toFixed(2)} wall_p50_ms=${(walls[(walls.length - 1) >> 1] as number).toFixed(1)} bytes=${first.bytes.length} etag=${String(etagOnce)} if_none_match=${conditional.status}`);
    console.log(`results focus bench_protocol api_cpu_ms_per_page=${benchCpu.toFixed(2)}`);
    console.log(`results focus csv api_cpu_ms_per_export=${csvCpu.toFixed(2)}`);
    console.log(`results focus one_point api_cpu_ms_per_page=${smallCpu.toFixed(2)}`);
  } finally {
    await Promise.all([api.kill(), worker.kill()]);
    await env.close();
  }
}

void main().then(() => process.exit(0), (e: unknown) => {
  console.error(e);
  process.exit(1);
});
