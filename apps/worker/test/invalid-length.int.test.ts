// A ta.* length TradingView's runtime refuses (docs/adr/0158) is a runtime error of the bar, reported
// the way a run reports runtime errors (docs/reference/api.md, Run states and failures): counted in
// summary.runtime_errors with TradingView's message, and a run whose every window bar raised it
// fails with kind `script`. The run processor in-process against real Postgres and Redis; bars are
// synthetic daily closes 100 + i.
import pino from "pino";
import { newRunId, type Run } from "@barscript/db";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { admittedAccount, createRunQueue, createWorkerRig, runJob, saveScript, type RunQueue, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 60;
/** TradingView's message for `ta.sma(close, 0)` (its chart's error banner, without "Error on bar N: "). */
const SMA_ZERO = "Invalid value of the 'length' argument (0) in the 'sma' function. It must be > 0.";

let rig: WorkerRig;
let env: TestEnv;
let accounts = 0;
let f: RunQueue;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  ({ env } = rig);
  await writeFlatSeries(env.db, { id: "ins_len", symbol: "LEN", name: "Synthetic", timeframe: "1d", t0: T0, step: DAY, count: BARS, value: (i) => 100 + i });
  f = await createRunQueue(rig, { logger: pino({ level: "silent" }), concurrency: 1 });
});

afterAll(async () => {
  await f.close();
  await rig.close();
});

/** A run of the last 20 daily bars of LEN with `source` as its script, processed to its end. */
async function runScript(source: string): Promise<Run> {
  const n = ++accounts;
  const account = await admittedAccount(env.db, `len-${n}`);
  const script = await saveScript(env.db, account, "s", source);
  const run = await env.db.run.create({
    data: {
      id: newRunId(),
      accountId: account.id,
      kind: script.kind as Run["kind"],
      scriptId: script.id,
      scriptOwnerId: account.id,
      scriptSlug: "s",
      scriptVersion: 1,
      instrument: "LEN",
      timeframe: "1d",
      windowFrom: new Date((T0 + (BARS - 20) * DAY) * 1000),
      windowTo: new Date((T0 + (BARS - 1) * DAY) * 1000),
      windowBars: 20,
      inputs: {},
    },
  });
  await runJob(f, run.id);
  return env.db.run.findUniqueOrThrow({ where: { id: run.id } });
}

interface StoredSummary {
  bars: number;
  bars_evaluated: number;
  runtime_errors: Array<{ message: string; count: number }>;
}

describe("a ta.* length TradingView refuses", () => {
  it("when the length is 0 on every bar, then the run fails with kind script and TradingView's message", async () => {
    const row = await runScript(`//@version=6\nindicator("len")\nplot(ta.sma(close, 0), "s")\n`);
    expect(row.status).toBe("failed");
    expect(row.failureKind).toBe("script");
    expect(row.failureMessage).toBe(`The script raised a runtime error on every bar of its window: ${SMA_ZERO}`);
    const summary = row.summary as unknown as StoredSummary;
    expect(summary.runtime_errors).toEqual([expect.objectContaining({ message: SMA_ZERO, count: summary.bars_evaluated })]);
  });

  it("when the length is 0 on some bars only, then the run succeeds and counts those bars' errors", async () => {
    // the window's last 20 bars are bar_index 40..59: the length is 0 on the 10 even ones
    const row = await runScript(`//@version=6\nindicator("len")\nn = bar_index % 2 == 0 ? 0 : 2\nplot(ta.sma(close, n), "s")\n`);
    expect(row.status).toBe("succeeded");
    const summary = row.summary as unknown as StoredSummary;
    expect(summary.bars).toBe(20);
    const error = summary.runtime_errors.find((e) => e.message === SMA_ZERO);
    // warmup bars raise it too (docs/reference/language.md, Budgets): half of the bars evaluated
    expect(error?.count).toBe(Math.ceil(summary.bars_evaluated / 2));
  });
});
