// The bars each kind of run reads around its window (apps/worker/src/runs/around-window.ts,
// docs/adr/0150-bars-around-the-window-by-kind.md), in the worker, in-process against real
// Postgres and Redis. A definition that also plots with a negative offset: its definition runs,
// the studies that use it and its sweeps keep events, made on their own bar, so they read no bar
// after the window and `barstate.islast` is the window's last bar (an indicator run of the same
// plot reads the bars after it, docs/adr/0141). Bars are synthetic so values are worked by hand:
// XAW closes 100 + d on day d (daily from 2020-01-01, 200 days); the windows are days 141-150.
import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import pino from "pino";
import { createAccount, createScript, createScriptResolver, filesDigest, newRunId, newSweepId, type Run, type SweepSpec } from "@barscript/db";
import { validate } from "@barscript/lang";
import { allocBars, BarChunkCache, writeBars } from "@barscript/marketdata";
import { bullPrefix, createRedis, type RunJobData } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { CancelListener } from "../src/runs/cancels";
import { SandboxPool } from "../src/runs/pool";
import { createRunProcessor } from "../src/runs/processor";
import { createSweepProcessor, type SweepJobData } from "../src/sweeps/processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 200;
const FIRST = 141;
const LAST = 150;
const WINDOW = LAST - FIRST + 1;
const day = (d: number): Date => new Date((T0 + d * DAY) * 1000);

let env: TestEnv;
let redis: ReturnType<typeof createRedis>;
let pool: SandboxPool;
let cancels: CancelListener;
let account: { id: string; handle: string };

/** Events on the bar that is last, and on closes divisible by 4 (days 144 and 148 of the window); a plot drawn `n` bars back. */
const DEFINITION = `//@version=6
definition("d")
n = input.int(3, "Lag")
plot(close, "lag", offset = -n)
alertcondition(barstate.islast, "last", "last {{close}}")
alertcondition(close % 4 == 0, "four", "four {{close}}")
`;

