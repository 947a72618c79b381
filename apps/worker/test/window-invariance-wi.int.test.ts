// A value inside a run's window does not depend on where the window starts when it reads a context
// below the chart's timeframe (docs/adr/0366-window-invariance-of-requests.md): the context covers
// the chart's warmup bars, each of which reads its intrabars. In-process worker against real
// Postgres and Redis. A sweep reads the contexts its definition requests, as a run does. Bars are synthetic so values are worked by hand: WIX has a 5-minute bar every
// 5 minutes (crypto, every day) from Monday 2020-01-06 00:00 UTC, close 100 + i on bar i, and its
// hours are resampled from them (hour h holds 5-minute bars 12h .. 12h + 11).
import { randomUUID } from "node:crypto";
import type { Job } from "bullmq";
import pino from "pino";
import { newRunId, newSweepId, type SweepSpec } from "@barscript/db";
import { BarChunkCache, resample, writeBars } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { createSweepProcessor, type SweepJobData } from "../src/sweeps/processor";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(60_000);

const HOUR = 3600;
const T0 = Date.UTC(2020, 0, 6) / 1000;
const HOURS = 240;

let rig: WorkerRig;
let env: TestEnv;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  const fine = await writeFlatSeries(env.db, { id: "ins_wix", symbol: "WIX", timeframe: "5m", t0: T0, step: 300, count: HOURS * 12, value: (i) => 100 + i });
  await writeBars(env.db, { instrumentId: "ins_wix", timeframe: "1h" }, resample(fine, "5m", "1h"), "derived");
});

afterAll(() => rig.close());

/** The run's rows over hours [first, HOURS - 1]: times, then each plot's column. */
async function hourlyRun(source: string, first: number): Promise<{ times: number[]; columns: number[][] }> {
  const account = await admittedAccount(env.db, `wi-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const windowBars = HOURS - first;
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "WIX", timeframe: "1h", windowFrom: new Date((T0 + first * HOUR) * 1000), windowTo: new Date((T0 + (HOURS - 1) * HOUR) * 1000), windowBars, inputs: {},
    },
  });
  const outcome = await runOnce(rig, run.id);
  expect(outcome?.status).toBe("succeeded");
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const all = Array.from(new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)));
  const columns: number[][] = [];
  for (let at = windowBars; at < all.length; at += windowBars) columns.push(all.slice(at, at + windowBars));
  return { times: all.slice(0, windowBars), columns };
}

describe("window invariance of lower-timeframe requests", () => {
  it("when an hourly chart averages a 5-minute request over 24 bars, then its first window bar has the value of a wider window's, worked by hand", async () => {
    // lookahead off below the chart: the last 5-minute bar of hour h (close 100 + 12h + 11), so the
    // 24-hour mean at hour h is 100 + 11 + 12 (h - 11.5) = 12h - 27; every hour holds 12 intrabars
    const source = [
      "//@version=6",
      'indicator("wi")',
      'plot(ta.sma(request.security("WIX", "5", close), 24), "sma")',
      'plot(ta.sma(array.size(request.security_lower_tf("WIX", "5", close)), 24), "n")',
    ].join("\n");
    const narrow = await hourlyRun(source, 200);
    const wide = await hourlyRun(source, 100);
    expect(narrow.times[0]).toBe(T0 + 200 * HOUR);
    expect(narrow.columns[0]!.slice(0, 3)).toEqual([12 * 200 - 27, 12 * 201 - 27, 12 * 202 - 27]);
    expect(narrow.columns[1]!.slice(0, 3)).toEqual([12, 12, 12]);
    // the shared hours 200..239 are the same in both runs
    expect(wide.columns.map((c) => c.slice(100))).toEqual(narrow.columns);
  });
});

describe("a sweep of a definition that requests another timeframe", () => {
  it("when the grid sweeps a divisor, then each combination's events are the bars where the request's value divides by it, worked by hand", async () => {
    // the 5-minute request's value on hour h is its last 5-minute close, 111 + 12h, the hour's close:
    // divisible by 1 and by 3 on every hour, by 2 on none
    const account = await admittedAccount(env.db, `wis-${randomUUID().slice(0, 8)}`);
    const definition = ["//@version=6", 'definition("d")', 'k = input.int(1, "k")', 'm = request.security("WIX", "5", close)', 'alertcondition(m == close and m % k == 0, "hit", "hit")'].join("\n");
    const script = await saveScript(env.db, account, "d", definition);
    const from = new Date((T0 + 200 * HOUR) * 1000);
    const to = new Date((T0 + (HOURS - 1) * HOUR) * 1000);
    const spec: SweepSpec = {
      instruments: [{ symbol: "WIX", from: from.toISOString(), to: to.toISOString(), bars: HOURS - 200 }],
      timeframe: "1h", window: { bars: HOURS - 200 }, grid: { k: [1, 2, 3] }, gridOrder: ["k"], inputs: {}, horizons: [1], events: ["hit"], cooldown: 0,
    };
    const id = newSweepId();
    await env.db.sweep.create({ data: { id, accountId: account.id, scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "d", scriptVersion: 1, spec: spec as object, progressTotal: 3 } });
    const processor = createSweepProcessor({ db: env.db, redis: rig.redis, logger: pino({ level: "silent" }), prefix: env.redisPrefix, pool: rig.pool, cancels: rig.cancels, bars: new BarChunkCache(8 * 1024 * 1024) });
    expect(await processor({ data: { runId: id } } as Job<SweepJobData>, undefined)).toBe("succeeded");
    const rows = JSON.parse((await env.db.sweep.findUniqueOrThrow({ where: { id } })).rows as string) as Array<{ inputs: Record<string, number>; events: number }>;
    expect(rows.map((r) => [r.inputs["k"], r.events])).toEqual([[1, 40], [2, 0], [3, 40]]);
  });
});
