// The web app's server side over HTTP against a real API process, Postgres and Redis: the public
// landing and docs pages, /app/ behind sign-in (another account's run answers 404), and /v1 and
// /app/api calls made with the browser session: the CSRF header and origin are checked, the
// waitlist refuses, runs started this way have source `app`, bars of a run, keys created and
// revoked, and library search by prefix. Cookies are handled here as a browser would.
import { readFile } from "node:fs/promises";
import { createAccount, createApiKey, seedCoreLibrary } from "@barscript/db";
import { importFile } from "@barscript/marketdata";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";
import { AAPL_FILE } from "./runs-harness";

jest.setTimeout(120_000);

const PASSWORD = "a long enough password";
let env: TestEnv;
let api: ApiProc;
let n = 0;

beforeAll(async () => {
  env = await createTestEnv();
  await importFile(env.db, { symbol: "AAPL", timeframe: "1d", file: AAPL_FILE, format: "bokeh", meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  await seedCoreLibrary(env.db);
  api = await spawnApi(env.processEnv);
});
afterAll(async () => {
  await api?.kill();
  await env?.close();
});

/** A cookie jar and the app's CSRF token: what the browser holds after signing in on /login. */
interface Browser { cookies: Map<string, string>; csrf: string; handle: string; accountId: string }

function cookieHeader(b: Pick<Browser, "cookies">): string {
  return [...b.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
}

function keep(b: Pick<Browser, "cookies">, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const eq = (pair ?? "").indexOf("=");
    if (eq > 0) b.cookies.set((pair ?? "").slice(0, eq), (pair ?? "").slice(eq + 1));
  }
}

async function signedIn(options: { plan?: string; admit?: boolean } = {}): Promise<Browser> {
  n += 1;
  const email = `web${n}-${Date.now()}@example.com`;
  const account = await createAccount(env.db, { email, password: PASSWORD, handle: `web-${n}-${Date.now().toString(36)}`, plan: options.plan ?? "pro", admit: options.admit ?? true });
  const b: Browser = { cookies: new Map(), csrf: "", handle: account.handle, accountId: account.id };
  const form = await fetch(`${api.url}/login`);
  keep(b, form);
  const token = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const login = await fetch(`${api.url}/login`, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(b) },
    body: new URLSearchParams({ csrf: token, email, password: PASSWORD, next: "/app/" }).toString(),
  });
  expect([login.status, login.headers.get("location")]).toEqual([303, "/app/"]);
  keep(b, login);
  const page = await fetch(`${api.url}/app/`, { headers: { cookie: cookieHeader(b) } });
  b.csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(await page.text())?.[1] ?? "";
  return b;
}

