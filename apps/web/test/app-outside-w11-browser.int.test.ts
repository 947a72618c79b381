// The web app used from outside, eleventh pass (docs/adr/0357-run-kinds-and-the-run-form-default.md),
// in Debian chromium (playwright-core) against a real API and worker: the run and sweep forms start
// on an instrument and timeframe the account's plan can run, read from the API (the plan's history
// start from GET /v1/usage, the instruments' coverage from GET /v1/instruments), and say the plan's
// limits where the person picks. They started on AAPL 1d for everyone: a free plan's history starts
// 2020-01-01 (docs/reference/limits-and-plans.md) and the demo's AAPL bars end 2013-03-01, so a new
// free account's first run was refused out_of_coverage.
// One API and one worker for every case (their own database, Redis prefix, queues); a browser per account.
import { join } from "node:path";
import type { Page } from "playwright-core";
import { importFile } from "@barscript/marketdata";
import { openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(300_000);

type Account = { id: string; handle: string; email: string; client: Client };
const h = new RunsHarness();
let free: Account;
const browsers: TestBrowser[] = [];
const pageErrors: string[] = [];

const CLOSE = `//@version=6
indicator("Close", overlay = true)
plot(close, "c")
`;
const BELOW = `//@version=6
definition("Below")
level = input.int(30, "Level", minval = 1, maxval = 95)
alertcondition(ta.rsi(close, 14) < level, "below", "below")
`;

// The demo's bars as seed-demo stores them: Coinbase BTC-USD 4-hour bars (2016-05-18 to 2025-10-28),
// whose 1d and 1w the import derives; the harness's AAPL daily bars end 2013-03-01.
const FREE_LINE = "reaches bars from 2020-01-01 on; stored bars reach it on: BTC-USD (4h, 1d, 1w). A run may take up to 120 s.";

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  await importFile(h.env.db, { symbol: "BTC-USD", timeframe: "4h", file: join(__dirname, "../../../packages/marketdata/demo/Coinbase-BTC-USD-PT4H-20160518_20251028.json"), format: "ta4j-json", meta: { name: "Bitcoin / US Dollar", exchange: "Coinbase", assetClass: "crypto", currency: "USD", timezone: "UTC", session: "24x7" } });
  free = await h.account({ historyStart: new Date("2020-01-01T00:00:00Z") });
  await h.script(free, "close", CLOSE);
  await h.script(free, "below", BELOW);
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await h.teardown();
});
afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function signIn(account: Account): Promise<Page> {
  const browser = await openSignedIn(h.api.url, account, pageErrors);
  browsers.push(browser);
  return browser.page;
}

const valueOf = (page: Page, id: string): Promise<string> => page.locator(`#${id}`).inputValue();

/** Waits until the field `id` holds `value` (the form's start arrives after two reads of the API). */
async function holds(page: Page, id: string, value: string): Promise<void> {
  await page.waitForFunction(([i, v]) => (document.getElementById(i!) as HTMLInputElement | null)?.value === v, [id, value]);
}

test("a free plan's account: the run form starts on BTC-USD 1d, says the plan's reach, and its first run succeeds", async () => {
  const page = await signIn(free);
  await page.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
  await holds(page, "run-instrument", "BTC-USD");
  await expect(valueOf(page, "run-timeframe")).resolves.toBe("1d");
  const line = page.locator("#run-plan-hint");
  await expect(line.innerText()).resolves.toBe(`Your plan (${planOf(free)}) ${FREE_LINE}`);
  await expect(page.locator("#run-instrument").getAttribute("aria-describedby")).resolves.toBe("run-instrument-hint run-plan-hint");
  await page.locator("#run-instrument-hint").filter({ hasText: "Bitcoin / US Dollar" }).waitFor();

  await page.getByRole("button", { name: "Run it" }).click();
  await page.waitForURL(/\/app\/runs\/run_[0-9A-Za-z]{24}$/);
  await page.locator(".badge.succeeded").waitFor({ timeout: 120_000 });
  const id = page.url().split("/").pop() ?? "";
  const run = (await free.client.call("GET", `/runs/${id}`)).json as { instrument: string; timeframe: string; status: string; window: { bars: number; to: string } };
  expect([run.instrument, run.timeframe, run.status, run.window.bars]).toEqual(["BTC-USD", "1d", "succeeded", 1000]);
  expect(run.window.to).toBe("2025-10-28T00:00:00Z");
});

