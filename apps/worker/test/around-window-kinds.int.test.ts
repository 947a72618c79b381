// The bars each kind of run reads around its window (apps/worker/src/runs/around-window.ts,
// docs/adr/0150-bars-around-the-window-by-kind.md), in the worker, in-process against real
// Postgres and Redis. A definition that also plots with a negative offset: its definition runs,
// the studies that use it and its sweeps keep events, made on their own bar, so they read no bar
// after the window and `barstate.islast` is the window's last bar (an indicator run of the same
// plot reads the bars after it, docs/adr/0141). Bars are synthetic so values are worked by hand:
// XAW closes 100 + d on day d (daily from 2020-01-01, 200 days); the windows are days 141-150.
import { randomUUID } from "node:crypto";
import type { Job } from "bullmq";
import pino from "pino";
import { newRunId, newSweepId, type Run, type SweepSpec } from "@barscript/db";
import { BarChunkCache } from "@barscript/marketdata";
import { DAY, NEGATIVE_OFFSET_DEFINITION as DEFINITION, T0, writeXaw } from "../../../test/support/around-window";
import type { TestEnv } from "../../../test/support/env";
import { createSweepProcessor, type SweepJobData } from "../src/sweeps/processor";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type Owner, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const FIRST = 141;
const LAST = 150;
const WINDOW = LAST - FIRST + 1;
const day = (d: number): Date => new Date((T0 + d * DAY) * 1000);

let rig: WorkerRig;
let env: TestEnv;
let account: Owner;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  await writeXaw(env.db);
  account = await admittedAccount(env.db, `aw-${randomUUID().slice(0, 8)}`);
});

afterAll(() => rig.close());

/** A run of the script `slug` (kind `kind`) over days 141-150 through the runs processor: its final row. */
async function runOver(kind: "definition" | "study", scriptId: string, slug: string): Promise<Run> {
  const run = await env.db.run.create({
    data: { id: newRunId(), accountId: account.id, kind, scriptId, scriptOwnerId: account.id, scriptSlug: slug, scriptVersion: 1, instrument: "XAW", timeframe: "1d", windowFrom: day(FIRST), windowTo: day(LAST), windowBars: WINDOW, inputs: {} },
  });
  await runOnce(rig, run.id);
  return env.db.run.findUniqueOrThrow({ where: { id: run.id } });
}

interface Summary {
  bars: number;
  warmup_bars: number;
  bars_evaluated: number;
}

let definitionId: string;

beforeAll(async () => {
  definitionId = (await saveScript(env.db, account, "d", DEFINITION)).id;
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
    const studyId = (await saveScript(env.db, account, "s", `//@version=6\nstudy("s", horizons = [1, 2])\nuse("d")\n`)).id;
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
    const processor = createSweepProcessor({ db: env.db, redis: rig.redis, logger: pino({ level: "silent" }), prefix: env.redisPrefix, pool: rig.pool, cancels: rig.cancels, bars: new BarChunkCache(8 * 1024 * 1024) });
    expect(await processor({ data: { runId: id } } as Job<SweepJobData>, undefined)).toBe("succeeded");
    const sweep = await env.db.sweep.findUniqueOrThrow({ where: { id } });
    const rows = JSON.parse(sweep.rows as string) as Array<{ inputs: Record<string, number>; events: number; horizons: Array<{ h: number; count: number }> }>;
    // only the "last" event is kept: one per combination, on the window's last bar, past the horizon
    expect(rows.map((r) => [r.inputs["n"], r.events, r.horizons[0]!.count])).toEqual([[1, 1, 0], [5, 1, 0]]);
    expect((sweep.summary as unknown as { bars_evaluated: number }).bars_evaluated).toBe(2 * WINDOW);
  });
});
