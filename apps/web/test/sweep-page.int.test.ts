// Sweeps in Debian chromium (playwright-core) against a real API and worker, one browser and one
// stack: a sweep made over HTTP is in the sweeps list (the Runs page's second tab, /app/sweeps;
// docs/adr/0164-sweeps-list-address.md) and its page ranks the rows as the API ranks them for
// every sort offered, with a heat map over two inputs, and a row's Run starts the definition with
// that row's inputs; the sweep form of a definition's page names the timeframes its instruments
// have no bars for, shows the API's refusals beside the field they name, then starts a sweep that finishes with rows; a
// queued sweep is cancelled from its page while the list follows another one live; a study's
// address given a definition run answers 404 with a link to its run page
// (docs/adr/0165-study-address-of-another-run.md); another account's sweep is "not found".
// The list, the ranked sweep, a queued one and the refused form also fit a phone (390 x 844) and
// a tablet (768) with 24-pixel targets, and the sweep page works by keyboard alone.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "playwright-core";
import { createLimits } from "@barscript/limits";
import { importFile } from "@barscript/marketdata";
import { createRedis } from "@barscript/queue";
import type { Redis } from "ioredis";
import { openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { axeFindings, WCAG_TAGS } from "./support/axe";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

/** Daily MSFT bars of the demo data (packages/marketdata/demo/MSFT.csv, its licence in LICENSES there). */
const MSFT_FILE = resolve(__dirname, "../../../packages/marketdata/demo/MSFT.csv");

const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
len = input.int(14, "Length", minval = 2)
alertcondition(ta.rsi(close, len) < level, "oversold", "x")
`;

jest.setTimeout(240_000);

/** Screenshots of each page as the test leaves it, for a person to look at (gitignored). */
const ARTIFACTS = resolve(__dirname, "../../../test-artifacts/web-sweeps");
let shots = 0;
async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${String(++shots).padStart(2, "0")}-${name}.png`), fullPage: true });
}

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
let redis: Redis | undefined;

type Row = { rank: number; inputs: { level: number; len: number }; horizons: Array<{ h: number; t_stat: number | null; mean: number | null }> };

async function finalSweep(client: Client, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await client.call("GET", `/sweeps/${id}?wait=10`);
    if (!["queued", "running"].includes(r.json.status as string)) return r.json as Record<string, unknown>;
  }
}

async function rowsOf(id: string, sort: string): Promise<Row[]> {
  return (await me.client.call("GET", `/sweeps/${id}/results?limit=1000&sort=${sort}`)).json.data as Row[];
}

/** Each row of the ranked table as [rank, level, len]. */
async function shownOrder(): Promise<string[][]> {
  const table = page.getByRole("table", { name: /Combinations ranked/ });
  await table.waitFor();
  return table.locator("tbody tr").evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).slice(0, 3).map((td) => td.textContent ?? "")));
}
const expectedOrder = (rows: Row[]): string[][] => rows.map((r) => [String(r.rank), String(r.inputs.level), String(r.inputs.len)]);

/** axe-core's WCAG 2.1 A/AA and best-practice findings on the page as it is. */
async function axeViolations(): Promise<string[]> {
  return (await axeFindings(page, { type: "tag", values: WCAG_TAGS })).map((f) => f.id);
}

/** axe's findings for some rules only (target-size is WCAG 2.2's 24-pixel minimum, outside the tags above). */
async function ruleViolations(rules: string[]): Promise<string[]> {
  return (await axeFindings(page, { type: "rule", values: rules })).flatMap((f) => f.targets.map((t) => `${f.id} ${t}`));
}

/**
 * The page as a phone (390 x 844) and a tablet (768 wide) show it: nothing wider than the screen
 * but inside a focusable, named scroller (docs/adr/0154), every control a 24-pixel target; then
 * back to the desktop size the other steps use.
 */
