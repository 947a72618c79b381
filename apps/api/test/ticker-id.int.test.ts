// Symbols written TradingView's way end to end (docs/adr/0156-exchange-prefixes.md): a run over HTTP
// (API and worker as processes, real Postgres and Redis) of an AAPL script that splits
// syminfo.tickerid at ":" (TradingView's "NASDAQ:AAPL") and requests "NASDAQ:MSFT", "AMEX:SPY" (an
// NYSE Arca ETF, listed under AMEX there) and itself through ticker.new(syminfo.prefix,
// syminfo.ticker). Expected values read by hand from the demo files (packages/marketdata/demo, see
// its SOURCES.md): closes on 2012-11-21 and 2012-11-23 of AAPL 561.70 and 571.50 (AAPL.csv), MSFT
// 26.95 and 27.70 (MSFT.csv), SPY 139.45 and 141.35 (SPY_D.csv).
import { join } from "path";
import { importFile } from "@barscript/marketdata";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const DEMO = join(__dirname, "../../../packages/marketdata/demo");
const SCRIPT = `//@version=6
indicator("TradingView symbols")
parts = str.split(syminfo.tickerid, ":")
exchange = parts.get(0)
symbol = parts.get(1)
plot(exchange == "NASDAQ" and symbol == "AAPL" and syminfo.prefix == "NASDAQ" and syminfo.ticker == "AAPL" ? 1 : 0, "split")
plot(request.security("NASDAQ:MSFT", "D", close), "msft")
plot(request.security("AMEX:SPY", "D", close), "spy")
plot(request.security(ticker.new(syminfo.prefix, syminfo.ticker), "D", close), "own")
inner = request.security("NASDAQ:MSFT", "D", syminfo.tickerid + "|" + syminfo.main_tickerid)
if barstate.islast
    log.info(syminfo.tickerid + "|" + exchange + "|" + symbol + "|" + inner)
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  await h.setup();
  const us = { assetClass: "equity", currency: "USD", timezone: "America/New_York", session: "0930-1600" } as const;
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: join(DEMO, "MSFT.csv"), format: "bokeh", meta: { ...us, name: "Microsoft Corporation", exchange: "NASDAQ" } });
  await importFile(h.env.db, { symbol: "SPY", timeframe: "1d", file: join(DEMO, "SPY_D.csv"), format: "pandas-ta", meta: { ...us, assetClass: "etf", name: "SPDR S&P 500 ETF Trust", exchange: "NYSE Arca" } });
  const a = await h.account();
  client = a.client;
  await h.script(a, "tv-symbols", SCRIPT);
  await h.script(a, "cross", `//@version=6\ndefinition("Cross")\nlen = input.int(10, "Length")\nalertcondition(ta.crossover(close, ta.sma(close, len)), "up", "{{exchange}}:{{ticker}} up")\n`);
});
afterAll(() => h.teardown());

const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 1000;

