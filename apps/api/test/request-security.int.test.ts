// request.security end to end: a run over HTTP (API and worker as processes, real Postgres and
// Redis) of an AAPL script that reads MSFT's daily close and AAPL's weekly close. Expected values
// are read by hand from the demo CSVs (packages/marketdata/demo, see its SOURCES.md): MSFT closed
// 26.95 on 2012-11-21 and 27.70 on 2012-11-23; AAPL's week of 2012-11-12 closed 527.68 (Fri 11-16),
// the week of 11-19 closed 571.50 (Fri 11-23), the week of 11-05 547.06.
import { join } from "path";
import { importFile } from "@barscript/marketdata";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const MSFT_FILE = join(__dirname, "../../../packages/marketdata/demo/MSFT.csv");
const SCRIPT = `//@version=6
indicator("Other symbol and week")
plot(request.security("NASDAQ:MSFT", "D", close), "msft")
plot(request.security(syminfo.tickerid, "W", close), "week")
plot(request.security("NYSE:MSFT", "D", close, ignore_invalid_symbol = true), "wrong_exchange")
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  await h.setup();
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { name: "Microsoft", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  const a = await h.account();
  client = a.client;
  await h.script(a, "mtf", SCRIPT);
});
afterAll(() => h.teardown());

const day = (d: string): number => Date.parse(`${d}T00:00:00Z`) / 1000;

it("when an AAPL run requests MSFT and AAPL's week, then its outputs hold their values on TradingView's historical rule", async () => {
  const r = await client.start({ script: "mtf", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBeLessThan(300);
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  expect(run.status).toBe("succeeded");
  // the context's bars are evaluated too: MSFT's and the weeks' beside AAPL's 300
  expect(run.summary.bars_evaluated).toBeGreaterThan(300 + 300);
  const points = await client.allPoints(run.id as string);
  const at = (d: string) => points.find((p) => p.t === day(d))!;
  expect(at("2012-11-21").msft).toBe(26.95);
  expect(at("2012-11-23").msft).toBe(27.7);
  expect([at("2012-11-12").week, at("2012-11-16").week, at("2012-11-21").week, at("2012-11-23").week]).toEqual([547.06, 527.68, 527.68, 571.5]);
  // an exchange prefix that is not the instrument's is not that instrument
  expect(at("2012-11-23").wrong_exchange).toBeNull();
});