beforeAll(async () => {
  env = await createTestEnv();
  redis = createRedis(env.redisUrl, "worker");
  pool = new SandboxPool({ size: 1, heapMb: 64 });
  cancels = new CancelListener(env.redisUrl, env.redisPrefix);
  await env.db.instrument.create({ data: { id: "ins_xaw", symbol: "XAW", name: "XAW", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  const bars = allocBars(BARS);
  for (let i = 0; i < BARS; i++) {
    bars.time[i] = T0 + i * DAY;
    bars.open[i] = bars.high[i] = bars.low[i] = bars.close[i] = 100 + i;
    bars.volume[i] = 1;
  }
  await writeBars(env.db, { instrumentId: "ins_xaw", timeframe: "1d" }, bars, "imported");
  const handle = `aw-${randomUUID().slice(0, 8)}`;
  const created = await createAccount(env.db, { email: `${handle}@example.com`, password: "a long enough password", handle, plan: "pro", admit: true });
  account = { id: created.id, handle };
});

afterAll(async () => {
  cancels.close();
  await pool.close();
  redis.disconnect();
  await env.close();
});

/** Saves `source` as the account's script `slug` (version 1). */
async function saveScript(slug: string, source: string): Promise<string> {
  const files = [{ path: "main.pine", content: source }];
  const v = await validate(files, { resolver: createScriptResolver(env.db, { accountId: account.id, handle: account.handle }) });
  if (!v.valid || !v.interface || !v.kind) throw new Error(`invalid test script: ${JSON.stringify(v.diagnostics)}`);
  const script = await createScript(env.db, { ownerId: account.id, slug, files, digest: filesDigest(files), derived: { kind: v.kind, title: slug, interface: v.interface, dependencies: v.dependencies } });
  return script.id;
}

/** A run of the script `slug` (kind `kind`) over days 141-150 through the runs processor: its final row. */
async function runOver(kind: "definition" | "study", scriptId: string, slug: string): Promise<Run> {
  const run = await env.db.run.create({
    data: { id: newRunId(), accountId: account.id, kind, scriptId, scriptOwnerId: account.id, scriptSlug: slug, scriptVersion: 1, instrument: "XAW", timeframe: "1d", windowFrom: day(FIRST), windowTo: day(LAST), windowBars: WINDOW, inputs: {} },
  });
  const queueName = `runs-${randomUUID()}`;
  const prefix = bullPrefix(env.redisPrefix);
  const queue = new Queue<RunJobData>(queueName, { connection: redis, prefix });
  const connections = [createRedis(env.redisUrl, "worker"), createRedis(env.redisUrl, "worker")] as const;
  const events = new QueueEvents(queueName, { connection: connections[0], prefix });
  await events.waitUntilReady();
  const processor = createRunProcessor({ db: env.db, redis, logger: pino({ level: "silent" }), prefix: env.redisPrefix, pool, cancels, queue });
  const worker = new Worker<RunJobData>(queueName, (job: Job<RunJobData>, token?: string) => processor(job, token), { connection: connections[1], prefix });
  try {
    const job = await queue.add("run", { runId: run.id }, { jobId: run.id });
    await job.waitUntilFinished(events, 60_000);
    return await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  } finally {
    await worker.close();
    await events.close();
    await queue.close();
    for (const c of connections) c.disconnect();
  }
}

interface Summary {
  bars: number;
  warmup_bars: number;
  bars_evaluated: number;
}

let definitionId: string;

beforeAll(async () => {
  definitionId = await saveScript("d", DEFINITION);
});

describe("a definition whose plot has a negative offset, over a window ending before the data", () => {
  it("when it runs as a definition, then it reads no bar after the window: barstate.islast is the window's last bar, and only the window's bars and warmup are evaluated", async () => {
    const row = await runOver("definition", definitionId, "d");
    expect(row.status).toBe("succeeded");
    const events = await env.db.event.findMany({ where: { runId: row.id }, orderBy: [{ time: "asc" }, { name: "asc" }] });
    expect(events.map((e) => [e.time.getTime() / 1000, e.name, e.message])).toEqual([
      [T0 + 144 * DAY, "four", "four 244"],
      [T0 + 148 * DAY, "four", "four 248"],
      [T0 + 150 * DAY, "last", "last 250"],
    ]);
    const summary = row.summary as unknown as Summary;
    expect(summary.bars).toBe(WINDOW);
    expect(summary.bars_evaluated).toBe(summary.warmup_bars + WINDOW);
  });

  it("when a study uses it, then its events are the window's: the last one on day 150, past every horizon; the others' returns are the closes' ratios", async () => {
    const studyId = await saveScript("s", `//@version=6\nstudy("s", horizons = [1, 2])\nuse("d")\n`);
    const row = await runOver("study", studyId, "s");
    expect(row.status).toBe("succeeded");
    const stored = await env.db.studyResult.findUniqueOrThrow({ where: { runId: row.id } });
    const study = JSON.parse(stored.result as string) as { groups: Array<{ definition: string; event: string; count: number; horizons: Array<{ h: number; count: number; mean: number | null }> }> };
    const byEvent = new Map(study.groups.map((g) => [g.event, g]));
    expect(byEvent.get("last")?.count).toBe(1);
    // day 150 is the window's last bar: t + 1 and t + 2 fall after it
    expect(byEvent.get("last")?.horizons.map((h) => h.count)).toEqual([0, 0]);
    const four = byEvent.get("four")!;
    expect(four.definition).toBe(`${account.handle}/d`);
    expect(four.count).toBe(2);
    // closes 244 and 248: one day on, 245/244 - 1 and 249/248 - 1; two days on, 246/244 - 1 and 250/248 - 1
    expect(four.horizons.map((h) => h.count)).toEqual([2, 2]);
    expect(four.horizons[0]!.mean).toBeCloseTo((1 / 244 + 1 / 248) / 2, 12);
    expect(four.horizons[1]!.mean).toBeCloseTo((2 / 244 + 2 / 248) / 2, 12);
  });

  it("when a sweep evaluates it for two lags, then each combination has the window's three events, the last on day 150", async () => {
    const spec: SweepSpec = {
      instruments: [{ symbol: "XAW", from: day(FIRST).toISOString(), to: day(LAST).toISOString(), bars: WINDOW }],
      timeframe: "1d",
      window: { bars: WINDOW },
      grid: { n: [1, 5] },
      gridOrder: ["n"],
      inputs: {},
      horizons: [1],
      events: ["last"],
      cooldown: 0,
    };
    const id = newSweepId();
    await env.db.sweep.create({ data: { id, accountId: account.id, scriptId: definitionId, scriptOwnerId: account.id, scriptSlug: "d", scriptVersion: 1, spec: spec as object, progressTotal: 2 } });
    const processor = createSweepProcessor({ db: env.db, redis, logger: pino({ level: "silent" }), prefix: env.redisPrefix, pool, cancels, bars: new BarChunkCache(8 * 1024 * 1024) });
    expect(await processor({ data: { runId: id } } as Job<SweepJobData>, undefined)).toBe("succeeded");
    const sweep = await env.db.sweep.findUniqueOrThrow({ where: { id } });
    const rows = JSON.parse(sweep.rows as string) as Array<{ inputs: Record<string, number>; events: number; horizons: Array<{ h: number; count: number }> }>;
    // only the "last" event is kept: one per combination, on the window's last bar, past the horizon
    expect(rows.map((r) => [r.inputs["n"], r.events, r.horizons[0]!.count])).toEqual([[1, 1, 0], [5, 1, 0]]);
    expect((sweep.summary as unknown as { bars_evaluated: number }).bars_evaluated).toBe(2 * WINDOW);
  });
});
