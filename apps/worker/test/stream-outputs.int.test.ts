// Output chunks stored while a run evaluates (apps/worker/src/runs/stream-chunks.ts,
// packages/db/src/runs/succeed-stream.ts, docs/adr/0095-output-chunks-during-evaluation.md):
// the run processor in-process against real Postgres and Redis. Minute bars are synthetic
// (close = 100 + (i mod 97)), so every expected value is worked here by a plain loop: output k is
// close + k, and the SMA of 20 closes is summed directly. A cancelled run keeps no chunk, and the
// stream's own failures leave none either. A plot with `offset` (docs/adr/0131-plot-offset.md) is
// drawn N bars away, so a negative offset writes rows behind the evaluation: a chunk is stored only
// once every such row of it is written.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { newRunId, OutputStream, poolOf, readOutputChunks, requestCancel, type Run } from "@barscript/db";
import { publishCancel } from "@barscript/queue";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import type { FinishedRun } from "../src/metrics";
import { runIn } from "./support/output-writes";
import { admittedAccount, createRunQueue, createWorkerRig, runJob, saveScript, type RunQueue, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const T0 = Date.UTC(2020, 0, 1) / 1000;
const TOTAL = 40_000;
const WINDOW = 35_000;
const PLOTS = 14;
const close = (i: number): number => 100 + (i % 97);

let rig: WorkerRig;
let env: TestEnv;
let runs: RunQueue;
const logLines: string[] = [];

beforeAll(async () => {
  rig = await createWorkerRig({ size: 2 });
  env = rig.env;
  await writeFlatSeries(env.db, { id: "ins_min", symbol: "MIN", name: "Synthetic minutes", timeframe: "1m", t0: T0, step: 60, count: TOTAL, value: close });
  // debug level: the timing spans say how many chunks were stored during the evaluation
  const sink = new Writable({ write(chunk: Buffer, _enc, done) { logLines.push(...chunk.toString().split("\n").filter((l) => l.length > 0)); done(); } });
  runs = await createRunQueue(rig, { logger: pino({ level: "debug" }, sink), concurrency: 2 });
});

afterAll(async () => {
  await runs.close();
  await rig.close();
});

async function queuedRun(source: string, handle: string, inputs: Record<string, number> = {}): Promise<Run> {
  const account = await admittedAccount(env.db, handle);
  const script = await saveScript(env.db, account, "s", source);
  const first = TOTAL - WINDOW;
  return env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1, instrument: "MIN", timeframe: "1m",
      windowFrom: new Date((T0 + first * 60) * 1000), windowTo: new Date((T0 + (TOTAL - 1) * 60) * 1000), windowBars: WINDOW, inputs,
    },
  });
}

function finished(run: Run): Promise<FinishedRun | null> {
  return runJob(runs, run.id);
}

const chunkCount = (runId: string): Promise<number> => env.db.runOutputChunk.count({ where: { runId } });

it("stores the first chunks of a 15-output run during its evaluation, and every point reads back as the bars give it", async () => {
  const plots = Array.from({ length: PLOTS }, (_, k) => `plot(close + ${k}, "p${k}")`);
  const run = await queuedRun(`//@version=6\nindicator("wide")\n${plots.join("\n")}\nplot(ta.sma(close, 20), "sma")\n`, "streamer");
  expect(await finished(run)).toMatchObject({ status: "succeeded", failure: null });
  const timing = logLines.map((l) => JSON.parse(l) as { runId?: string; msg?: string; noted?: { streamed?: number } }).find((l) => l.runId === run.id && l.msg === "run timings");
  // 15 outputs and the times are 128 bytes a point: chunks of 524,288 / 128 = 4,096 points. 35,000
  // points: 8 chunks of 4,096 (32,768) and one of 2,232. Chunk 7 ends at bar 5,000 + 32,768 = 37,768,
  // before the checkpoint at 37,888 (74 x 512) and the last bar: 8 chunks stored during the
  // evaluation, the last one comes with the result
  expect(timing?.noted?.streamed).toBe(8);
  const meta = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" }, select: { seq: true, firstIndex: true, pointCount: true } });
  expect(meta).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8].map((seq) => ({ seq, firstIndex: seq * 4_096, pointCount: seq === 8 ? 2_232 : 4_096 })));
  const wrong: string[] = [];
  let seen = 0;
  for (const c of await readOutputChunks(env.db, run.id, 0, WINDOW)) {
    if (c.names.join() !== [...Array.from({ length: PLOTS }, (_, k) => `p${k}`), "sma"].join()) wrong.push(`names at ${c.firstIndex}`);
    for (let j = 0; j < c.pointCount; j++, seen++) {
      const bar = TOTAL - WINDOW + c.firstIndex + j;
      if (c.time[j] !== T0 + bar * 60) wrong.push(`time of point ${c.firstIndex + j}`);
      for (let k = 0; k < PLOTS; k++) if (c.values[k]?.[j] !== close(bar) + k) wrong.push(`p${k} at ${bar}`);
      let sum = 0;
      for (let b = bar - 19; b <= bar; b++) sum += close(b);
      if (Math.abs((c.values[PLOTS]?.[j] as number) - sum / 20) > 1e-9) wrong.push(`sma at ${bar}`);
    }
  }
  expect(seen).toBe(WINDOW);
  expect(wrong.slice(0, 5)).toEqual([]);
});

