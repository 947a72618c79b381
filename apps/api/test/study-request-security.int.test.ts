// request.security inside the definitions and bodies of studies, end to end over HTTP (API and
// worker as processes, real Postgres and Redis). A constant context is read before evaluation; a
// context chosen as the scripts run (a symbol from an input, a timeframe computed on each bar) is
// named by a first evaluation, read, and the study evaluated again with it (as indicator runs do).
// The definitions' events are the AAPL window days on which MSFT's latest daily close was above the
// one before it; expected counts are computed here from the demo CSVs (packages/marketdata/demo, see
// its SOURCES.md), not by the code under test.
import { readFile } from "node:fs/promises";
import { join } from "path";
import { importFile } from "@barscript/marketdata";
import { AAPL_FILE, RunsHarness, type Answer, type Client } from "./runs-harness";

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

const DYNAMIC_DEFINITION = `//@version=6
definition("Other up day")
other = input.symbol("NASDAQ:MSFT", "Other symbol")
tf = bar_index >= 0 ? "D" : "W"
now = request.security(other, tf, close)
before = request.security(other, tf, close[1])
alertcondition(now > before, "other_up", "{{close}}")
`;
const DYNAMIC_STUDY = `//@version=6
study("AAPL after the other's up days", horizons = [1, 5])
use("other-up")
sym = input.string("MSFT", "Compare")
group("above_30", request.security(sym, timeframe.isdaily ? "D" : "W", close) > 30 ? "yes" : "no")
`;

const h = new RunsHarness();
let client: Client;

async function closes(file: string): Promise<Array<{ t: number; close: number }>> {
  const lines = (await readFile(file, "utf8")).trim().split(/\r?\n/).slice(1);
  return lines.map((l) => l.split(",")).map((c) => ({ t: Date.parse(`${c[0]}T00:00:00Z`) / 1000, close: Number(c[4]) })).sort((a, b) => a.t - b.t);
}

/** Starts a 300-bar run of `script` on AAPL daily and waits for it to end successfully. */
async function succeededRun(script: string): Promise<Answer["json"]> {
  const r = await client.start({ script, instrument: "AAPL", timeframe: "1d", bars: 300, wait: 60 });
  expect(r.status).toBe(202);
  const run = ["queued", "running"].includes(r.json.status as string) ? await client.final(r.json.id as string) : r.json;
  expect([run.status, run.failure ?? null]).toEqual(["succeeded", null]);
  expect(run.summary.runtime_errors).toEqual([]);
  return run;
}

/** MSFT's close on each AAPL day of the run's window where MSFT's latest daily close at or before
 *  the day was above the one before it (a plain loop over the CSVs). */
async function msftUpCloses(run: Answer["json"]): Promise<number[]> {
  const aapl = await closes(AAPL_FILE);
  const msft = await closes(MSFT_FILE);
  const from = Date.parse(run.window.from) / 1000;
  const to = Date.parse(run.window.to) / 1000;
  const days = aapl.filter((b) => b.t >= from && b.t <= to);
  expect(days.length).toBe(300);
  const up: number[] = [];
  for (const d of days) {
    let k = -1;
    while (k + 1 < msft.length && msft[k + 1]!.t <= d.t) k++;
    if (k >= 1 && msft[k]!.close > msft[k - 1]!.close) up.push(msft[k]!.close);
  }
  return up;
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
  await create("other-up", DYNAMIC_DEFINITION);
  await create("after-other", DYNAMIC_STUDY);
});
afterAll(() => h.teardown());

it("when a study uses a definition that requests another symbol, then the run reads it and counts the definition's events on it", async () => {
  const run = await succeededRun("after-msft");
  const expected = (await msftUpCloses(run)).length;
  expect(expected).toBeGreaterThan(100);
  expect(expected).toBeLessThan(200);
  expect(run.summary.events).toBe(expected);
  // MSFT's bars are evaluated too, beside AAPL's for the definition and the study body
  expect(run.summary.bars_evaluated).toBeGreaterThan(3 * 300);

  const res = await client.call("GET", `/runs/${run.id as string}/results`);
  expect(res.status).toBe(200);
  expect(res.json.study.horizons).toEqual([1, 5]);
});

it("when a study's definition and body request a symbol and timeframe computed as they run, then the run reads that context and studies the events on it", async () => {
  const run = await succeededRun("after-other");
  const byGroup = new Map<string, number>();
  for (const close of await msftUpCloses(run)) {
    const g = close > 30 ? "yes" : "no";
    byGroup.set(g, (byGroup.get(g) ?? 0) + 1);
  }
  const expected = [...byGroup.values()].reduce((a, b) => a + b, 0);
  expect(expected).toBeGreaterThan(100);
  expect(byGroup.size).toBe(2);
  expect(run.summary.events).toBe(expected);

  const res = await client.call("GET", `/runs/${run.id as string}/results`);
  expect(res.status).toBe(200);
  const groups = (res.json.study.groups as Array<{ event: string; group: Record<string, string>; count: number }>).map((g) => [g.event, g.group.above_30, g.count]);
  expect(groups.sort()).toEqual([...byGroup.entries()].map(([g, n]) => ["other_up", g, n]).sort());
});
