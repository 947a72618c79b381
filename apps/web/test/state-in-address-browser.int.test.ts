// The web app used from outside, fourth pass (docs/adr/0316-clients-used-from-outside-four.md), in
// Debian chromium (playwright-core) against a real API and worker: what a page shows is in its
// address, so a reload, back and forward and a shared link keep it. A sweep's ranking
// (`/app/sweeps/{id}?sort=h20:p_value`, the API's `sort`) and a run's view (`/app/runs/{id}?view=table`)
// were held in the page alone: a reload ranked by the default again or showed the chart again,
// and a link could not name either. Fifth pass: a run's results table page (`?page=2`) and its logs'
// level filter (`?level=error`) reset on a reload too.
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];
let id = "";
let runId = "";

const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
alertcondition(ta.rsi(close, 14) < level, "oversold", "x")
`;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  await h.script(me, "rsi-below", DEF);
  const started = await me.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [20, 25, 30, 35, 40] }, horizons: [5, 20] });
  expect(started.status).toBe(202);
  id = started.json.id as string;
  let status = started.json.status as string;
  while (status === "queued" || status === "running") status = (await me.client.call("GET", `/sweeps/${id}?wait=10`)).json.status as string;
  expect(status).toBe("succeeded");
  await h.script(me, "closes", '//@version=6\nindicator("Closes")\nplot(close, "c")\n');
  await h.script(me, "closes-logged", '//@version=6\nindicator("Closes logged")\nif bar_index % 100 == 0\n    log.info("bar " + str.tostring(bar_index))\nif bar_index % 1000 == 0\n    log.error("at " + str.tostring(bar_index))\nplot(close, "c")\n');
  const run = (await me.client.call("POST", "/runs", { script: "closes", instrument: "AAPL", timeframe: "1d", bars: 150, wait: 30 })).json as { id: string; status: string };
  expect(run.status).toBe("succeeded");
  runId = run.id;
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

/** The levels in the order the API ranks them by `sort`. */
async function apiOrder(sort: string): Promise<number[]> {
  const rows = (await me.client.call("GET", `/sweeps/${id}/results?sort=${sort}`)).json.data as Array<{ inputs: { level: number } }>;
  return rows.map((r) => r.inputs.level);
}

const caption = () => page.locator("table.ranked caption");
const rankBy = () => page.getByLabel("Rank by", { exact: true });
const atHorizon = () => page.getByLabel("at horizon", { exact: true });

/** Waits for the ranked table to name `stat` at `horizon`, then reads its levels in order. */
async function shown(stat: string, horizon: number): Promise<number[]> {
  await page.waitForFunction((text) => document.querySelector("table.ranked caption")?.textContent === text, `Combinations ranked by ${stat} at h = ${horizon}`);
  // the level column is the second (after Rank)
  return (await page.locator("table.ranked tbody tr td:nth-child(2)").allTextContents()).map(Number);
}

test("choosing a ranking puts it in the address (the focus stays on the menu); reload, back and forward keep it", async () => {
  const base = `${h.api.url}/app/sweeps/${id}`;
  await page.goto(base);
  await expect(shown("t_stat", 5)).resolves.toEqual(await apiOrder("h5:t_stat"));

  await rankBy().focus();
  await rankBy().selectOption("p_value");
  await page.waitForURL(`${base}?sort=h5:p_value`);
  await expect(shown("p_value", 5)).resolves.toEqual(await apiOrder("h5:p_value"));
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("rank-stat");

  await atHorizon().focus();
  await atHorizon().selectOption("20");
  await page.waitForURL(`${base}?sort=h20:p_value`);
  const h20 = await apiOrder("h20:p_value");
  await expect(shown("p_value", 20)).resolves.toEqual(h20);
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("rank-h");

  await page.reload();
  await expect(shown("p_value", 20)).resolves.toEqual(h20);
  await expect(rankBy().inputValue()).resolves.toBe("p_value");
  await expect(atHorizon().inputValue()).resolves.toBe("20");

  await page.goBack();
  await page.waitForURL(`${base}?sort=h5:p_value`);
  await expect(shown("p_value", 5)).resolves.toEqual(await apiOrder("h5:p_value"));
  await page.goBack();
  await page.waitForURL(base);
  await expect(shown("t_stat", 5)).resolves.toEqual(await apiOrder("h5:t_stat"));
  await page.goForward();
  await page.waitForURL(`${base}?sort=h5:p_value`);
  await expect(shown("p_value", 5)).resolves.toEqual(await apiOrder("h5:p_value"));

  // a column's sort button is the same choice
  await page.getByRole("button", { name: "Rank by mean at h = 5" }).click();
  await page.waitForURL(`${base}?sort=h5:mean`);
  await expect(shown("mean", 5)).resolves.toEqual(await apiOrder("h5:mean"));
});

test("a link names a ranking; a horizon the sweep has not is the default; a statistic the service does not rank by is its refusal and a way back", async () => {
  const base = `${h.api.url}/app/sweeps/${id}`;
  await page.goto(`${base}?sort=h20:hit_rate`);
  await expect(shown("hit_rate", 20)).resolves.toEqual(await apiOrder("h20:hit_rate"));
  await expect(rankBy().inputValue()).resolves.toBe("hit_rate");

  await page.goto(`${base}?sort=h7:mean`);
  await expect(shown("t_stat", 5)).resolves.toEqual(await apiOrder("h5:t_stat"));

  await page.goto(`${base}?sort=h5:luck`);
  await page.getByText("Parameter `sort` must be h<N>:<stat>").waitFor();
  await page.getByRole("link", { name: "Rank by the default (t_stat at h = 5)" }).click();
  await page.waitForURL(base);
  await expect(shown("t_stat", 5)).resolves.toEqual(await apiOrder("h5:t_stat"));
  await expect(caption().count()).resolves.toBe(1);
});

test("a run's Table view is in its address (the focus stays on the button); reload, back and forward keep the view", async () => {
  const base = `${h.api.url}/app/runs/${runId}`;
  const pressed = (name: string) => page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");
  await page.goto(base);
  await page.getByRole("button", { name: "Table", exact: true }).waitFor();
  await expect(pressed("Chart")).resolves.toBe("true");

  await page.getByRole("button", { name: "Table", exact: true }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${base}?view=table`);
  await expect(pressed("Table")).resolves.toBe("true");
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Table");
  await page.getByRole("table", { name: /^Results, 150 points/ }).waitFor();

  await page.reload();
  await page.getByRole("table", { name: /^Results, 150 points/ }).waitFor();
  await expect(pressed("Table")).resolves.toBe("true");

  await page.goBack();
  await page.waitForURL(base);
  await page.waitForFunction(() => document.querySelector('button[aria-pressed="true"]')?.textContent === "Chart");
  await page.goForward();
  await page.waitForURL(`${base}?view=table`);
  await page.getByRole("table", { name: /^Results, 150 points/ }).waitFor();
});