it("stores each of four streamed runs in a row (a thread reuses the shared memory its last run released) with its own values only", async () => {
  // two scripts of the same width alternating: a run's points must never hold the other's
  const scripts = [1, 2].map((m) => `//@version=6\nindicator("wide")\n${Array.from({ length: PLOTS + 1 }, (_, k) => `plot(close * ${m} + ${k}, "p${k}")`).join("\n")}\n`);
  for (let r = 0; r < 4; r++) {
    const m = 1 + (r % 2);
    const run = await queuedRun(scripts[r % 2] as string, `reuse${r}`);
    expect(await finished(run)).toMatchObject({ status: "succeeded", failure: null });
    const wrong: string[] = [];
    let seen = 0;
    for (const c of await readOutputChunks(env.db, run.id, 0, WINDOW)) {
      for (let j = 0; j < c.pointCount; j++, seen++) {
        const bar = TOTAL - WINDOW + c.firstIndex + j;
        if (c.time[j] !== T0 + bar * 60) wrong.push(`time of point ${c.firstIndex + j}`);
        for (let k = 0; k <= PLOTS; k++) if (c.values[k]?.[j] !== close(bar) * m + k) wrong.push(`run ${r} p${k} at ${bar}`);
      }
    }
    expect(seen).toBe(WINDOW);
    expect(wrong.slice(0, 5)).toEqual([]);
  }
});

