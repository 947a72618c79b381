// The series as one JSON value (seriesJsonSql, seriesOfJson: the API's run start reads it beside
// the script): the instrument and its chunks, oldest first, as lookupSeries gives them. Chunks of
// 1m bars span 10,080 minutes aligned to the epoch (a week from a Thursday), worked by hand below.
import { query, statement } from "@barscript/db";
import { allocBars, lookupSeries, seriesJsonSql, seriesOfJson, writeBars, type SeriesJson } from "@barscript/marketdata";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

let env: TestEnv;
// 2020-01-01T00:00Z, a Wednesday: its chunk began on Thursday 2019-12-26 (1577318400 = 2608 weeks after the epoch)
const T0 = Date.UTC(2020, 0, 1) / 1000;
const WEEK = 604_800;
const CHUNK0 = 1_577_318_400;
const BARS = 40_000;
const SERIES = statement("test_series_json", `SELECT (${seriesJsonSql("$1", "$2")}) AS series`);
const read = async (symbol: string, timeframe: string) => seriesOfJson((await query<{ series: SeriesJson | null }>(env.db, SERIES, [symbol, timeframe]))[0]?.series ?? null);

beforeAll(async () => {
  env = await createTestEnv();
  await env.db.instrument.create({ data: { id: "ins_json", symbol: "JSONS", name: "Synthetic JSON", exchange: "", assetClass: "crypto", currency: "EUR", timezone: "UTC" } });
  const bars = allocBars(BARS);
  for (let i = 0; i < BARS; i++) {
    bars.time[i] = T0 + 60 * i;
    bars.open[i] = bars.high[i] = bars.low[i] = bars.close[i] = 100;
    bars.volume[i] = 1;
  }
  await writeBars(env.db, { instrumentId: "ins_json", timeframe: "1m" }, bars, "imported");
});
afterAll(async () => env.close());

describe("the series as one JSON value", () => {
  it("when the instrument has 40,000 minute bars from 2020-01-01, then it has five weekly chunks with their bars, as lookupSeries reads them", async () => {
    const series = await read("JSONS", "1m");
    expect(series?.instrument).toEqual({ id: "ins_json", symbol: "JSONS", timezone: "UTC", session: expect.any(String), status: expect.any(String), name: "Synthetic JSON", assetClass: "crypto", currency: "EUR", exchange: "" });
    // 1,440 minutes to the end of the first week, three full weeks of 10,080, then the 8,320 left
    expect(series?.chunks.map(({ version: _v, ...c }) => c)).toEqual([
      { chunkStart: CHUNK0, firstTime: T0, lastTime: T0 + 60 * 1439, barCount: 1440 },
      { chunkStart: CHUNK0 + WEEK, firstTime: T0 + 60 * 1440, lastTime: T0 + 60 * 11_519, barCount: 10_080 },
      { chunkStart: CHUNK0 + 2 * WEEK, firstTime: T0 + 60 * 11_520, lastTime: T0 + 60 * 21_599, barCount: 10_080 },
      { chunkStart: CHUNK0 + 3 * WEEK, firstTime: T0 + 60 * 21_600, lastTime: T0 + 60 * 31_679, barCount: 10_080 },
      { chunkStart: CHUNK0 + 4 * WEEK, firstTime: T0 + 60 * 31_680, lastTime: T0 + 60 * 39_999, barCount: 8320 },
    ]);
    expect(series).toEqual(await lookupSeries(env.db, "JSONS", "1m"));
  });

  it("when the instrument has no bars at the timeframe, then it has no chunks; an unknown symbol has no series", async () => {
    expect((await read("JSONS", "1h"))?.chunks).toEqual([]);
    expect(await read("NOPE", "1m")).toBeNull();
    expect(await lookupSeries(env.db, "NOPE", "1m")).toBeNull();
  });
});