test("a free plan's account typing AAPL is told, before it runs, that AAPL's bars end before the plan's history start", async () => {
  const page = await signIn(free);
  await page.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
  await holds(page, "run-instrument", "BTC-USD");
  await page.locator("#run-instrument").fill("AAPL");
  const hint = page.locator("#run-instrument-hint");
  await hint.filter({ hasText: "Apple Inc." }).waitFor();
  await expect(hint.innerText()).resolves.toBe("Apple Inc. · 1d, 1w · its bars end 2013-03-01, before your plan's history start (2020-01-01)");
  const options = await page.locator("#run-timeframe option").allTextContents();
  expect(options).toEqual([...["1m", "5m", "15m", "30m", "1h", "2h", "4h"].map((t) => `${t} (no AAPL bars)`), "1d (no AAPL bars since 2020-01-01)", "1w (no AAPL bars since 2020-01-01)"]);
});

test("a slow answer for the default instrument's search, arriving after the search for what was typed, does not replace its matches", async () => {
  const page = await signIn(free);
  // The search for the starting instrument is held back until the one for AAPL has been answered.
  let release = (): void => undefined;
  const held = new Promise<void>((done) => { release = done; });
  await page.route(/\/v1\/instruments\?limit=20&q=BTC-USD$/, async (route) => { await held; await route.continue(); });
  const stale = page.waitForRequest(/\/v1\/instruments\?limit=20&q=BTC-USD$/);
  await page.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
  await stale;
  await page.locator("#run-instrument").fill("AAPL");
  const hint = page.locator("#run-instrument-hint");
  await hint.filter({ hasText: "Apple Inc." }).waitFor();
  const answered = page.waitForResponse(/\/v1\/instruments\?limit=20&q=BTC-USD$/);
  release();
  await (await answered).finished();
  // The page reads the body and renders in the next tasks; the old form showed "Type a symbol..." by then.
  await page.waitForTimeout(500);
  await expect(hint.innerText()).resolves.toContain("Apple Inc.");
});

test("a free plan's account: a definition's sweep form starts on BTC-USD 1d with the plan's line, and the sweep succeeds", async () => {
  const page = await signIn(free);
  await page.goto(`${h.api.url}/app/scripts/below?kind=definition`);
  const form = page.getByRole("region", { name: "Sweep" });
  await holds(page, "sweep-instruments", "BTC-USD");
  await expect(valueOf(page, "sweep-timeframe")).resolves.toBe("1d");
  await expect(form.locator("#sweep-plan-hint").innerText()).resolves.toBe(`Your plan (${planOf(free)}) ${FREE_LINE}`);
  await form.getByLabel(/^Horizons/).fill("5");
  await form.getByRole("button", { name: "Start the sweep" }).click();
  await page.waitForURL(/\/app\/sweeps\/swp_[0-9A-Za-z]{24}$/);
  const id = /swp_[0-9A-Za-z]{24}/.exec(page.url())![0];
  let sweep = { instruments: [] as string[], timeframe: "", status: "queued" };
  while (sweep.status === "queued" || sweep.status === "running") sweep = (await free.client.call("GET", `/sweeps/${id}?wait=30`)).json as typeof sweep;
  expect([sweep.instruments, sweep.timeframe, sweep.status]).toEqual([["BTC-USD"], "1d", "succeeded"]);
});

test("what the person types before the plan's reach arrives is kept; Run it waits for an instrument", async () => {
  const page = await signIn(free);
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => { release = r; });
  await page.route("**/v1/usage", async (route) => { await held; await route.fallback(); });
  try {
    await page.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
    const run = page.getByRole("button", { name: "Run it" });
    await run.waitFor();
    await expect(run.isDisabled()).resolves.toBe(true);
    await expect(valueOf(page, "run-instrument")).resolves.toBe("");
    await page.locator("#run-instrument").fill("btc-usd");
    await page.locator("#run-timeframe").selectOption("1w");
    await expect(run.isDisabled()).resolves.toBe(false);
    release();
    await page.locator("#run-plan-hint").waitFor();
    await expect(valueOf(page, "run-instrument")).resolves.toBe("btc-usd");
    await expect(valueOf(page, "run-timeframe")).resolves.toBe("1w");
  } finally {
    release();
    await page.unroute("**/v1/usage");
  }
});

