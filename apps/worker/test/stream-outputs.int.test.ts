// Output chunks stored while a run evaluates (apps/worker/src/runs/stream-chunks.ts,
// packages/db/src/runs/succeed-stream.ts, docs/adr/0095-output-chunks-during-evaluation.md):
// the run processor in-process against real Postgres and Redis. Minute bars are synthetic
// (close = 100 + (i mod 97)), so every expected value is worked here by a plain loop: output k is
// close + k, and the SMA of 20 closes is summed directly. The chunks go into one transaction per lane
// opened with the first chunk (docs/adr/0212-one-copy-per-streamed-run.md), committed with the
// move to succeeded: a cancelled run keeps no chunk, and the stream's own failures leave none
// either. A plot with `offset` (docs/adr/0131-plot-offset.md) is
// drawn N bars away, so a negative offset writes rows behind the evaluation: a chunk is stored only
// once every such row of it is written.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import pino from "pino";
import { newRunId, OutputStream, poolOf, readOutputChunks, requestCancel, succeedAfterStream, type Run, type RunSummary } from "@barscript/db";
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

/**
 * Every stored point of run `runId`'s window (WINDOW bars ending at TOTAL), its time checked here
 * and its values by `check` (given the bar and output k's value): the points seen and what is wrong.
 */
async function storedPoints(runId: string, check: (bar: number, at: (k: number) => number | undefined) => string[]): Promise<{ seen: number; wrong: string[] }> {
  const wrong: string[] = [];
  let seen = 0;
  for (const c of await readOutputChunks(env.db, runId, 0, WINDOW)) {
    for (let j = 0; j < c.pointCount; j++, seen++) {
      const bar = TOTAL - WINDOW + c.firstIndex + j;
      if (c.time[j] !== T0 + bar * 60) wrong.push(`time of point ${c.firstIndex + j}`);
      wrong.push(...check(bar, (k) => c.values[k]?.[j]));
    }
  }
  return { seen, wrong };
}

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

/**
 * Open transactions of this test's database that have inserted into run_output_chunks (a lane's
 * pipeline, docs/adr/0265: it holds the table's RowExclusiveLock and has a transaction id once a
 * row is in, until it commits or its connection closes).
 */
async function insertingNow(): Promise<number> {
  const r = await poolOf(env.db)!.query<{ n: number }>(`SELECT count(DISTINCT l.pid)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE a.datname = current_database() AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.relation = 'run_output_chunks'::regclass AND l.mode = 'RowExclusiveLock' AND l.granted AND a.backend_xid IS NOT NULL AND l.pid <> pg_backend_pid()`);
  return r.rows[0]?.n ?? 0;
}

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 5));
  }
  return true;
}

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

it("streams outputs from 1 MiB (a 35,000-point run of three plots, 1.12 MB: three chunks during the evaluation), not a run of two plots (840,000 bytes)", async () => {
  // docs/adr/0211: (1 + 3) x 8 x 35,000 = 1,120,000 bytes >= 1,048,576; chunks of 10,000 points
  // (32 bytes a point, under 512 KiB); chunk 2 ends at bar 5,000 + 30,000, before the checkpoint
  // at 35,328 (69 x 512) and the last bar: three chunks streamed, the fourth (5,000) with the result
  const three = await queuedRun(`//@version=6\nindicator("three")\nplot(close, "p0")\nplot(close + 1, "p1")\nplot(close + 2, "p2")\n`, `three-${randomUUID().slice(0, 8)}`);
  const two = await queuedRun(`//@version=6\nindicator("two")\nplot(close, "p0")\nplot(close + 1, "p1")\n`, `two-${randomUUID().slice(0, 8)}`);
  for (const run of [three, two]) expect(await finished(run)).toMatchObject({ status: "succeeded", failure: null });
  const noted = (id: string): number | undefined => logLines.map((l) => JSON.parse(l) as { runId?: string; msg?: string; noted?: { streamed?: number } }).find((l) => l.runId === id && l.msg === "run timings")?.noted?.streamed;
  expect(noted(three.id)).toBe(3);
  expect(noted(two.id)).toBe(0);
  for (const [run, plots] of [[three, 3], [two, 2]] as const) {
    const { seen, wrong } = await storedPoints(run.id, (bar, at) => Array.from({ length: plots }, (_, k) => k).filter((k) => at(k) !== close(bar) + k).map((k) => `p${k} at ${bar}`));
    expect(seen).toBe(WINDOW);
    expect(wrong.slice(0, 5)).toEqual([]);
  }
});

