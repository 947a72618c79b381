// The headless Debian chromium a browser test file drives (one per file, with a profile of its
// own that is removed on close). Browser tests are never skipped: a missing chromium or web build
// fails them with the command that provides it.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
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

/** A desktop-sized page in a fresh profile. */
export async function openBrowser(options: { acceptDownloads?: boolean } = {}): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), "bs-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, ...options, viewport: { width: 1280, height: 900 } });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async (): Promise<void> => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
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
 * A desktop page signed in as `account` through the sign-in form, on the app's first page
 * (`/app/`). Errors thrown in the page are pushed to `pageErrors` when given.
 */
export async function openSignedIn(apiUrl: string, account: { email: string }, pageErrors?: string[]): Promise<TestBrowser> {
  const browser = await openBrowser();
  const { page } = browser;
  page.setDefaultTimeout(30_000);
  if (pageErrors) page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(`${apiUrl}/login?next=%2Fapp%2F`);
  await fillSignIn(page, account);
  await page.waitForURL(/\/app\/$/);
  return browser;
}

/**
 * Registers the file's end: its browser closed and its stack torn down after the last test, and,
 * when `pageErrors` is given, each test failing if anything threw in the page.
 */
export function closeAfterSuite(stack: { teardown(): Promise<void> }, browser: () => TestBrowser | undefined, pageErrors?: string[]): void {
  afterAll(async () => {
    await browser()?.close();
    await stack.teardown();
  });
  if (pageErrors) {
    afterEach(() => {
      expect(pageErrors).toEqual([]);
    });
  }
}