async function call(b: Browser | null, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; json: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const headers: Record<string, string> = { ...(b ? { cookie: cookieHeader(b), "x-csrf-token": b.csrf } : {}), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${api.url}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const RSI = `//@version=6
indicator("Session RSI")
plot(ta.rsi(close, 14), "rsi")
`;

describe("public pages", () => {
  test("when nobody is signed in, then / and the docs are HTML pages; an unknown topic is 404", async () => {
    const landing = await fetch(`${api.url}/`);
    expect([landing.status, landing.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
    const text = await landing.text();
    expect(text).toContain('href="/login?next=%2Fapp%2F"');
    expect(text).toContain("/v1/runs");
    expect(landing.headers.get("content-security-policy")).toContain("script-src 'none'");
    const docs = await (await fetch(`${api.url}/docs`)).text();
    const topic = /href="\/docs\/([a-z0-9-]+)"/.exec(docs)?.[1] ?? "";
    const page = await fetch(`${api.url}/docs/${topic}`);
    expect(page.status).toBe(200);
    // The same markdown as /v1/docs/{topic}, rendered: its first heading is the page's title.
    expect(await page.text()).toMatch(/<h1>[^<]+<\/h1>/);
    const html = await fetch(`${api.url}/docs/no-such-topic`, { headers: { accept: "text/html" } });
    expect(html.status).toBe(404);
    const json = await fetch(`${api.url}/docs/no-such-topic`, { headers: { accept: "application/json" } });
    expect([json.status, ((await json.json()) as { error: { code: string } }).error.code]).toEqual([404, "not_found"]);
  });

  test("when signed out, then /app/ addresses send the person to sign in and come back", async () => {
    const res = await fetch(`${api.url}/app/runs?status=failed`, { redirect: "manual" });
    expect([res.status, res.headers.get("location")]).toEqual([303, "/login?next=%2Fapp%2Fruns%3Fstatus%3Dfailed"]);
    const asset = await fetch(`${api.url}/app/assets/nothing.js`);
    expect([asset.status, ((await asset.json()) as { error: { code: string } }).error.code]).toEqual([404, "not_found"]);
  });
});

describe("the app's session calls", () => {
  test("when the session cookie comes with the page's CSRF token, then /v1 answers for that account; without it, or from another origin, it refuses", async () => {
    const b = await signedIn();
    expect(b.csrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await call(b, "GET", "/v1/me");
    expect([me.status, me.json.handle]).toEqual([200, b.handle]);
    // The cookie alone is not a session call: it is a call without a key.
    expect((await call(null, "GET", "/v1/me", { headers: { cookie: cookieHeader(b) } })).json.error.code).toBe("unauthorized");
    const wrong = await call(null, "GET", "/v1/me", { headers: { cookie: cookieHeader(b), "x-csrf-token": "x".repeat(43) } });
    expect([wrong.status, wrong.json.error.code]).toEqual([403, "forbidden"]);
    const otherSite = await call(b, "POST", "/v1/scripts", { body: { slug: "evil", files: [{ path: "main.pine", content: RSI }] }, headers: { origin: "https://evil.example" } });
    expect([otherSite.status, otherSite.json.error.code]).toEqual([403, "forbidden"]);
    expect(await env.db.script.count({ where: { ownerId: b.accountId } })).toBe(0);
    const unknown = await call(b, "GET", "/app/api/nothing");
    expect([unknown.status, unknown.json.error.code]).toEqual([404, "not_found"]);
    const noSession = await call(null, "GET", "/v1/me", { headers: { "x-csrf-token": b.csrf } });
    expect([noSession.status, noSession.json.error.code]).toEqual([401, "unauthorized"]);
    // Another person's token does not fit this session.
    const other = await signedIn();
    const swapped = await call(null, "GET", "/v1/me", { headers: { cookie: cookieHeader(b), "x-csrf-token": other.csrf } });
    expect(swapped.status).toBe(403);
  });

  test("when a waitlisted person signs in, then the app's calls are refused 403 forbidden; a Free account can use the app", async () => {
    const waiting = await signedIn({ admit: false });
    const refused = await call(waiting, "GET", "/v1/scripts");
    expect([refused.status, refused.json.error.code]).toEqual([403, "forbidden"]);
    const free = await signedIn({ plan: "free" });
    const validated = await call(free, "POST", "/v1/scripts/validate", { body: { files: [{ path: "main.pine", content: RSI }] } });
    expect([validated.status, validated.json.valid]).toEqual([200, true]);
  });

  test("when the app starts a run, then its source is app (a key's run is api); its bars are the window's; another account's run is not found", async () => {
    const b = await signedIn();
    expect((await call(b, "POST", "/v1/scripts", { body: { slug: "session-rsi", files: [{ path: "main.pine", content: RSI }] } })).status).toBe(201);
    const started = await call(b, "POST", "/v1/runs", { body: { script: "session-rsi", instrument: "AAPL", timeframe: "1d", bars: 30 } });
    expect([started.status, started.json.source]).toEqual([202, "app"]);
    const key = await createApiKey(env.db, { accountId: b.accountId, name: "k", scopes: ["read", "runs:write"], expiresAt: null });
    const viaKey = await call(null, "POST", "/v1/runs", { body: { script: "session-rsi", instrument: "AAPL", timeframe: "1d", bars: 30 }, headers: { authorization: `Bearer ${key.secret}` } });
    expect([viaKey.status, viaKey.json.source]).toEqual([202, "api"]);

    const bars = await call(b, "GET", `/app/api/runs/${started.json.id}/bars`);
    expect(bars.status).toBe(200);
    expect(bars.json.columns).toEqual(["t", "open", "high", "low", "close", "volume"]);
    expect(bars.json.bars).toHaveLength(30);
    // The last of them is the CSV's last daily bar (bokeh columns: Date,Open,High,Low,Close,Volume).
    const rows = (await readFile(AAPL_FILE, "utf8")).trim().split(/\r?\n/).slice(1).map((l) => l.split(","));
    rows.sort((x, y) => String(x[0]).localeCompare(String(y[0])));
    const lastCsv = rows[rows.length - 1] as string[];
    expect(bars.json.bars[29]).toEqual([Date.parse(`${lastCsv[0]}T00:00:00Z`) / 1000, Number(lastCsv[1]), Number(lastCsv[2]), Number(lastCsv[3]), Number(lastCsv[4]), Number(lastCsv[5])]);

    const other = await signedIn();
    expect((await call(other, "GET", `/app/api/runs/${started.json.id}/bars`)).status).toBe(404);
    expect((await call(other, "GET", `/v1/runs/${started.json.id}`)).status).toBe(404);
    const page = await fetch(`${api.url}/app/runs/${started.json.id}`, { headers: { cookie: cookieHeader(other) } });
    expect(page.status).toBe(404);
    const own = await fetch(`${api.url}/app/runs/${started.json.id}`, { headers: { cookie: cookieHeader(b) } });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    for (const path of ["/app", "/app/", "/app/scripts/new", "/app/library/core/rsi", "/app/library/core/rsi?version=1", "/app/docs/tour", "/app/account"]) {
      expect([path, (await fetch(`${api.url}${path}`, { headers: { cookie: cookieHeader(b) } })).status]).toEqual([path, 200]);
    }
    // Not a stable address, or one naming what the API answers 404 for (a script, version or sweep
    // or docs topic that is not there; a name holding NUL, which no stored name holds: it answered 500 before).
    for (const path of ["/app/nothing", "/app/docs/x", "/app/runs/a/b", "/app/library/core", "/app/scripts/x?version=2", "/app/sweeps/swp_1", "/app/library/core/rsi?version=99", "/app/scripts/%00", "/app/library/%00/%00", "/app/sweeps/%00", "/app/studies/%00"]) {
      expect([path, (await fetch(`${api.url}${path}`, { headers: { cookie: cookieHeader(b) } })).status]).toEqual([path, 404]);
    }
  });

  test("when the account page creates a key, then the secret works once shown and stops when revoked; another account cannot revoke it", async () => {
    const b = await signedIn();
    const made = await call(b, "POST", "/app/api/keys", { body: { name: "from the app", scopes: ["read"], expires_in_days: 30 } });
    expect(made.status).toBe(201);
    expect(made.json.key).toMatchObject({ name: "from the app", scopes: ["read"] });
    const secret = String(made.json.api_key);
    expect((await call(null, "GET", "/v1/me", { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    const bad = await call(b, "POST", "/app/api/keys", { body: { name: "x", scopes: ["admin"] } });
    expect([bad.status, bad.json.error.code]).toEqual([400, "invalid_request"]);
    const other = await signedIn();
    expect((await call(other, "POST", `/app/api/keys/${made.json.key.id}/revoke`)).status).toBe(404);
    expect((await call(null, "POST", `/app/api/keys/${made.json.key.id}/revoke`, { headers: { cookie: cookieHeader(b) } })).status).toBe(403);
    expect((await call(b, "POST", `/app/api/keys/${made.json.key.id}/revoke`)).status).toBe(204);
    expect((await call(null, "GET", "/v1/me", { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);
  });

  test("when the library is searched as you type, then every word is a prefix; private scripts never show", async () => {
    const b = await signedIn();
    const hits = await call(b, "GET", "/app/api/library?q=bolli");
    expect(hits.status).toBe(200);
    expect(hits.json.data.map((s: { owner: string; slug: string }) => `${s.owner}/${s.slug}`)).toContain("core/bollinger");
    // The whole-word search of /v1/library does not find an unfinished word.
    const whole = await call(b, "GET", "/v1/library?q=bolli");
    expect(whole.json.data.map((s: { slug: string }) => s.slug)).not.toContain("bollinger");
    await call(b, "POST", "/v1/scripts", { body: { slug: "bollinger-private", files: [{ path: "main.pine", content: RSI }] } });
    const again = await call(b, "GET", "/app/api/library?q=bollinger");
    expect(again.json.data.map((s: { slug: string }) => s.slug)).not.toContain("bollinger-private");
    expect((await call(b, "GET", "/app/api/library?q=%21%21")).json.data).toEqual([]);
  });
});
