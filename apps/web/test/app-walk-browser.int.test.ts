// The web app walked by keyboard, in Debian chromium (playwright-core) against a real API and
// worker: a diagnostic's place takes the cursor to its line, a refused run keeps the focus on its button, the runs list's status filter is
// part of its address (deep link, back and forward), a malformed address is "Not found" rather
// than a blank page, a plan without API access is told so beside its keys, and signing out
// leaves no page of the app behind. One browser, one stack (its own database, Redis prefix, queues).
import type { Page } from "playwright-core";
import { createAccount } from "@barscript/db";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { ACCOUNT_PASSWORD, RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(180_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

test("a diagnostic's place is a button: Enter on it puts the editor's selection on the undeclared name", async () => {
  await page.goto(`${h.api.url}/app/scripts/new`);
  await page.getByRole("status").filter({ hasText: "No problems found." }).waitFor();
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Delete");
  // line 4, column 6: `foo` is declared nowhere
  await page.keyboard.insertText('//@version=6\nindicator("Typo")\nx = 1\nplot(foo, "p")\n');
  const place = page.getByRole("button", { name: "Go to line 4, column 6" });
  await place.waitFor();
  await expect(place.textContent()).resolves.toBe("Line 4, column 6");
  // Move the cursor away, then reach the button by keyboard.
  await page.keyboard.press("Control+Home");
  await place.focus();
  await page.keyboard.press("Enter");
  const where = await page.evaluate(() => ({ inEditor: document.activeElement?.classList.contains("cm-content") ?? false, selected: window.getSelection()?.toString() }));
  expect(where).toEqual({ inEditor: true, selected: "foo" });
});

test("the runs list's status filter is in its address: chosen by keyboard (the focus stays), kept by back and forward, opened by a link", async () => {
  await h.script(me, "fine", `//@version=6
indicator("Fine")
plot(close, "c")
`);
  await h.script(me, "broken", `//@version=6
indicator("Broken")
runtime.error("always")
plot(close, "c")
`);
  const good = await me.client.start({ script: "fine", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
  const bad = await me.client.start({ script: "broken", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
  expect([good.json.status, bad.json.status]).toEqual(["succeeded", "failed"]);
  const ids = (): Promise<string[]> => page.locator("tbody tr td:nth-child(2)").allTextContents();
  /** Waits until the list shows exactly these runs (in any order). */
  const listed = async (want: string[]): Promise<void> => {
    await page.waitForFunction((w) => {
      const got = Array.from(document.querySelectorAll("tbody tr td:nth-child(2)")).map((td) => td.textContent ?? "");
      return JSON.stringify(got.sort()) === JSON.stringify([...w].sort());
    }, want);
  };

  await page.goto(`${h.api.url}/app/runs`);
  await page.getByRole("link", { name: bad.json.id }).waitFor();
  expect((await ids()).sort()).toEqual([good.json.id, bad.json.id].sort());
  const menu = page.getByLabel("Status");
  await menu.focus();
  await menu.selectOption("failed");
  await page.waitForURL(/\/app\/runs\?status=failed$/);
  await listed([bad.json.id]);
  await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("runs-status");

  await page.goBack();
  await page.waitForURL(/\/app\/runs$/);
  await listed([good.json.id, bad.json.id]);
  await expect(menu.inputValue()).resolves.toBe("");
  await page.goForward();
  await page.waitForURL(/\/app\/runs\?status=failed$/);
  await listed([bad.json.id]);
  await expect(menu.inputValue()).resolves.toBe("failed");

  await page.goto(`${h.api.url}/app/runs?status=succeeded`);
  await listed([good.json.id]);
  await expect(menu.inputValue()).resolves.toBe("succeeded");
  // an unknown status in the address is no filter (the API would refuse it)
  await page.goto(`${h.api.url}/app/runs?status=bogus`);
  await listed([good.json.id, bad.json.id]);
});

test("a run the service refuses, started by keyboard: the refusal is shown and the focus stays on Run it", async () => {
  await h.script(me, "plain", `//@version=6
indicator("Plain")
plot(close, "c")
`);
  await page.goto(`${h.api.url}/app/scripts/plain`);
  await page.getByLabel("Instrument").fill("ZZZZ");
  const run = page.getByRole("button", { name: "Run it" });
  await run.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("alert").filter({ hasText: "unknown_instrument" }).waitFor();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Run it");
  expect(new URL(page.url()).pathname).toBe("/app/scripts/plain");
});

test("a save that meets a newer version which then cannot be read says why, with no error thrown in the page", async () => {
  await h.script(me, "raced", `//@version=6
indicator("Raced")
plot(close, "c")
`);
  await page.goto(`${h.api.url}/app/scripts/raced`);
  await page.getByRole("status").filter({ hasText: "No problems found." }).waitFor();
  // Another tool saves version 2 meanwhile; then reading the script fails once (the service busy).
  const v2 = await me.client.call("PUT", "/scripts/raced", { slug: "raced", base_version: 1, files: [{ path: "main.pine", content: `//@version=6
indicator("Raced")
plot(open, "o")
` }] });
  expect(v2.status).toBe(200);
  await page.route(/\/v1\/scripts\/raced\?kind=indicator$/, (route) => route.request().method() === "GET"
    ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "busy", message: "The service is busy." } }) })
    : route.continue());
  try {
    await page.getByRole("button", { name: "Save version" }).click();
    await page.getByRole("alert").filter({ hasText: "The service is busy. (busy)" }).waitFor();
    await expect(page.getByRole("button", { name: "Save version" }).isVisible()).resolves.toBe(true);
  } finally {
    await page.unroute(/\/v1\/scripts\/raced\?kind=indicator$/);
  }
});

test("an address with a malformed escape, reached inside the app, is Not found, not a blank page", async () => {
  await page.goto(`${h.api.url}/app/`);
  await page.getByRole("heading", { name: "Your scripts" }).waitFor();
  await page.evaluate(() => {
    history.pushState(null, "", "/app/scripts/%E0%A4%A");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.getByRole("heading", { name: "Not found" }).waitFor();
  await page.getByRole("link", { name: "Back to your scripts" }).click();
  await page.getByRole("heading", { name: "Your scripts" }).waitFor();
});

test("a plan without API access is told so beside its keys; signing out leaves no page of the app", async () => {
  // an account of this try's own (a retry does not meet the first try's)
  const free = `free-${Date.now().toString(36)}`;
  await createAccount(h.env.db, { email: `${free}@example.com`, password: ACCOUNT_PASSWORD, handle: free, plan: "free", admit: true });
  const other = await openSignedIn(h.api.url, { email: `${free}@example.com` }, pageErrors, "/app/account");
  try {
    const p = other.page;
    await p.getByText("Your plan (free) has no API access", { exact: false }).waitFor();
    // Sign out by keyboard; back then shows the sign-in page, not the account's page
    const signOut = p.getByRole("button", { name: "Sign out" });
    await signOut.focus();
    await expect(p.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Sign out");
    await p.keyboard.press("Enter");
    await p.waitForURL(/\/login/);
    await p.goBack();
    await p.waitForURL(/\/login\?next=%2Fapp%2Faccount$/);
    await p.getByLabel("Email").waitFor();
  } finally {
    await other.close();
  }
});