it("when a run names its instrument NASDAQ:AAPL, then it runs on AAPL and the script's split ticker identifier and prefixed requests read the stored bars", async () => {
  const r = await client.start({ script: "tv-symbols", instrument: "NASDAQ:AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBe(202);
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  expect(run.status).toBe("succeeded");
  expect(run.instrument).toBe("AAPL");
  expect(run.summary.runtime_errors).toEqual([]);
  const points = await client.allPoints(run.id as string);
  const at = (d: string) => points.find((p) => p.t === day(d))!;
  expect(at("2012-11-21")).toEqual({ t: day("2012-11-21"), split: 1, msft: 26.95, spy: 139.45, own: 561.7 });
  expect(at("2012-11-23")).toEqual({ t: day("2012-11-23"), split: 1, msft: 27.7, spy: 141.35, own: 571.5 });
  const logs = await client.call("GET", `/runs/${run.id as string}/logs`);
  expect(logs.status).toBe(200);
  expect((logs.json.data as Array<{ message: string }>).map((l) => l.message)).toEqual(["NASDAQ:AAPL|NASDAQ|AAPL|NASDAQ:MSFT|NASDAQ:AAPL"]);
});

it("when a run names AAPL with another exchange's prefix, then it is refused as an unknown instrument in the error envelope", async () => {
  const r = await client.start({ script: "tv-symbols", instrument: "NYSE:AAPL", timeframe: "1d", bars: 300 });
  expect(r.status).toBe(400);
  expect(r.json.error).toEqual(expect.objectContaining({ code: "unknown_instrument", message: 'No instrument has the symbol "NYSE:AAPL".' }));
});

it("when a sweep names NASDAQ:MSFT, then it sweeps the stored MSFT; naming AAPL both ways is naming it twice, and another exchange's prefix is an unknown instrument", async () => {
  const body = { definition: "cross", timeframe: "1d", bars: 300, grid: { len: [10] }, horizons: [1] };
  const ok = await client.call("POST", "/sweeps", { ...body, instruments: ["NASDAQ:MSFT"] });
  expect(ok.status).toBe(202);
  expect(ok.json.instruments).toEqual(["MSFT"]);
  const twice = await client.call("POST", "/sweeps", { ...body, instruments: ["NASDAQ:AAPL", "AAPL"] });
  expect(twice.status).toBe(400);
  expect(twice.json.error).toEqual(expect.objectContaining({ code: "invalid_request", message: "Instrument AAPL is listed twice." }));
  const wrong = await client.call("POST", "/sweeps", { ...body, instruments: ["NYSE:MSFT"] });
  expect(wrong.status).toBe(400);
  expect(wrong.json.error).toEqual(expect.objectContaining({ code: "unknown_instrument", message: 'No instrument has the symbol "NYSE:MSFT".' }));
});

it("when a definition runs on NASDAQ:AAPL, then its events are AAPL's, their {{exchange}}:{{ticker}} reads NASDAQ:AAPL, and the events filter takes the instrument either way", async () => {
  const r = await client.start({ script: "cross", instrument: "NASDAQ:AAPL", timeframe: "1d", bars: 300, wait: 60 });
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  expect(run.status).toBe("succeeded");
  const list = async (instrument: string) => (await client.call("GET", `/scripts/cross/events?instrument=${encodeURIComponent(instrument)}&run_id=${run.id as string}`)).json.events as Array<{ instrument: string; message: string }>;
  const bare = await list("AAPL");
  expect(bare.length).toBeGreaterThan(0);
  expect(new Set(bare.map((e) => `${e.instrument} ${e.message}`))).toEqual(new Set(["AAPL NASDAQ:AAPL up"]));
  expect(await list("NASDAQ:AAPL")).toEqual(bare);
  expect(await list("NYSE:AAPL")).toEqual([]);
});

it("when an instrument is looked up as NASDAQ:AAPL, then it is AAPL; NYSE:AAPL is 404 unknown_instrument", async () => {
  const ok = await client.call("GET", "/instruments/NASDAQ:AAPL");
  expect(ok.status).toBe(200);
  expect(ok.json).toEqual(expect.objectContaining({ symbol: "AAPL", exchange: "NASDAQ" }));
  const spy = await client.call("GET", "/instruments/amex:spy");
  expect(spy.json).toEqual(expect.objectContaining({ symbol: "SPY", exchange: "NYSE Arca" }));
  const wrong = await client.call("GET", "/instruments/NYSE:AAPL");
  expect(wrong.status).toBe(404);
  expect(wrong.json.error).toEqual(expect.objectContaining({ code: "unknown_instrument" }));
});

it("when a prefix or ticker is missing, doubled or malformed, then every place naming an instrument refuses it in the envelope and nothing is started", async () => {
  const [runsBefore, sweepsBefore] = [await h.env.db.run.count(), await h.env.db.sweep.count()];
  for (const name of [":AAPL", "NASDAQ:", "NASDAQ::AAPL", "a:b:c", " : ", "NASDAQ%3AAAPL", "ÄÖ:AAPL"]) {
    const run = await client.start({ script: "tv-symbols", instrument: name, timeframe: "1d", bars: 300 });
    expect([name, run.status, run.json.error.code]).toEqual([name, 400, "unknown_instrument"]);
    const collect = await client.call("POST", "/scripts/cross/collect", { instrument: name, timeframe: "1d", bars: 300 });
    expect([name, collect.status, collect.json.error.code]).toEqual([name, 400, "unknown_instrument"]);
    const sweep = await client.call("POST", "/sweeps", { definition: "cross", timeframe: "1d", bars: 300, grid: { len: [10] }, horizons: [1], instruments: [name] });
    expect([name, sweep.status, sweep.json.error.code]).toEqual([name, 400, "unknown_instrument"]);
    const one = await client.call("GET", `/instruments/${encodeURIComponent(name)}`);
    expect([name, one.status, one.json.error.code]).toEqual([name, 404, "unknown_instrument"]);
    // an events filter naming no instrument lists none
    const events = await client.call("GET", `/scripts/cross/events?instrument=${encodeURIComponent(name)}`);
    expect([name, events.status, events.json.events]).toEqual([name, 200, []]);
  }
  const nul = await client.start({ script: "tv-symbols", instrument: "NASDAQ:\u0000AAPL", timeframe: "1d", bars: 300 });
  expect([nul.status, nul.json.error.code]).toEqual([400, "invalid_request"]);
  const notString = await client.call("POST", "/sweeps", { definition: "cross", timeframe: "1d", bars: 300, grid: { len: [10] }, horizons: [1], instruments: [["NASDAQ:AAPL"]] });
  expect([notString.status, notString.json.error.code]).toEqual([400, "invalid_request"]);
  expect([await h.env.db.run.count(), await h.env.db.sweep.count()]).toEqual([runsBefore, sweepsBefore]);
});
