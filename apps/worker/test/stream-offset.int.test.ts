// A streamed run (apps/worker/src/runs/stream-chunks.ts) of a script plotting with `offset`
// (docs/adr/0131-plot-offset.md): the run processor in-process against real Postgres and Redis.
// Bar i's value of `plot(x, offset = N)` is drawn at bar i + N, so a negative offset writes rows
// that are behind the evaluation: a chunk is stored only once every such row of it is written.
// Minute bars are synthetic (close = 100 + (i mod 97)): every expected value is worked here by
// index arithmetic on that formula.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import pino from "pino";
import { createAccount, createScript, createScriptResolver, filesDigest, newRunId, readOutputChunks, type Run } from "@barscript/db";
import { validate } from "@barscript/lang";
import { allocBars, writeBars } from "@barscript/marketdata";
import { bullPrefix, createRedis, type RunJobData } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import type { FinishedRun } from "../src/metrics";
import { CancelListener } from "../src/runs/cancels";
import { SandboxPool } from "../src/runs/pool";
import { createRunProcessor } from "../src/runs/processor";

jest.setTimeout(120_000);

const T0 = Date.UTC(2020, 0, 1) / 1000;
const TOTAL = 40_000;
const WINDOW = 35_000;
const FILLERS = 14;
const LAG = 3_000;
const LEAD = 700;
const close = (i: number): number => 100 + (i % 97);

let env: TestEnv;
let redis: ReturnType<typeof createRedis>;
let pool: SandboxPool;
let cancels: CancelListener;
let queue: Queue<RunJobData>;
let events: QueueEvents;
let worker: Worker<RunJobData>;
const logLines: string[] = [];
const connections: Array<ReturnType<typeof createRedis>> = [];

beforeAll(async () => {
  env = await createTestEnv();
  redis = createRedis(env.redisUrl, "worker");
  pool = new SandboxPool({ size: 2 });
  cancels = new CancelListener(env.redisUrl, env.redisPrefix);
  await env.db.instrument.create({ data: { id: "ins_min", symbol: "MIN", name: "Synthetic minutes", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  const bars = allocBars(TOTAL);
  for (let i = 0; i < TOTAL; i++) {
    bars.time[i] = T0 + i * 60;
    bars.open[i] = bars.high[i] = bars.low[i] = bars.close[i] = close(i);
    bars.volume[i] = 1;
  }
  await writeBars(env.db, { instrumentId: "ins_min", timeframe: "1m" }, bars, "imported");
  const queueName = `runs-${randomUUID()}`;
  const prefix = bullPrefix(env.redisPrefix);
  queue = new Queue<RunJobData>(queueName, { connection: redis, prefix });
  const [forEvents, forWorker] = [createRedis(env.redisUrl, "worker"), createRedis(env.redisUrl, "worker")];
  connections.push(forEvents, forWorker);
  events = new QueueEvents(queueName, { connection: forEvents, prefix });
  await events.waitUntilReady();
  // debug level: the timing spans say how many chunks were stored during the evaluation
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { logLines.push(...chunk.toString().split("\n").filter((l) => l.length > 0)); done(); } });
  const processor = createRunProcessor({ db: env.db, redis, logger: pino({ level: "debug" }, sink), prefix: env.redisPrefix, pool, cancels, queue });
  worker = new Worker<RunJobData>(queueName, (job: Job<RunJobData>, token?: string) => processor(job, token), { connection: forWorker, prefix, concurrency: 2 });
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

async function queuedRun(source: string, handle: string, inputs: Record<string, number>): Promise<Run> {
  const account = await createAccount(env.db, { email: `${handle}@example.com`, password: "a long enough password", handle, plan: "pro", admit: true });
  const files = [{ path: "main.pine", content: source }];
  const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: account.id, handle: account.handle }) });
  if (!v.valid || !v.interface || !v.kind) throw new Error(`invalid test script: ${JSON.stringify(v.diagnostics)}`);
  const script = await createScript(env.db, { ownerId: account.id, slug: "s", files, digest: filesDigest(files), derived: { kind: v.kind, title: "s", interface: v.interface, dependencies: v.dependencies } });
  const first = TOTAL - WINDOW;
  return env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1, instrument: "MIN", timeframe: "1m",
      windowFrom: new Date((T0 + first * 60) * 1000), windowTo: new Date((T0 + (TOTAL - 1) * 60) * 1000), windowBars: WINDOW, inputs,
    },
  });
}

