// A run page's link to the script it ran, in Debian chromium (playwright-core) against a real API
// and worker: a run of another account's public script leads to that script's library page (the
// person has no such script of their own), and a study run whose slug one of the person's
// definitions shares leads to the study's editor, not to the page asking which of the two; so do a
// public study forked, a new study created and a study renamed under a slug a definition holds. On
// the account page, a new key's secret stops being offered once that key is revoked. A run's page
// counts in words a person reads: "1 compute unit", "1 event" (a definition run says its events).
// The run form names the timeframes the instrument has no bars for.
// One browser, one stack (its own database, Redis prefix, queues).
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const DEFINITION = `//@version=6
definition("Down day")
alertcondition(close < open, "down", "down")
`;
const STUDY = `//@version=6
study("After down days", horizons = [1])
use("down")
`;
const CLOSES = `//@version=6
indicator("Closes")
plot(close, "c")
`;

const h = new RunsHarness();
let me: { handle: string; email: string; client: Client };
let other: { handle: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

/** POST /scripts as the account; fails the test unless it answers 201. */
async function create(client: Client, body: Record<string, unknown>): Promise<void> {
  const answer = await client.call("POST", "/scripts", body);
  expect({ status: answer.status, text: answer.status === 201 ? "" : answer.text }).toEqual({ status: 201, text: "" });
}

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  other = await h.account();
  await create(other.client, { slug: "closes", visibility: "public", files: [{ path: "main.pine", content: CLOSES }] });
  await create(me.client, { slug: "down", files: [{ path: "main.pine", content: DEFINITION }] });
  await create(me.client, { slug: "down", files: [{ path: "main.pine", content: STUDY }] });
  await create(other.client, { slug: "down", files: [{ path: "main.pine", content: DEFINITION }] });
  await create(other.client, { slug: "after-down", visibility: "public", files: [{ path: "main.pine", content: STUDY }] });
  for (const slug of ["dip", "slide", "fall"]) await create(me.client, { slug, files: [{ path: "main.pine", content: DEFINITION }] });
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

test("a run of another account's public script links to its library page", async () => {
  const run = await me.client.start({ script: { slug: "closes", owner: other.handle }, instrument: "AAPL", timeframe: "1d", bars: 30, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/runs/${run.json.id}`);
  await page.getByRole("link", { name: `${other.handle}/closes` }).click();
  await page.waitForURL(new RegExp(`/app/library/${other.handle}/closes$`));
  await page.getByRole("heading", { level: 1, name: "Closes" }).waitFor();
  await page.getByText(`${other.handle}/closes · indicator`).waitFor();
});

test("a study run whose slug a definition shares links to the study's editor", async () => {
  const run = await me.client.start({ script: "down", kind: "study", instrument: "AAPL", timeframe: "1d", bars: 30, wait: 30 });
  expect(run.json.status).toBe("succeeded");
  await page.goto(`${h.api.url}/app/studies/${run.json.id}`);
  await page.getByRole("link", { name: `${me.handle}/down` }).click();
  await page.waitForURL(/\/app\/scripts\/down\?kind=study$/);
  await page.getByText("down · study · version 1 of 1").waitFor();
  await expect(page.getByText("Two of your scripts are named").count()).resolves.toBe(0);
});

/** The editor's header once it shows the study `slug`, and no page asking which of two scripts. */
async function onStudyEditor(slug: string): Promise<void> {
  await page.waitForURL(new RegExp(`/app/scripts/${slug}\\?kind=study$`));
  await page.getByText(`${slug} · study · version 1 of 1`).waitFor();
  await expect(page.getByText("Two of your scripts are named").count()).resolves.toBe(0);
}

test("a public study forked under the slug of one of the person's definitions opens the study's editor", async () => {
  await page.goto(`${h.api.url}/app/library/${other.handle}/after-down`);
  await page.getByLabel("Fork into your account as").fill("dip");
  await page.getByRole("button", { name: "Fork" }).click();
  await onStudyEditor("dip");
});

test("a study created, then renamed, under a definition's slug opens the study's editor each time", async () => {
  await page.goto(`${h.api.url}/app/scripts/new`);
  await page.getByLabel(/^Slug/).fill("slide");
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(STUDY);
  await page.getByRole("status").filter({ hasText: "No problems found." }).waitFor();
  await page.getByRole("button", { name: "Create script" }).click();
  await onStudyEditor("slide");
  await page.getByLabel("Slug", { exact: true }).fill("fall");
  await page.getByRole("button", { name: "Rename" }).click();
  await onStudyEditor("fall");
});

// Compute units are ceil(bars evaluated / 1000) (docs/reference/limits-and-plans.md): 500 bars of
// an indicator with no warmup are 1 unit. bar_index counts from AAPL's first bar (3,270 daily bars):
// bar 3000 lies in the latest 500 (bars 2770 to 3269), so the definition raises one event.
const ONE_EVENT = `//@version=6
definition("One event")
alertcondition(bar_index == 3000, "mark", "bar 3000")
`;

test("a run's page says 1 compute unit and 1 event, in the singular, and a definition run counts its events", async () => {
  await create(me.client, { slug: "closes", files: [{ path: "main.pine", content: CLOSES }] });
  await create(me.client, { slug: "one-event", files: [{ path: "main.pine", content: ONE_EVENT }] });
  const indicator = await me.client.start({ script: "closes", instrument: "AAPL", timeframe: "1d", bars: 500, wait: 30 });
  expect(indicator.json.summary.compute_units).toBe(1);
  await page.goto(`${h.api.url}/app/runs/${indicator.json.id}`);
  await page.getByText(/^500 bars · 1 compute unit · /).waitFor();
  const definition = await me.client.start({ script: "one-event", instrument: "AAPL", timeframe: "1d", bars: 500, wait: 30 });
  expect(definition.json.summary.events).toBe(1);
  await page.goto(`${h.api.url}/app/runs/${definition.json.id}`);
  await page.getByText(/^500 bars · 1 event · \d+ compute units · /).waitFor();
  await page.getByRole("button", { name: "Table" }).click();
  await page.getByRole("table", { name: "1 event" }).waitFor();
});

let timeframeTries = 0;
test("the run form says which timeframes the instrument has no bars for", async () => {
  // a slug of its own on each try: jest's retry met the first try's script (409)
  const slug = `timeframes-${++timeframeTries}`;
  await create(me.client, { slug, files: [{ path: "main.pine", content: CLOSES }] });
  await page.goto(`${h.api.url}/app/scripts/${slug}`);
  await page.getByLabel("Instrument").fill("AAPL");
  // the harness imports AAPL daily bars with the real import code, which derives the weekly ones
  await page.getByText(/^Apple Inc\. · 1d, 1w$/).waitFor();
  const options = await page.getByLabel("Timeframe").locator("option").allTextContents();
  expect(options).toEqual(["1m (no AAPL bars)", "5m (no AAPL bars)", "15m (no AAPL bars)", "30m (no AAPL bars)", "1h (no AAPL bars)", "2h (no AAPL bars)", "4h (no AAPL bars)", "1d", "1w"]);
});

test("the account page stops showing a new key's secret once that key is revoked", async () => {
  await page.goto(`${h.api.url}/app/account`);
  await page.getByLabel("Key name").fill("laptop");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = page.locator("code.secret");
  await secret.waitFor();
  await expect(secret.textContent()).resolves.toMatch(/^bsk_[0-9A-Za-z]{43}$/);
  await page.getByRole("button", { name: /^Revoke key laptop / }).click();
  await page.getByRole("button", { name: "Revoke laptop" }).click();
  await page.getByRole("cell", { name: /^revoked / }).waitFor();
  await expect(secret.count()).resolves.toBe(0);
});
