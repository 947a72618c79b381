// request.security inside a definition a study uses, end to end over HTTP (API and worker as
// processes, real Postgres and Redis): the study run reads MSFT's daily bars before it evaluates,
// and the definition's events are the AAPL window days on which MSFT's latest daily close was
// above the one before it. The expected count is computed here from the demo CSVs
// (packages/marketdata/demo, see its SOURCES.md), not by the code under test.
import { readFile } from "node:fs/promises";
import { join } from "path";
import { importFile } from "@barscript/marketdata";
import { AAPL_FILE, RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(180_000);

const MSFT_FILE = join(__dirname, "../../../packages/marketdata/demo/MSFT.csv");
const DEFINITION = `//@version=6
definition("MSFT up day")
msft = request.security("NASDAQ:MSFT", "D", close)
before = request.security("NASDAQ:MSFT", "D", close[1])
alertcondition(msft > before, "msft_up", "MSFT {{close}}")
`;
const STUDY = `//@version=6
study("AAPL after MSFT up days", horizons = [1, 5])
use("msft-up")
`;

const h = new RunsHarness();
let client: Client;

async function closes(file: string): Promise<Array<{ t: number; close: number }>> {
  const lines = (await readFile(file, "utf8")).trim().split(/\r?\n/).slice(1);
  return lines.map((l) => l.split(",")).map((c) => ({ t: Date.parse(`${c[0]}T00:00:00Z`) / 1000, close: Number(c[4]) })).sort((a, b) => a.t - b.t);
}

async function create(slug: string, source: string): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

beforeAll(async () => {
  await h.setup();
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { name: "Microsoft", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  client = (await h.account()).client;
  await create("msft-up", DEFINITION);
  await create("after-msft", STUDY);
});
afterAll(() => h.teardown());

it("when a study uses a definition that requests another symbol, then the run reads it and counts the definition's events on it", async () => {
  const r = await client.start({ script: "after-msft", instrument: "AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBe(202);
  const run = ["queued", "running"].includes(r.json.status as string) ? await client.final(r.json.id as string) : r.json;
  expect(run.status).toBe("succeeded");
  expect(run.summary.runtime_errors).toEqual([]);

  const aapl = await closes(AAPL_FILE);
  const msft = await closes(MSFT_FILE);
  const from = Date.parse(run.window.from) / 1000;
  const to = Date.parse(run.window.to) / 1000;
  const days = aapl.filter((b) => b.t >= from && b.t <= to);
  expect(days.length).toBe(300);
  let expected = 0;
  for (const d of days) {
    // MSFT's latest daily bar at or before the AAPL day, and the one before it
    let k = -1;
    while (k + 1 < msft.length && msft[k + 1]!.t <= d.t) k++;
    if (k >= 1 && msft[k]!.close > msft[k - 1]!.close) expected++;
  }
  expect(expected).toBeGreaterThan(100);
  expect(expected).toBeLessThan(200);
  expect(run.summary.events).toBe(expected);
  // MSFT's bars are evaluated too, beside AAPL's for the definition and the study body
  expect(run.summary.bars_evaluated).toBeGreaterThan(3 * 300);

  const res = await client.call("GET", `/runs/${run.id as string}/results`);
  expect(res.status).toBe(200);
  expect(res.json.study.horizons).toEqual([1, 5]);
});
