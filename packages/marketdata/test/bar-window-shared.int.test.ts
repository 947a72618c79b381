// The chunk cache's kept windows (packages/marketdata/src/chunk-cache.ts, docs/adr/0244): a window
// read again at the same chunk versions is the same shared-memory buffer; other bounds, or a
// rewritten chunk, are assembled afresh from the store. Real Postgres; bar k opens at T0 + 60 k and
// closes at k (1m chunks hold 7 days, 10,080 bars from 1970-01-01, a chunk start at T0).
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { allocBars, BarChunkCache, writeBars } from "@barscript/marketdata";

let env: TestEnv;
const T0 = Date.UTC(2020, 0, 2) / 1000;
const N = 20_160;
const key = { instrumentId: "ins_shared", timeframe: "1m" } as const;

function bars(from: number, n: number, bump: number): ReturnType<typeof allocBars> {
  const b = allocBars(n);
  for (let i = 0; i < n; i++) {
    const k = from + i;
    b.time[i] = T0 + 60 * k;
    b.open[i] = b.high[i] = b.low[i] = b.close[i] = k + bump;
    b.volume[i] = 1;
  }
  return b;
}

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({ data: { id: key.instrumentId, symbol: "SHARED", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  await writeBars(env.db, key, bars(0, N, 0), "imported");
});
afterAll(async () => env.close());

const at = (k: number): Date => new Date((T0 + 60 * k) * 1000);
const request = { symbol: "SHARED", timeframe: "1m" as const, before: 100, from: at(10_000), to: at(10_199) };

test("a window read again is the kept shared buffer; other bounds are their own window", async () => {
  const cache = new BarChunkCache(64 * 1024 * 1024);
  const first = await cache.read(env.db, request);
  const again = await cache.read(env.db, request);
  if (!first.instrument || !again.instrument) throw new Error("no instrument");
  expect(first.bars.close.buffer).toBeInstanceOf(SharedArrayBuffer);
  expect(again.bars.close.buffer).toBe(first.bars.close.buffer);
  expect(cache.windowHits).toBe(1);
  // 100 bars before bar 10,000, then bars 10,000 ... 10,199 (across the chunk boundary at 10,080)
  expect(again.windowStart).toBe(100);
  expect(Array.from(again.bars.close)).toEqual(Array.from({ length: 300 }, (_, i) => 9_900 + i));
  const wider = await cache.read(env.db, { ...request, before: 200 });
  if (!wider.instrument) throw new Error("no instrument");
  expect(cache.windowHits).toBe(1);
  expect(wider.bars.close[0]).toBe(9_800);
  expect(wider.bars.length).toBe(400);
});

test("after a chunk of the window is rewritten, the window is assembled again with the new bars", async () => {
  const cache = new BarChunkCache(64 * 1024 * 1024);
  const old = await cache.read(env.db, request);
  await writeBars(env.db, key, bars(10_100, 10, 500_000), "imported", { replaceFrom: T0 + 60 * 10_100, replaceTo: T0 + 60 * 10_109 });
  const fresh = await cache.read(env.db, request);
  if (!old.instrument || !fresh.instrument) throw new Error("no instrument");
  expect(cache.windowHits).toBe(0);
  expect(fresh.bars.close.buffer).not.toBe(old.bars.close.buffer);
  // bar 10,100 is index 200 of the window: now 510,100; the bars beside it as they were
  expect([fresh.bars.close[199], fresh.bars.close[200], fresh.bars.close[209], fresh.bars.close[210]]).toEqual([10_099, 510_100, 510_109, 10_110]);
  expect(old.bars.close[200]).toBe(10_100);
});
