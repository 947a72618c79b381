// The web app used from outside, ninth pass (docs/adr/0345-library-pages-and-copying-a-key.md), in
// Debian chromium (playwright-core) against a real API and worker: the library past its first
// page (browsing and searching), copying a new API key, and a new person's walk through the app
// at a desktop's and a phone's width.
// One browser, one API and one worker for every case (their own database, Redis prefix, queues).
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

/** Public scripts another account publishes: more than two of the library's pages of 100. */
const PUBLISHED = 230;
const NEWEST = Date.parse("2026-11-30T12:00:00Z");

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  const publisher = await h.account();
  // One script made as POST /scripts makes it, then copied in the database under other slugs
  // (the library's order is the newest update first: one minute apart).
  await h.script(publisher, "walk-000", '//@version=6\nindicator("Walk 000")\nplot(close, "c")\n');
  const made = await h.env.db.script.findFirstOrThrow({ where: { ownerId: publisher.id, slug: "walk-000" }, include: { versions: true } });
  const version = made.versions[0];
  if (!version) throw new Error("walk-000 has no version");
  const n = (i: number): string => String(i).padStart(3, "0");
  const ids = Array.from({ length: PUBLISHED - 1 }, (_, k) => `scr_w9walk${n(k + 1)}aaaaaaaaaaaaa`);
  await h.env.db.script.createMany({
    data: ids.map((id, k) => ({ id, ownerId: publisher.id, slug: `walk-${n(k + 1)}`, slugClass: made.slugClass, kind: made.kind, title: `Walk ${n(k + 1)}`, visibility: "public" as const, createdAt: made.createdAt, updatedAt: new Date(NEWEST - (k + 1) * 60_000) })),
  });
  await h.env.db.scriptVersion.createMany({
    data: ids.map((id, k) => ({ id: `ver_w9walk${n(k + 1)}aaaaaaaaaaaaa`, scriptId: id, version: 1, files: version.files ?? [], digest: version.digest, interface: version.interface ?? {}, dependencies: version.dependencies ?? [] })),
  });
  await h.env.db.script.update({ where: { id: made.id }, data: { visibility: "public", updatedAt: new Date(NEWEST) } });
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

/** The library entries the page shows, as owner/slug from their links, top to bottom. */
function libraryShown(): Promise<string[]> {
  return page.locator("ul.cards li a").evaluateAll((links) => links.map((a) => decodeURIComponent(new URL((a as HTMLAnchorElement).href).pathname.replace("/app/library/", ""))));
}

/** Waits until the library's live region says `text`. */
async function libraryStatus(text: string): Promise<void> {
  await page.locator("main [role=status][aria-live=polite]").filter({ hasText: text }).first().waitFor();
}

/** Every page of the library from the first, by its "Next page" button: what each showed. */
async function everyLibraryPage(): Promise<string[][]> {
  const pages: string[][] = [];
  for (;;) {
    await page.locator("ul.cards li").first().waitFor();
    await page.getByRole("status").filter({ hasText: /scripts?|Scripts/ }).first().waitFor();
    pages.push(await libraryShown());
    const next = page.getByRole("button", { name: "Next page", exact: true });
    if ((await next.count()) === 0) return pages;
    const first = pages[pages.length - 1]?.[0] ?? "";
    await next.click();
    await page.waitForFunction((was) => {
      const a = document.querySelector<HTMLAnchorElement>("ul.cards li a");
      return a !== null && !a.href.endsWith(was);
    }, encodeURIComponent(first.split("/")[1] ?? ""));
  }
}

