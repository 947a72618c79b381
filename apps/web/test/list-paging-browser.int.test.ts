// The runs, sweeps and scripts lists paged by keyboard, in Debian chromium (playwright-core) against a real
// API: the paging button pressed can leave (no older page past the last one, no "Newest" on the
// newest page), and the focus then goes to the button that remains, or to the list's heading when
// none does, never to the page's start; a polite live region then says which page is shown and
// which of the list's items it holds ("Page 2: runs 51 to 100"). The lists are 50 a page; the
// runs and sweeps are written straight into the test's database (their content does not matter
// here, only how many and in which order).
// One browser, one API (its own database, Redis prefix and queues; no worker: nothing runs).
import type { Page } from "playwright-core";
import { newRunId, newSweepId } from "@barscript/db";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];
/** Rows are a minute apart, the newest at the end of this day. */
const NEWEST = Date.parse("2026-01-31T12:00:00Z");
const MINUTE = 60_000;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup({ workers: 0 });
  me = await h.account();
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

/** `n` ids, newest first, with the time each row is created at. */
function rows(n: number, newId: () => string): Array<{ id: string; createdAt: Date }> {
  return Array.from({ length: n }, (_, i) => ({ id: newId(), createdAt: new Date(NEWEST - i * MINUTE) }));
}

/** The ids the list shows (each row's second cell), top to bottom. */
const shown = (): Promise<string[]> => page.locator("tbody tr td:nth-child(2)").allTextContents();

/** Waits until the list shows exactly `want`, in that order. */
async function listed(want: string[]): Promise<void> {
  await page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll("tbody tr td:nth-child(2)")).map((td) => td.textContent ?? "")) === JSON.stringify(w), want);
}