test("a plan reaching back to 1990 starts on the first instrument by symbol, AAPL 1d; a plan without a history start says it reaches every bar", async () => {
  const pro = await h.account();
  await h.script(pro, "close", CLOSE);
  const page = await signIn(pro);
  await page.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
  await page.locator("#run-plan-hint").waitFor();
  await expect(valueOf(page, "run-instrument")).resolves.toBe("AAPL");
  await expect(valueOf(page, "run-timeframe")).resolves.toBe("1d");
  await expect(page.locator("#run-plan-hint").innerText()).resolves.toBe(`Your plan (${planOf(pro)}) reaches bars from 1990-01-01 on; stored bars reach it on: AAPL (1d, 1w), BTC-USD (4h, 1d, 1w). A run may take up to 120 s.`);

  const unbounded = await h.account({ historyStart: null, runTimeLimitSeconds: 300 });
  await h.script(unbounded, "close", CLOSE);
  const other = await signIn(unbounded);
  await other.goto(`${h.api.url}/app/scripts/close?kind=indicator`);
  await other.locator("#run-plan-hint").waitFor();
  await expect(valueOf(other, "run-instrument")).resolves.toBe("AAPL");
  await expect(other.locator("#run-plan-hint").innerText()).resolves.toBe(`Your plan (${planOf(unbounded)}) reaches every stored bar. A run may take up to 300 s.`);
});

/** The harness gives each account its own copy of a plan, named by the account's number. */
function planOf(account: Account): string {
  return `test-${account.handle.replace("runner-", "")}`;
}

test("a free plan's account is told, on /device before and after approving, that its plan has no API access; both account pages give the plan's history start", async () => {
  // as the seeded free plan: no API access, history from 2020-01-01 (the harness copies pro)
  const noApi = await h.account({ historyStart: new Date("2020-01-01T00:00:00Z") });
  await h.env.db.plan.update({ where: { name: planOf(noApi) }, data: { apiAccess: false } });
  const page = await signIn(noApi);
  const started = await fetch(`${h.api.url}/v1/auth/device`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "my laptop" }) });
  const device = (await started.json()) as { user_code: string; device_code: string };
  await page.goto(`${h.api.url}/device?user_code=${device.user_code}`);
  const notice = `Your plan (${planOf(noApi)}) has no API access: the tool's calls with this key are refused (plan_limit) until an operator moves the account to a plan with it. The web app works without a key.`;
  await expect(page.getByRole("status").innerText()).resolves.toBe(notice);
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText("Approved. Return to your tool").waitFor();
  await expect(page.getByRole("status").filter({ hasText: "no API access" }).innerText()).resolves.toBe(notice);
  // what the notice says: the key the tool receives is refused
  const token = (await (await fetch(`${h.api.url}/v1/auth/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ device_code: device.device_code }) })).json()) as { api_key: string };
  const me = await fetch(`${h.api.url}/v1/me`, { headers: { authorization: `Bearer ${token.api_key}` } });
  expect([me.status, ((await me.json()) as { error: { code: string } }).error.code]).toEqual([403, "plan_limit"]);

  await page.goto(`${h.api.url}/account`);
  await expect(page.getByRole("row", { name: /^History from/ }).innerText()).resolves.toBe("History from\t\t2020-01-01");
  await page.goto(`${h.api.url}/app/account`);
  await page.getByText(/^History: /).waitFor();
  await expect(page.getByText(/^History: /).innerText()).resolves.toBe("History: runs reach bars from 2020-01-01 on; a window starting earlier is moved to that day.");
});

test("a plan with API access approving on /device gets no such notice", async () => {
  const pro = await h.account();
  const page = await signIn(pro);
  const device = (await (await fetch(`${h.api.url}/v1/auth/device`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "ci" }) })).json()) as { user_code: string };
  await page.goto(`${h.api.url}/device?user_code=${device.user_code}`);
  await page.getByRole("button", { name: "Approve" }).waitFor();
  await expect(page.getByText("has no API access").count()).resolves.toBe(0);
});