test("the library reaches every public script a page of 100 at a time, and Back returns to the page before and from a script to its page", async () => {
  const all = await h.env.db.script.findMany({ where: { visibility: "public" }, include: { owner: { select: { handle: true } } } });
  const want = all.map((s) => `${s.owner.handle}/${s.slug}`).sort();
  expect(want.length).toBeGreaterThan(200);
  await page.goto(`${h.api.url}/app/library`);
  const pages = await everyLibraryPage();
  const last = Math.ceil(want.length / 100);
  expect(pages.map((p) => p.length)).toEqual(Array.from({ length: last }, (_, i) => Math.min(100, want.length - i * 100)));
  expect(pages.flat().sort()).toEqual(want);
  await libraryStatus(`Scripts ${(last - 1) * 100 + 1} to ${want.length} (the last page).`);
  expect(new URL(page.url()).searchParams.get("page")).toBe(String(last));
  for (let back = last; back > 2; back--) await page.goBack();

  await libraryStatus("Scripts 101 to 200 (more on the next page).");
  await expect(libraryShown()).resolves.toEqual(pages[1]);
  // a script opened from page 2, then Back: page 2 again
  await page.locator("ul.cards li a").nth(5).click();
  await page.waitForURL(/\/app\/library\/[^/?]+\/[^/?]+$/);
  await page.getByRole("button", { name: "Fork" }).waitFor();
  await page.goBack();
  await libraryStatus("Scripts 101 to 200 (more on the next page).");
  await expect(libraryShown()).resolves.toEqual(pages[1]);
  await page.goBack();
  await libraryStatus("Scripts 1 to 100 (more on the next page).");
  await expect(libraryShown()).resolves.toEqual(pages[0]);
  await page.goForward();
  await libraryStatus("Scripts 101 to 200 (more on the next page).");
  await page.getByRole("button", { name: "First page" }).click();
  await libraryStatus("Scripts 1 to 100 (more on the next page).");
  await expect(libraryShown()).resolves.toEqual(pages[0]);
  // an address whose cursor the service did not issue: its refusal, and the way back to the first page
  await page.goto(`${h.api.url}/app/library?page=2&cursor=not-a-cursor`);
  await page.getByRole("alert").filter({ hasText: "Parameter `cursor` is not a cursor this list issued." }).waitFor();
  await page.getByRole("button", { name: "First page" }).click();
  await libraryStatus("Scripts 1 to 100 (more on the next page).");
});

test("a search with more than 50 matches reaches them all, 50 a page; typing again starts at its first page", async () => {
  await page.goto(`${h.api.url}/app/library`);
  await page.getByLabel("Search public scripts").fill("walk");
  await page.waitForURL(/\?q=walk$/);
  const pages = await everyLibraryPage();
  expect(pages.map((p) => p.length)).toEqual([50, 50, 50, 50, 30]);
  const mine = pages.flat();
  expect(new Set(mine).size).toBe(PUBLISHED);
  expect(mine.every((s) => /\/walk-\d{3}$/.test(s))).toBe(true);
  await libraryStatus("Scripts 201 to 230 matching “walk” (the last page).");
  await page.getByLabel("Search public scripts").fill("walk 01");
  await libraryStatus("10 scripts match “walk 01”.");
  expect(new URL(page.url()).search).toBe("?q=walk+01");
  await expect(page.getByRole("button", { name: "Next page" }).count()).resolves.toBe(0);
});

