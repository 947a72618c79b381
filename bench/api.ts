// `npm run bench -- api`: the API's event-loop delay while ten ~500 KB scripts validate at once
// (issue 18 point 3: validation runs on threads, not the event loop), beside an idle baseline
// of the same process. The delay is the API process's own (prom-client's monitorEventLoopDelay,
// read and reset through GET /metrics; its 10 ms sampling interval is in every figure, so an idle
// loop reads about 10); `me_*` is another account's GET /v1/me as a client sees it.
import { createAccount, createApiKey } from "@barscript/db";
import { createTestEnv } from "../test/support/env";
import { spawnApi } from "../test/support/processes";

const SCRIPTS = 10;
const TARGET_BYTES = 500_000;

/** A valid script of about 500 KB, distinct per `n` (no validation cache hit between them). */
function bigScript(n: number): string {
  const lines = ["//@version=6", `indicator("big ${n}")`];
  let size = 40;
  for (let i = 0; size < TARGET_BYTES; i++) {
    const line = `v${i} = close * ${n + 1} + ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.push("plot(v0)");
  return `${lines.join("\n")}\n`;
}

async function loopDelay(base: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string): number => Number(new RegExp(`^${name} ([0-9.e+-]+)`, "m").exec(text)?.[1] ?? Number.NaN) * 1000;
  return { p99: read("barscript_nodejs_eventloop_lag_p99_seconds"), max: read("barscript_nodejs_eventloop_lag_max_seconds") };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** GET /v1/me every 25 ms until `done` settles: the latencies another account sees. */
async function probe(base: string, key: string, done: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => { finished = true; });
  while (!finished) {
    const t = performance.now();
    await (await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${key}` } })).text();
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 25));
  }
  return times;
}

const f = (n: number): string => n.toFixed(1);

export async function run(): Promise<string[]> {
  const env = await createTestEnv();
  const api = await spawnApi({ ...env.processEnv, LOG_LEVEL: "silent" });
  try {
    const pro = await env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
    await env.db.plan.create({ data: { ...pro, name: "bench-heavy", concurrentHeavy: SCRIPTS, requestsPerMinute: 100_000 } });
    const author = await createAccount(env.db, { email: "bench-author@example.com", password: "a long enough password", handle: "bench-author", plan: "bench-heavy", admit: true });
    const other = await createAccount(env.db, { email: "bench-other@example.com", password: "a long enough password", handle: "bench-other", plan: "bench-heavy", admit: true });
    const authorKey = (await createApiKey(env.db, { accountId: author.id, name: "b", scopes: ["read", "scripts:write"], expiresAt: null })).secret;
    const otherKey = (await createApiKey(env.db, { accountId: other.id, name: "b", scopes: ["read"], expiresAt: null })).secret;
    const bodies = Array.from({ length: SCRIPTS }, (_, n) => JSON.stringify({ files: [{ path: "main.pine", content: bigScript(n) }] }));
    // Warm the threads and the routes once (not measured).
    await fetch(`${api.url}/v1/scripts/validate`, { method: "POST", headers: { authorization: `Bearer ${authorKey}`, "content-type": "application/json" }, body: JSON.stringify({ files: [{ path: "main.pine", content: bigScript(99) }] }) });

    await fetch(`${api.url}/v1/me`, { headers: { authorization: `Bearer ${otherKey}` } });
    await loopDelay(api.url);
    const idleWindow = new Promise((r) => setTimeout(r, 3_000));
    const idleMe = await probe(api.url, otherKey, idleWindow);
    const idle = await loopDelay(api.url);

    const started = performance.now();
    const calls = Promise.all(bodies.map(async (body) => {
      const res = await fetch(`${api.url}/v1/scripts/validate`, { method: "POST", headers: { authorization: `Bearer ${authorKey}`, "content-type": "application/json" }, body });
      const json = (await res.json()) as { valid?: boolean };
      return { status: res.status, valid: json.valid === true };
    }));
    const loadMe = await probe(api.url, otherKey, calls);
    const answers = await calls;
    const seconds = (performance.now() - started) / 1000;
    const load = await loopDelay(api.url);
    const valid = answers.filter((a) => a.status === 200 && a.valid).length;
    return [
      `api validate-idle loop_p99_ms=${f(idle.p99)} loop_max_ms=${f(idle.max)} me_p99_ms=${f(percentile(idleMe, 99))} me_max_ms=${f(Math.max(...idleMe))}`,
      `api validate-500kb-x${SCRIPTS} loop_p99_ms=${f(load.p99)} loop_max_ms=${f(load.max)} me_p99_ms=${f(percentile(loadMe, 99))} me_max_ms=${f(Math.max(...loadMe))} script_kb=${Math.round(TARGET_BYTES / 1000)} valid=${valid}/${SCRIPTS} seconds=${seconds.toFixed(2)}`,
    ];
  } finally {
    await api.kill();
    await env.close();
  }
}
