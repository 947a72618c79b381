// The worker's Postgres bounds (DB_CONNECT_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS, docs/configuration.md)
// with real processes: a Postgres that accepts connections and never answers (a TCP proxy gone
// silent) no longer holds a run and the worker's drain forever, and the run is taken again once
// Postgres answers; a statement Postgres keeps waiting (a row lock) past the timeout fails the run
// with kind internal, retryable, and stores none of its output.
import { Client as PgClient } from "pg";
import pino from "pino";
import { createRedis, runsQueue } from "@barscript/queue";
import { reconcileRuns } from "../src/runs/reconciler";
import { startProxy, type TcpProxy } from "../../../test/system/support/proxy";
import { RunsHarness, SLOW, SMA_RSI } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const base = { instrument: "AAPL", timeframe: "1d" };
const TIMEOUTS = { DB_QUERY_TIMEOUT_MS: "1000", DB_CONNECT_TIMEOUT_MS: "1000" };

const h = new RunsHarness();
let proxy: TcpProxy;

beforeAll(async () => {
  await h.setup({ workers: 0 });
  const url = new URL(h.env.databaseUrl);
  proxy = await startProxy(url.hostname, Number(url.port || 5432));
});
afterAll(async () => {
  await h.teardown();
  await proxy.close();
});

/** Polls `check` until it answers true; throws after `seconds` (the failure of a hang, not a timing). */
async function until(what: string, check: () => Promise<boolean>, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

it("when Postgres goes silent under a worker's run, then the run lets go, SIGTERM ends the worker, and the run succeeds once Postgres answers", async () => {
  // A retry starts from no worker: an earlier try's worker would take this try's run.
  await Promise.all(h.workers.splice(0).map((w) => w.kill()));
  proxy.set("pass");
  const url = new URL(h.env.databaseUrl);
  url.host = `127.0.0.1:${proxy.port}`;
  const worker = await h.spawnWorker({ ...TIMEOUTS, DATABASE_URL: url.toString() });
  h.workers.push(worker);
  const a = await h.account();
  await h.script(a, "s", SMA_RSI);
  expect((await a.client.start({ ...base, script: "s", bars: 10, wait: 30 })).json.status).toBe("succeeded");

  proxy.set("silent");
  const started = await a.client.start({ ...base, script: "s", bars: 10 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  const redis = createRedis(h.env.redisUrl, "command");
  const queue = runsQueue(redis, h.env.redisPrefix);
  try {
    // the worker holds the job (its queries unanswered), or has already let it go
    await until("the worker took the job", async () => ["active", "failed"].includes(String(await (await queue.getJob(id))?.getState())));
    let exited = false;
    const exit = worker.kill("SIGTERM").then(() => (exited = true));
    // Before the bound the job stayed active forever and so did the worker's drain.
    await until("the worker exited after SIGTERM", () => Promise.resolve(exited), 30);
    await exit;
    // The process is gone, so are its connections: what it sent while Postgres was silent is
    // dropped with them, as a real RST drops it. Without this wait the proxy could see the exit
    // before the sockets' close and deliver the held final write on "pass" (a CI run did).
    await until("the proxy saw the worker's connections close", () => Promise.resolve(proxy.connections() === 0));

    proxy.set("pass");
    expect((await h.env.db.run.findUniqueOrThrow({ where: { id } })).status).toBe("queued");
    const result = await reconcileRuns(h.env.db, queue, () => Promise.resolve(), pino({ level: "silent" }), new Date(Date.now() + 60_000));
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    // The worker that finishes the run keeps the default bounds: its point is only to run it,
    // and 1 s statements failed the run on a loaded CI machine.
    h.workers.push(await h.spawnWorker());
    expect((await a.client.final(id, 60)).status).toBe("succeeded");
  } finally {
    await queue.close();
    redis.disconnect();
  }
});

/** 60 plots (512 KB chunks of about 1,070 bars) and 800,000 loop steps a bar: its output streams for seconds. */
const WIDE_SLOW = `//@version=6
indicator("wide slow")
float x = 0.0
for i = 0 to 800000
    x += 1
${Array.from({ length: 60 }, (_, k) => `plot(x + ${k}, "p${k}")`).join("\n")}
`;

it("when a run's output streams for longer than DB_QUERY_TIMEOUT_MS, then the run succeeds with all of it", async () => {
  h.workers.push(await h.spawnWorker(TIMEOUTS));
  const a = await h.account();
  await h.script(a, "wide", WIDE_SLOW);
  const started = await a.client.start({ ...base, script: "wide" });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  const run = await a.client.final(id, 120);
  expect(run.status).toBe("succeeded");
  const bars = run.summary.bars as number;
  expect(bars).toBeGreaterThan(3000);
  expect(await h.env.db.runOutputChunk.aggregate({ where: { runId: id }, _sum: { pointCount: true } })).toMatchObject({ _sum: { pointCount: bars } });
});

it("when a run's statement waits on a lock past DB_QUERY_TIMEOUT_MS, then the run fails with kind internal, retryable, and stores no output", async () => {
  h.workers.push(await h.spawnWorker(TIMEOUTS));
  const a = await h.account();
  await h.script(a, "slow", SLOW);
  const started = await a.client.start({ ...base, script: "slow", bars: 1000 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  await until("the run is running", async () => (await h.env.db.run.findUniqueOrThrow({ where: { id } })).status === "running");

  // The run's row held (its final write waits), not its key (its output chunks still insert).
  const locker = new PgClient({ connectionString: h.env.databaseUrl });
  await locker.connect();
  try {
    await locker.query("BEGIN");
    await locker.query("SELECT id FROM runs WHERE id = $1 FOR NO KEY UPDATE", [id]);
    const waiting = async (): Promise<number[]> => (await locker.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()")).rows.map((r) => r.pid);
    let blocked: number | undefined;
    await until("a worker statement waits on the run's row", async () => (blocked = (await waiting())[0]) !== undefined, 120);
    // Before the bound that statement waited as long as the lock was held.
    await until("the waiting statement was cancelled", async () => !(await waiting()).includes(blocked as number), 30);
  } finally {
    await locker.query("ROLLBACK").catch(() => undefined);
    await locker.end();
  }

  const run = await a.client.final(id, 60);
  expect(run.status).toBe("failed");
  expect(run.failure).toMatchObject({ kind: "internal", retryable: true });
  expect(await h.env.db.runOutputChunk.count({ where: { runId: id } })).toBe(0);
});
