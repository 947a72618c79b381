// The bar chunk cache (packages/marketdata/src/chunk-cache.ts): misses are read by a binary COPY
// on the pg pool and equal readBars; a rewritten chunk (new xmin) is read again, never served
// stale; cached chunks are not read twice.
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { allocBars, readBars, writeBars, type BarColumns, type SeriesKey } from "@barscript/marketdata";
import { BarChunkCache } from "@barscript/marketdata";

let env: TestEnv;
const key: SeriesKey = { instrumentId: "ins_cache", timeframe: "1m" };
const T0 = Date.UTC(2020, 0, 1) / 1000;

function synth(start: number, n: number, bump = 0): BarColumns {
  const b = allocBars(n);
  for (let i = 0; i < n; i++) {
    const k = start + i;
    b.time[i] = T0 + 60 * k;
    b.open[i] = 100 + k + bump;
    b.high[i] = 101 + k + bump + 1e-7;
    b.low[i] = 99 + k + bump;
    b.close[i] = 100.5 + k / 3 + bump;
    b.volume[i] = k;
  }
  return b;
}

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({ data: { id: key.instrumentId, symbol: "CACHE", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  await writeBars(env.db, key, synth(0, 40_000), "imported");
});
afterAll(async () => env.close());

const request = { symbol: "CACHE", timeframe: "1m" as const, before: 5000, from: new Date((T0 + 60 * 20_000) * 1000), to: new Date((T0 + 60 * 30_000) * 1000) };

describe("the worker's bar cache", () => {
  it("when chunks miss, then they are read (binary COPY) and equal readBars; then they hit", async () => {
    const cache = new BarChunkCache(64 * 1024 * 1024);
    const got = await cache.read(env.db, request);
    const want = await readBars(env.db, { instrumentId: key.instrumentId, timeframe: "1m", before: 5000, from: request.from, to: request.to });
    if (!got.instrument) throw new Error("no instrument");
    expect(got.windowStart).toBe(want.windowStart);
    expect(got.bars.length).toBe(want.bars.length);
    for (const c of ["time", "open", "high", "low", "close", "volume"] as const) expect(Buffer.from(got.bars[c].buffer).equals(Buffer.from(want.bars[c].buffer))).toBe(true);
    const misses = cache.misses;
    expect(misses).toBeGreaterThan(0);
    await cache.read(env.db, request);
    expect(cache.misses).toBe(misses);
    expect(cache.hits).toBe(misses);
  });

  it("when a chunk is rewritten, then the new bars are read, not the cached ones", async () => {
    const cache = new BarChunkCache(64 * 1024 * 1024);
    await cache.read(env.db, request);
    await writeBars(env.db, key, synth(25_000, 10, 1000), "imported", { replaceFrom: T0 + 60 * 25_000, replaceTo: T0 + 60 * 25_009 });
    const got = await cache.read(env.db, request);
    if (!got.instrument) throw new Error("no instrument");
    const want = await readBars(env.db, { instrumentId: key.instrumentId, timeframe: "1m", before: 5000, from: request.from, to: request.to });
    expect(Array.from(got.bars.close)).toEqual(Array.from(want.bars.close));
    const i = Array.from(got.bars.time).indexOf(T0 + 60 * 25_000);
    expect(got.bars.open[i]).toBe(100 + 25_000 + 1000);
  });

  it("when the symbol is unknown, then there is no instrument", async () => {
    expect((await new BarChunkCache(1024).read(env.db, { ...request, symbol: "NOPE" })).instrument).toBeNull();
  });
});