it("stores each of four streamed runs in a row (a thread reuses the shared memory its last run released) with its own values only", async () => {
  // two scripts of the same width alternating: a run's points must never hold the other's
  const scripts = [1, 2].map((m) => `//@version=6\nindicator("wide")\n${Array.from({ length: PLOTS + 1 }, (_, k) => `plot(close * ${m} + ${k}, "p${k}")`).join("\n")}\n`);
  for (let r = 0; r < 4; r++) {
    const m = 1 + (r % 2);
    const run = await queuedRun(scripts[r % 2] as string, `reuse${r}`);
    expect(await finished(run)).toMatchObject({ status: "succeeded", failure: null });
    const { seen, wrong } = await storedPoints(run.id, (bar, at) => Array.from({ length: PLOTS + 1 }, (_, k) => k).filter((k) => at(k) !== close(bar) * m + k).map((k) => `run ${r} p${k} at ${bar}`));
    expect(seen).toBe(WINDOW);
    expect(wrong.slice(0, 5)).toEqual([]);
  }
});

let cancelTries = 0;
it("keeps no chunk of a run cancelled after its first chunks were stored", async () => {
  const plots = Array.from({ length: PLOTS }, (_, k) => `plot(close + ${k} + x * 0, "p${k}")`);
  // a slow script (a loop per bar: seconds warm, where the cancel takes milliseconds to land), so
  // the cancel lands while it evaluates; a handle of its own on each try (jest retries a failed case)
  const run = await queuedRun(`//@version=6\nindicator("slow")\nfloat x = 0.0\nfor i = 0 to 40000\n    x += i\n${plots.join("\n")}\nplot(close, "c")\n`, `stream-cancel-${++cancelTries}`);
  const outcome = finished(run);
  // stored in the transaction under way, not yet committed: no reader sees a chunk of a run before it succeeded
  expect(await until(async () => (await insertingNow()) > 0)).toBe(true);
  expect(await chunkCount(run.id)).toBe(0);
  await requestCancel(env.db, run.id);
  await publishCancel(rig.redis, env.redisPrefix, run.id);
  expect(await outcome).toMatchObject({ status: "cancelled" });
  // the discard runs after the cancelled state is published: wait for its transactions to end
  expect(await until(async () => (await insertingNow()) === 0, 10_000)).toBe(true);
  expect(await chunkCount(run.id)).toBe(0);
  expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("cancelled");
});

