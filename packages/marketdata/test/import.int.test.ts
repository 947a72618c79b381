import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { runAdmin } from "../../../test/support/processes";
import { barAt, lowerBound } from "../src/bars";
import { DEMO_DIR, seedDemoInstruments } from "../src/demo";
import { ImportError, importFile } from "../src/import";
import { getInstrument, listInstruments } from "../src/instruments";
import { readBars, readRange } from "../src/store";

const utc = (...a: [number, number, number, number?, number?]) => Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0) / 1000;
jest.setTimeout(180_000);
let env: TestEnv;
let dir: string;

/**
 * `barscript-admin` as a process: the working tree's built bundle (`node dist/admin.js`, as in
 * the image; built once per set of sources by the integration project's global setup). The tsx
 * wrapper started two Node processes a call, which on a loaded CI machine ran this file's case
 * past its timeout.
 */
async function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return runAdmin(env.processEnv, args);
}

async function snapshot(): Promise<unknown> {
  const chunks = await env.db.barChunk.findMany({ orderBy: [{ instrumentId: "asc" }, { timeframe: "asc" }, { chunkStart: "asc" }] });
  const series = await env.db.instrumentSeries.findMany({ orderBy: [{ instrumentId: "asc" }, { timeframe: "asc" }], omit: { updatedAt: true } });
  const instruments = await env.db.instrument.findMany({ orderBy: { symbol: "asc" }, omit: { updatedAt: true } });
  const digest = (c: (typeof chunks)[number]): string => {
    const h = createHash("sha256");
    for (const col of [c.time, c.open, c.high, c.low, c.close, c.volume]) h.update(col);
    return h.digest("hex").slice(0, 16);
  };
  return {
    chunks: chunks.map((c) => `${c.instrumentId} ${c.timeframe} ${c.chunkStart.toISOString()} ${c.firstTime.toISOString()} ${c.lastTime.toISOString()} ${c.barCount} ${digest(c)}`),
    series: series.map((s) => JSON.stringify(s)),
    instruments: instruments.map((i) => JSON.stringify(i)),
  };
}

beforeAll(async () => {
  env = await createTestEnv();
  dir = mkdtempSync(join(tmpdir(), "bs-import-"));
});
afterAll(async () => env.close());