function finished(run: Run): Promise<FinishedRun | null> {
  return queue.add("run", { runId: run.id }, { jobId: run.id }).then((job) => job.waitUntilFinished(events, 60_000) as Promise<FinishedRun | null>);
}

/** What bar `bar` shows for a plot of `close` drawn `offset` bars away: the close of bar - offset, na outside the bars. */
const shifted = (bar: number, offset: number): number => (bar - offset >= 0 && bar - offset < TOTAL ? close(bar - offset) : NaN);

it("streams a run with a negative (input) and a positive offset: every point is the close `offset` bars away, across chunk boundaries", async () => {
  const fillers = Array.from({ length: FILLERS }, (_, k) => `plot(close + ${k}, "p${k}")`);
  const source = `//@version=6\nindicator("offsets")\nlag = input.int(10, "Lag")\n${fillers.join("\n")}\nplot(close, "lagging", offset = -lag)\nplot(close, "leading", offset = ${LEAD})\n`;
  const run = await queuedRun(source, "offsetter", { lag: LAG });
  expect(await finished(run)).toMatchObject({ status: "succeeded", failure: null });
  const timing = logLines.map((l) => JSON.parse(l) as { runId?: string; msg?: string; noted?: { streamed?: number } }).find((l) => l.runId === run.id && l.msg === "run timings");
  // 16 outputs and the times: 136 bytes a point, chunks of floor(524,288 / 136) = 3,855 points
  // from bar 5,000; the lagging plot's rows are final 3,000 bars behind the evaluation, so chunks
  // are posted 3,000 bars later than without it, still during the evaluation (without that wait
  // the lagging column of the stored chunks is wrong: checked by hand against the unchanged post)
  expect(timing?.noted?.streamed).toBeGreaterThan(0);
  const wrong: string[] = [];
  let seen = 0;
  const same = (a: number | undefined, b: number): boolean => (Number.isNaN(b) ? a !== undefined && Number.isNaN(a) : a === b);
  for (const c of await readOutputChunks(env.db, run.id, 0, WINDOW)) {
    for (let j = 0; j < c.pointCount; j++, seen++) {
      const bar = TOTAL - WINDOW + c.firstIndex + j;
      if (c.time[j] !== T0 + bar * 60) wrong.push(`time of point ${c.firstIndex + j}`);
      for (let k = 0; k < FILLERS; k++) if (c.values[k]?.[j] !== close(bar) + k) wrong.push(`p${k} at ${bar}`);
      if (!same(c.values[FILLERS]?.[j], shifted(bar, -LAG))) wrong.push(`lagging at ${bar}: ${c.values[FILLERS]?.[j]}`);
      if (!same(c.values[FILLERS + 1]?.[j], shifted(bar, LEAD))) wrong.push(`leading at ${bar}: ${c.values[FILLERS + 1]?.[j]}`);
    }
  }
  expect(seen).toBe(WINDOW);
  expect(wrong.slice(0, 5)).toEqual([]);
  // spot values worked by hand: the window's first bar (5,000) shows bar 8,000's close for the lag
  // (8,000 mod 97 = 46) and bar 4,300's for the lead (4,300 mod 97 = 32); the last 3,000 bars' lag is na
  const [firstChunk] = await readOutputChunks(env.db, run.id, 0, 1);
  expect(firstChunk?.values[FILLERS]?.[0]).toBe(146);
  expect(firstChunk?.values[FILLERS + 1]?.[0]).toBe(132);
});
