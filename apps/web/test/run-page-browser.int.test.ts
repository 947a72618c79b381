// A run's page walked as a person would, in Debian chromium (playwright-core) against a real API
// and worker: its log lines (level, warmup bars, a filter, the lines not kept), a queued and a
// running run said as such and cancelled by keyboard (the focus goes to the status, which says
// "Cancelled"), drawings on warmup bars left off the chart and counted, a box's edges and a table
// drawn, a study's title and extended statistics, and the pages of objects that are not there titled
// "Not found". One browser, one stack (its own database, Redis prefix and queues); each try of a
// case names its scripts and accounts afresh (slug()), so jest's retry meets nothing of the first.
import type { Page } from "playwright-core";
import { createAccount } from "@barscript/db";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, startChromium, type TestBrowser } from "./support/browser";
import { wcagViolations } from "./support/axe";
import { aaplCloses, ACCOUNT_PASSWORD, RunsHarness, SLOW, SMA_RSI, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];
let tries = 0;
/** `name` with a suffix of this try's own: a slug (or handle) no earlier try of a case took. */
const slug = (name: string): string => `${name}-${++tries}`;
/** The demo AAPL daily bars (packages/marketdata/demo/AAPL.csv): 3,270 bars, 2000-03-01 to 2013-03-01. */
let bars: { time: number[]; close: number[] };

beforeAll(async () => {
  requireChromiumAndBuild();
  startChromium();
  await h.setup();
  me = await h.account();
  bars = await aaplCloses();
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

/** "2000-03-01 00:00:00 UTC", as the app writes a time. */
const shown = (unixSeconds: number): string => new Date(unixSeconds * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");

/** axe-core (WCAG 2 A/AA and best practice) on the page as it is: its violations. */
const violations = (): Promise<string[]> => wcagViolations(page);

/** The rows of the logs table as [time, level, message]. */
async function logRows(): Promise<string[][]> {
  const table = page.getByRole("table", { name: /log line/ });
  return table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent ?? "")));
}

// bar_index counts from the instrument's first bar (the run evaluates its whole history first):
// bars 0, 1000, 2000 and 3000 log; with the window the latest 1,000 bars (bar 2270 on), the first
// three are warmup bars. The last bar (3269, close 430.47 in the CSV) logs a warning and an error.
const LOG_LINES = `//@version=6
indicator("Log lines", overlay = true)
if bar_index % 1000 == 0
    log.info("bar " + str.tostring(bar_index))
if barstate.islast
    log.warning("last close " + str.tostring(close))
    log.error("done")
plot(close, "c")
`;

