// request.security end to end: a run over HTTP (API and worker as processes, real Postgres and
// Redis) of an AAPL script that reads MSFT's daily close and AAPL's weekly close. Expected values
// are read by hand from the demo CSVs (packages/marketdata/demo, see its SOURCES.md): MSFT closed
// 26.95 on 2012-11-21 and 27.70 on 2012-11-23; AAPL's week of 2012-11-12 closed 527.68 (Fri 11-16),
// the week of 11-19 closed 571.50 (Fri 11-23), the week of 11-05 547.06.
// A request's result kept in a variable that another request's expression reads is evaluated
// within that request's context (docs/adr/0307): `x = request.security(syminfo.tickerid, "W",
// close)` read by `request.security("NASDAQ:MSFT", "D", x)` is MSFT's week as MSFT's days see it,
// and the worker fetches MSFT's weeks before the run. From a Python loop over the MSFT CSV (weeks
// from Monday): on a week's last trading day its close, on its other days the previous week's: the
// week of 2012-11-12 closed 26.52 (Fri 11-16), the week of 11-19 27.70 (Fri 11-23, after
// Thanksgiving), the week of 11-05 28.83.
// A request in a loop skipping with `continue` the timeframes at or below the chart's reads the week
// (docs/adr/0314): the weekly context's own run skips every iteration, and the worker finds the week
// only as the run reaches the request. Without dynamic requests (v5 by default) such a loop is refused
// at validation, in the validation envelope.
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
const NESTED = `//@version=6
indicator("A week read from MSFT's days")
x = request.security(syminfo.tickerid, "W", close)
plot(request.security("NASDAQ:MSFT", "D", x), "msft_week")
plot(request.security("NASDAQ:MSFT", "D", close), "msft")
`;

const LOOP = `//@version=6
indicator("Higher timeframes in a loop")
float wClose = na
for tf in array.from("D", "W")
    if timeframe.in_seconds(tf) <= timeframe.in_seconds()
        continue
    wClose := request.security(syminfo.tickerid, tf, close)
plot(wClose, "week")
`;

const h = new RunsHarness();
let client: Client;

beforeAll(async () => {
  await h.setup();
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { name: "Microsoft", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  const a = await h.account();
  client = a.client;
  await h.script(a, "mtf", SCRIPT);
  await h.script(a, "nested", NESTED);
  await h.script(a, "loop", LOOP);
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

it("when an AAPL run reads a weekly request's variable inside a request of MSFT's days, then it holds MSFT's weekly close as MSFT's days see it", async () => {
  const r = await client.start({ script: "nested", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBeLessThan(300);
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  expect(run.status).toBe("succeeded");
  const points = await client.allPoints(run.id as string);
  const at = (d: string) => points.find((p) => p.t === day(d))!;
  expect([at("2012-11-12").msft_week, at("2012-11-16").msft_week, at("2012-11-21").msft_week, at("2012-11-23").msft_week]).toEqual([28.83, 26.52, 26.52, 27.7]);
  expect(at("2012-11-21").msft).toBe(26.95);
});

it("when an AAPL run requests in a loop that skips the chart's timeframe with continue, then it holds AAPL's weekly close", async () => {
  const r = await client.start({ script: "loop", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBeLessThan(300);
  const run = ["succeeded", "failed"].includes(r.json.status as string) ? r.json : await client.final(r.json.id as string);
  expect(run.status).toBe("succeeded");
  const points = await client.allPoints(run.id as string);
  const at = (d: string) => points.find((p) => p.t === day(d))!;
  expect([at("2012-11-12").week, at("2012-11-16").week, at("2012-11-21").week, at("2012-11-23").week]).toEqual([547.06, 527.68, 527.68, 571.5]);
});

it("when a v5 script without dynamic_requests = true requests in a loop, then validation refuses it and says what to change", async () => {
  const v5 = LOOP.replace("//@version=6", "//@version=5");
  const r = await client.call("POST", "/scripts/validate", { files: [{ path: "main.pine", content: v5 }] });
  expect(r.status).toBe(200);
  expect(r.json.valid).toBe(false);
  const diagnostics = r.json.diagnostics as Array<{ code: string; line: number; message: string }>;
  expect(diagnostics.map((d) => [d.code, d.line])).toEqual([
    ["invalid_context", 7],
    ["qualifier_mismatch", 7],
  ]);
  expect(diagnostics[0]!.message).toContain("`dynamic_requests = true`");
  const on = await client.call("POST", "/scripts/validate", { files: [{ path: "main.pine", content: v5.replace('loop")', 'loop", dynamic_requests = true)') }] });
  expect(on.json.valid).toBe(true);
});