test("a run's table page and its logs' level filter are in its address: a reload keeps both", async () => {
  const run = (await me.client.call("POST", "/runs", { script: "closes-logged", instrument: "AAPL", timeframe: "1d", bars: 150, wait: 30 })).json as { id: string; status: string };
  expect(run.status).toBe("succeeded");
  const base = `${h.api.url}/app/runs/${run.id}`;
  await page.goto(`${base}?view=table`);
  await page.getByRole("table", { name: /^Results, 150 points/ }).waitFor();
  await page.getByRole("navigation", { name: "Result pages" }).getByRole("button", { name: "Next" }).click();
  await page.waitForURL(`${base}?view=table&page=2`);
  await page.getByRole("navigation", { name: "Result pages" }).getByText("Page 2 of 2").waitFor();

  // AAPL's demo history is 3,270 bars: errors at bars 0, 1000, 2000 and 3000
  await page.getByLabel("Level").selectOption("error");
  await page.waitForURL(`${base}?view=table&page=2&level=error`);
  await page.getByRole("table", { name: "4 log lines at level error (100 a page)" }).waitFor();

  await page.reload();
  await page.getByRole("navigation", { name: "Result pages" }).getByText("Page 2 of 2").waitFor();
  await page.getByRole("table", { name: "4 log lines at level error (100 a page)" }).waitFor();
  await expect(page.getByLabel("Level").inputValue()).resolves.toBe("error");
});
