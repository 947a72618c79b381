// A run's window of bars assembled once by the worker's chunk cache and shared read-only by the
// runs over it (packages/marketdata/src/chunk-cache.ts, docs/adr/0244): two accounts' scripts over
// the same window each compute from the stored bars, the second run is served the kept window,
// and after a re-import of the series the next run sees the new bars, not the kept window. Real
// Postgres, Redis and sandbox threads. Bars are flat daily bars whose closes are worked by hand.
import { newRunId, type Run } from "@barscript/db";
import { BarChunkCache, writeBars } from "@barscript/marketdata";
import { flatBars, writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { admittedAccount, createRunQueue, createWorkerRig, runJob, saveScript, type RunQueue, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2021, 0, 1) / 1000;
const BARS = 200;

let rig: WorkerRig;
let env: TestEnv;
let cache: BarChunkCache;
let queue: RunQueue;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 2 });
  env = rig.env;
  // bar i closes at 100 + i
  await writeFlatSeries(env.db, { id: "ins_shr", symbol: "SHR", timeframe: "1d", t0: T0, step: DAY, count: BARS, value: (i) => 100 + i });
  cache = new BarChunkCache(64 * 1024 * 1024);
  queue = await createRunQueue(rig, { bars: cache, concurrency: 2 });
});

afterAll(async () => {
  await queue.close();
  await rig.close();
});

async function owner(handle: string, source: string): Promise<{ id: string; scriptId: string }> {
  const account = await admittedAccount(env.db, handle);
  const script = await saveScript(env.db, account, "s", source);
  return { id: account.id, scriptId: script.id };
}

/** A run of the last 50 bars (150 ... 199). */
function queuedRun(a: { id: string; scriptId: string }): Promise<Run> {
  return env.db.run.create({
    data: {
      id: newRunId(), accountId: a.id, kind: "indicator", scriptId: a.scriptId, scriptOwnerId: a.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "SHR", timeframe: "1d", windowFrom: new Date((T0 + 150 * DAY) * 1000), windowTo: new Date((T0 + 199 * DAY) * 1000), windowBars: 50, inputs: {},
    },
  });
}

/** The run's stored output column (after its 50 times). */
async function column(runId: string): Promise<number[]> {
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId }, orderBy: { seq: "asc" } });
  expect(chunks.map((c) => c.pointCount)).toEqual([50]);
  const data = new Float64Array(new Uint8Array(chunks[0]!.data).buffer);
  expect(data[0]).toBe(T0 + 150 * DAY);
  return Array.from(data.subarray(50, 100));
}

const closes = (base: number): number[] => Array.from({ length: 50 }, (_, k) => base + 150 + k);

test("two accounts' runs over the same window each compute from the stored bars; the second is served the kept window", async () => {
  const a = await owner("shr-a", `//@version=6\nindicator("a")\nplot(close * 2, "a")\n`);
  const b = await owner("shr-b", `//@version=6\nindicator("b")\nplot(close + 1, "b")\n`);
  const ra = await queuedRun(a);
  expect(await runJob(queue, ra.id)).toMatchObject({ status: "succeeded" });
  const kept = cache.windowHits;
  const rb = await queuedRun(b);
  expect(await runJob(queue, rb.id)).toMatchObject({ status: "succeeded" });
  expect(cache.windowHits).toBe(kept + 1);
  expect(await column(ra.id)).toEqual(closes(100).map((c) => c * 2));
  expect(await column(rb.id)).toEqual(closes(100).map((c) => c + 1));
  // both again at once, on the two threads, over the one kept window
  const [ra2, rb2] = await Promise.all([queuedRun(a), queuedRun(b)]);
  const outcomes = await Promise.all([runJob(queue, ra2.id), runJob(queue, rb2.id)]);
  expect(outcomes.map((o) => o?.status)).toEqual(["succeeded", "succeeded"]);
  expect(await column(ra2.id)).toEqual(closes(100).map((c) => c * 2));
  expect(await column(rb2.id)).toEqual(closes(100).map((c) => c + 1));
});

test("after the series is imported again with other closes, the next run over the same window sees the new bars", async () => {
  const a = await owner("shr-c", `//@version=6\nindicator("c")\nplot(close, "c")\n`);
  const first = await queuedRun(a);
  expect(await runJob(queue, first.id)).toMatchObject({ status: "succeeded" });
  expect(await column(first.id)).toEqual(closes(100));
  // bar i now closes at 1000 + i
  await writeBars(env.db, { instrumentId: "ins_shr", timeframe: "1d" }, flatBars(T0, DAY, BARS, (i) => 1000 + i), "imported");
  const hits = cache.windowHits;
  const second = await queuedRun(a);
  expect(await runJob(queue, second.id)).toMatchObject({ status: "succeeded" });
  expect(cache.windowHits).toBe(hits);
  expect(await column(second.id)).toEqual(closes(1000));
});
