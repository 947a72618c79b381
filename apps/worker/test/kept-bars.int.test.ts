// A sandbox thread keeps the bars of its last run by the bar cache's key (the chunks at their row
// versions and the bounds, docs/adr/0142-threads-keep-their-bars.md): runs through the run
// processor against real Postgres and Redis, on one thread, so every run after the first finds
// the bars of the one before it. Bars rewritten or extended change the key, so a later run reads
// the new bars. Daily bars, close = base + i; each run plots close * 2 (worked by hand).
import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import pino from "pino";
import { createAccount, createScript, createScriptResolver, filesDigest, newRunId, type Run } from "@barscript/db";
import { validate } from "@barscript/lang";
import { allocBars, writeBars } from "@barscript/marketdata";
import { bullPrefix, createRedis, type RunJobData } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import type { FinishedRun } from "../src/metrics";
import { CancelListener } from "../src/runs/cancels";
import { SandboxPool } from "../src/runs/pool";
import { createRunProcessor } from "../src/runs/processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const SERIES = { instrumentId: "ins_kept", timeframe: "1d" } as const;

let env: TestEnv;
let redis: ReturnType<typeof createRedis>;
let pool: SandboxPool;
let cancels: CancelListener;
let queue: Queue<RunJobData>;
let events: QueueEvents;
let worker: Worker<RunJobData>;
const connections: Array<ReturnType<typeof createRedis>> = [];
let account = { id: "", scriptId: "" };

/** Daily bars `first` .. `first + n - 1` with close = base + day index. */
function daily(first: number, n: number, base: number): ReturnType<typeof allocBars> {
  const b = allocBars(n);
  for (let k = 0; k < n; k++) {
    const i = first + k;
    b.time[k] = T0 + i * DAY;
    b.open[k] = b.high[k] = b.low[k] = b.close[k] = base + i;
    b.volume[k] = 1;
  }
  return b;
}

beforeAll(async () => {
  env = await createTestEnv();
  redis = createRedis(env.redisUrl, "worker");
  // one thread: every run goes to the thread that ran the one before
  pool = new SandboxPool({ size: 1, heapMb: 64 });
  cancels = new CancelListener(env.redisUrl, env.redisPrefix);
  await env.db.instrument.create({ data: { id: SERIES.instrumentId, symbol: "KEPT", name: "Kept", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  await writeBars(env.db, SERIES, daily(0, 300, 100), "imported");
  const created = await createAccount(env.db, { email: "kept@example.com", password: "a long enough password", handle: "kept", plan: "pro", admit: true });
  const files = [{ path: "main.pine", content: `//@version=6\nindicator("double")\nplot(close * 2, "d")\n` }];
  const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: created.id, handle: created.handle }) });
  if (!v.valid || !v.interface || !v.kind) throw new Error("invalid test script");
  const script = await createScript(env.db, { ownerId: created.id, slug: "s", files, digest: filesDigest(files), derived: { kind: v.kind, title: "s", interface: v.interface, dependencies: v.dependencies } });
  account = { id: created.id, scriptId: script.id };
  const queueName = `runs-${randomUUID()}`;
  const prefix = bullPrefix(env.redisPrefix);
  queue = new Queue<RunJobData>(queueName, { connection: redis, prefix });
  const [forEvents, forWorker] = [createRedis(env.redisUrl, "worker"), createRedis(env.redisUrl, "worker")];
  connections.push(forEvents, forWorker);
  events = new QueueEvents(queueName, { connection: forEvents, prefix });
  await events.waitUntilReady();
  const processor = createRunProcessor({ db: env.db, redis, logger: pino({ level: "silent" }), prefix: env.redisPrefix, pool, cancels, queue });
  worker = new Worker<RunJobData>(queueName, (job: Job<RunJobData>, token?: string) => processor(job, token), { connection: forWorker, prefix, concurrency: 1 });
  await worker.waitUntilReady();
});

afterAll(async () => {
  await worker.close();
  await events.close();
  await queue.close();
  for (const c of connections) c.disconnect();
  cancels.close();
  await pool.close();
  redis.disconnect();
  await env.close();
});

/** Runs close * 2 over days `first` .. `last` and returns the stored column (times first in a chunk, then the values). */
async function doubled(first: number, last: number): Promise<number[]> {
  const run: Run = await env.db.run.create({
    data: { id: newRunId(), accountId: account.id, kind: "indicator", scriptId: account.scriptId, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1, instrument: "KEPT", timeframe: "1d", windowFrom: new Date((T0 + first * DAY) * 1000), windowTo: new Date((T0 + last * DAY) * 1000), windowBars: last - first + 1, inputs: {} },
  });
  const job = await queue.add("run", { runId: run.id }, { jobId: run.id });
  const outcome = (await job.waitUntilFinished(events, 60_000)) as FinishedRun | null;
  expect(outcome).toMatchObject({ status: "succeeded" });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { firstIndex: "asc" } });
  const values: number[] = [];
  for (const c of chunks) {
    const data = new Float64Array(new Uint8Array(c.data).buffer);
    values.push(...Array.from(data.subarray(c.pointCount, 2 * c.pointCount)));
  }
  return values;
}

const expected = (first: number, last: number, base: number): number[] => Array.from({ length: last - first + 1 }, (_, k) => 2 * (base + first + k));

describe("bars a sandbox thread keeps between runs", () => {
  it("when the same window runs again, then the thread's bars serve it (they are not posted) and the values are the same", async () => {
    expect(await doubled(200, 299)).toEqual(expected(200, 299, 100));
    const posted = pool.barsPosted;
    expect(await doubled(200, 299)).toEqual(expected(200, 299, 100));
    expect(pool.barsPosted).toBe(posted);
  });

  it("when the series is imported again with other prices, then the next run of the same window reads the new bars", async () => {
    expect(await doubled(200, 299)).toEqual(expected(200, 299, 100));
    await writeBars(env.db, SERIES, daily(0, 300, 1000), "imported");
    expect(await doubled(200, 299)).toEqual(expected(200, 299, 1000));
  });

  it("when the series is extended, then a run of the same window after it still reads its bars, and a run up to the new last bar reads the new ones", async () => {
    await writeBars(env.db, SERIES, daily(0, 300, 1000), "imported");
    expect(await doubled(250, 299)).toEqual(expected(250, 299, 1000));
    await writeBars(env.db, SERIES, daily(300, 20, 5000), "imported");
    expect(await doubled(250, 299)).toEqual(expected(250, 299, 1000));
    const late = await doubled(300, 319);
    expect(late).toEqual(expected(300, 319, 5000));
  });
});
