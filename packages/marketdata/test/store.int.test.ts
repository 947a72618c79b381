import { createHash } from "node:crypto";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { COLUMNS, allocBars, barAt, concatBars, sliceBars, lowerBound, upperBound, type BarColumns } from "../src/bars";
import { listChunks, readBars, readRange, seriesCoverage, writeBars, type SeriesKey } from "../src/store";
import { barStoreWindow, memoryWindowStore, resolveWindow } from "../src/window";

let env: TestEnv;
const key: SeriesKey = { instrumentId: "ins_store", timeframe: "1m" };
const T0 = Date.UTC(2020, 0, 1) / 1000;

/** `n` one-minute bars from minute `start`, every `step` minutes; prices follow the index. */
function synth(start: number, n: number, step = 1, bump = 0): BarColumns {
  const b = allocBars(n);
  for (let i = 0; i < n; i++) {
    const k = start + i * step;
    b.time[i] = T0 + 60 * k;
    b.open[i] = 100 + k + bump;
    b.high[i] = 101 + k + bump;
    b.low[i] = 99 + k + bump;
    b.close[i] = 100.5 + k + bump;
    b.volume[i] = k;
  }
  return b;
}

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({
    data: { id: key.instrumentId, symbol: "SYN", name: "Synthetic", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" },
  });
});
afterAll(async () => env.close());

describe("bar store", () => {
  it("writes columns into chunks and keeps coverage", async () => {
    await writeBars(env.db, key, synth(0, 50_000), "imported");
    const chunks = await listChunks(env.db, key);
    expect(chunks.map((c) => c.barCount)).toEqual([1440, 10_080, 10_080, 10_080, 10_080, 8240]); // chunks are aligned to the epoch, not to T0
    expect(await seriesCoverage(env.db, key)).toEqual({ from: T0, to: T0 + 60 * 49_999, bars: 50_000 });
    const row = await env.db.barChunk.findFirst({ where: { instrumentId: key.instrumentId } });
    expect(row?.time.byteLength).toBe(1440 * 8);
  });

  it("reads the N bars before `from`, then the window, with the window's index", async () => {
    const { bars, windowStart } = await readBars(env.db, { instrumentId: key.instrumentId, timeframe: "1m", before: 500, from: T0 + 60 * 20_000, to: T0 + 60 * 20_299 });
    expect(windowStart).toBe(500);
    expect(bars.length).toBe(800);
    expect(bars.time[0]).toBe(T0 + 60 * 19_500);
    expect(bars.time[799]).toBe(T0 + 60 * 20_299);
    expect(barAt(bars, 500)).toEqual({ time: T0 + 60 * 20_000, open: 20_100, high: 20_101, low: 20_099, close: 20_100.5, volume: 20_000 });
    expect(bars.time).toBeInstanceOf(Float64Array);
  });

  it("gives fewer bars before when the series starts later, and reads by symbol", async () => {
    const { bars, windowStart } = await readBars(env.db, { symbol: "SYN", timeframe: "1m", before: 500, from: T0 + 60 * 100, to: T0 + 60 * 109 });
    expect(windowStart).toBe(100);
    expect(bars.length).toBe(110);
    const none = await readBars(env.db, { symbol: "SYN", timeframe: "1m", before: 5, from: T0 + 60 * 60_000, to: T0 + 60 * 70_000 });
    expect(none.bars.length).toBe(5);
    expect(none.windowStart).toBe(5);
    await expect(readBars(env.db, { symbol: "NOPE", timeframe: "1m", before: 0, from: 0, to: 1 })).rejects.toMatchObject({ code: "unknown_instrument" });
  });

  it("overwrites a range: bars inside replaced, bars outside kept, idempotently", async () => {
    // Minutes 30,000..30,009 replaced by every other minute with new prices.
    const patch = synth(30_000, 5, 2, 1000);
    for (let round = 0; round < 2; round++) {
      await env.db.$transaction((tx) => writeBars(tx, key, patch, "imported", { replaceFrom: T0 + 60 * 30_000, replaceTo: T0 + 60 * 30_009 }));
    }
    const around = await readRange(env.db, key, T0 + 60 * 29_999, T0 + 60 * 30_010);
    expect(Array.from(around.time).map((t) => (t - T0) / 60)).toEqual([29_999, 30_000, 30_002, 30_004, 30_006, 30_008, 30_010]);
    expect(around.open[1]).toBe(100 + 30_000 + 1000);
    expect(around.open[6]).toBe(100 + 30_010);
    expect(await seriesCoverage(env.db, key)).toEqual({ from: T0, to: T0 + 60 * 49_999, bars: 49_995 });
  });

  it("extends a series past its end", async () => {
    await writeBars(env.db, key, synth(50_000, 100), "imported");
    expect((await seriesCoverage(env.db, key))?.bars).toBe(50_095);
    expect((await listChunks(env.db, key)).length).toBe(6);
  });

  it("answers window questions from the database as from memory", async () => {
    const all = await readRange(env.db, key);
    const mem = memoryWindowStore(Array.from(all.time), "1m");
    const db = barStoreWindow(env.db, key);
    for (const request of [{}, { bars: 7 }, { from: T0 + 60 * 29_990, to: T0 + 60 * 30_020 }, { to: T0 + 60 * 30_005, bars: 8 }, { from: T0 + 60 * 20_150, bars: 30 }]) {
      const options = { historyStart: T0 + 60 * 30_001 };
      const a = await resolveWindow(db, request, options).catch((e: Error) => e.message);
      const b = await resolveWindow(mem, request, options).catch((e: Error) => e.message);
      expect(a).toEqual(b);
    }
  });
});