describe("seed-demo through the import code", () => {
  it("imports every demo instrument with real names and coverage", async () => {
    await seedDemoInstruments(env.db);
    const spy = await getInstrument(env.db, "spy");
    expect(spy).toMatchObject({ symbol: "SPY", name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca", asset_class: "etf", currency: "USD", timezone: "America/New_York", status: "ready" });
    expect(Object.keys(spy?.coverage ?? {})).toEqual(["1m", "5m", "15m", "30m", "1h", "2h", "4h", "1d", "1w"]);
    expect(spy?.coverage["1m"]).toEqual({ from: "2011-01-03T09:01:00Z", to: "2011-03-31T23:59:00Z", bars: 14_180 + 17_577 });
    // SPY's imported daily bars are kept, not replaced by bars derived from the minutes.
    expect(spy?.coverage["1d"]).toEqual({ from: "1999-11-01T00:00:00Z", to: "2020-08-28T00:00:00Z", bars: 5241 });
    const series = await env.db.instrumentSeries.findMany({ where: { instrument: { symbol: "SPY" } } });
    expect(Object.fromEntries(series.map((s) => [s.timeframe, s.origin]))).toEqual({
      "1m": "imported", "5m": "derived", "15m": "derived", "30m": "derived", "1h": "derived", "2h": "derived", "4h": "derived", "1d": "imported", "1w": "derived",
    });
    const btc = await getInstrument(env.db, "BTC-USD");
    expect(btc).toMatchObject({ exchange: "Coinbase", asset_class: "crypto", timezone: "UTC" });
    expect(Object.keys(btc?.coverage ?? {})).toEqual(["4h", "1d", "1w"]);
    expect(btc?.coverage["4h"]?.bars).toBe(20_695);
    const all = await listInstruments(env.db, { limit: 50 });
    expect(all.data.map((i) => [i.symbol, i.exchange])).toEqual([
      ["AAPL", "NASDAQ"], ["BTC-USD", "Coinbase"], ["GOOG", "NASDAQ"], ["IBM", "NYSE"], ["MSFT", "NASDAQ"], ["SPY", "NYSE Arca"],
    ]);
    expect(all.nextAfter).toBeNull();
  });

  it("stores the 5m bar built from five known 1m bars of SPY", async () => {
    const { bars, windowStart } = await readBars(env.db, { symbol: "SPY", timeframe: "5m", before: 2, from: utc(2011, 1, 3, 14, 0), to: utc(2011, 1, 3, 14, 0) });
    expect(windowStart).toBe(2);
    expect(barAt(bars, 2)).toEqual({ time: utc(2011, 1, 3, 14, 0), open: 126.64, high: 126.66, low: 126.63, close: 126.65, volume: 42520 });
    // Gaps stay gaps: no 5m bar at 09:10 or 09:20 on 2011-01-03.
    const early = await readRange(env.db, { instrumentId: (await env.db.instrument.findUniqueOrThrow({ where: { symbol: "SPY" } })).id, timeframe: "5m" }, utc(2011, 1, 3, 9, 0), utc(2011, 1, 3, 9, 30));
    expect(Array.from(early.time)).toEqual([utc(2011, 1, 3, 9, 0), utc(2011, 1, 3, 9, 5), utc(2011, 1, 3, 9, 15), utc(2011, 1, 3, 9, 25)]);
    // The week of MLK day 2011 from SPY's imported daily bars (Tuesday to Friday).
    const week = await readBars(env.db, { symbol: "SPY", timeframe: "1w", before: 0, from: utc(2011, 1, 17), to: utc(2011, 1, 17) });
    expect(barAt(week.bars, 0)).toEqual({ time: utc(2011, 1, 17), open: 129.18, high: 129.64, low: 127.13, close: 128.37, volume: 592711403 });
  });

  it("is idempotent: seeding again leaves the same store", async () => {
    const before = await snapshot();
    await seedDemoInstruments(env.db);
    expect(await snapshot()).toEqual(before);
  });

  it("searches and pages instruments", async () => {
    expect((await listInstruments(env.db, { q: "micro", limit: 50 })).data.map((i) => i.symbol)).toEqual(["MSFT"]);
    expect((await listInstruments(env.db, { q: "btc", limit: 50 })).data.map((i) => i.symbol)).toEqual(["BTC-USD"]);
    const first = await listInstruments(env.db, { limit: 4 });
    expect(first.nextAfter).toBe("IBM");
    expect((await listInstruments(env.db, { limit: 4, after: first.nextAfter })).data.map((i) => i.symbol)).toEqual(["MSFT", "SPY"]);
    expect(await getInstrument(env.db, "NOPE")).toBeNull();
  });
});

let cliTries = 0;

describe("import", () => {
  it("rejects a bad file whole: nothing written, every bad line named", async () => {
    const before = await snapshot();
    const file = join(dir, "bad.csv");
    writeFileSync(file, "time,open,high,low,close,volume\n2011-03-01,1,2,0.5,1.5,10\n2011-03-02,1,0.4,0.5,0.45,10\n2011-03-03,x,2,1,1,1\n");
    const error = await importFile(env.db, { symbol: "SPY", timeframe: "1d", file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).errors.map((e) => e.line)).toEqual([3, 4]);
    expect((error as ImportError).message).toBe('bad.csv: 2 bad rows: line 3: high 0.4 below low 0.5; high 0.4 below open 1 or close 0.45; low 0.5 above open 1 or close 0.45; line 4: open "x" is not a number; nothing imported');
    await expect(importFile(env.db, { symbol: "NEW", timeframe: "1d", file })).rejects.toBeInstanceOf(ImportError);
    expect(await snapshot()).toEqual(before);
  });

  it("creates, then extends an instrument, rebuilding only the derived timeframes", async () => {
    const a = join(dir, "a.csv");
    const b = join(dir, "b.csv");
    // 1h bars; the second file replaces the first's last bar (2024-03-02T01:00Z) and moves on.
    writeFileSync(a, "time,open,high,low,close,volume\n2024-03-01T00:00:00Z,10,12,9,11,1\n2024-03-01T01:00:00Z,11,13,10,12,2\n1709341200,12,14,11,13,3\n");
    writeFileSync(b, "2024-03-02T01:00:00Z,12,15,11,14,4\n2024-03-04T00:00:00Z,14,16,13,15,5\n");
    const first = await importFile(env.db, { symbol: "tst", timeframe: "1h", file: a, meta: { name: "Test", assetClass: "fx" } });
    expect(first).toMatchObject({ symbol: "TST", created: true, bars: 3 });
    const second = await importFile(env.db, { symbol: "TST", timeframe: "1h", file: b });
    expect(second.created).toBe(false);
    const tst = await getInstrument(env.db, "TST");
    expect(tst).toMatchObject({ name: "Test", asset_class: "fx", exchange: "", currency: "USD", timezone: "UTC" });
    expect(tst?.coverage["1h"]).toEqual({ from: "2024-03-01T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 4 });
    expect(tst?.coverage["1d"]).toEqual({ from: "2024-03-01T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 3 });
    // 2024-02-26 is a Monday: Friday 1st and Saturday 2nd in one week, Monday 4th in the next.
    expect(tst?.coverage["1w"]).toEqual({ from: "2024-02-26T00:00:00Z", to: "2024-03-04T00:00:00Z", bars: 2 });
    const id = (await env.db.instrument.findUniqueOrThrow({ where: { symbol: "TST" } })).id;
    const days = await readRange(env.db, { instrumentId: id, timeframe: "1d" });
    expect(barAt(days, 0)).toEqual({ time: utc(2024, 3, 1), open: 10, high: 13, low: 9, close: 12, volume: 3 });
    expect(barAt(days, 1)).toEqual({ time: utc(2024, 3, 2), open: 12, high: 15, low: 11, close: 14, volume: 4 });
    const week = await readRange(env.db, { instrumentId: id, timeframe: "1w" });
    expect(barAt(week, 0)).toEqual({ time: utc(2024, 2, 26), open: 10, high: 15, low: 9, close: 14, volume: 7 });
    expect(lowerBound(week.time, utc(2024, 3, 4))).toBe(1);
  });

  it("imports a timeframe that was derived: it becomes imported and is never replaced by derived bars", async () => {
    const d = join(dir, "d.csv");
    writeFileSync(d, "time,open,high,low,close,volume\n2024-03-01,100,120,90,110,50\n");
    await importFile(env.db, { symbol: "TST", timeframe: "1d", file: d });
    const more = join(dir, "more.csv");
    writeFileSync(more, "2024-03-04T01:00:00Z,15,17,14,16,6\n");
    await importFile(env.db, { symbol: "TST", timeframe: "1h", file: more });
    const tst = await getInstrument(env.db, "TST");
    expect(tst?.coverage["1d"]).toEqual({ from: "2024-03-01T00:00:00Z", to: "2024-03-01T00:00:00Z", bars: 1 });
    expect(tst?.coverage["1h"]?.bars).toBe(5);
    // 1w now comes from the imported 1d alone (rebuilt whole when 1d became imported).
    expect(tst?.coverage["1w"]).toEqual({ from: "2024-02-26T00:00:00Z", to: "2024-02-26T00:00:00Z", bars: 1 });
  });

  it("runs as the operator CLI process (`barscript-admin instruments ...`) with one-line refusals", async () => {
    // a symbol of its own on each try: jest's retry would meet the first try's instrument
    const sym = `CLI${++cliTries}`;
    const ok = join(dir, "ok.csv");
    writeFileSync(ok, "time,open,high,low,close,volume\n2024-03-01,1,2,0.5,1.5,10\n");
    const good = await admin(["instruments", "import", "--symbol", sym, "--timeframe", "1d", "--file", ok, "--name", "Cli Corp", "--exchange", "NYSE", "--asset-class", "equity", "--timezone", "America/New_York"]);
    expect(good).toMatchObject({ code: 0, stderr: "" });
    expect(good.stdout).toMatch(new RegExp(`^${sym}: 1 bars read, instrument created; now stored: 1d 1 bars 2024-03-01T00:00:00Z\\.\\.2024-03-01T00:00:00Z \\(imported\\); 1w 1 bars`));
    const bad = await admin(["instruments", "import", "--symbol", sym, "--timeframe", "1d", "--file", join(DEMO_DIR, "nt-spy-minute-2011.csv")]);
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    expect(bad.stderr).toMatch(/nt-spy-minute-2011.csv: 14180 bad rows: line 1: expected 6 fields, found 1/);
    const tf = await admin(["instruments", "import", "--symbol", sym, "--timeframe", "3m", "--file", ok]);
    expect(tf.code).toBe(1);
    expect(tf.stderr).toMatch(/--timeframe must be one of/);
    expect(await admin(["instruments", "backfill-status", "--symbol", sym.toLowerCase(), "--status", "backfilling"])).toMatchObject({ code: 0 });
    expect((await getInstrument(env.db, sym))?.status).toBe("backfilling");
    const unknown = await admin(["instruments", "backfill-status", "--symbol", "ZZZ", "--status", "ready"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/unknown instrument "ZZZ"/);
  });
});