it("keeps no chunk of a run cancelled after its first chunks were stored", async () => {
  const plots = Array.from({ length: PLOTS }, (_, k) => `plot(close + ${k} + x * 0, "p${k}")`);
  // a slow script (a loop per bar), so the cancel lands while it evaluates
  const run = await queuedRun(`//@version=6\nindicator("slow")\nfloat x = 0.0\nfor i = 0 to 4000\n    x += i\n${plots.join("\n")}\nplot(close, "c")\n`, "stream-cancel");
  const outcome = finished(run);
  const deadline = Date.now() + 30_000;
  while ((await chunkCount(run.id)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  expect(await chunkCount(run.id)).toBeGreaterThan(0);
  await requestCancel(env.db, run.id);
  await publishCancel(rig.redis, env.redisPrefix, run.id);
  expect(await outcome).toMatchObject({ status: "cancelled" });
  // the discard runs after the cancelled state is published: wait for it
  const until = Date.now() + 10_000;
  while ((await chunkCount(run.id)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  expect(await chunkCount(run.id)).toBe(0);
  expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
});

describe("OutputStream", () => {
  async function runningRun(): Promise<string> {
    const account = await admittedAccount(env.db, `os-${randomUUID().slice(0, 8)}`);
    return runIn(env, account.id, "running");
  }
  const packed = (points: number, columns: number): Float64Array => new Float64Array(points * (1 + columns)).fill(1.5);

  it("deletes the chunks it stored when discarded", async () => {
    const id = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, id);
    stream.add(0, ["a"], packed(10_000, 1));
    stream.add(1, ["a"], packed(10_000, 1));
    await stream.settled();
    expect(await chunkCount(id)).toBe(2);
    await stream.discard();
    expect(await chunkCount(id)).toBe(0);
  });

  it("stores chunks handed over faster than it writes, in transactions of at most two, and the rest at the end, at chunk 0's points", async () => {
    const id = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, id);
    // seven chunks of 300 points at once (two go in the first transaction, the others wait), each column's values worked here
    const packedAt = (seq: number, n: number): Float64Array => {
      const d = new Float64Array(n * 3);
      for (let j = 0; j < n; j++) {
        d[j] = T0 + (seq * 300 + j) * 60;
        d[n + j] = seq * 300 + j;
        d[2 * n + j] = -(seq * 300 + j);
      }
      return d;
    };
    for (let seq = 0; seq < 7; seq++) stream.add(seq, ["a", "b"], packedAt(seq, 300));
    // 2,250 points in all: the chunks from 2,100 on (one of 150) come from the columns
    const time = new Float64Array(2_250).map((_, i) => T0 + i * 60);
    const a = new Float64Array(2_250).map((_, i) => i);
    const b = new Float64Array(2_250).map((_, i) => -i);
    expect(await stream.finish({ names: ["a", "b"], time, values: [a, b] })).toBe(8);
    const meta = await env.db.runOutputChunk.findMany({ where: { runId: id }, orderBy: { seq: "asc" }, select: { seq: true, firstIndex: true, pointCount: true } });
    expect(meta).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((seq) => ({ seq, firstIndex: seq * 300, pointCount: seq === 7 ? 150 : 300 })));
    // rows of one transaction share its xmin: no transaction holds more than two chunks
    const perTransaction = await poolOf(env.db)!.query<{ n: number }>(`SELECT count(*)::int AS n FROM run_output_chunks WHERE "runId" = $1 GROUP BY xmin::text`, [id]);
    expect(Math.max(...perTransaction.rows.map((r) => r.n))).toBeLessThanOrEqual(2);
    expect(perTransaction.rows.length).toBeGreaterThanOrEqual(4);
    const wrong: string[] = [];
    let seen = 0;
    for (const c of await readOutputChunks(env.db, id, 0, 2_250)) {
      for (let j = 0; j < c.pointCount; j++, seen++) {
        const i = c.firstIndex + j;
        if (c.time[j] !== T0 + i * 60 || c.values[0]?.[j] !== i || c.values[1]?.[j] !== -i) wrong.push(`point ${i}`);
      }
    }
    expect(seen).toBe(2_250);
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it("tells once, with the first chunk, that no write of its chunks or columns will come, after finish and after discard", async () => {
    const told: Array<readonly Float64Array[]> = [];
    const id = await runningRun();
    const first = [new Float64Array(300).fill(T0), new Float64Array(300).fill(1)];
    const stream = new OutputStream(poolOf(env.db)!, id, undefined, (parts) => told.push(parts));
    stream.add(0, ["a"], first);
    expect(told).toEqual([]);
    const time = new Float64Array(450).map((_, i) => T0 + i * 60);
    expect(await stream.finish({ names: ["a"], time, values: [new Float64Array(450).fill(1)] })).toBe(2);
    expect(told.length).toBe(1);
    expect(told[0]).toBe(first);
    await stream.discard();
    expect(told.length).toBe(1);
    // a stream discarded while its chunk is being written tells once that write is over
    const id2 = await runningRun();
    const stream2 = new OutputStream(poolOf(env.db)!, id2, undefined, (parts) => told.push(parts));
    const first2 = [new Float64Array(10_000).fill(T0), new Float64Array(10_000).fill(2)];
    stream2.add(0, ["a"], first2);
    await stream2.discard();
    expect(told.length).toBe(2);
    expect(told[1]).toBe(first2);
    expect(await chunkCount(id2)).toBe(0);
  });

  it("fails, keeping no chunk, when a chunk comes out of order", async () => {
    const id = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, id);
    stream.add(0, ["a"], packed(10_000, 1));
    stream.add(2, ["a"], packed(10_000, 1));
    await expect(stream.settled()).rejects.toThrow(/out of order/);
    expect(await chunkCount(id)).toBe(0);
  });
});

const LAG = 3_000;
const LEAD = 700;

/** What bar `bar` shows for a plot of `close` drawn `offset` bars away: the close of bar - offset, na outside the bars. */
const shifted = (bar: number, offset: number): number => (bar - offset >= 0 && bar - offset < TOTAL ? close(bar - offset) : NaN);

it("streams a run with a negative (input) and a positive offset: every point is the close `offset` bars away, across chunk boundaries", async () => {
  const fillers = Array.from({ length: PLOTS }, (_, k) => `plot(close + ${k}, "p${k}")`);
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
      for (let k = 0; k < PLOTS; k++) if (c.values[k]?.[j] !== close(bar) + k) wrong.push(`p${k} at ${bar}`);
      if (!same(c.values[PLOTS]?.[j], shifted(bar, -LAG))) wrong.push(`lagging at ${bar}: ${c.values[PLOTS]?.[j]}`);
      if (!same(c.values[PLOTS + 1]?.[j], shifted(bar, LEAD))) wrong.push(`leading at ${bar}: ${c.values[PLOTS + 1]?.[j]}`);
    }
  }
  expect(seen).toBe(WINDOW);
  expect(wrong.slice(0, 5)).toEqual([]);
  // spot values worked by hand: the window's first bar (5,000) shows bar 8,000's close for the lag
  // (8,000 mod 97 = 46) and bar 4,300's for the lead (4,300 mod 97 = 32); the last 3,000 bars' lag is na
  const [firstChunk] = await readOutputChunks(env.db, run.id, 0, 1);
  expect(firstChunk?.values[PLOTS]?.[0]).toBe(146);
  expect(firstChunk?.values[PLOTS + 1]?.[0]).toBe(132);
});
