// request.* in the worker, in-process against real Postgres and Redis: the contexts a run reaches
// are read once each through the chunk cache (counted here by a cache that records its reads), the
// static ones before evaluation and the dynamic ones after a first evaluation reports them; their
// bars count in bars_evaluated. Bars are synthetic so values are worked by hand: AAA closes
// 100 + i and BBB 1000 + i on day i (daily from Wednesday 2020-01-01, every day, 200 days: the
// last, day 199, is Saturday 2020-07-18, inside the week of Monday 07-13, days 194-200).
import { randomUUID } from "node:crypto";
import { newRunId, type Run } from "@barscript/db";
import { allocBars, resample, writeBars } from "@barscript/marketdata";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import type { FinishedRun } from "../src/metrics";
import { CountingCache } from "./support/counting-cache";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 200;

let rig: WorkerRig;
let env: TestEnv;
const cache = new CountingCache(16 * 1024 * 1024);

async function series(id: string, symbol: string, base: number, weeks = false): Promise<void> {
  const bars = await writeFlatSeries(env.db, { id, symbol, timeframe: "1d", t0: T0, step: DAY, count: BARS, value: (i) => base + i });
  if (weeks) await writeBars(env.db, { instrumentId: id, timeframe: "1w" }, resample(bars, "1d", "1w"), "derived");
}

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  await series("ins_aaa", "AAA", 100, true);
  await series("ins_bbb", "BBB", 1000);
  await series("ins_ccc", "CCC", 5000);
});

afterAll(() => rig.close());

interface Chart {
  instrument: string;
  timeframe: string;
  from: Date;
  to: Date;
}