describe("readBars on a series with gaps", () => {
  const gaps: SeriesKey = { instrumentId: "ins_gaps", timeframe: "1m" };
  const minute = (k: number): number => T0 + 60 * k;

  beforeAll(async () => {
    await env.db.instrument.create({
      data: { id: gaps.instrumentId, symbol: "GAPS", name: "Gaps", exchange: "", assetClass: "crypto", currency: "USD", timezone: "UTC" },
    });
    // Chunks of 10,080 minutes: a full run, a few bars alone in a chunk, empty chunks, a long run.
    await writeBars(env.db, gaps, concatBars([synth(0, 3000), synth(5000, 10, 3), synth(25_000, 5), synth(40_000, 12_000)]), "imported");
  });

  /** The request answered from the whole series in memory. */
  function expected(all: BarColumns, from: number, to: number, before: number): { bars: BarColumns; windowStart: number } {
    const f = lowerBound(all.time, from);
    const e = Math.max(f, upperBound(all.time, to));
    const s = Math.max(0, f - before);
    return { bars: sliceBars(all, s, e), windowStart: f - s };
  }

  /** Length, window index and a digest of each column (jest compares typed arrays slowly). */
  const digest = (r: { bars: BarColumns; windowStart: number }): string[] => [
    `${r.bars.length}@${r.windowStart}`,
    ...COLUMNS.map((c) => createHash("sha1").update(r.bars[c]).digest("hex")),
  ];

  it("gives the same bars through the pool (one COPY) and a transaction's client (Prisma), as from memory", async () => {
    const all = await readRange(env.db, gaps);
    expect(all.length).toBe(15_015);
    let nonEmpty = 0;
    const points = [-10, 0, 2999, 5000.5, 5028, 20_000, 25_002, 45_123, 52_000, 60_000];
    const befores = [0, 3, 500, 3004, 1e9];
    let compared = 0;
    for (const [i, a] of points.entries()) {
      for (const [j, b] of points.entries()) {
        for (const [k, before] of befores.entries()) {
          if ((i + j + k) % 4 !== 0) continue; // a spread of the combinations
          const request = { symbol: "GAPS", timeframe: "1m" as const, before, from: minute(a), to: minute(b) };
          const pooled = await readBars(env.db, request);
          const viaPrisma = await env.db.$transaction((tx) => readBars(tx, request));
          expect(digest(pooled)).toEqual(digest(viaPrisma));
          if (a <= b) expect(digest(pooled)).toEqual(digest(expected(all, minute(a), minute(b), before)));
          compared++;
          if (pooled.bars.length > 0) nonEmpty++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(nonEmpty).toBeGreaterThan(80);
  }, 60_000);

  it("reads by Date and answers an empty series with no bars", async () => {
    const byDate = await readBars(env.db, { instrumentId: gaps.instrumentId, timeframe: "1m", before: 2, from: new Date(minute(5000) * 1000), to: new Date(minute(5003) * 1000) });
    expect(Array.from(byDate.bars.time).map((t) => (t - T0) / 60)).toEqual([2998, 2999, 5000, 5003]);
    expect(byDate.windowStart).toBe(2);
    expect((await readBars(env.db, { instrumentId: gaps.instrumentId, timeframe: "5m", before: 5, from: 0, to: minute(60_000) })).bars.length).toBe(0);
    expect((await readBars(env.db, { symbol: "GAPS", timeframe: "1m", before: 5, from: minute(60_000), to: minute(50_000) })).bars.length).toBe(5);
  });
});