test("a new API key's secret is copied by its Copy button, which says so; where the Clipboard API is missing, the key is selected and copied by the browser", async () => {
  await browser?.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.api.url });
  await page.goto(`${h.api.url}/app/account`);
  await page.getByLabel("Key name").fill("copied");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = (await page.locator("code.secret").textContent()) ?? "";
  expect(secret.length).toBeGreaterThan(20);
  const copy = page.getByRole("button", { name: "Copy the new key" });
  await copy.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("status").filter({ hasText: "Copied to the clipboard." }).waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(secret);
  // the copied key is a working key
  const meWithKey = await fetch(`${h.api.url}/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
  expect(meWithKey.status).toBe(200);

  // No Clipboard API (a page served over plain HTTP): the key is selected, the browser's copy used.
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.evaluate(() => Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true }));
  await copy.click();
  await page.getByRole("status").filter({ hasText: /Copied to the clipboard\.|press Ctrl\+C/ }).waitFor();
  await expect(page.evaluate(() => window.getSelection()?.toString())).resolves.toBe(secret);
});

const BAND = `//@version=6
indicator("Band", overlay = true)
len = input.int(20, "Length", minval = 1)
basis = ta.sma(close, lenght)
plot(basis, "basis")
`;

test("a check of the editor's text refused as busy is asked again, and a slow answer about the text before an edit is not shown as the edited text's", async () => {
  // The new script's template is checked first; its answer is held until the edit's check has
  // been refused as the service refuses a second heavy call at once (429 busy, Retry-After: 2).
  let calls = 0;
  let release = (): void => undefined;
  const held = new Promise<void>((done) => { release = done; });
  let asked = (): void => undefined;
  const templateAsked = new Promise<void>((done) => { asked = done; });
  await page.route("**/v1/scripts/validate", async (route) => {
    calls++;
    if (calls === 1) { asked(); await held; await route.continue(); return; }
    if (calls === 2) {
      await route.fulfill({ status: 429, headers: { "Retry-After": "2", "Content-Type": "application/json" }, body: JSON.stringify({ error: { code: "busy", message: "Another heavy call of this account is running." } }) });
      release();
      return;
    }
    await route.continue();
  });
  try {
    await page.goto(`${h.api.url}/app/scripts/new`);
    await templateAsked;
    // what the line under the editor ever says from now on
    await page.evaluate(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => said.push(document.querySelector(".editor + *")?.textContent ?? "")).observe(document.querySelector("main") as Node, { subtree: true, childList: true, characterData: true });
    });
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(BAND);
    await page.locator(".diagnostics li").filter({ hasText: "Line 4, column 23" }).waitFor();
    await expect(page.locator(".diagnostics").textContent()).resolves.toContain("Undeclared identifier 'lenght'");
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said.filter((s) => s.includes("No problems found."))).toEqual([]);
    expect(calls).toBe(3);
  } finally {
    await page.unroute("**/v1/scripts/validate");
  }
});

test("a double click on Create key makes one key, whose secret is the one shown", async () => {
  await page.goto(`${h.api.url}/app/account`);
  const before = ((await me.client.call("GET", "/keys")).json.data as unknown[]).length;
  await page.getByLabel("Key name").fill("clicked twice");
  await page.getByRole("button", { name: "Create key" }).dblclick();
  await page.locator("code.secret").waitFor();
  await page.getByRole("button", { name: "Create key" }).waitFor();
  const keys = (await me.client.call("GET", "/keys")).json.data as Array<{ name: string; prefix: string }>;
  expect(keys.filter((k) => k.name === "clicked twice")).toHaveLength(1);
  expect(keys).toHaveLength(before + 1);
  const secret = (await page.locator("code.secret").textContent()) ?? "";
  expect(secret.startsWith(keys.find((k) => k.name === "clicked twice")?.prefix ?? "-")).toBe(true);
});

const CROSS = `//@version=6
definition("Cross up")
fast = input.int(10, "Fast", minval = 1)
slow = input.int(30, "Slow", minval = 2)
alertcondition(ta.crossover(ta.sma(close, fast), ta.sma(close, slow)), "cross_up", "fast over slow")
`;
const AFTER_CROSS = `//@version=6
study("After cross", horizons = [5, 20])
use("w9-cross")
trend = close > ta.sma(close, 50) ? "up" : "down"
group("trend", trend)
`;

test("at a phone's width (360 px) a study's statistics keep each value on one line (its intervals were broken over three); the table scrolls sideways instead", async () => {
  await h.script(me, "w9-cross", CROSS);
  await h.script(me, "w9-after-cross", AFTER_CROSS);
  const run = (await me.client.call("POST", "/runs", { script: "w9-after-cross", instrument: "AAPL", timeframe: "1d", bars: 1000, wait: 60 })).json as { id: string; status: string };
  expect(run.status).toBe("succeeded");
  await page.setViewportSize({ width: 360, height: 740 });
  try {
    await page.goto(`${h.api.url}/app/studies/${run.id}`);
    await page.getByRole("heading", { name: "Baseline" }).waitFor();
    // every cell's text as line boxes: one line each
    const broken = await page.evaluate(() => Array.from(document.querySelectorAll("table.numbers tbody td")).flatMap((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      return tops.size > 1 ? [`${td.textContent ?? ""}: ${tops.size} lines`] : [];
    }));
    expect(broken).toEqual([]);
    const cells = await page.locator("table.numbers tbody td").count();
    expect(cells).toBeGreaterThan(20);
    const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scroll).toBe(client);
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
});

test("a double click on a key's Revoke asks the service once: the key is revoked and no refusal is shown beside it", async () => {
  await page.goto(`${h.api.url}/app/account`);
  await page.getByLabel("Key name").fill("revoked twice");
  await page.getByRole("button", { name: "Create key" }).click();
  await page.locator("code.secret").waitFor();
  const asked: string[] = [];
  const count = (r: { url(): string; method(): string }): void => { if (r.method() === "POST" && r.url().endsWith("/revoke")) asked.push(r.url()); };
  page.on("request", count);
  try {
    await page.getByRole("button", { name: /^Revoke key revoked twice/ }).click();
    await page.getByRole("button", { name: "Revoke revoked twice" }).dblclick();
    const row = page.locator("tbody tr").filter({ hasText: "revoked twice" });
    await row.getByText(/^revoked \d{4}-/).waitFor();
    await page.waitForLoadState("networkidle");
    expect(asked).toHaveLength(1);
    await expect(row.getByRole("alert").count()).resolves.toBe(0);
  } finally {
    page.off("request", count);
  }
});