/** Presses Enter on the named button, reached by the keyboard's focus. */
async function press(name: string): Promise<void> {
  const button = page.getByRole("button", { name, exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
}

/** What the list's live region says (a screen reader reads it once it changes). */
async function said(want: string): Promise<void> {
  await page.waitForFunction((w) => Array.from(document.querySelectorAll("main [role=status][aria-live=polite]")).some((e) => e.textContent === w), want);
}

/** What has the focus, as "button Older runs", "h1 Runs" or "body" (the page's start); run in the page. */
function focused(): string {
  const e = document.activeElement;
  return !e || e === document.body ? "body" : `${e.tagName.toLowerCase()} ${e.textContent ?? ""}`;
}

/**
 * Waits (5 s at most) until the focus is on `what`, asking the page every 50 ms. A function, not a
 * string the page evaluates: the app's CSP (script-src 'self') forbids evaluating strings, so a
 * string check that did not hold at once failed its later polls with an EvalError.
 */
async function focusedOn(what: string): Promise<void> {
  const until = Date.now() + 5_000;
  let now = await page.evaluate(focused);
  while (now !== what && Date.now() < until) {
    await new Promise((done) => setTimeout(done, 50));
    now = await page.evaluate(focused);
  }
  if (now !== what) throw new Error(`the focus is on "${now}", not on "${what}"`);
}

test("the runs list: Older runs keeps the focus while there is an older page, then hands it to Newest runs; Newest runs hands it to Older runs, or to the heading when one page holds them all", async () => {
  // 103 runs: pages of 50, 50 and 3.
  const runs = rows(103, newRunId);
  await h.env.db.run.createMany({ data: runs.map((r) => ({ ...r, accountId: me.id, kind: "indicator" as const, scriptOwnerId: me.id, scriptSlug: "paged", scriptVersion: 1, instrument: "AAPL", timeframe: "1d", inputs: {}, status: "cancelled" as const, finishedAt: r.createdAt })) });
  const ids = runs.map((r) => r.id);

  await page.goto(`${h.api.url}/app/runs`);
  await listed(ids.slice(0, 50));
  await press("Older runs");
  await listed(ids.slice(50, 100));
  await focusedOn("button Older runs");
  await said("Page 2: runs 51 to 100");
  await press("Older runs");
  await listed(ids.slice(100));
  await focusedOn("button Newest runs");
  await said("Page 3: runs 101 to 103");
  expect(await page.getByRole("button", { name: "Older runs" }).count()).toBe(0);
  await page.keyboard.press("Enter");
  await listed(ids.slice(0, 50));
  await focusedOn("button Older runs");
  await said("Page 1: runs 1 to 50");
  expect(await page.getByRole("button", { name: "Newest runs" }).count()).toBe(0);

  // On the second page, all but 40 runs are deleted elsewhere: the newest page is then the only
  // one, with no paging button left, and the focus goes to the list's heading.
  await press("Older runs");
  await listed(ids.slice(50, 100));
  await h.env.db.run.deleteMany({ where: { id: { in: ids.slice(40) } } });
  await press("Newest runs");
  await listed(ids.slice(0, 40));
  await focusedOn("h1 Runs");
  await said("Page 1: runs 1 to 40");
  expect(await page.getByRole("navigation", { name: "Pages of your runs" }).count()).toBe(0);
  expect(await shown()).toHaveLength(40);
});

test("the sweeps list: Older sweeps at the last page hands the focus to Newest sweeps, and Newest sweeps to Older sweeps", async () => {
  // 52 sweeps: pages of 50 and 2.
  const sweeps = rows(52, newSweepId);
  const spec = { instruments: [{ symbol: "AAPL", from: "2024-01-02T00:00:00.000Z", to: "2024-12-31T00:00:00.000Z", bars: 250 }], timeframe: "1d", window: { bars: 250 }, grid: { len: [7, 14] }, gridOrder: ["len"], inputs: {}, horizons: [5], events: null, cooldown: 0 };
  await h.env.db.sweep.createMany({ data: sweeps.map((s) => ({ ...s, accountId: me.id, scriptOwnerId: me.id, scriptSlug: "paged", scriptVersion: 1, spec, status: "cancelled" as const, progressTotal: 2, finishedAt: s.createdAt })) });
  const ids = sweeps.map((s) => s.id);

  await page.goto(`${h.api.url}/app/sweeps`);
  await listed(ids.slice(0, 50));
  await press("Older sweeps");
  await listed(ids.slice(50));
  await focusedOn("button Newest sweeps");
  await said("Page 2: sweeps 51 to 52");
  expect(await page.getByRole("button", { name: "Older sweeps" }).count()).toBe(0);
  await page.keyboard.press("Enter");
  await listed(ids.slice(0, 50));
  await focusedOn("button Older sweeps");
  await said("Page 1: sweeps 1 to 50");
  expect(await page.getByRole("button", { name: "Newest sweeps" }).count()).toBe(0);
  // The focus is in its place in the tab order: just after the list's last sweep.
  await page.keyboard.press("Shift+Tab");
  await focusedOn(`a ${ids[49] ?? ""}`);
});

test("the scripts list: 52 scripts are two pages, newest first; the second page is announced and Newest scripts comes back", async () => {
  const slugs = Array.from({ length: 52 }, (_, i) => `s-${String(i).padStart(3, "0")}`);
  for (const slug of slugs) await h.script(me, slug, `//@version=6\nindicator("${slug}")\nplot(close, "c")\n`);
  // newest first: the last made is s-051
  const newestFirst = [...slugs].reverse();
  const shownSlugs = async (want: string[]): Promise<void> => {
    await page.waitForFunction((w) => JSON.stringify(Array.from(document.querySelectorAll("tbody tr td:first-child code")).map((c) => c.textContent ?? "")) === JSON.stringify(w), want);
  };
  await page.goto(`${h.api.url}/app/`);
  await shownSlugs(newestFirst.slice(0, 50));
  await press("Older scripts");
  await shownSlugs(newestFirst.slice(50));
  await focusedOn("button Newest scripts");
  await said("Page 2: scripts 51 to 52");
  await page.keyboard.press("Enter");
  await shownSlugs(newestFirst.slice(0, 50));
  await focusedOn("button Older scripts");
  await said("Page 1: scripts 1 to 50");
});
