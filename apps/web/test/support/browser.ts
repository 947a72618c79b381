// The headless Debian chromium a browser test file drives: one chromium process per file, and each
// openBrowser() a fresh context in it (its own cookies, storage and cache, as a new profile had;
// a context costs milliseconds where a chromium start costs seconds on CI's machine). The process
// ends when the file's last open context closes. Browser tests are never skipped: a missing
// chromium or web build fails them with the command that provides it.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ACCOUNT_PASSWORD } from "../../../api/test/runs-harness";

const CHROMIUM = "/usr/bin/chromium";
const ROOT = resolve(__dirname, "../../../..");
const ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** Fails when Debian's chromium or the built web app is missing. */
export function requireChromiumAndBuild(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\` (this test is never skipped)`);
  if (!existsSync(join(ROOT, "apps/web/build/index.html"))) throw new Error("apps/web/build is missing: run `npm run build:web`");
}

/** The file's chromium (launched by the first openBrowser) and how many of its contexts are open. */
let chromiumProcess: Promise<Browser> | undefined;
let openContexts = 0;

/**
 * Starts the file's chromium now (a file calls it first in its beforeAll, so chromium starts while
 * the stack does); openBrowser() uses it. A failed start is thrown by the openBrowser() after it.
 */
export function startChromium(): void {
  if (chromiumProcess) return;
  chromiumProcess = chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  // seen by openBrowser(); not an unhandled rejection while the stack starts
  chromiumProcess.catch(() => undefined);
}

/** Closes the file's chromium when no context of it is open, or (`all`) with the contexts still open. */
async function closeChromium(all = false): Promise<void> {
  if ((openContexts > 0 && !all) || !chromiumProcess) return;
  const idle = chromiumProcess;
  chromiumProcess = undefined;
  openContexts = 0;
  await (await idle.catch(() => undefined))?.close();
}

/** A desktop-sized page in a fresh context (nothing shared with the file's other contexts). */
export async function openBrowser(options: { acceptDownloads?: boolean } = {}): Promise<TestBrowser> {
  openContexts += 1;
  let context: BrowserContext;
  let page: Page;
  try {
    startChromium();
    const browser = await (chromiumProcess as Promise<Browser>);
    context = await browser.newContext({ ...options, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  } catch (error) {
    openContexts -= 1;
    await closeChromium();
    throw error;
  }
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await context.close();
    // (none left when the file's end closed chromium with this context open)
    openContexts = Math.max(0, openContexts - 1);
    await closeChromium();
  };
  return { context, page, close };
}

/** Fills and sends the sign-in form the page shows (`/login`) for a harness account, as a person would. */
export async function fillSignIn(page: Page, account: { email: string }): Promise<void> {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(ACCOUNT_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * A desktop page (a fresh context) signed in as `account` through the sign-in form, which sends
 * it on to `next` (the app's first page, `/app/`, unless given): waits until the page's path is
 * `next` (its query aside). Errors thrown in the page are pushed to `pageErrors` when given.
 */
export async function openSignedIn(apiUrl: string, account: { email: string }, pageErrors?: string[], next = "/app/"): Promise<TestBrowser> {
  const browser = await openBrowser();
  const { page } = browser;
  page.setDefaultTimeout(30_000);
  if (pageErrors) page.on("pageerror", (e) => pageErrors.push(String(e)));
  try {
    await page.goto(`${apiUrl}/login?next=${encodeURIComponent(next)}`);
    await fillSignIn(page, account);
    await page.waitForURL((url) => url.pathname === next);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return browser;
}

/**
 * Registers the file's end: its browser and chromium closed and its stack torn down after the
 * last test, and, when `pageErrors` is given, each test failing if anything threw in the page.
 */
export function closeAfterSuite(stack: { teardown(): Promise<void> }, browser: () => TestBrowser | undefined, pageErrors?: string[]): void {
  afterAll(async () => {
    await browser()?.close();
    // and any context a failed test left open
    await closeChromium(true);
    await stack.teardown();
  });
  if (pageErrors) {
    afterEach(() => {
      // emptied as read: a retried test is judged on its own try's errors
      expect(pageErrors.splice(0)).toEqual([]);
    });
  }
}