async function fitsSmallScreens(name: string): Promise<void> {
  try {
    for (const [width, height] of [[390, 844], [768, 1024]] as const) {
      await page.setViewportSize({ width, height });
      // The page is no wider than the screen, and whatever is wider than its box is inside a
      // .scroll region (the table's own scroller); a failure names the elements that stick out.
      expect(await page.evaluate(() => {
        const screen = document.documentElement.clientWidth;
        const out = Array.from(document.querySelectorAll<HTMLElement>("body *")).filter((e) => e.getBoundingClientRect().right > screen + 0.5 && !e.parentElement?.closest(".scroll"));
        return { scrollWidth: Math.min(document.documentElement.scrollWidth, screen + 1) - screen, out: out.map((e) => `${e.tagName.toLowerCase()}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`) };
      })).toEqual({ scrollWidth: 0, out: [] });
      // Each scroller that scrolls is itself a named stop in the tab order (not only the links in it:
      // the columns after the last link could not be reached).
      expect(await page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>(".scroll")).filter((e) => e.scrollWidth > e.clientWidth && (e.tabIndex !== 0 || !e.getAttribute("aria-label"))).map((e) => e.outerHTML.slice(0, 60)))).toEqual([]);
      // Every status badge is on the screen as the page opens (a list's status is not scrolled to).
      expect(await page.evaluate(() => Array.from(document.querySelectorAll(".badge")).filter((b) => b.getBoundingClientRect().right > document.documentElement.clientWidth).map((b) => b.textContent))).toEqual([]);
      // A wide table's caption is read whole on the screen, not cut off at its edge.
      expect(await page.evaluate(() => Array.from(document.querySelectorAll(".scroll caption")).filter((c) => c.getBoundingClientRect().right > document.documentElement.clientWidth).map((c) => c.textContent))).toEqual([]);
      await expect(ruleViolations(["target-size", "scrollable-region-focusable"])).resolves.toEqual([]);
      if (width === 390) await page.screenshot({ path: join(ARTIFACTS, `${String(++shots).padStart(2, "0")}-${name}-phone.png`), fullPage: true });
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
}

/** Tab from the page's heading: each control reached, as role and name, until `stop` is reached (or 40 presses). */
async function tabOrder(stop: RegExp): Promise<string[]> {
  await page.locator("h1").focus();
  const seen: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    const d = await page.evaluate(() => {
      const e = document.activeElement as HTMLElement | null;
      if (!e || e === document.body) return "body";
      const name = e.getAttribute("aria-label") ?? (e.id ? document.querySelector(`label[for="${e.id}"]`)?.textContent : null) ?? e.textContent ?? "";
      const outline = getComputedStyle(e).outlineStyle;
      return `${e.tagName.toLowerCase()} ${name.trim().slice(0, 40)}${outline === "none" ? " (no outline)" : ""}`;
    });
    seen.push(d);
    if (stop.test(d) || d === "body") break;
  }
  return seen;
}

