// syminfo.description, type, currency and basecurrency end to end: runs over HTTP (API and worker
// as processes, real Postgres and Redis) log the four facts of the chart's instrument and, through
// request.security, of requested ones. The instruments are imported here with the metadata the
// expected strings are written from (prices from the demo CSVs, packages/marketdata/demo/SOURCES.md);
// the type names and base currencies are TradingView's (docs/adr/0106-instrument-facts-in-syminfo.md).
import { join } from "path";
import { importFile } from "@barscript/marketdata";
import { AAPL_FILE, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const MSFT_FILE = join(__dirname, "../../../packages/marketdata/demo/MSFT.csv");

/** Logs, on the last bar, the chart's facts and those of two requested instruments. */
const script = (first: string, second: string): string => `//@version=6
indicator("Instrument facts")
facts() => syminfo.description + "|" + syminfo.type + "|" + syminfo.currency + "|" + syminfo.basecurrency
other1 = request.security("${first}", "D", facts())
other2 = request.security("${second}", "D", facts())
if barstate.islast
    log.info(facts())
    log.info(other1)
    log.info(other2)
plot(close, "c")
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  await h.setup();
  const meta = { exchange: "TEST", timezone: "UTC" };
  await importFile(h.env.db, { symbol: "ETH-EUR", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { ...meta, name: "Ether / Euro", assetClass: "crypto", currency: "EUR" } });
  await importFile(h.env.db, { symbol: "EURUSD", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { ...meta, name: "Euro / US Dollar", assetClass: "fx", currency: "USD" } });
  await importFile(h.env.db, { symbol: "FUNDX", timeframe: "1d", file: AAPL_FILE, format: "bokeh", meta: { ...meta, name: "An Index Fund", assetClass: "etf", currency: "GBP" } });
  const a = await h.account();
  client = a.client;
  await h.script(a, "pairs", script("ETH-EUR", "EURUSD"));
  await h.script(a, "fund-stock", script("FUNDX", "AAPL"));
});
afterAll(() => h.teardown());

async function loggedFacts(script: string, instrument: string): Promise<string[]> {
  const r = await client.start({ script, instrument, timeframe: "1d", bars: 50, wait: 60 });
  expect(r.status).toBeLessThan(300);
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  if (run.status !== "succeeded") throw new Error(JSON.stringify(run));
  const l = await client.call("GET", `/runs/${run.id as string}/logs`);
  expect(l.status).toBe(200);
  return (l.json.data as Array<{ message: string }>).map((x) => x.message);
}

it("when an AAPL run logs its facts and a crypto and a forex pair's, then each line holds that instrument's stored facts in TradingView's names", async () => {
  expect(await loggedFacts("pairs", "AAPL")).toEqual([
    "Apple Inc.|stock|USD|",
    "Ether / Euro|crypto|EUR|ETH",
    "Euro / US Dollar|forex|USD|EUR",
  ]);
});

it("when the chart is a crypto pair requesting an ETF and a stock, then the chart's line is the pair's and the requested lines theirs", async () => {
  expect(await loggedFacts("fund-stock", "ETH-EUR")).toEqual([
    "Ether / Euro|crypto|EUR|ETH",
    "An Index Fund|fund|GBP|",
    "Apple Inc.|stock|USD|",
  ]);
});
