// The run processor in-process against real Postgres and Redis, in BullMQ's own test style: each
// test makes a fresh queue name with its own Queue, Worker and QueueEvents, and closes them.
// Bars are synthetic (close = 100 + i on daily bars), so expected outputs are worked by hand.
import { Writable } from "node:stream";
import pino, { type Logger } from "pino";
import { newRunId, type Run } from "@barscript/db";
import { allocBars, writeBars } from "@barscript/marketdata";
import { createLimits } from "@barscript/limits";
import { publishCancel } from "@barscript/queue";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import type { FinishedRun } from "../src/metrics";
import { admittedAccount, createRunQueue, createWorkerRig, runJob, saveScript, type RunQueue, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 300;
const WIDE_BARS = 60_000;

let rig: WorkerRig;
let env: TestEnv;
let redis: WorkerRig["redis"];
let accounts = 0;

beforeAll(async () => {
  // Small threads, so the output-memory test passes their limit with 64 plots; 24 MB, not 16: the
  // language runtime takes about 9 MB of a sandbox's heap before any script, and 16 left the
  // long-errors case below so little room that on a loaded machine it could fail on memory
  rig = await createWorkerRig({ size: 2, heapMb: 24 });
  ({ env, redis } = rig);
  await env.db.instrument.create({ data: { id: "ins_syn", symbol: "SYN", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  const bars = allocBars(BARS);
  for (let i = 0; i < BARS; i++) {
    bars.time[i] = T0 + i * DAY;
    bars.open[i] = 100 + i;
    bars.high[i] = 101 + i;
    bars.low[i] = 99 + i;
    bars.close[i] = 100 + i;
    bars.volume[i] = 1000;
  }
  await writeBars(env.db, { instrumentId: "ins_syn", timeframe: "1d" }, bars, "imported");
  // 60,000 minute bars for the output-memory limit.
  await writeFlatSeries(env.db, { id: "ins_wide", symbol: "WIDE", name: "Synthetic minutes", timeframe: "1m", t0: T0, step: 60, count: WIDE_BARS, value: () => 100 });
});

afterAll(() => rig.close());

/** A fresh queue, its events and a worker running the processor (BullMQ's per-test style). */
function fixture(logger: Logger = pino({ level: "silent" })): Promise<RunQueue> {
  return createRunQueue(rig, { logger, concurrency: 4 });
}

/** An admitted account on a copy of `pro` with overrides, holding `source` as script "s". */
async function accountWithScript(source: string, plan: { concurrentRuns?: number; runTimeLimitSeconds?: number } = {}): Promise<{ id: string; scriptId: string; kind: string }> {
  const n = ++accounts;
  const pro = await env.db.plan.findUniqueOrThrow({ where: { name: "pro" } });
  await env.db.plan.create({ data: { ...pro, name: `proc-${n}`, ...plan } });
  const account = await admittedAccount(env.db, `proc-${n}`, `proc-${n}`);
  const script = await saveScript(env.db, account, "s", source);
  return { id: account.id, scriptId: script.id, kind: script.kind };
}

/** A queued run of the last `bars` daily bars of SYN (or of `series`). */
async function queuedRun(a: { id: string; scriptId: string; kind: string }, bars = 100, series = { symbol: "SYN", timeframe: "1d", step: DAY, total: BARS }): Promise<Run> {
  const from = T0 + (series.total - bars) * series.step;
  const to = T0 + (series.total - 1) * series.step;
  return env.db.run.create({
    data: {
      id: newRunId(),
      accountId: a.id,
      kind: a.kind as Run["kind"],
      scriptId: a.scriptId,
      scriptOwnerId: a.id,
      scriptSlug: "s",
      scriptVersion: 1,
      instrument: series.symbol,
      timeframe: series.timeframe,
      windowFrom: new Date(from * 1000),
      windowTo: new Date(to * 1000),
      windowBars: bars,
      inputs: {},
    },
  });
}

async function runToEnd(f: RunQueue, run: Run): Promise<{ outcome: FinishedRun | null; row: Run }> {
  const outcome = await runJob(f, run.id);
  return { outcome, row: await env.db.run.findUniqueOrThrow({ where: { id: run.id } }) };
}

interface StoredSummary {
  bars: number;
  bars_evaluated: number;
  outputs?: number;
  runtime_errors: Array<{ message: string; count: number }>;
  runtime_errors_dropped?: number;
}

describe("the run processor in-process", () => {
  let f: RunQueue;
  beforeEach(async () => {
    f = await fixture();
  });
  afterEach(async () => {
    await f.close();
  });

  it("when an indicator runs, then it returns its outcome and stores close * 2 for every window bar", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("double")\nplot(close * 2, "d")\n`);
    const run = await queuedRun(a, 100);
    const { outcome, row } = await runToEnd(f, run);
    expect(outcome).toMatchObject({ kind: "indicator", status: "succeeded", failure: null, barsEvaluated: 100 });
    expect(row.status).toBe("succeeded");
    expect((row.summary as unknown as StoredSummary).outputs).toBe(100);
    const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id } });
    expect(chunks.map((c) => c.pointCount).reduce((x, y) => x + y, 0)).toBe(100);
    const data = new Float64Array(new Uint8Array(chunks[0]!.data).buffer);
    // Times first, then the column: bar i of the series closes at 100 + i.
    expect(data[0]).toBe(T0 + 200 * DAY);
    expect(data[100]).toBe(2 * (100 + 200));
    expect(data[199]).toBe(2 * (100 + 299));
  });

  it("when a run is cancelled while queued, then the processor returns cancelled without evaluating", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("c")\nplot(close, "c")\n`);
    const run = await queuedRun(a, 10);
    await env.db.run.update({ where: { id: run.id }, data: { cancelRequested: true } });
    const { outcome, row } = await runToEnd(f, run);
    expect(outcome).toMatchObject({ kind: "indicator", status: "cancelled", failure: "cancelled", barsEvaluated: 0 });
    expect(row.status).toBe("cancelled");
  });

  it("when a running run's cancel is published, then this worker stops it and ends it cancelled", async () => {
    // every bar loops until the loop budget (docs/reference/language.md, Budgets): far longer than the test
    const a = await accountWithScript(`//@version=6\nindicator("spin")\nfloat x = 0.0\nwhile true\n    x += 1\nplot(close + x * 0, "c")\n`);
    const run = await queuedRun(a, 300);
    const job = await f.queue.add("run", { runId: run.id }, { jobId: run.id });
    for (let i = 0; i < 600 && (await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status !== "running"; i++) await new Promise((r) => setTimeout(r, 50));
    await publishCancel(redis, env.redisPrefix, run.id);
    const outcome = (await job.waitUntilFinished(f.events, 60_000)) as FinishedRun | null;
    expect(outcome).toMatchObject({ status: "cancelled", failure: "cancelled" });
    expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
  });

  it("when the account's one slot is taken, then the second run waits (delayed), is woken and both succeed one after the other", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("w")\nfloat x = 0.0\nfor i = 0 to 2000\n    x += i\nplot(close + x * 0, "c")\n`, { concurrentRuns: 1 });
    const [r1, r2] = [await queuedRun(a, 300), await queuedRun(a, 300)];
    const [o1, o2] = await Promise.all([runToEnd(f, r1), runToEnd(f, r2)]);
    expect([o1.outcome?.status, o2.outcome?.status]).toEqual(["succeeded", "succeeded"]);
    const spans = [o1.row, o2.row].map((r) => [r.startedAt!.getTime(), r.finishedAt!.getTime()] as const).sort((x, y) => x[0] - y[0]);
    expect(spans[1]![0]).toBeGreaterThanOrEqual(spans[0]![1]);
  });

  it("when a script raises a distinct long runtime error on every other bar, then the summary keeps 20 messages of at most 500 characters and counts the rest", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("e")\nif bar_index % 2 == 0\n    runtime.error(str.tostring(bar_index) + str.repeat("x", 2000))\nplot(close, "c")\n`);
    const run = await queuedRun(a, 100);
    const { outcome, row } = await runToEnd(f, run);
    expect(outcome?.status).toBe("succeeded");
    const summary = row.summary as unknown as StoredSummary;
    expect(summary.runtime_errors).toHaveLength(20);
    for (const e of summary.runtime_errors) {
      expect(e.message.length).toBeLessThanOrEqual(500);
      expect(e.count).toBe(1);
    }
    // Errors are raised on every even bar_index of the bars evaluated (warmup included): the
    // first 20 seen are kept in order, the others counted.
    expect(summary.runtime_errors[0]!.message).toBe(`0${"x".repeat(498)}…`);
    expect(summary.runtime_errors[19]!.message.startsWith("38xxx")).toBe(true);
    expect(summary.runtime_errors_dropped).toBe(summary.bars_evaluated / 2 - 20);
  });

  it("when the outputs would pass the sandbox's memory limit, then the run fails with kind script and says so", async () => {
    // 24 MB threads: 65 columns (64 plots, TradingView's most, and the times) x 60,000 bars x 8 bytes = 31,200,000 bytes (29.75 MB, 29.8 rounded up).
    const plots = Array.from({ length: 64 }, (_, k) => `plot(close + ${k}, "p${k}")`).join("\n");
    const a = await accountWithScript(`//@version=6\nindicator("wide")\n${plots}\n`);
    const run = await queuedRun(a, WIDE_BARS, { symbol: "WIDE", timeframe: "1m", step: 60, total: WIDE_BARS });
    const { outcome, row } = await runToEnd(f, run);
    expect(outcome).toMatchObject({ kind: "indicator", status: "failed", failure: "script" });
    expect(row.failureKind).toBe("script");
    expect(row.failureMessage).toBe("The script's outputs would take 29.8 MB (64 plots over 60000 bars), over the sandbox's 24 MB memory limit; plot fewer series or run over fewer bars.");
    expect(await env.db.runOutputChunk.count({ where: { runId: run.id } })).toBe(0);
  });
});

describe("a run job that names its account (docs/adr/0125-slot-before-the-read.md)", () => {
  // debug timing lines of the processor, by run id: a run that took its slot before its read has
  // no `load` span (the read and the move to running are one statement after the slot)
  const lines: Array<{ runId?: string; msg?: string; ms?: Record<string, number> }> = [];
  const logger = pino({ level: "debug" }, new Writable({ write(chunk: Buffer, _e, done) { for (const l of chunk.toString().split("\n")) if (l) lines.push(JSON.parse(l)); done(); } }));
  const timings = (id: string) => lines.find((l) => l.runId === id && l.msg === "run timings")?.ms;
  let f: RunQueue;
  beforeEach(async () => {
    f = await fixture(logger);
  });
  afterEach(async () => {
    await f.close();
  });

  async function runNamed(run: Run): Promise<{ outcome: FinishedRun | null; row: Run }> {
    const job = await f.queue.add("run", { runId: run.id, accountId: run.accountId }, { jobId: run.id });
    const outcome = (await job.waitUntilFinished(f.events, 60_000)) as FinishedRun | null;
    return { outcome, row: await env.db.run.findUniqueOrThrow({ where: { id: run.id } }) };
  }

  it("when the worker knows the account's plan, then the next run takes its slot first, moves to running in its read and stores its outputs", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("t")\nplot(close * 3, "t")\n`);
    const first = await runNamed(await queuedRun(a, 50));
    expect(first.outcome?.status).toBe("succeeded");
    // the first run of the account in this process is read first
    expect(timings(first.row.id)).toHaveProperty("load");
    const run = await queuedRun(a, 50);
    const { outcome, row } = await runNamed(run);
    expect(outcome).toMatchObject({ kind: "indicator", status: "succeeded", barsEvaluated: 50 });
    expect(timings(run.id)).not.toHaveProperty("load");
    expect(timings(run.id)).toHaveProperty("running");
    expect(row.startedAt!.getTime()).toBeLessThanOrEqual(row.finishedAt!.getTime());
    const chunk = await env.db.runOutputChunk.findFirstOrThrow({ where: { runId: run.id } });
    const data = new Float64Array(new Uint8Array(chunk.data).buffer);
    // the last 50 of 300 daily bars: bar 250 closes at 350
    expect(data[0]).toBe(T0 + 250 * DAY);
    expect(data[50]).toBe(3 * 350);
  });

  it("when the account's plan was lowered after the worker learned it, then the run waits under the new figure instead of running", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("p")\nplot(close, "p")\n`, { concurrentRuns: 2 });
    expect((await runNamed(await queuedRun(a, 10))).outcome?.status).toBe("succeeded");
    // now one run at once, and that one place is taken
    const planName = (await env.db.account.findUniqueOrThrow({ where: { id: a.id } })).planName;
    await env.db.plan.update({ where: { name: planName }, data: { concurrentRuns: 1 } });
    const limits = createLimits({ redis, prefix: env.redisPrefix });
    const held = await limits.tryAcquireRun({ id: a.id, plan: { concurrentRuns: 1 } }, "run_held");
    expect(held).not.toBeNull();
    const run = await queuedRun(a, 10);
    await f.queue.add("run", { runId: run.id, accountId: a.id }, { jobId: run.id });
    await new Promise((r) => setTimeout(r, 400));
    // under the 2 it last read the run would have started
    expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("queued");
    expect(await limits.runsInUse(a.id)).toBe(1);
    await held!.release();
    for (let i = 0; i < 100 && (await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status !== "succeeded"; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("succeeded");
  });

  it("when a job names another account than its run's, then the run is read first and runs as its own account's", async () => {
    const [a, b] = [await accountWithScript(`//@version=6\nindicator("a")\nplot(close, "a")\n`), await accountWithScript(`//@version=6\nindicator("b")\nplot(close, "b")\n`)];
    expect((await runNamed(await queuedRun(b, 10))).outcome?.status).toBe("succeeded");
    const run = await queuedRun(a, 10);
    const job = await f.queue.add("run", { runId: run.id, accountId: b.id }, { jobId: run.id });
    expect(((await job.waitUntilFinished(f.events, 60_000)) as FinishedRun | null)?.status).toBe("succeeded");
    expect(timings(run.id)).toHaveProperty("load");
  });

  it("when a known account's run was cancelled while queued, then it ends cancelled without evaluating and its slot is free", async () => {
    const a = await accountWithScript(`//@version=6\nindicator("k")\nplot(close, "k")\n`, { concurrentRuns: 1 });
    expect((await runNamed(await queuedRun(a, 10))).outcome?.status).toBe("succeeded");
    const run = await queuedRun(a, 10);
    await env.db.run.update({ where: { id: run.id }, data: { cancelRequested: true } });
    const { outcome, row } = await runNamed(run);
    expect(outcome).toMatchObject({ status: "cancelled", failure: "cancelled", barsEvaluated: 0 });
    expect(row.status).toBe("cancelled");
    expect(row.startedAt).toBeNull();
    expect(await createLimits({ redis, prefix: env.redisPrefix }).runsInUse(a.id)).toBe(0);
  });
});