test("a run's log lines: level, warmup bars marked, filtered by level; a run that logs more than 1,000 says how many were not kept", async () => {
  const lines = slug("log-lines");
  await h.script(me, lines, LOG_LINES);
  const run = await me.client.start({ script: lines, instrument: "AAPL", timeframe: "1d", bars: 1000, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.getByRole("heading", { name: "Logs", level: 2 }).waitFor();
  await page.getByRole("table", { name: /log line/ }).waitFor();
  const t = (i: number): number => bars.time[i] as number;
  expect(bars.time.length).toBe(3270);
  expect(await logRows()).toEqual([
    [`${shown(t(0))} (warmup)`, "info", "bar 0"],
    [`${shown(t(1000))} (warmup)`, "info", "bar 1000"],
    [`${shown(t(2000))} (warmup)`, "info", "bar 2000"],
    [shown(t(3000)), "info", "bar 3000"],
    [shown(t(3269)), "warning", "last close 430.47"],
    [shown(t(3269)), "error", "done"],
  ]);
  await expect(page.getByRole("table", { name: /log line/ }).locator("caption").textContent()).resolves.toBe("6 log lines (100 a page)");
  await page.getByLabel("Level").selectOption("error");
  await expect(logRows()).resolves.toEqual([[shown(t(3269)), "error", "done"]]);
  await expect(violations()).resolves.toEqual([]);

  // A line on every one of the 3,270 bars: the first 1,000 are kept, 2,270 are not; 100 a page.
  const floodSlug = slug("log-flood");
  await h.script(me, floodSlug, `//@version=6
indicator("Log flood")
log.info("b" + str.tostring(bar_index))
plot(close, "c")
`);
  const flood = await me.client.start({ script: floodSlug, instrument: "AAPL", timeframe: "1d", bars: 100, wait: 30 });
  expect(flood.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${flood.json.id}`);
  await page.getByText("The service keeps a run's first 1,000 lines; 2,270 more were not kept.").waitFor();
  await page.getByText("Page 1 of 10").waitFor();
  expect((await logRows()).map((r) => r[2])).toEqual(Array.from({ length: 100 }, (_, i) => `b${i}`));
  await page.getByRole("navigation", { name: "Log pages" }).getByRole("button", { name: "Next" }).click();
  await page.getByText("Page 2 of 10").waitFor();
  expect((await logRows())[0]?.[2]).toBe("b100");
});

test("a queued run and a running run say so; Cancel by keyboard hands the focus to the status, which says Cancelled", async () => {
  const one = await h.account({ concurrentRuns: 1 });
  await h.script(one, "slow", SLOW);
  const browser2 = await openSignedIn(h.api.url, one, pageErrors, "/app/scripts/slow");
  const p = browser2.page;
  try {
    await p.getByRole("button", { name: "Run it" }).waitFor();
    // The account's one run slot is taken by a run of the whole history (2 million steps a bar).
    const first = await one.client.start({ script: "slow", instrument: "AAPL", timeframe: "1d", bars: 3270 });
    expect(first.status).toBe(202);
    await p.getByRole("button", { name: "Run it" }).click();
    await p.waitForURL(/\/app\/runs\/run_[0-9A-Za-z]{24}$/);
    await p.getByText(/^Queued since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: it starts when a worker and one of the account's run slots are free\./).waitFor();
    await expect(p.locator(".badge").textContent()).resolves.toBe("queued");

    // Keyboard only: Tab from the heading reaches Cancel first; Enter cancels.
    await p.getByRole("heading", { level: 1 }).focus();
    await p.keyboard.press("Tab");
    await expect(p.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Cancel run");
    await p.keyboard.press("Enter");
    await p.getByText("Cancelled: ", { exact: false }).waitFor();
    // said once to a screen reader, politely (the status box itself is not a live region)
    await expect(p.getByRole("status").filter({ hasText: "The run was cancelled." }).count()).resolves.toBe(1);
    await expect(p.locator(".badge").textContent()).resolves.toBe("cancelled");
    await expect(p.getByRole("button", { name: "Cancel run" }).count()).resolves.toBe(0);
    await expect(p.evaluate(() => document.activeElement?.classList.contains("run-status"))).resolves.toBe(true);
    await expect(p.getByText(/^Failed \(cancelled\)/).count()).resolves.toBe(0);

    // The run holding the slot is running: its page says since when.
    await p.goto(`${h.api.url}/app/runs/${first.json.id}`);
    await p.getByText(/^Running since \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./).waitFor({ timeout: 60_000 });
  } finally {
    const runs = await one.client.call("GET", "/runs?limit=10");
    for (const r of runs.json.data as Array<{ id: string; status: string }>) if (r.status === "queued" || r.status === "running") await one.client.call("POST", `/runs/${r.id}/cancel`);
    await browser2.close();
  }
});

test("a run's page says which inputs it was given and until when its results are kept", async () => {
  const smaRsi = slug("sma-rsi");
  await h.script(me, smaRsi, SMA_RSI);
  const run = await me.client.start({ script: smaRsi, instrument: "AAPL", timeframe: "1d", bars: 100, inputs: { len: 21 }, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.getByText("Inputs: len = 21", { exact: true }).waitFor();
  // results expire 7 days after the run finished (docs/reference/api.md): the page says when
  const expires = Date.parse(run.json.expires_at as string);
  expect(Math.abs(expires - Date.parse(run.json.finished_at as string) - 7 * 86_400_000)).toBeLessThan(60_000);
  await page.getByText(`results kept until ${shown(expires / 1000)}`, { exact: false }).waitFor();
});

// Labels on bars 0, 1000, 2000 (warmup bars of a 300-bar window) and 3000 (inside it); on the
// last bar a cyan-bordered box over the window's last 100 bars and a 2 x 2 table.
const DRAWS = `//@version=6
indicator("Drawn", overlay = true, max_labels_count = 10)
if bar_index % 1000 == 0
    label.new(bar_index, high, "L" + str.tostring(bar_index), color = color.orange)
var t = table.new(position.top_right, 2, 2)
if barstate.islast
    box.new(bar_index - 100, 800, bar_index, 200, border_color = #00FFFF, bgcolor = color.new(color.white, 100))
    table.cell(t, 0, 0, "Close", bgcolor = color.white, text_color = color.black)
    table.cell(t, 1, 0, str.tostring(close), bgcolor = color.white, text_color = color.black)
    table.cell(t, 0, 1, "Bar", bgcolor = color.white, text_color = color.black)
    table.cell(t, 1, 1, str.tostring(bar_index), bgcolor = color.white, text_color = color.black)
`;

/** Canvas rows of the chart with at least 300 cyan (#00FFFF) pixels: horizontal cyan edges (a
 * 1-pixel line is smoothed over two rows, about half red: red below 150, green and blue full). */
function cyanRows(): Promise<number> {
  return page.evaluate(() => {
    let rows = 0;
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas"))) {
      const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data;
      if (!data) continue;
      for (let y = 0; y < canvas.height; y += 1) {
        let n = 0;
        for (let i = y * canvas.width * 4; i < (y + 1) * canvas.width * 4; i += 4) {
          if ((data[i + 3] ?? 0) > 200 && (data[i] ?? 255) < 150 && (data[i + 1] ?? 0) > 230 && (data[i + 2] ?? 0) > 230) n += 1;
        }
        if (n >= 300) rows += 1;
      }
    }
    return rows;
  });
}

test("drawings: labels on warmup bars are left off the chart and counted; a box's edges are drawn; a table is shown with its cells", async () => {
  const drawn = slug("drawn");
  await h.script(me, drawn, DRAWS);
  const run = await me.client.start({ script: drawn, instrument: "AAPL", timeframe: "1d", bars: 300, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.waitForFunction(() => document.querySelectorAll(".chart canvas").length >= 2);
  await page.getByText("3 drawings lie wholly before the window's first bar or after its last", { exact: false }).waitFor();
  // the box's top (800) and bottom (200) edges across its 100 bars of 300 (about 390 pixels each)
  await expect(cyanRows()).resolves.toBeGreaterThanOrEqual(2);
  // drawn over the chart once it is painted (docs/adr/0235)
  const table = page.getByRole("table", { name: "Table 1, top right of the chart (2 × 2)" });
  await table.waitFor();
  const cells = await table.locator("tr").evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll("td")).map((td) => td.textContent)));
  expect(cells).toEqual([["Close", "430.47"], ["Bar", "3269"]]);
  await expect(violations()).resolves.toEqual([]);
});

test("a study's tables carry every statistic of a horizon, extended ones included", async () => {
  const dip = slug("dip");
  const dipStudy = slug("dip-study");
  await h.script(me, dip, `//@version=6
definition("Dip")
alertcondition(ta.rsi(close, 14) < 35, "dip", "x")
`);
  await h.script(me, dipStudy, `//@version=6
study("Dips", horizons = [1, 5])
use("${dip}", events = ["dip"])
`);
  const study = await me.client.start({ script: dipStudy, instrument: "AAPL", timeframe: "1d", bars: 1000, wait: 30 });
  expect(study.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/studies/${study.json.id}`);
  const table = page.getByRole("table", { name: /^Forward returns after/ }).first();
  await table.waitFor();
  // titled as the study it is (a sweep's page is "Sweep of …"), not "Run of …" as an indicator's run
  expect({ h1: await page.locator("h1").textContent(), title: await page.title() }).toEqual({ h1: `Study of ${dipStudy} on AAPL 1d`, title: `Study of ${dipStudy} on AAPL 1d · Barscript` });
  const headers = await table.locator("thead th").allTextContents();
  expect(headers).toEqual(["Horizon (bars)", "Count", "Mean", "Median", "Stdev", "Hit rate", "MFE mean", "MAE mean", "t", "p", "Mean 95% CI", "Abnormal mean", "Hit rate 95% CI", "MFE median", "MAE median"]);
  const result = await me.client.call("GET", `/runs/${study.json.id}/results`);
  const h1 = result.json.study.groups[0].horizons[0];
  const row = await table.locator("tbody tr").first().locator("td").allTextContents();
  const f = (v: number, digits: number): string => v.toLocaleString("en-US", { maximumFractionDigits: digits });
  expect(row.slice(-3)).toEqual([`${f(h1.hit_rate_ci95[0], 4)} to ${f(h1.hit_rate_ci95[1], 4)}`, f(h1.mfe_median, 6), f(h1.mae_median, 6)]);
  expect(row[3]).toBe(f(h1.stdev, 6));
  // a Wilson interval holds the hit rate
  expect(h1.hit_rate_ci95[0]).toBeLessThanOrEqual(h1.hit_rate);
  expect(h1.hit_rate_ci95[1]).toBeGreaterThanOrEqual(h1.hit_rate);
});

test("a page of something that is not there is titled Not found; a waitlisted account meets one page that says why and what to do", async () => {
  for (const path of ["/app/runs/run_aaaaaaaaaaaaaaaaaaaaaaaa", "/app/studies/run_aaaaaaaaaaaaaaaaaaaaaaaa", "/app/sweeps/swp_aaaaaaaaaaaaaaaaaaaaaaaa", "/app/scripts/no-such-script", "/app/library/core/no-such-script", "/app/docs/no-such-topic", "/app/no-such-page"]) {
    await page.goto(`${h.api.url}${path}`);
    await page.getByRole("alert").filter({ hasText: /Not found|no such page/ }).waitFor();
    expect({ path, h1: await page.locator("h1").textContent(), title: await page.title() }).toEqual({ path, h1: "Not found", title: "Not found · Barscript" });
  }
  // said in the service's words: a docs topic is nobody's, so not "it belongs to another account"
  await page.goto(`${h.api.url}/app/docs/no-such-topic`);
  await expect(page.getByRole("alert").textContent()).resolves.toBe('Not found: No docs topic "no-such-topic"; the docs index lists every topic.');
  await page.goto(`${h.api.url}/app/runs/run_aaaaaaaaaaaaaaaaaaaaaaaa`);
  await expect(page.getByRole("alert").textContent()).resolves.toBe('Not found: No run "run_aaaaaaaaaaaaaaaaaaaaaaaa".');
  const waiting = slug("waiting");
  await createAccount(h.env.db, { email: `${waiting}@example.com`, password: ACCOUNT_PASSWORD, handle: waiting, plan: "pro" });
  const browser2 = await openSignedIn(h.api.url, { email: `${waiting}@example.com` }, pageErrors, "/app/account");
  try {
    const p = browser2.page;
    // one page that says what is happening and what to do, not the app's refused calls
    await p.getByRole("heading", { level: 1, name: "Your account is on the waitlist" }).waitFor();
    await p.getByText("Nothing more is needed from you", { exact: false }).waitFor();
    await expect(p.getByRole("alert").count()).resolves.toBe(0);
    await expect(p.getByText(/Loading/).count()).resolves.toBe(0);
    const again = await p.goto(`${h.api.url}/app/runs/run_aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(again?.status()).toBe(403);
    await expect(p.locator("h1").textContent()).resolves.toBe("Your account is on the waitlist");
    await p.getByRole("link", { name: "your account" }).click();
    await p.waitForURL(/\/account$/);
    await p.getByText("On the waitlist (an operator admits accounts)").waitFor();
  } finally {
    await browser2.close();
  }
});
