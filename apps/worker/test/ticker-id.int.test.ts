// Symbols written TradingView's way, "EXCHANGE:TICKER", in the worker (in-process, real Postgres and
// Redis; docs/adr/0156-exchange-prefixes.md): the chart's syminfo.tickerid carries its exchange's
// prefix, a requested symbol with its instrument's prefix is that instrument (read once, the chart's
// own identifier none more), NYSE Arca's listings are "AMEX:", a crypto pair is written without its
// separator ("COINBASE:BTCUSD" for the stored BTC-USD), and another exchange's prefix names no
// instrument. Bars are synthetic so values are worked by hand: on day i (daily from 2020-01-01, 200
// days) AAA closes 100 + i, BBB 1000 + i, SPYX 3000 + i and BTC-USD 7000 + i.
import { randomUUID } from "node:crypto";
import { newRunId, type Run } from "@barscript/db";
import { writeFlatSeries } from "../../../test/support/bars";
import type { TestEnv } from "../../../test/support/env";
import { CountingCache } from "./support/counting-cache";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(120_000);

const DAY = 86_400;
const T0 = Date.UTC(2020, 0, 1) / 1000;
const BARS = 200;
const WINDOW = 10;
/** The window's first day: days 190-199. */
const FIRST = BARS - WINDOW;

let rig: WorkerRig;
let env: TestEnv;
const cache = new CountingCache(16 * 1024 * 1024);

async function instrument(id: string, symbol: string, base: number, exchange: string, assetClass: "equity" | "etf" | "crypto"): Promise<void> {
  await writeFlatSeries(env.db, { id, symbol, timeframe: "1d", t0: T0, step: DAY, count: BARS, value: (i) => base + i });
  await env.db.instrument.update({ where: { id }, data: { exchange, assetClass } });
}

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  await instrument("ins_aaa", "AAA", 100, "NASDAQ", "equity");
  await instrument("ins_bbb", "BBB", 1000, "NASDAQ", "equity");
  await instrument("ins_spyx", "SPYX", 3000, "NYSE Arca", "etf");
  await instrument("ins_btc", "BTC-USD", 7000, "Coinbase", "crypto");
});

afterAll(() => rig.close());

async function runScript(source: string): Promise<{ row: Run; column: (k: number) => number[] }> {
  const account = await admittedAccount(env.db, `tid-${randomUUID().slice(0, 8)}`);
  const script = await saveScript(env.db, account, "s", source);
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument: "AAA", timeframe: "1d", windowFrom: new Date((T0 + FIRST * DAY) * 1000), windowTo: new Date((T0 + (BARS - 1) * DAY) * 1000), windowBars: WINDOW, inputs: {},
    },
  });
  await runOnce(rig, run.id, { bars: cache });
  const row = await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const data = chunks.length > 0 ? new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)) : new Float64Array(0);
  // the chunk holds the times, then each output column, WINDOW values each
  return { row, column: (k) => Array.from(data.slice(WINDOW * (k + 1), WINDOW * (k + 2)), (v) => (Number.isNaN(v) ? NaN : v)) };
}

const days = (base: number): number[] => Array.from({ length: WINDOW }, (_, j) => base + FIRST + j);

beforeEach(() => {
  cache.reads = [];
});

it("when a NASDAQ chart splits its syminfo.tickerid and requests itself, NASDAQ:, AMEX: and COINBASE: symbols, then each is its stored instrument, read once", async () => {
  const { row, column } = await runScript(`//@version=6
indicator("p")
parts = str.split(syminfo.tickerid, ":")
plot(parts.size() == 2 and parts.get(0) == "NASDAQ" and parts.get(1) == "AAA" and syminfo.prefix == "NASDAQ" and syminfo.ticker == "AAA" ? 1 : 0, "split")
plot(request.security(syminfo.tickerid, "D", close), "own")
plot(request.security("NASDAQ:BBB", "D", close), "bbb")
plot(request.security("AMEX:SPYX", "D", close), "spyx")
plot(request.security("COINBASE:BTCUSD", "D", close), "btc")
plot(request.security("NASDAQ:BBB", "D", str.split(syminfo.tickerid, ":").get(0) == "NASDAQ" and syminfo.main_tickerid == "NASDAQ:AAA" ? 1 : 0), "inner")
`);
  expect(row.status).toBe("succeeded");
  expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([]);
  // the chart's own identifier is the chart's bars: no read more than the chart's and one per other symbol
  expect(cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d", "BTC-USD@1d", "SPYX@1d"]);
  expect([column(0), column(1), column(2), column(3), column(4), column(5)]).toEqual([
    Array(WINDOW).fill(1),
    days(100),
    days(1000),
    days(3000),
    days(7000),
    Array(WINDOW).fill(1),
  ]);
});

it("when a symbol carries another exchange's prefix, then it names no instrument: nothing is read and the bars that request it raise a clear runtime error", async () => {
  const { row, column } = await runScript(`//@version=6
indicator("p")
plot(close % 2 == 0 ? request.security("NYSE:BBB", "D", close) : close, "n")
plot(request.security("BINANCE:BTCUSDT", "D", close, ignore_invalid_symbol = true), "m")
`);
  expect(row.status).toBe("succeeded");
  expect(cache.reads.sort()).toEqual(["AAA@1d"]);
  // days 190-199 close 290-299: the five even closes request NYSE:BBB
  expect((row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors).toEqual([expect.objectContaining({ message: 'symbol "NYSE:BBB" not found: no instrument of that name is stored', count: 5 })]);
  expect(column(1).every((v) => Number.isNaN(v))).toBe(true);
});

it("when an input.symbol gives \"NASDAQ:BBB\" (as TradingView writes every symbol input), then the computed request reads BBB", async () => {
  const { row, column } = await runScript(`//@version=6
indicator("p")
s = input.symbol("NASDAQ:BBB", "Other")
plot(request.security(s, "D", close), "b")
plot(request.security(ticker.new(syminfo.prefix(s), syminfo.ticker(s)), "D", close * 2), "b2")
`);
  expect(row.status).toBe("succeeded");
  expect(cache.reads.sort()).toEqual(["AAA@1d", "BBB@1d"]);
  expect([column(0), column(1)]).toEqual([days(1000), days(1000).map((v) => 2 * v)]);
});
