// End to end in a real browser (Debian chromium driven by playwright-core): sign up, be admitted
// and put on pro by the operator CLI, start a sign-in over HTTP, sign in and approve it on
// /device in the browser, poll /v1/auth/token, call /v1/me with the key, revoke the key on
// /account in the browser, and see the key refused. Never skipped: CI installs chromium.
// The operator's commands run in-process (the CLI's parsing and commands, without a process
// start per command: the admin tests cover the process itself).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { adminInProcess } from "../../admin/test/support/admin";
import { serveHarness, type Harness } from "./signin-harness";

const CHROMIUM = "/usr/bin/chromium";
const ARGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

jest.setTimeout(180_000);

let h: Harness & { url: string };
let context: BrowserContext;
let page: Page;
let profile: string;
const cspViolations: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install it with \`apt-get install -y chromium\` (this test is never skipped)`);
  profile = mkdtempSync(join(tmpdir(), "bs-chromium-"));
  // A persistent context is how Playwright takes a fresh --user-data-dir of our choosing; chromium
  // starts while the app does.
  [h, context] = await Promise.all([serveHarness(), chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS })]);
  page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await h?.close();
});

/** `barscript-admin <args>` on the harness's database and Redis. */
function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return adminInProcess(h.env.processEnv, args);
}

async function api(path: string, init: { method?: string; key?: string; body?: unknown } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (init.key) headers["Authorization"] = `Bearer ${init.key}`;
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(`${h.url}${path}`, { method: init.method ?? "GET", headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const errorCode = (body: Record<string, unknown>): unknown => (body["error"] as { code?: unknown } | undefined)?.code;

test("when a person signs up, is admitted, and approves the CLI in the browser, then the CLI's key works until revoked on /account", async () => {
  // A retry starts signed out, with an account of its own.
  await context.clearCookies();
  const email = `browser-${Date.now()}@example.com`;
  const password = "a long browser password";
  const handle = `browser-${Date.now().toString(36)}`;

  // 1. Sign up in the browser.
  await page.goto(`${h.url}/signup`);
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByRole("status").filter({ hasText: "waitlist" }).waitFor();
  expect((await h.db.account.findUniqueOrThrow({ where: { email } })).status).toBe("waitlist");

  // 2. The operator admits the account and puts it on pro with the CLI.
  const admitted = await admin("account", "admit", "--email", email);
  expect([admitted.code, admitted.stdout]).toEqual([0, expect.stringContaining(`admitted ${email}`)]);
  const plan = await admin("account", "plan", "--email", email, "--plan", "pro");
  expect([plan.code, plan.stdout]).toEqual([0, expect.stringContaining("plan=pro")]);

  // 3. A client starts a sign-in over HTTP and polls: nobody has approved yet.
  const started = await api("/v1/auth/device", { method: "POST", body: { client_name: "barscript CLI", scopes: ["read", "runs:write"] } });
  expect(started.status).toBe(200);
  const { device_code: deviceCode, user_code: userCode, verification_uri_complete: complete } = started.body as Record<string, string>;
  expect(complete).toBe(`${h.url}/device?user_code=${userCode}`);
  const pending = await api("/v1/auth/token", { method: "POST", body: { device_code: deviceCode } });
  expect([pending.status, errorCode(pending.body)]).toEqual([400, "authorization_pending"]);

  // 4. The person follows the link, is sent to sign in, and lands back on /device.
  await page.goto(String(complete));
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/device\?user_code=/);
  const body = page.locator("main");
  await expect(body.textContent()).resolves.toContain("barscript CLI");
  await expect(body.textContent()).resolves.toContain(String(userCode));
  await expect(body.textContent()).resolves.toContain("runs:write");
  await expect(body.textContent()).resolves.not.toContain("scripts:write");

  // 5. Approves, naming the key and choosing its expiry.
  await page.getByLabel("Key name").fill("browser test key");
  await page.getByLabel("Key expires after").selectOption("never");
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("status").filter({ hasText: "Approved" }).waitFor();

  // 6. The client's next poll (after its interval) gets the key, once.
  h.clock.advance(5_000);
  const token = await api("/v1/auth/token", { method: "POST", body: { device_code: deviceCode } });
  expect(token.status).toBe(200);
  const apiKey = String(token.body["api_key"]);
  expect(apiKey).toMatch(/^bsk_[0-9A-Za-z]{43}$/);
  expect(token.body["key"]).toMatchObject({ name: "browser test key", scopes: ["read", "runs:write"], expires_at: null });

  // 7. The key works.
  const me = await api("/v1/me", { key: apiKey });
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email, handle, status: "active", plan: { name: "pro", api_access: true } });

  // 8. Revoked on /account in the browser...
  await page.goto(`${h.url}/account`);
  await expect(page.locator("main").textContent()).resolves.toContain("1 of 20 keys");
  // Revoking asks first: the confirming button shows once "Revoke…" is opened.
  await expect(page.getByRole("button", { name: /Revoke key browser test key/ }).isVisible()).resolves.toBe(false);
  await page.getByText("Revoke…").click();
  await page.getByRole("button", { name: /Revoke key browser test key/ }).click();
  await page.getByRole("status").filter({ hasText: "revoked" }).waitFor();
  await expect(page.locator("main").textContent()).resolves.toContain("0 of 20 keys");

  // 9. ...and refused at once.
  const after = await api("/v1/me", { key: apiKey });
  expect([after.status, errorCode(after.body)]).toEqual([401, "unauthorized"]);

  // Signing out ends the browser session.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/login$/);
  await page.goto(`${h.url}/account`);
  await page.waitForURL(/\/login\?next=%2Faccount$/);

  // The pages ran under CSP default-src 'self' without a single violation (the CSS is allowed by its hash).
  expect(cspViolations).toEqual([]);
});
