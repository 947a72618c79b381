// Lower-timeframe requests of a stored instrument the store holds no bars of at that timeframe
// (docs/adr/0157-no-stored-intrabars.md), in the worker (in-process, real Postgres and Redis) over the
// demo bars (packages/marketdata/demo, SOURCES.md): AAPL has daily bars only, SPY daily bars and the
// minutes of January 2011 (times read as UTC). A chart bar without minutes gets an empty array and
// na, as TradingView's chart bars without intrabars; the run succeeds. Expected values read by hand
// from the CSVs: AAPL closed 527.68 (2012-11-16), 565.73, 560.91, 561.7 and 571.5 (11-23; 11-22 was
// Thanksgiving); nt-spy-minute-2011.csv holds 672, 690, 724, 706 and 673 minutes dated 2011-01-03
// to 01-07 (lines counted per date) and none in December 2010, and its last minute of 01-03 closed
// 126.95, of 01-07 127.22.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { newRunId, type Run } from "@barscript/db";
import { DEMO_DIR, importFile } from "@barscript/marketdata";
import type { TestEnv } from "../../../test/support/env";
import { CountingCache } from "./support/counting-cache";
import { admittedAccount, createWorkerRig, runOnce, saveScript, type WorkerRig } from "./support/run-processor";

jest.setTimeout(180_000);

let rig: WorkerRig;
let env: TestEnv;
const cache = new CountingCache(16 * 1024 * 1024);
const US = { assetClass: "equity", currency: "USD", timezone: "America/New_York", session: "0930-1600" } as const;

beforeAll(async () => {
  rig = await createWorkerRig({ size: 1, heapMb: 64 });
  env = rig.env;
  await importFile(env.db, { symbol: "AAPL", timeframe: "1d", file: join(DEMO_DIR, "AAPL.csv"), format: "bokeh", meta: { ...US, name: "Apple Inc.", exchange: "NASDAQ" } });
  const spy = { ...US, name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca", assetClass: "etf" } as const;
  await importFile(env.db, { symbol: "SPY", timeframe: "1d", file: join(DEMO_DIR, "SPY_D.csv"), format: "pandas-ta", meta: spy });
  await importFile(env.db, { symbol: "SPY", timeframe: "1m", file: join(DEMO_DIR, "nt-spy-minute-2011.csv"), format: "ninjatrader", meta: spy });
});

afterAll(() => rig.close());

const day = (d: string): Date => new Date(`${d}T00:00:00Z`);

async function runScript(instrument: string, from: string, to: string, bars: number, source: string, library?: string): Promise<{ row: Run; column: (k: number) => number[] }> {
  const account = await admittedAccount(env.db, `ni-${randomUUID().slice(0, 8)}`);
  if (library !== undefined) await saveScript(env.db, account, "lt", library);
  const script = await saveScript(env.db, account, "s", source.replaceAll("OWNER", account.handle));
  const run = await env.db.run.create({
    data: {
      id: newRunId(), accountId: account.id, kind: "indicator", scriptId: script.id, scriptOwnerId: account.id, scriptSlug: "s", scriptVersion: 1,
      instrument, timeframe: "1d", windowFrom: day(from), windowTo: day(to), windowBars: bars, inputs: {},
    },
  });
  cache.reads = [];
  await runOnce(rig, run.id, { bars: cache });
  const row = await env.db.run.findUniqueOrThrow({ where: { id: run.id } });
  const chunks = await env.db.runOutputChunk.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
  const data = chunks.length > 0 ? new Float64Array(new Uint8Array(chunks[0]!.data).buffer.slice(0)) : new Float64Array(0);
  // the chunk holds the times, then each output column, `bars` values each
  return { row, column: (k) => Array.from(data.slice(bars * (k + 1), bars * (k + 2))) };
}

const errorsOf = (row: Run): unknown[] => (row.summary as unknown as { runtime_errors: unknown[] }).runtime_errors;

it("when an AAPL daily run requests its 1-minute closes and 60-minute close, which the store does not hold, then it succeeds with empty arrays and na, the minutes read once", async () => {
  const { row, column } = await runScript("AAPL", "2012-11-16", "2012-11-23", 5, `//@version=6
indicator("no intrabars")
ltf = request.security_lower_tf(syminfo.tickerid, "1", close)
[h, l] = request.security_lower_tf("", "1", [high, low])
plot(array.size(ltf), "n")
plot(h.size() + l.size(), "tuple")
plot(request.security(syminfo.tickerid, "60", close), "hour")
plot(close, "c")
`);
  expect(row.status).toBe("succeeded");
  expect(errorsOf(row)).toEqual([]);
  expect([column(0), column(1), column(2), column(3)]).toEqual([
    [0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0],
    [NaN, NaN, NaN, NaN, NaN],
    [527.68, 565.73, 560.91, 561.7, 571.5],
  ]);
  // one read of the 1-minute context for both of its sites, none per bar
  expect(cache.reads.filter((r) => r === "AAPL@1m")).toEqual(["AAPL@1m"]);
});

it("when a SPY daily run requests its 1-minute closes over days with and without stored minutes, then each day's array holds that day's stored minutes", async () => {
  const { row, column } = await runScript("SPY", "2010-12-29", "2011-01-07", 8, `//@version=6
indicator("intrabar count")
plot(request.security_lower_tf("AMEX:SPY", "1", close).size(), "n")
plot(request.security("", "1", close), "last")
`);
  expect(row.status).toBe("succeeded");
  expect(errorsOf(row)).toEqual([]);
  // 2010-12-29, 12-30, 12-31 without minutes; 2011-01-03 ... 01-07
  expect(column(0)).toEqual([0, 0, 0, 672, 690, 724, 706, 673]);
  const last = column(1);
  expect([last[0], last[1], last[2], last[3], last[7]]).toEqual([NaN, NaN, NaN, 126.95, 127.22]);
});

it("when the lower-timeframe request is in an imported library's function called in a loop, then it is found as the script runs and reads as in the script itself", async () => {
  // before, the library's request was not among the script's (its source is not the script's):
  // every bar failed with 'no 1m bars of "SPY"'; twice each day's minutes counted above
  const { row, column } = await runScript("SPY", "2010-12-29", "2011-01-07", 8, `//@version=6
indicator("intrabars in a library")
import OWNER/lt/1 as lt
n = 0
for i = 0 to 1
    n += lt.minutes("1")
plot(n, "n")
`, `//@version=6
library("lt")
export minutes(simple string tf) => request.security_lower_tf(syminfo.tickerid, tf, close).size()
`);
  expect(row.status).toBe("succeeded");
  expect(errorsOf(row)).toEqual([]);
  expect(column(0)).toEqual([0, 0, 0, 1344, 1380, 1448, 1412, 1346]);
});

it("kept: a symbol with another exchange's prefix names no instrument, and its lower-timeframe request stays the bar's runtime error", async () => {
  const { row } = await runScript("AAPL", "2012-11-16", "2012-11-23", 5, `//@version=6
indicator("unknown")
plot(request.security_lower_tf("NYSE:AAPL", "1", close).size())
`);
  expect(errorsOf(row)).toEqual([expect.objectContaining({ message: 'symbol "NYSE:AAPL" not found: no instrument of that name is stored', count: 5 })]);
});
