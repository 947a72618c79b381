// A worker rig for request tests run through the real run processor (in-process, real Postgres and
// Redis) over synthetic daily series, so values are worked by hand: each series closes `value(i)` on
// day i (daily from Wednesday 2020-01-01, every day, BARS days, with its weeks derived; weeks from
// Monday: the week of Monday 06-29 is days 180-186, of 07-06 days 187-193, of 07-13 days 194-200,
// the data ending on day 199, Saturday 07-18). Runs chart AAA's last WINDOW days (190-199).
// Evaluations are counted at the sandbox pool (each is one task), reads at the bar cache.
import { randomUUID } from "node:crypto";
import { newRunId, type Run } from "@barscript/db";
import { resample, writeBars } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../../test/support/bars";
import type { TestEnv } from "../../../../test/support/env";
import { CountingCache } from "./counting-cache";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./run-processor";

export const DAY = 86_400;
export const T0 = Date.UTC(2020, 0, 1) / 1000;
export const BARS = 200;
export const WINDOW = 10;

/** A series: instrument id, symbol, and its close on day i. */
export type DailySeries = readonly [id: string, symbol: string, value: (i: number) => number];

export interface RunSummary {
  bars_evaluated: number;
  runtime_errors: Array<{ message: string; count: number }>;
}

export interface ScriptRun {
  row: Run;
  summary: RunSummary;
  /** Output k's values over the window. */
  column: (k: number) => number[];
}

export interface DailySeriesRig {
  env: TestEnv;
  cache: CountingCache;
  /** Evaluations of the last run. */
  evaluations: () => number;
  /** Runs `source` on AAA's window for a new account. */
  runScript: (source: string, inputs?: Record<string, string>) => Promise<ScriptRun>;
  close: () => Promise<void>;
}

/** `f` of each day of the window, in order. */
export const days = (f: (i: number) => number): number[] => Array.from({ length: WINDOW }, (_, k) => f(BARS - WINDOW + k));

/** Writes a series' days and the weeks derived from them. */
async function writeSeries(env: TestEnv, [id, symbol, value]: DailySeries): Promise<void> {
  const bars = await writeFlatSeries(env.db, { id, symbol, timeframe: "1d", t0: T0, step: DAY, count: BARS, value });
  await writeBars(env.db, { instrumentId: id, timeframe: "1w" }, resample(bars, "1d", "1w"), "derived");
}

export async function createDailySeriesRig(accountPrefix: string, series: readonly DailySeries[]): Promise<DailySeriesRig> {
  const rig: WorkerRig = await createWorkerRig({ size: 1, heapMb: 64 });
  const env = rig.env;
  const cache = new CountingCache(16 * 1024 * 1024);
  let evaluations = 0;
  const run = rig.pool.run.bind(rig.pool);
  rig.pool.run = ((...args: Parameters<typeof run>) => {
    evaluations++;
    return run(...args);
  }) as typeof rig.pool.run;
  for (const s of series) await writeSeries(env, s);

  async function runScript(source: string, inputs: Record<string, string> = {}): Promise<ScriptRun> {
    const account = await admittedAccount(env.db, `${accountPrefix}-${randomUUID().slice(0, 8)}`);
    const script = await saveScript(env.db, account, "s", source);
    const created = await env.db.run.create({
      data: {
        id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
        instrument: "AAA", timeframe: "1d", windowFrom: new Date((T0 + (BARS - WINDOW) * DAY) * 1000), windowTo: new Date((T0 + (BARS - 1) * DAY) * 1000), windowBars: WINDOW, inputs,
      },
    });
    cache.reads = [];
    evaluations = 0;
    await runOnce(rig, created.id, { bars: cache });
    const row = await env.db.run.findUniqueOrThrow({ where: { id: created.id } });
    const chunks = await env.db.runOutputChunk.findMany({ where: { runId: created.id }, orderBy: { seq: "asc" } });
    const data = chunks.length > 0 ? new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)) : new Float64Array(0);
    // the chunk holds the times, then each output column, WINDOW values each
    return { row, summary: row.summary as unknown as RunSummary, column: (k) => Array.from(data.slice(WINDOW * (k + 1), WINDOW * (k + 2))) };
  }

  return { env, cache, evaluations: () => evaluations, runScript, close: () => rig.close() };
}