async function runScript(source: string, windowBars: number, last = BARS - 1, chart?: Chart): Promise<{ outcome: FinishedRun | null; row: Run; values: Float64Array }> {
  const account = await admittedAccount(env.db, `req-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: chart?.instrument ?? "AAA", timeframe: chart?.timeframe ?? "1d", windowFrom: chart?.from ?? new Date((T0 + (last + 1 - windowBars) * DAY) * 1000), windowTo: chart?.to ?? new Date((T0 + last * DAY) * 1000), windowBars, inputs: {},
    },
  });
  const outcome = await runOnce(rig, run.id, { bars: cache });
  const row = await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const data = chunks.length > 0 ? new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)) : new Float64Array(0);
  return { outcome, row, values: data };
}

describe("request.* contexts in the worker", () => {
  beforeEach(() => {
    cache.reads = [];
  });

  it("when a script requests another symbol twice by constants, then that context is read once, before evaluation, and its bars count", async () => {
    const { outcome, row, values } = await runScript(`//@version=6\nindicator("r")\nplot(request.security("BBB", "D", close), "b")\nplot(request.security("BBB", "1D", close * 2), "b2")\n`, 10);
    expect(outcome?.status).toBe("succeeded");
    expect(cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d"]);
    // bars evaluated: AAA's 10 (no warmup) and BBB's 10 with the 2 bars a context reads before the window
    expect((row.summary as unknown as { bars_evaluated: number }).bars_evaluated).toBe(22);
    // times, then column b (BBB's close on the same day: 1000 + i), then b2
    expect(Array.from(values.slice(10, 12))).toEqual([1000 + 190, 1000 + 191]);
    expect(values[29]).toBe(2 * (1000 + 199));
  });

  it("when the symbol is computed as the script runs, then the first evaluation names it, it is read once and the run evaluated again with it", async () => {
    const { outcome, row, values } = await runScript(`//@version=6\nindicator("r")\nsym = close > 0 ? "BBB" : "AAA"\nplot(request.security(sym, "D", close), "b")\n`, 10);
    expect(outcome?.status).toBe("succeeded");
    expect(cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d"]);
    expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([]);
    expect(values[10]).toBe(1000 + 190);
  });

  it("when two symbols come from inputs, then their defaults are read before the first evaluation (lang derive/requests.ts), each once, and the evaluation has both", async () => {
    const { outcome, row, values } = await runScript(`//@version=6\nindicator("r")\na = input.symbol("BBB", "First")\nb = input.symbol("CCC", "Second")\nplot(request.security(a, "D", close), "a")\nplot(request.security(b, "D", close), "b")\n`, 10);
    expect(outcome?.status).toBe("succeeded");
    expect(cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d", "CCC@1d"]);
    expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([]);
    // times, then column a (BBB: 1000 + i), then column b (CCC: 5000 + i), for days 190-199
    expect(values[10]).toBe(1000 + 190);
    expect(values[29]).toBe(5000 + 199);
  });

  it("when a requested symbol does not exist, then the bars that read it raise a clear runtime error and the run succeeds", async () => {
    const { row } = await runScript(`//@version=6\nindicator("r")\nplot(close % 2 == 0 ? request.security("NOPE", "D", close) : close, "n")\nplot(request.security("NOPE", "D", close, ignore_invalid_symbol = true), "m")\n`, 10);
    // no instrument has the symbol (packages/marketdata ticker-id.ts): no bars are read for it
    expect(cache.reads.sort()).toEqual(["AAA@1d"]);
    expect(row.status).toBe("succeeded");
    expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([expect.objectContaining({ message: 'symbol "NOPE" not found: no instrument of that name is stored', count: 5 })]);
  });

  it("when the stored data ends inside a requested week, then the run's last bar shows the open week's running close; a window ending earlier keeps the previous week's (docs/adr/0074)", async () => {
    const src = `//@version=6\nindicator("r")\nplot(request.security("AAA", "W", close), "w")\n`;
    const atEnd = await runScript(src, 10);
    expect(atEnd.outcome?.status).toBe("succeeded");
    // times, then column w: Friday 07-17 (day 198) sees the week of 07-06 (closed Sunday 07-12, day 193), Saturday 07-18 the open week
    expect(Array.from(atEnd.values.slice(18, 20))).toEqual([100 + 193, 100 + 199]);
    const earlier = await runScript(src, 10, 196);
    expect(earlier.values[19]).toBe(100 + 193);
  });

  it("when an equity's 4-hour context is requested, then it is built from its 30-minute bars from the session's open (09:30 and 13:30 New York), not read as the store's UTC blocks (docs/adr/0075)", async () => {
    // EQ: 30-minute bars 09:30-16:00 EST (14:30Z-20:30Z) on Tue 2024-01-02 and Wed 01-03, bar k closing 100 + k
    await env.db.instrument.create({ data: { id: "ins_eq", symbol: "EQ", name: "EQ", exchange: "", assetClass: "equity", currency: "USD", timezone: "America/New_York", session: "0930-1600" } });
    const bars = allocBars(26);
    for (let k = 0; k < 26; k++) {
      bars.time[k] = Date.UTC(2024, 0, 2 + Math.floor(k / 13), 14, 30) / 1000 + (k % 13) * 1800;
      bars.open[k] = bars.high[k] = bars.low[k] = bars.close[k] = 100 + k;
      bars.volume[k] = 1;
    }
    await writeBars(env.db, { instrumentId: "ins_eq", timeframe: "30m" }, bars, "imported");
    await writeBars(env.db, { instrumentId: "ins_eq", timeframe: "4h" }, resample(bars, "30m", "4h"), "derived");
    const chart = { instrument: "EQ", timeframe: "30m", from: new Date(bars.time[0]! * 1000), to: new Date(bars.time[25]! * 1000) };
    const { outcome, values } = await runScript(`//@version=6\nindicator("r")\nplot(request.security("", "240", close), "h4")\n`, 26, 0, chart);
    expect(outcome?.status).toBe("succeeded");
    // the chart's series and the context's source: the store's 4h bars (UTC blocks) are not read
    expect(cache.reads.sort()).toEqual(["EQ@30m", "EQ@30m"]);
    // the period 09:30-13:30 (bars 0-7) shows on its last bar, 13:00; 13:30-16:00 (bars 8-12) on 15:30, the session's last
    const h4 = Array.from(values.slice(26, 52));
    expect(h4.slice(0, 13)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 107, 107, 107, 107, 107, 112]);
    expect(h4.slice(13)).toEqual([112, 112, 112, 112, 112, 112, 112, 120, 120, 120, 120, 120, 125]);
  });

  it("when a script runs on an equity's daily bars, then it reads each bar's time at the session's open, 09:30 New York, while the run's times stay the store's midnight UTC (docs/adr/0200)", async () => {
    // EQD: daily bars of Tue 2024-01-02 and Wed 01-03 (EST: 09:30 is 14:30Z), closing 10 and 11
    await env.db.instrument.create({ data: { id: "ins_eqd", symbol: "EQD", name: "EQD", exchange: "", assetClass: "equity", currency: "USD", timezone: "America/New_York", session: "0930-1600" } });
    const bars = allocBars(2);
    for (let k = 0; k < 2; k++) {
      bars.time[k] = Date.UTC(2024, 0, 2 + k) / 1000;
      bars.open[k] = bars.high[k] = bars.low[k] = bars.close[k] = 10 + k;
      bars.volume[k] = 1;
    }
    await writeBars(env.db, { instrumentId: "ins_eqd", timeframe: "1d" }, bars, "imported");
    const chart = { instrument: "EQD", timeframe: "1d", from: new Date(bars.time[0]! * 1000), to: new Date(bars.time[1]! * 1000) };
    const src = `//@version=6\nindicator("r")\nplot(time, "t")\nplot(time >= timestamp(syminfo.timezone, 2024, 1, 3, 0, 0) ? 1 : 0, "since")\n`;
    const { outcome, values } = await runScript(src, 2, 0, chart);
    expect(outcome?.status).toBe("succeeded");
    // times, then column t, then column since (the 3rd's bar is in the filter)
    expect(Array.from(values)).toEqual([Date.UTC(2024, 0, 2) / 1000, Date.UTC(2024, 0, 3) / 1000, Date.UTC(2024, 0, 2, 14, 30), Date.UTC(2024, 0, 3, 14, 30), 0, 1]);
  });

  it("when a script requests months, then they are built from the daily bars (read once) and the open month shows on the last bar", async () => {
    const { outcome, values } = await runScript(`//@version=6\nindicator("r")\nplot(request.security("AAA", "M", close), "m")\n`, 10);
    expect(outcome?.status).toBe("succeeded");
    expect(cache.reads.sort()).toEqual(["AAA@1d", "AAA@1d"]);
    // days 190-198 (07-09 to 07-17) see June's close (06-30, day 181); the last, 07-18 (day 199), the open July's
    expect(Array.from(values.slice(10, 20))).toEqual([...new Array<number>(9).fill(100 + 181), 100 + 199]);
  });

  it("when a script requests several days, then they are built from the daily bars (read once): three days each, around the clock, counted from Monday 1970-01-05 (docs/adr/0139)", async () => {
    const { outcome, row, values } = await runScript(`//@version=6\nindicator("r")\nplot(request.security("AAA", "3D", close), "d3")\n`, 10);
    expect(outcome?.status).toBe("succeeded");
    expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([]);
    expect(cache.reads.sort()).toEqual(["AAA@1d", "AAA@1d"]);
    // day 0 (2020-01-01) is 18258 days after 1970-01-05, a multiple of 3: periods are days 3p to 3p + 2, closing 100 + 3p + 2;
    // days 190-198 see the last period closed by their close; the last, 199, the open period of days 198-200
    expect(Array.from(values.slice(10, 20))).toEqual([288, 291, 291, 291, 294, 294, 294, 297, 297, 299]);
  });
});

