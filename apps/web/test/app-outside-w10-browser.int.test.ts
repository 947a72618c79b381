// The web app used from outside, tenth pass (docs/adr/0354-chart-shows-the-last-filled-table-at-a-position.md),
// in Debian chromium (playwright-core) against a real API and worker: a script that calls table.new
// on every bar leaves one table a bar, and the chart shows what TradingView shows (a table without
// cells not at all, one table at a position: the last); a free plan's account (history from
// 2020-01-01, docs/reference/limits-and-plans.md) refused out_of_coverage on the demo AAPL (bars end
// in 2013) is told which instruments its plan can run on.
// One browser, one API and one worker for every case (their own database, Redis prefix, queues).
import { join } from "node:path";
import type { Page } from "playwright-core";
import { importFile } from "@barscript/marketdata";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

// A table per bar without `var`, as many public scripts write it: at the top right only the last
// bar's table gets a cell; at the bottom left every bar's table gets one.
const PER_BAR = `//@version=6
indicator("table per bar", overlay = true)
t = table.new(position.top_right, 1, 1)
if barstate.islast
    table.cell(t, 0, 0, "last bar")
u = table.new(position.bottom_left, 1, 1, bgcolor = #FFFF00)
table.cell(u, 0, 0, "bar " + str.tostring(bar_index))
plot(close, "c")
`;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  // the demo's Coinbase BTC-USD 4-hour bars (2016-05-18 to 2025-10-28) as seed-demo stores them
  await importFile(h.env.db, { symbol: "BTC-USD", timeframe: "4h", file: join(__dirname, "../../../packages/marketdata/demo/Coinbase-BTC-USD-PT4H-20160518_20251028.json"), format: "ta4j-json", meta: { name: "Bitcoin / US Dollar", exchange: "Coinbase", assetClass: "crypto", currency: "USD", timezone: "UTC", session: "24x7" } });
  me = await h.account({ historyStart: new Date("2020-01-01T00:00:00Z") });
  await h.script(me, "per-bar", PER_BAR);
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

interface Table { position: string; cells: Array<{ text: string }> }

test("a table made on every bar: the chart and the Table view show one table at each position, the last filled; the API lists them all", async () => {
  const run = await me.client.start({ script: "per-bar", instrument: "BTC-USD", timeframe: "4h", bars: 40, wait: 60 });
  expect(run.json.status).toBe("succeeded");
  const drawings = (await me.client.call("GET", `/runs/${run.json.id}/drawings`)).json as { tables: Table[] };
  const at = (p: string): Table[] => drawings.tables.filter((t) => t.position === p);
  // the data stays complete: one table a bar at each position, oldest first
  expect(at("top_right").length).toBeGreaterThanOrEqual(40);
  expect(at("bottom_left").length).toBe(at("top_right").length);
  expect(at("top_right").filter((t) => t.cells.length > 0).map((t) => t.cells[0]?.text)).toEqual(["last bar"]);
  const lastText = at("bottom_left").at(-1)?.cells[0]?.text ?? "";
  expect(lastText).toMatch(/^bar \d+$/);

  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2 && document.querySelectorAll("table.chart-table").length >= 2);
  const shown = await page.locator("table.chart-table").evaluateAll((ts) => ts.map((t) => `${t.getAttribute("data-position")}: ${Array.from(t.querySelectorAll("td")).map((c) => (c.textContent ?? "").trim()).join("|")}`));
  expect(shown.sort()).toEqual([`bottom_left: ${lastText}`, "top_right: last bar"]);

  await page.getByRole("button", { name: "Table", exact: true }).click();
  await page.locator(".drawing-tables table").first().waitFor();
  const listed = await page.locator(".drawing-tables table caption").allTextContents();
  expect(listed).toHaveLength(2);
  expect(listed.every((c) => / of the chart \(1 × 1\)$/.test(c))).toBe(true);
});

test("a free plan's run on AAPL refused out_of_coverage: the form names the instruments whose bars reach the plan's history start", async () => {
  await page.goto(`${h.api.url}/app/scripts/per-bar?kind=indicator`);
  await page.locator("#run-instrument").fill("AAPL");
  await page.locator("#run-timeframe").selectOption("1d");
  await page.getByRole("button", { name: "Run it" }).click();
  await page.getByRole("alert").filter({ hasText: /2020-01-01|history/ }).first().waitFor();
  const hint = page.getByRole("status").filter({ hasText: "Your plan's history starts 2020-01-01" });
  await hint.waitFor();
  // AAPL's demo bars end in 2013; BTC-USD's 4-hour bars (and the days and weeks made of them) in 2025
  await expect(hint.innerText()).resolves.toBe("Your plan's history starts 2020-01-01; stored bars reach it on: BTC-USD (4h, 1d, 1w).");
});
