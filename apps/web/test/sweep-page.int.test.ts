// /app/sweeps/{sweep_id} in Debian chromium (playwright-core) against a real API and worker: a
// signed-in person opens a finished sweep of two inputs and sees its rows ranked as the API ranks
// them and a heat map over the two inputs (each cell the row of that pair); the statistic can be
// changed; axe-core finds no violation; another account's sweep is "not found".
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { openBrowser, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
len = input.int(14, "Length", minval = 2)
alertcondition(ta.rsi(close, len) < level, "oversold", "x")
`;

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;

async function finalSweep(client: Client, id: string): Promise<void> {
  for (;;) {
    const r = await client.call("GET", `/sweeps/${id}?wait=10`);
    if (!["queued", "running"].includes(r.json.status as string)) return;
  }
}

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  browser = await openBrowser();
  ({ page } = browser);
  page.setDefaultTimeout(30_000);
});
afterAll(async () => {
  await browser?.close();
  await h.teardown();
});

test("a finished sweep: ranked rows, a heat map of two inputs, another account's sweep not found", async () => {
  const created = await me.client.call("POST", "/scripts", { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] });
  expect([201, 409]).toContain(created.status);
  const started = await me.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [25, 30, 35], len: [7, 14] }, horizons: [5], wait: 60 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  await finalSweep(me.client, id);
  const rows = (await me.client.call("GET", `/sweeps/${id}/results?limit=1000`)).json.data as Array<{ rank: number; inputs: { level: number; len: number }; horizons: Array<{ t_stat: number | null; mean: number | null }> }>;

  await page.goto(`${h.api.url}/app/sweeps/${id}`);
  await page.waitForURL(/\/login\?next=/);
  const n = /runner-(\d+)/.exec(me.handle)![1];
  await page.getByLabel("Email").fill(`runs${n}@example.com`);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(new RegExp(`/app/sweeps/${id}$`));

  const ranked = page.getByRole("table", { name: "Combinations ranked" });
  await ranked.waitFor();
  const firstCells = await ranked.locator("tbody tr").first().locator("td").allTextContents();
  expect(firstCells[0]).toBe("1");
  expect(JSON.parse(firstCells[1]!)).toEqual(rows[0]!.inputs);
  expect(await ranked.locator("tbody tr").count()).toBe(6);

  // Heat map: level across, len down; each cell the t statistic of that pair's row.
  const heat = page.locator("table.heatmap");
  await heat.waitFor();
  expect(await heat.locator("thead th").allTextContents()).toEqual(["len / level", "25", "30", "35"]);
  const cellOf = (level: number, len: number) => heat.locator("tbody tr").nth([7, 14].indexOf(len)).locator("td").nth([25, 30, 35].indexOf(level));
  const fmt = (v: number | null): string => (v === null ? "–" : v.toLocaleString("en-US", { maximumFractionDigits: 4 }));
  for (const r of rows) expect(await cellOf(r.inputs.level, r.inputs.len).textContent()).toBe(fmt(r.horizons[0]!.t_stat));
  await page.getByLabel("statistic").selectOption("mean");
  const one = rows.find((r) => r.inputs.level === 30 && r.inputs.len === 14)!;
  expect(await cellOf(30, 14).textContent()).toBe(fmt(one.horizons[0]!.mean));

  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: Array<{ id: string }> }> } }).axe;
    return (await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] } })).violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);

  // Another account's sweep: the page says not found, as the API does.
  const other = await h.account();
  await other.client.call("POST", "/scripts", { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] });
  const theirs = await other.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { level: [30] }, horizons: [1] });
  await page.goto(`${h.api.url}/app/sweeps/${theirs.json.id as string}`);
  await page.getByText(/not found|No sweep/i).first().waitFor();
});
