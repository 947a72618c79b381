// The web app used from outside, eighth pass (docs/adr/0339-editor-edits-kept-from-loss.md), in
// Debian chromium (playwright-core) against a real API and worker: a person who edits a script
// and then runs it, leaves the page, or empties a number input.
import type { Page } from "playwright-core";
import { closeAfterSuite, openSignedIn, requireChromiumAndBuild, type TestBrowser } from "./support/browser";
import { RunsHarness, type Client } from "../../api/test/runs-harness";

jest.setTimeout(240_000);

const h = new RunsHarness();
let me: { id: string; handle: string; email: string; client: Client };
let page: Page;
let browser: TestBrowser | undefined;
const pageErrors: string[] = [];

const SCRIPT = `//@version=6
indicator("Scaled", overlay = true)
mult = input.float(2.0, "Multiplier")
plot(close * mult, "scaled")
`;

beforeAll(async () => {
  requireChromiumAndBuild();
  await h.setup();
  me = await h.account();
  await h.script(me, "scaled", SCRIPT);
  await h.script(me, "below", '//@version=6\ndefinition("Below")\nlevel = input.int(30, "Level")\nalertcondition(ta.rsi(close, 14) < level, "below", "x")\n');
  browser = await openSignedIn(h.api.url, me, pageErrors);
  ({ page } = browser);
});
closeAfterSuite(h, () => browser, pageErrors);

const editorUrl = (): string => `${h.api.url}/app/scripts/scaled`;

let edits = 0;
/** Opens the editor and adds a comment line at the end of its text, as a person types; returns the line. */
async function openAndEdit(): Promise<string> {
  await page.goto(editorUrl());
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  const line = `// edit ${++edits}`;
  await page.keyboard.press("Enter");
  await page.keyboard.type(line);
  return line;
}

test("with unsaved edits the run form says it runs the saved version; saving removes the notice", async () => {
  await openAndEdit();
  const run = page.getByRole("region", { name: "Run" });
  await expect(run.getByRole("status").textContent()).resolves.toBe("Runs the saved version 1: your edits in the editor are not run until you save them.");
  await page.getByRole("button", { name: "Save version" }).click();
  await page.getByText("Saved as version 2.").waitFor();
  await expect(run.getByRole("status").count()).resolves.toBe(0);
});

test("leaving the editor with unsaved edits asks first: by a link in the app, and by reload or close (beforeunload)", async () => {
  const line = await openAndEdit();
  let asked = "";
  page.once("dialog", (d) => { asked = d.message(); void d.dismiss(); });
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Runs" }).click();
  expect(asked).toBe("Leave this page? Your edits to the script are not saved.");
  expect(page.url()).toBe(editorUrl());
  await expect(page.locator(".cm-content").textContent()).resolves.toContain(line);
  // a reload or a close: the page cancels beforeunload, so the browser asks
  await expect(page.evaluate(() => {
    const e = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  })).resolves.toBe(true);
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Runs" }).click();
  await page.waitForURL(`${h.api.url}/app/runs`);
  // nothing left to lose: no question any more
  await expect(page.evaluate(() => {
    const e = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  })).resolves.toBe(false);
});

test("an emptied number input is asked for, not run as 0", async () => {
  await page.goto(editorUrl());
  const mult = page.getByLabel("Multiplier", { exact: true });
  await mult.fill("");
  await page.getByRole("button", { name: "Run it" }).click();
  await expect(mult.inputValue()).resolves.toBe("");
  await expect(mult.evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).resolves.toBe(true);
  expect(page.url()).toBe(editorUrl());
  const runs = await me.client.call("GET", "/runs");
  expect(runs.json.data).toEqual([]);
});

test("a script is published to the library from its page: visibility and description, then found by the library's search", async () => {
  await page.goto(editorUrl());
  await page.getByLabel("Visibility").selectOption("public");
  await page.getByLabel("Description (the library shows and searches it)").fill("Closing prices times a multiplier");
  await page.getByRole("button", { name: "Save visibility and description" }).click();
  await page.getByText("Saved: the script is public, listed in the library.").waitFor();
  const stored = (await me.client.call("GET", "/scripts/scaled")).json as { visibility: string; description: string };
  expect([stored.visibility, stored.description]).toEqual(["public", "Closing prices times a multiplier"]);
  await page.goto(`${h.api.url}/app/library?q=multiplier`);
  await page.getByRole("link", { name: "Scaled" }).waitFor();
  await expect(page.getByText("Closing prices times a multiplier").count()).resolves.toBe(1);
});

test("the delete confirmation takes the focus (its safe choice); Escape closes it and gives the focus back", async () => {
  await page.goto(editorUrl());
  const ask = page.getByRole("button", { name: "Delete this script…" });
  await ask.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("group", { name: "Confirm deletion" }).waitFor();
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Keep it");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: "Confirm deletion" }).count()).resolves.toBe(0);
  await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Delete this script…");
  expect((await me.client.call("GET", "/scripts/scaled")).status).toBe(200);
});

test("every docs topic fits a phone's width (360 px): long code wraps instead of scrolling the page sideways", async () => {
  const topics = ((await me.client.call("GET", "/docs")).json.data as Array<{ topic: string }>).map((t) => t.topic);
  expect(topics.length).toBeGreaterThan(5);
  await page.setViewportSize({ width: 360, height: 740 });
  const wider: string[] = [];
  try {
    for (const topic of topics) {
      await page.goto(`${h.api.url}/app/docs/${topic}`);
      await page.locator("article.doc").waitFor();
      const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      if (scroll > client) wider.push(`${topic}: ${scroll} px`);
    }
  } finally {
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  expect(wider).toEqual([]);
});

test("Ctrl+S in the editor saves a version (the browser's own save-page is not opened)", async () => {
  await openAndEdit();
  const before = (await me.client.call("GET", "/scripts/scaled")).json.latest_version as number;
  await page.keyboard.press("Control+s");
  await page.getByText(`Saved as version ${before + 1}.`).waitFor();
  expect((await me.client.call("GET", "/scripts/scaled")).json.latest_version).toBe(before + 1);
});

test("with unsaved edits a definition's sweep form says it sweeps the saved version", async () => {
  await page.goto(`${h.api.url}/app/scripts/below`);
  await page.getByRole("button", { name: "Start the sweep" }).waitFor();
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("// edited");
  const sweep = page.getByRole("region", { name: "Sweep" });
  await sweep.getByRole("status").filter({ hasText: "Sweeps the saved version 1: your edits in the editor are not run until you save them." }).waitFor();
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("navigation", { name: "App" }).getByRole("link", { name: "Scripts" }).click();
  await page.waitForURL(`${h.api.url}/app/`);
});
