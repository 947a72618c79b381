// The run's read (findRunWithPlan, packages/db/src/runs/queries.ts) also carries its chart series
// (instrument and bar-chunk metadata), which the worker hands to the bar cache instead of reading
// it again: it must equal what the cache's own read returns (lookupSeries, packages/marketdata),
// hold exactly the bars written (hand-worked totals and ends), and be read fresh (a rewritten
// chunk's version). Real Postgres.
import { createAccount, findRunWithPlan, newRunId, type Run } from "@barscript/db";
import { BarChunkCache, lookupSeries, writeBars } from "@barscript/marketdata";
import { flatBars } from "../../../test/support/bars";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

jest.setTimeout(60_000);

const DAY = 86_400;
const HOUR = 3_600;
const T0 = Date.UTC(2020, 0, 1) / 1000;

let env: TestEnv;
let accountId = "";

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({ data: { id: "ins_ser", symbol: "SER", name: "Series", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  await writeBars(env.db, { instrumentId: "ins_ser", timeframe: "1d" }, flatBars(T0, DAY, 300, (i) => 100 + i), "imported");
  await writeBars(env.db, { instrumentId: "ins_ser", timeframe: "1h" }, flatBars(T0, HOUR, 50, () => 7), "imported");
  const account = await createAccount(env.db, { email: "series@example.com", password: "a long enough password", handle: "series", plan: "pro", admit: true });
  accountId = account.id;
});

afterAll(async () => {
  await env.close();
});

async function queuedRun(instrument: string, timeframe: string): Promise<Run> {
  return env.db.run.create({
    data: { id: newRunId(), accountId, kind: "indicator", scriptId: null, scriptOwnerId: accountId, scriptSlug: "s", scriptVersion: 1, instrument, timeframe, windowFrom: new Date(T0 * 1000), windowTo: new Date((T0 + 10 * DAY) * 1000), windowBars: 10, inputs: {} },
  });
}

describe("the run's read carries its chart series", () => {
  it("when the run's instrument has bars at its timeframe, then the series holds exactly those chunks, as the bar cache reads them", async () => {
    const run = await queuedRun("SER", "1d");
    const found = await findRunWithPlan(env.db, run.id);
    const series = found?.series;
    expect(series?.instrument).toEqual({ id: "ins_ser", symbol: "SER", timezone: "UTC", session: "24x7", status: "ready", name: "Series", assetClass: "crypto", currency: "USD", exchange: "" });
    const chunks = series?.chunks ?? [];
    // 300 daily bars from T0: the first chunk starts with T0, the last ends with T0 + 299 days
    expect(chunks.reduce((n, c) => n + c.barCount, 0)).toBe(300);
    expect(chunks[0]?.firstTime).toBe(T0);
    expect(chunks[chunks.length - 1]?.lastTime).toBe(T0 + 299 * DAY);
    expect(chunks.map((c) => c.chunkStart)).toEqual([...chunks.map((c) => c.chunkStart)].sort((a, b) => a - b));
    expect(series).toEqual(await lookupSeries(env.db, "SER", "1d"));
  });

  it("when the series is handed to the bar cache, then it reads the same bars as a read that looks the series up itself", async () => {
    const run = await queuedRun("SER", "1d");
    const found = await findRunWithPlan(env.db, run.id);
    const request = { symbol: "SER", timeframe: "1d" as const, before: 5, from: new Date((T0 + 100 * DAY) * 1000), to: new Date((T0 + 120 * DAY) * 1000) };
    const given = await new BarChunkCache(1 << 20).read(env.db, request, found?.series);
    const looked = await new BarChunkCache(1 << 20).read(env.db, request);
    expect(given).toEqual(looked);
    // 5 warmup bars and the 21 days of the window, closes 95 + 100 ... 100 + 120
    if (!given.instrument) throw new Error("no instrument");
    expect(given.windowStart).toBe(5);
    expect(Array.from(given.bars.close)).toEqual(Array.from({ length: 26 }, (_, i) => 195 + i));
  });

  it("when a chunk is written again, then the next run's read carries its new version", async () => {
    const before = (await findRunWithPlan(env.db, (await queuedRun("SER", "1h")).id))?.series;
    expect(before?.chunks.reduce((n, c) => n + c.barCount, 0)).toBe(50);
    await writeBars(env.db, { instrumentId: "ins_ser", timeframe: "1h" }, flatBars(T0, HOUR, 50, () => 8), "imported");
    const after = (await findRunWithPlan(env.db, (await queuedRun("SER", "1h")).id))?.series;
    expect(after?.chunks.map((c) => c.version)).not.toEqual(before?.chunks.map((c) => c.version));
    expect(after).toEqual(await lookupSeries(env.db, "SER", "1h"));
  });

  it("when the instrument has no bars at the run's timeframe, then the series has no chunks; when there is no such instrument, then there is no series", async () => {
    const empty = await findRunWithPlan(env.db, (await queuedRun("SER", "1w")).id);
    expect(empty?.series).toEqual({ instrument: expect.objectContaining({ id: "ins_ser" }), chunks: [] });
    expect(empty?.series).toEqual(await lookupSeries(env.db, "SER", "1w"));
    const none = await findRunWithPlan(env.db, (await queuedRun("NOPE", "1d")).id);
    expect(none?.run.instrument).toBe("NOPE");
    expect(none?.series).toBeNull();
  });
});