beforeAll(async () => {
  requireChromiumAndBuild();
  rmSync(ARTIFACTS, { recursive: true, force: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  await h.setup();
  me = await h.account({ concurrentRuns: 1 });
  redis = createRedis(h.env.redisUrl, "command");
  const created = await me.client.call("POST", "/scripts", { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] });
  expect(created.status).toBe(201);
  browser = await openSignedIn(h.api.url, me, undefined, "/app/runs");
  ({ page } = browser);
});
afterAll(async () => {
  await browser?.close();
  redis?.disconnect();
  await h.teardown();
});

test("a sweep made over HTTP: in the list, ranked as the API ranks it for each sort, a heat map of two inputs, a row run", async () => {
  const started = await me.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [25, 30, 35], len: [7, 14] }, horizons: [5, 10], wait: 60 });
  expect(started.status).toBe(202);
  const id = started.json.id as string;
  expect((await finalSweep(me.client, id)).status).toBe("succeeded");

  // From the Runs page to the sweeps tab, to the sweep.
  await page.goto(`${h.api.url}/app/runs`);
  await page.getByRole("navigation", { name: "Runs and sweeps" }).getByRole("link", { name: "Sweeps" }).click();
  await page.waitForURL(/\/app\/sweeps$/);
  const listed = page.getByRole("table", { name: /Your sweeps/ }).locator("tr", { has: page.getByRole("link", { name: id }) });
  await expect(listed.locator(".badge").textContent()).resolves.toBe("succeeded");
  await shot("sweeps-list");
  await expect(axeViolations()).resolves.toEqual([]);
  await fitsSmallScreens("sweeps-list");
  await page.getByRole("link", { name: id }).click();
  await page.waitForURL(new RegExp(`/app/sweeps/${id}$`));

  expect(await page.getByRole("link", { name: "runner-1/rsi-below" }).getAttribute("href")).toBe("/app/scripts/rsi-below?kind=definition");
  // The default ranking (h5 t_stat), a column's own sort (mean), another horizon (10).
  expect(await shownOrder()).toEqual(expectedOrder(await rowsOf(id, "h5:t_stat")));
  expect((await shownOrder()).length).toBe(6);
  await page.getByRole("button", { name: "Rank by mean at h = 5" }).click();
  await page.getByRole("table", { name: "Combinations ranked by mean at h = 5" }).waitFor();
  expect(await shownOrder()).toEqual(expectedOrder(await rowsOf(id, "h5:mean")));
  await page.getByLabel("at horizon", { exact: true }).selectOption("10");
  await page.getByLabel("Rank by", { exact: true }).selectOption("p_adjusted");
  await page.getByRole("table", { name: "Combinations ranked by p_adjusted at h = 10" }).waitFor();
  expect(await shownOrder()).toEqual(expectedOrder(await rowsOf(id, "h10:p_adjusted")));
  expect(await page.locator("th[aria-sort]").textContent()).toBe("p_adjusted");
  expect(await page.locator("th[aria-sort]").getAttribute("aria-sort")).toBe("ascending");
  await shot("sweep-ranked");

  // Heat map: level across, len down; each cell the t statistic of that pair's row at h = 5.
  const rows = await rowsOf(id, "h5:t_stat");
  const heat = page.locator("table.heatmap");
  expect(await heat.locator("thead th").allTextContents()).toEqual(["len / level", "25", "30", "35"]);
  const cellOf = (level: number, len: number) => heat.locator("tbody tr").nth([7, 14].indexOf(len)).locator("td").nth([25, 30, 35].indexOf(level));
  const fmt = (v: number | null): string => (v === null ? "–" : v.toLocaleString("en-US", { maximumFractionDigits: 4 }));
  for (const r of rows) expect(await cellOf(r.inputs.level, r.inputs.len).textContent()).toBe(fmt(r.horizons[0]!.t_stat));
  await page.getByLabel("statistic").selectOption("mean");
  const one = rows.find((r) => r.inputs.level === 30 && r.inputs.len === 14)!;
  expect(await cellOf(30, 14).textContent()).toBe(fmt(one.horizons[0]!.mean));

  await expect(axeViolations()).resolves.toEqual([]);
  await fitsSmallScreens("sweep-ranked");
  const best10 = (await rowsOf(id, "h10:p_adjusted"))[0]!;
  // By keyboard alone: from the heading, every control in reading order, each with a visible
  // focus ring (the table's scroller first, so a phone can scroll it), to the first row's Run.
  expect(await tabOrder(/^button Run level/)).toEqual([
    "a All your sweeps", "a runner-1/rsi-below", "select Rank by", "select at horizon", "div Table of the ranked combinations",
    ...["count", "mean", "median", "hit_rate", "t_stat", "p_value", "p_adjusted"].map((c) => `button Rank by ${c} at h = 10`),
    `button Run level ${best10.inputs.level}, len ${best10.inputs.len} on AAPL`,
  ]);
  // A column's rank button by Enter and by Space: the table reorders, the focus stays on the button.
  const focusedName = (): Promise<string | null> => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
  await page.getByRole("button", { name: "Rank by t_stat at h = 10" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("table", { name: "Combinations ranked by t_stat at h = 10" }).waitFor();
  expect(await focusedName()).toBe("Rank by t_stat at h = 10");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Space");
  await page.getByRole("table", { name: "Combinations ranked by hit_rate at h = 10" }).waitFor();
  expect(await focusedName()).toBe("Rank by hit_rate at h = 10");
  expect(await shownOrder()).toEqual(expectedOrder(await rowsOf(id, "h10:hit_rate")));

  // A row's Run starts the definition with that row's inputs on the sweep's instrument and window.
  const best = (await rowsOf(id, "h10:p_adjusted"))[0]!;
  await page.getByRole("button", { name: `Run level ${best.inputs.level}, len ${best.inputs.len} on AAPL` }).click();
  await page.waitForURL(/\/app\/runs\/run_[0-9A-Za-z]{24}$/);
  const run = (await me.client.call("GET", `/runs/${/run_[0-9A-Za-z]{24}/.exec(page.url())![0]}`)).json;
  expect(run).toMatchObject({ kind: "definition", instrument: "AAPL", timeframe: "1d", inputs: { level: best.inputs.level, len: best.inputs.len }, window: { bars: 1500 } });
  await page.getByRole("heading", { name: "Run of rsi-below on AAPL 1d" }).waitFor();

  // Another account's sweep: the page says not found, as the API does.
  const other = await h.account();
  await other.client.call("POST", "/scripts", { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] });
  const theirs = await other.client.call("POST", "/sweeps", { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { level: [30] }, horizons: [1] });
  const answer = await page.goto(`${h.api.url}/app/sweeps/${theirs.json.id as string}`);
  expect(answer?.status()).toBe(404);
  await page.getByText(/not found/i).first().waitFor();
});