describe("OutputStream", () => {
  async function runningRun(): Promise<{ id: string; accountId: string }> {
    const account = await admittedAccount(env.db, `os-${randomUUID().slice(0, 8)}`);
    return { id: await runIn(env, account.id, "running"), accountId: account.id };
  }
  const packed = (points: number, columns: number): Float64Array => new Float64Array(points * (1 + columns)).fill(1.5);
  const summary = { outputs: 0 } as unknown as RunSummary;
  /** The transactions (xmin) that wrote the run's chunks, and the one that moved the run. */
  async function writers(id: string): Promise<{ chunks: string[]; run: string }> {
    const pool = poolOf(env.db)!;
    const chunks = await pool.query<{ x: string }>(`SELECT DISTINCT xmin::text AS x FROM run_output_chunks WHERE "runId" = $1`, [id]);
    const run = await pool.query<{ x: string }>(`SELECT xmin::text AS x FROM runs WHERE id = $1`, [id]);
    return { chunks: chunks.rows.map((r) => r.x).sort(), run: run.rows[0]?.x ?? "" };
  }

  it("keeps none of the chunks it wrote when discarded", async () => {
    const { id } = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, id);
    stream.add(0, ["a"], packed(10_000, 1));
    stream.add(1, ["a"], packed(10_000, 1));
    await stream.settled();
    // both stored by the server in the stream's open transaction
    expect(await until(async () => stream.stored === 2)).toBe(true);
    expect(await insertingNow()).toBe(1);
    await stream.discard();
    expect(await until(async () => (await insertingNow()) === 0, 10_000)).toBe(true);
    expect(await chunkCount(id)).toBe(0);
  });

  // 2,250 points of two columns (a = i, b = -i), seven chunks of 300 handed over, the rest from the columns
  const packedAt = (seq: number, n: number): Float64Array => {
    const d = new Float64Array(n * 3);
    for (let j = 0; j < n; j++) {
      d[j] = T0 + (seq * 300 + j) * 60;
      d[n + j] = seq * 300 + j;
      d[2 * n + j] = -(seq * 300 + j);
    }
    return d;
  };
  async function pointsRight(id: string, points: number): Promise<void> {
    const wrong: string[] = [];
    let seen = 0;
    for (const c of await readOutputChunks(env.db, id, 0, points)) {
      for (let j = 0; j < c.pointCount; j++, seen++) {
        const i = c.firstIndex + j;
        if (c.time[j] !== T0 + i * 60 || c.values[0]?.[j] !== i || c.values[1]?.[j] !== -i) wrong.push(`point ${i}`);
      }
    }
    expect(seen).toBe(points);
    expect(wrong.slice(0, 3)).toEqual([]);
  }

  it("stores narrow chunks handed over and the rest at the end, at chunk 0's points, in the transaction that moves the run", async () => {
    const run = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, run.id);
    for (let seq = 0; seq < 7; seq++) stream.add(seq, ["a", "b"], packedAt(seq, 300));
    // 2,250 points in all: the chunks from 2,100 on (one of 150) come from the columns
    const time = new Float64Array(2_250).map((_, i) => T0 + i * 60);
    const a = new Float64Array(2_250).map((_, i) => i);
    const b = new Float64Array(2_250).map((_, i) => -i);
    expect(await succeedAfterStream(run, summary, 0, { names: ["a", "b"], time, values: [a, b] }, new Date(), stream)).toBe(true);
    const meta = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" }, select: { seq: true, firstIndex: true, pointCount: true } });
    expect(meta).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((seq) => ({ seq, firstIndex: seq * 300, pointCount: seq === 7 ? 150 : 300 })));
    // rows of one transaction share its xmin: every chunk and the move in one
    const w = await writers(run.id);
    expect(w.chunks).toEqual([w.run]);
    expect((await env.db.run.findUniqueOrThrow({ where: { id: run.id } })).status).toBe("succeeded");
    await pointsRight(run.id, 2_250);
  });

  it("stores wide chunks (256 KiB and more) in one lane, every one in the transaction that moves the run (docs/adr/0265)", async () => {
    const run = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, run.id);
    // 11,000 points per chunk of two columns and the times: 264,000 bytes a chunk
    const n = 11_000;
    const wide = (seq: number): Float64Array => {
      const d = new Float64Array(n * 3);
      for (let j = 0; j < n; j++) {
        d[j] = T0 + (seq * n + j) * 60;
        d[n + j] = seq * n + j;
        d[2 * n + j] = -(seq * n + j);
      }
      return d;
    };
    for (let seq = 0; seq < 4; seq++) stream.add(seq, ["a", "b"], wide(seq));
    const points = 4 * n + 500;
    const time = new Float64Array(points).map((_, i) => T0 + i * 60);
    const a = new Float64Array(points).map((_, i) => i);
    const b = new Float64Array(points).map((_, i) => -i);
    expect(await succeedAfterStream(run, summary, 0, { names: ["a", "b"], time, values: [a, b] }, new Date(), stream)).toBe(true);
    const pool = poolOf(env.db)!;
    const bySeq = await pool.query<{ seq: number; x: string }>(`SELECT seq, xmin::text AS x FROM run_output_chunks WHERE "runId" = $1 ORDER BY seq`, [run.id]);
    expect(bySeq.rows.map((r) => r.seq)).toEqual([0, 1, 2, 3, 4]);
    // rows of one transaction share its xmin: the five chunks and the move in one
    const w = await writers(run.id);
    expect(w.chunks).toEqual([w.run]);
    expect(bySeq.rows.map((r) => r.x)).toEqual([w.run, w.run, w.run, w.run, w.run]);
    await pointsRight(run.id, points);
  });

  it("tells once, with the first chunk, that no write of its chunks or columns will come, after the move and after discard", async () => {
    const told: Array<readonly Float64Array[]> = [];
    const run = await runningRun();
    const first = [new Float64Array(300).fill(T0), new Float64Array(300).fill(1)];
    const stream = new OutputStream(poolOf(env.db)!, run.id, undefined, (parts) => told.push(parts));
    stream.add(0, ["a"], first);
    expect(told).toEqual([]);
    const time = new Float64Array(450).map((_, i) => T0 + i * 60);
    const columns = { names: ["a"], time, values: [new Float64Array(450).fill(1)] };
    expect(await stream.finish(columns)).toBe(2);
    // the chunks are written, the transaction not committed: not yet
    expect(told).toEqual([]);
    expect(await succeedAfterStream(run, summary, 0, columns, new Date(), stream)).toBe(true);
    expect(told.length).toBe(1);
    expect(told[0]).toBe(first);
    await stream.discard();
    expect(told.length).toBe(1);
    // a stream discarded while its chunk is being written tells once that write is over
    const run2 = await runningRun();
    const stream2 = new OutputStream(poolOf(env.db)!, run2.id, undefined, (parts) => told.push(parts));
    const first2 = [new Float64Array(10_000).fill(T0), new Float64Array(10_000).fill(2)];
    stream2.add(0, ["a"], first2);
    await stream2.discard();
    expect(told.length).toBe(2);
    expect(told[1]).toBe(first2);
    expect(await chunkCount(run2.id)).toBe(0);
  });

  it("fails, keeping no chunk, when a chunk comes out of order", async () => {
    const { id } = await runningRun();
    const stream = new OutputStream(poolOf(env.db)!, id);
    stream.add(0, ["a"], packed(10_000, 1));
    stream.add(2, ["a"], packed(10_000, 1));
    await expect(stream.settled()).rejects.toThrow(/out of order/);
    expect(await until(async () => (await insertingNow()) === 0, 10_000)).toBe(true);
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
  const same = (a: number | undefined, b: number): boolean => (Number.isNaN(b) ? a !== undefined && Number.isNaN(a) : a === b);
  const { seen, wrong } = await storedPoints(run.id, (bar, at) => {
    const found: string[] = [];
    for (let k = 0; k < PLOTS; k++) if (at(k) !== close(bar) + k) found.push(`p${k} at ${bar}`);
    if (!same(at(PLOTS), shifted(bar, -LAG))) found.push(`lagging at ${bar}: ${at(PLOTS)}`);
    if (!same(at(PLOTS + 1), shifted(bar, LEAD))) found.push(`leading at ${bar}: ${at(PLOTS + 1)}`);
    return found;
  });
  expect(seen).toBe(WINDOW);
  expect(wrong.slice(0, 5)).toEqual([]);
  // spot values worked by hand: the window's first bar (5,000) shows bar 8,000's close for the lag
  // (8,000 mod 97 = 46) and bar 4,300's for the lead (4,300 mod 97 = 32); the last 3,000 bars' lag is na
  const [firstChunk] = await readOutputChunks(env.db, run.id, 0, 1);
  expect(firstChunk?.values[PLOTS]?.[0]).toBe(146);
  expect(firstChunk?.values[PLOTS + 1]?.[0]).toBe(132);
});
