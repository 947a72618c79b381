// The bar chunk cache's bars after a window (packages/marketdata/src/chunk-cache.ts `after`, for a
// plot with a negative offset, docs/adr/0141-bars-after-the-window.md): counted from the window's
// last bar across chunk boundaries (1m chunks hold 7 days, 10,080 bars from 1970-01-01), at most
// the bars there are. Bars are synthetic: bar k opens at T0 + 60 k, every minute.
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { allocBars, BarChunkCache, writeBars } from "@barscript/marketdata";

let env: TestEnv;
/** 2020-01-02 00:00 UTC, the start of a 1m chunk (18,263 days after the epoch, a multiple of 7). */
const T0 = Date.UTC(2020, 0, 2) / 1000;
const N = 20_160 + 100;

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({ data: { id: "ins_after", symbol: "AFTER", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" } });
  const b = allocBars(N);
  for (let k = 0; k < N; k++) {
    b.time[k] = T0 + 60 * k;
    b.open[k] = b.high[k] = b.low[k] = b.close[k] = k;
    b.volume[k] = 1;
  }
  await writeBars(env.db, { instrumentId: "ins_after", timeframe: "1m" }, b, "imported");
});
afterAll(async () => env.close());

const at = (k: number): Date => new Date((T0 + 60 * k) * 1000);

test("a window ending on a chunk's last bar reads the next chunk's first bars after it; windowEnd marks where they start", async () => {
  expect((T0 / 86_400) % 7).toBe(0);
  const cache = new BarChunkCache(64 * 1024 * 1024);
  const r = await cache.read(env.db, { symbol: "AFTER", timeframe: "1m", before: 3, from: at(10_070), to: at(10_079), after: 5 });
  if (!r.instrument) throw new Error("no instrument");
  expect(Array.from(r.bars.close)).toEqual([10_067, 10_068, 10_069, ...Array.from({ length: 10 }, (_, k) => 10_070 + k), 10_080, 10_081, 10_082, 10_083, 10_084]);
  expect([r.windowStart, r.windowEnd]).toEqual([3, 13]);
});

test("a window ending inside a chunk takes the bars after it there; near the data's end only those there are", async () => {
  const cache = new BarChunkCache(64 * 1024 * 1024);
  const inside = await cache.read(env.db, { symbol: "AFTER", timeframe: "1m", before: 0, from: at(500), to: at(509), after: 2 });
  if (!inside.instrument) throw new Error("no instrument");
  expect(Array.from(inside.bars.close)).toEqual([500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511]);
  expect(inside.windowEnd).toBe(10);
  const end = await cache.read(env.db, { symbol: "AFTER", timeframe: "1m", before: 0, from: at(N - 4), to: at(N - 3), after: 5 });
  if (!end.instrument) throw new Error("no instrument");
  expect(Array.from(end.bars.close)).toEqual([N - 4, N - 3, N - 2, N - 1]);
  expect(end.windowEnd).toBe(2);
  const none = await cache.read(env.db, { symbol: "AFTER", timeframe: "1m", before: 0, from: at(500), to: at(509) });
  if (!none.instrument) throw new Error("no instrument");
  expect([none.bars.length, none.windowEnd]).toEqual([10, 10]);
});