test("the sweep form: refusals beside their field, then a sweep that finishes with rows", async () => {
  await page.goto(`${h.api.url}/app/scripts/rsi-below`);
  const form = page.getByRole("region", { name: "Sweep" });
  // The timeframes the chosen instruments have no bars for, from their coverage: MSFT's daily bars
  // imported as AAPL's are (1d, and the 1w the import derives); ZZZZ, unknown, is left to the service.
  await importFile(h.env.db, { symbol: "MSFT", timeframe: "1d", file: MSFT_FILE, format: "bokeh", meta: { name: "Microsoft Corporation", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  await form.getByLabel("Instruments").fill("AAPL, msft, ZZZZ");
  const timeframes = form.getByLabel("Timeframe").locator("option");
  await timeframes.filter({ hasText: "1h (no AAPL, MSFT bars)" }).waitFor({ state: "attached" });
  expect(await timeframes.allTextContents()).toEqual([...["1m", "5m", "15m", "30m", "1h", "2h", "4h"].map((t) => `${t} (no AAPL, MSFT bars)`), "1d", "1w"]);
  await form.getByLabel("Instruments").fill("AAPL");
  await form.getByLabel("Bars", { exact: true }).fill("300");
  await form.getByLabel(/^Level/).fill("25");
  await form.getByLabel(/^Length/).fill("14");
  await form.getByLabel(/^Horizons/).fill("5");
  // one of each, in the singular
  await expect(form.getByText("1 combination × 1 instrument = 1 evaluation.").count()).resolves.toBe(1);
  await form.getByLabel(/^Level/).fill("25, 200");
  await expect(form.getByText("2 combinations × 1 instrument = 2 evaluations.").count()).resolves.toBe(1);
  // Enter in a field submits (no pointer); the refusal is announced (role alert) and the focus stays in the field.
  await form.getByLabel(/^Horizons/).press("Enter");
  // The API's own refusal (level's maxval is 95), beside the Level field and named by it.
  const levelError = form.locator("#sweep-error-input-level");
  await levelError.waitFor();
  expect(await levelError.textContent()).toMatch(/`level`.*95.*\(invalid_request\)/);
  expect(await form.getByLabel(/^Level/).getAttribute("aria-invalid")).toBe("true");
  expect(await form.getByLabel(/^Level/).getAttribute("aria-describedby")).toBe("sweep-error-input-level");
  expect(await levelError.getAttribute("role")).toBe("alert");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("sweep-horizons");
  await form.screenshot({ path: join(ARTIFACTS, `${String(++shots).padStart(2, "0")}-sweep-form-refused.png`) });
  await expect(axeViolations()).resolves.toEqual([]);
  await fitsSmallScreens("sweep-form-refused");

  await form.getByLabel(/^Level/).fill("25, 30");
  await form.getByLabel("Instruments").fill("AAPL, ZZZZ");
  await form.getByRole("button", { name: "Start the sweep" }).click();
  await form.locator("#sweep-error-instruments").getByText(/ZZZZ.*\(unknown_instrument\)/).waitFor();
  expect(await form.locator("#sweep-error-input-level").count()).toBe(0);

  await form.getByLabel("Instruments").fill("aapl");
  await form.getByRole("button", { name: "Start the sweep" }).click();
  await page.waitForURL(/\/app\/sweeps\/swp_[0-9A-Za-z]{24}$/);
  const id = /swp_[0-9A-Za-z]{24}/.exec(page.url())![0];
  await page.locator(".badge.succeeded").waitFor({ timeout: 90_000 });
  const sweep = (await me.client.call("GET", `/sweeps/${id}`)).json;
  expect(sweep).toMatchObject({ instruments: ["AAPL"], timeframe: "1d", window: { bars: 300 }, grid: { level: [25, 30], len: [14] }, horizons: [5], status: "succeeded" });
  expect(await shownOrder()).toEqual(expectedOrder(await rowsOf(id, "h5:t_stat")));
  expect((await shownOrder()).length).toBe(2);
});

test("a queued sweep: cancelled from its page; the list follows another one live", async () => {
  // The account's one run slot is held, so both sweeps wait queued.
  const limits = createLimits({ redis: redis!, prefix: h.env.redisPrefix });
  const lease = await limits.tryAcquireRun({ id: me.id, plan: { concurrentRuns: 1 } }, `held-${me.id}`);
  if (!lease) throw new Error("no slot to hold");
  try {
    const body = { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 300, grid: { level: [30] }, horizons: [5] };
    const a = (await me.client.call("POST", "/sweeps", body)).json.id as string;
    const b = (await me.client.call("POST", "/sweeps", body)).json.id as string;
    expect((await me.client.call("GET", `/sweeps/${a}`)).json.status).toBe("queued");

    await page.goto(`${h.api.url}/app/sweeps`);
    const badgeOf = (id: string) => page.locator("tr", { has: page.getByRole("link", { name: id }) }).locator(".badge");
    await expect(badgeOf(b).textContent()).resolves.toBe("queued");
    // The list read again while the focus is on a sweep's link leaves it there.
    await page.getByRole("link", { name: a }).focus();
    expect((await me.client.call("POST", `/sweeps/${b}/cancel`)).json.status).toBe("cancelled");
    await page.locator("tr", { has: page.getByRole("link", { name: b }) }).locator(".badge.cancelled").waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(a);
    // the change is said to a screen reader, politely, once
    const news = page.locator("main [role=status][aria-live=polite]").filter({ hasText: `Sweep ${b} is cancelled.` });
    await news.waitFor();
    await expect(news.count()).resolves.toBe(1);

    await page.getByRole("link", { name: a }).click();
    await page.waitForURL(new RegExp(`/app/sweeps/${a}$`));
    await page.locator(".badge.queued").waitFor();
    await shot("sweep-queued");
    await fitsSmallScreens("sweep-queued");
    // Cancel is the first control after the heading; the live status read every few seconds
    // leaves the focus on it; Enter cancels, and the focus goes to the status saying so (not to
    // the page's start, as when the button it was on went away).
    expect(await tabOrder(/Cancel/)).toEqual(["button Cancel sweep"]);
    await page.waitForResponse((r) => r.url().includes(`/v1/sweeps/${a}?wait=`));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cancel sweep");
    await page.keyboard.press("Enter");
    await page.locator(".badge.cancelled").waitFor();
    await page.getByText("Cancelled: The sweep was cancelled.").waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains("sweep-status"))).toBe(true);
    // said once, politely (the status box itself is not a live region: its progress changes at each reading)
    const said = page.locator("main [role=status][aria-live=polite]").filter({ hasText: "The sweep was cancelled." });
    await said.waitFor();
    await expect(said.count()).resolves.toBe(1);
    expect(await page.getByRole("button", { name: "Cancel sweep" }).count()).toBe(0);
    expect((await me.client.call("GET", `/sweeps/${a}`)).json.status).toBe("cancelled");
  } finally {
    await lease.release();
  }
});

test("a study's address given a definition run: 404, not found, with a link to its run page", async () => {
  const run = await me.client.start({ script: { slug: "rsi-below" }, kind: "definition", instrument: "AAPL", timeframe: "1d", bars: 100, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  const id = run.json.id as string;
  const answer = await page.goto(`${h.api.url}/app/studies/${id}`);
  expect(answer?.status()).toBe(404);
  await page.getByRole("heading", { name: "Not found" }).waitFor();
  await shot("study-address-of-a-definition-run");
  await page.getByRole("link", { name: "open it on its run page" }).click();
  await page.waitForURL(new RegExp(`/app/runs/${id}$`));
  await page.getByRole("heading", { name: "Run of rsi-below on AAPL 1d" }).waitFor();
  expect((await page.goto(`${h.api.url}/app/runs/${id}`))?.status()).toBe(200);
  // The runs list (the sweeps list's other tab) with this run in it fits a phone as the sweeps list does.
  await page.goto(`${h.api.url}/app/runs`);
  await page.getByRole("link", { name: id }).waitFor();
  await fitsSmallScreens("runs-list");
  expect((await page.goto(`${h.api.url}/app/sweeps`))?.status()).toBe(200);
});
