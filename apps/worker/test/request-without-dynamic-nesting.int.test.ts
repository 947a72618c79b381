// A script without dynamic requests (v5 by default) in the worker through the real run processor
// (in-process, real Postgres and Redis): a request another request's expression reads is made as
// from the chart (docs/adr/0329, TradingView's user manual "Other timeframes and data", Nested
// requests: without dynamic requests "the second call's returned value is the same as the first
// call's value"), the contexts listed before the run are the ones it reads, and the program keeps
// that through the sandbox thread. With dynamic requests (v6) the same script nests (docs/adr/0307).
//
// Bars are synthetic so values are worked by hand: AAA closes 100 + i, BBB 1000 + i on day i
// (daily from Wednesday 2020-01-01, every day, 200 days; weeks from Monday: the week of Monday
// 06-29 is days 180-186, of 07-06 days 187-193, of 07-13 days 194-200, the data ending on day 199,
// Saturday 07-18). Runs chart AAA's days 190-199.
import { randomUUID } from "node:crypto";
import { newRunId, type Run } from "@barscript/db";
import { resample, writeBars } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { CountingCache } from "./support/counting-cache";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(180_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 200;
const WINDOW = 10;

let rig: WorkerRig;
let env: TestEnv;
const cache = new CountingCache(16 * 1024 * 1024);
let evaluations = 0;

async function series(id: string, symbol: string, value: (i: number) => number): Promise<void> {
  const bars = await writeFlatSeries(env.db, { id, symbol, timeframe: "1d", t0: T0, step: DAY, count: BARS, value });
  await writeBars(env.db, { instrumentId: id, timeframe: "1w" }, resample(bars, "1d", "1w"), "derived");
}

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  // each evaluation of a run is one task of the sandbox pool
  const run = rig.pool.run.bind(rig.pool);
  rig.pool.run = ((...args: Parameters<typeof run>) => {
    evaluations++;
    return run(...args);
  }) as typeof rig.pool.run;
  await series("ins_aaa", "AAA", (i) => 100 + i);
  await series("ins_bbb", "BBB", (i) => 1000 + i);
});

afterAll(() => rig.close());

interface Summary {
  bars_evaluated: number;
  runtime_errors: Array<{ message: string; count: number }>;
}

async function runScript(source: string, inputs: Record<string, string> = {}): Promise<{ row: Run; summary: Summary; column: (k: number) => number[] }> {
  const account = await admittedAccount(env.db, `nodyn-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "AAA", timeframe: "1d", windowFrom: new Date((T0 + (BARS - WINDOW) * DAY) * 1000), windowTo: new Date((T0 + (BARS - 1) * DAY) * 1000), windowBars: WINDOW, inputs,
    },
  });
  cache.reads = [];
  evaluations = 0;
  await runOnce(rig, run.id, { bars: cache });
  const row = await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const data = chunks.length > 0 ? new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)) : new Float64Array(0);
  // the chunk holds the times, then each output column, WINDOW values each
  return { row, summary: row.summary as unknown as Summary, column: (k) => Array.from(data.slice(WINDOW * (k + 1), WINDOW * (k + 2))) };
}

const days = (f: (i: number) => number): number[] => Array.from({ length: WINDOW }, (_, k) => f(BARS - WINDOW + k));
// the week a day sees with lookahead off: the last closed one, on its last day its own, on the data's last day the open one's running close
const week = (i: number): number => (i <= 192 ? 186 : i <= 198 ? 193 : 199);

const SCRIPT = `indicator("no nesting")
x = request.security(syminfo.tickerid, "W", close)
plot(request.security("BBB", "D", x), "x")
`;

it("when a v5 script's request reads another request's result, then it is the chart's weekly close, read in one evaluation", async () => {
  const { row, summary, column } = await runScript(`//@version=5\n${SCRIPT}`);
  expect(row.status).toBe("succeeded");
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 100 + week(i)));
  expect(evaluations).toBe(1);
  expect(cache.reads.sort()).toEqual(["AAA@1d", "AAA@1w", "BBB@1d"]);
});

it("when the same script is v6 (dynamic requests), then the first call is made from BBB's days: BBB's weekly close", async () => {
  const { row, summary, column } = await runScript(`//@version=6\n${SCRIPT}`);
  expect(row.status).toBe("succeeded");
  expect(summary.runtime_errors).toEqual([]);
  expect(column(0)).toEqual(days((i) => 1000 + week(i)));
  expect(evaluations).toBe(1);
  expect(cache.reads.sort()).toEqual(["AAA@1d", "AAA@1w", "BBB@1d", "BBB@1w"]);
});
