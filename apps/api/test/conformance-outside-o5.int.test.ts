// Conformance to docs/reference/ checked over HTTP as an outside client would, fifth round
// (docs/adr/0317-outside-readings-five.md), with the cases a seeded generative probe of every
// route (malformed bodies, queries, headers, methods and path parameters) found; each failed on
// the tree before its fix:
// - a version number past 2,147,483,647 (a run's `script.version`, a save's `base_version`, a
//   sweep's `definition.version`) reached Postgres as an integer out of range: 500 internal; the
//   web app's `?version=` did the same to its pages; the `version` query parameter refused a
//   ten-digit version that can exist;
// - an events filter of year 0000 (`from=0000-01-01T00:00:00Z`) reached Postgres, which has no
//   year 0: 500 internal, on the list and on the delete;
// - a run window of years 0001-0099 (0001-01-01T00:00:00Z is .NET's DateTime.MinValue, a common
//   "from the start" sentinel) was refused as "not an RFC 3339 time": the window's reader took
//   years below 100 for 1900-1999;
// - a sign-in start's `client_name` with a bidirectional override ("evil\u202Emoc.elgoog" reads
//   "evilgoogle.com") or a control character was shown as is on the consent page and became the
//   key's default name; `scopes` listing a scope twice was listed twice on the page and kept twice
//   in the key's `scopes`: both are 400 naming the field, and no sign-in is started;
// - a NUL in a browser form's field (sign-up's or sign-in's email, the consent page's key name) or
//   in the web app's key calls (`POST /app/api/keys` name, the key id of a revoke) reached Postgres:
//   500 internal; a lone surrogate in a key's name was stored as U+FFFD: now 400 naming the field.
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let email: string;

const DEFINITION = `//@version=6\ndefinition("Up days")\nlen = input.int(3, "Length", minval = 1)\nalertcondition(close > ta.sma(close, len), "up")\n`;
const INDICATOR = `//@version=6\nindicator("Close")\nplot(close, "c")\n`;
const files = (content: string): Array<{ path: string; content: string }> => [{ path: "main.pine", content }];

async function create(slug: string, source: string, extra: Record<string, unknown> = {}): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: files(source), ...extra });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

async function counts(): Promise<{ runs: number; sweeps: number; versions: number; events: number }> {
  const db = h.env.db;
  return { runs: await db.run.count(), sweeps: await db.sweep.count(), versions: await db.scriptVersion.count(), events: await db.event.count() };
}

/** A signed-in browser session of the account: its cookie and the CSRF token the app pages carry. */
async function session(): Promise<{ cookie: string; csrf: string }> {
  const jar = new Map<string, string>();
  const keep = (res: Response): void => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq > 0) jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const cookie = (): string => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const form = await fetch(`${h.api.url}/login`);
  keep(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? "";
  const login = await fetch(`${h.api.url}/login`, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrf, email, password: "a long enough password", next: "/app/" }).toString(),
  });
  expect(login.status).toBe(303);
  keep(login);
  const app = await fetch(`${h.api.url}/app/`, { headers: { cookie: cookie() } });
  keep(app);
  const token = /name="csrf-token" content="([^"]+)"/.exec(await app.text())?.[1] ?? "";
  return { cookie: cookie(), csrf: token };
}

beforeAll(async () => {
  await h.setup();
  const account = await h.account();
  client = account.client;
  email = account.email;
  await create("up", DEFINITION);
  await create("close", INDICATOR, { visibility: "public" });
  // events to refuse to delete
  const r = await client.start({ script: "up", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 60 });
  if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
  if (["queued", "running"].includes(r.json.status as string)) await client.final(r.json.id as string);
});
afterAll(() => h.teardown());

describe("a version number past the stored range", () => {
  const TOO_BIG = 2_147_483_648;
  it.each([
    ["a run's script.version", "POST", "/runs", { script: { slug: "close", version: TOO_BIG }, instrument: "AAPL", timeframe: "1d", bars: 5 }, "script.version"],
    ["a save's base_version", "PUT", "/scripts/close", { base_version: TOO_BIG, files: files(INDICATOR) }, "base_version"],
    ["a sweep's definition.version", "POST", "/sweeps", { definition: { slug: "up", version: TOO_BIG }, instruments: ["AAPL"], timeframe: "1d", bars: 20, grid: { len: [2] }, horizons: [1] }, "definition.version"],
    ["a run's script.version of 2^53 - 1", "POST", "/runs", { script: { slug: "close", version: Number.MAX_SAFE_INTEGER }, instrument: "AAPL", timeframe: "1d", bars: 5 }, "script.version"],
  ])("when %s is past 2,147,483,647, then it is 400 invalid_request naming the field, and nothing is made", async (_name, method, path, body, field) => {
    const before = await counts();
    const r = await client.call(method, path, body);
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: "invalid_request", message: `Field \`${field}\`: Too big: expected number to be <=2147483647.` });
    expect(await counts()).toEqual(before);
  });

  it("when the largest stored version is named, then it is an ordinary version that does not exist (404), not a refusal", async () => {
    const r = await client.start({ script: { slug: "close", version: 2_147_483_647 }, instrument: "AAPL", timeframe: "1d", bars: 5 });
    expect(r.status).toBe(404);
    expect(r.json.error.code).toBe("not_found");
    expect((await client.call("GET", "/scripts/close?version=2147483647")).status).toBe(404);
    expect((await client.call("GET", "/scripts/close?version=1000000000")).status).toBe(404);
  });

  it.each(["/scripts/close?version=2147483648", "/library/runner-1/close?version=99999999999"])("when the query asks %s, then it is 400 naming `version` and its range", async (path) => {
    const r = await client.call("GET", path);
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: "invalid_request", message: "Parameter `version`: must be an integer from 1 to 2147483647." });
  });

  it("when a web app address asks for such a version, then the page is 404 as for any version that does not exist", async () => {
    const { cookie } = await session();
    const page = async (path: string): Promise<number> => (await fetch(`${h.api.url}${path}`, { headers: { cookie, accept: "text/html" } })).status;
    expect(await page("/app/scripts/close?version=1")).toBe(200);
    expect(await page("/app/scripts/close?version=3000000000")).toBe(404);
    expect(await page("/app/library/runner-1/close?version=99999999999")).toBe(404);
  });
});

describe("an events filter of year 0000", () => {
  it.each([
    ["GET", "/scripts/up/events?from=0000-01-01T00:00:00Z", "from"],
    ["GET", "/scripts/up/events?to=0000-12-31T23:59:59Z", "to"],
    ["DELETE", "/scripts/up/events?from=0000-01-01T00:00:00Z", "from"],
  ])("when %s %s, then it is 400 invalid_request naming the parameter, and nothing is deleted", async (method, path, name) => {
    const before = await counts();
    expect(before.events).toBeGreaterThan(0);
    const r = await client.call(method, path);
    expect(r.status).toBe(400);
    expect(r.json.error).toEqual({ code: "invalid_request", message: `Parameter \`${name}\` must be an RFC 3339 time, e.g. 2024-03-01T00:00:00Z.` });
    expect(await counts()).toEqual(before);
  });

  it("when the filter is year 0001, then it is read as that instant", async () => {
    const r = await client.call("GET", "/scripts/up/events?from=0001-01-01T00:00:00Z&limit=1");
    expect(r.status).toBe(200);
    expect(r.json.events).toHaveLength(1);
  });
});

describe("a run window in years 0001-0099", () => {
  it("when `from` is 0001-01-01T00:00:00Z, then the window starts at the plan's history start (the first bar on this plan)", async () => {
    const r = await client.start({ script: "up", instrument: "AAPL", timeframe: "1d", from: "0001-01-01T00:00:00Z", bars: 3 });
    expect(r.status).toBe(202);
    expect(r.json.window).toEqual({ from: "2000-03-01T00:00:00Z", to: "2000-03-03T00:00:00Z", requested_from: "0001-01-01T00:00:00Z", requested_to: null, bars: 3 });
  });

  it("when `to` is in year 0099, then it is 400 out_of_coverage (before the plan's history), not a malformed time", async () => {
    const r = await client.start({ script: "up", instrument: "AAPL", timeframe: "1d", to: "0099-06-30T00:00:00Z" });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("out_of_coverage");
  });
});

describe("a sign-in start names its client and scopes once, plainly", () => {
  const start = (body: unknown): Promise<Response> => fetch(`${h.api.url}/v1/auth/device`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it.each([
    ["a right-to-left override", { client_name: "evil\u202emoc.elgoog" }, "Field `client_name`: must not contain control characters or bidirectional formatting characters."],
    ["a left-to-right mark", { client_name: "cli\u200e" }, "Field `client_name`: must not contain control characters or bidirectional formatting characters."],
    ["a control character", { client_name: "bell\u0007" }, "Field `client_name`: must not contain control characters or bidirectional formatting characters."],
    ["a scope listed twice", { scopes: ["read", "runs:write", "read"] }, 'Field `scopes`: lists "read" twice.'],
  ])("when the body has %s, then it is 400 invalid_request naming the field and no sign-in is started", async (_name, body, message) => {
    const before = await h.env.db.deviceAuthorization.count();
    const r = await start(body);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_request", message } });
    expect(await h.env.db.deviceAuthorization.count()).toBe(before);
  });

  it("when the client's name is any other text (dashes, marks, other scripts), then the sign-in starts", async () => {
    const r = await start({ client_name: "My CLI \u2014 v2 \u2713 \u65e5\u672c", scopes: ["read", "runs:write"] });
    expect(r.status).toBe(200);
  });
});

describe("a browser form or web app call holding what no stored text can", () => {
  const form = (path: string, fields: Record<string, string>, cookie = ""): Promise<Response> =>
    fetch(`${h.api.url}${path}`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) }, body: new URLSearchParams(fields).toString() });

  async function refused(r: Response, field: string, why = "contains a NUL character (U+0000)"): Promise<void> {
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_request", message: `${field} ${why}.` } });
  }

  it.each([
    ["/signup", { handle: "nul-mail", email: "x\u0000@example.com", password: "a long enough password" }, "email"],
    ["/login", { email: "x\u0000@example.com", password: "a long enough password" }, "email"],
    ["/device", { user_code: "ABCD-EFGH", key_name: "a\u0000b", expires: "never", decision: "approve" }, "key_name"],
  ])("when %s gets a field holding NUL, then it is 400 invalid_request naming it", async (path, fields, field) => {
    const { cookie } = await session();
    const accounts = await h.env.db.account.count();
    await refused(await form(path, { csrf: "x", ...fields }, cookie), `Field \`${field}\``);
    expect(await h.env.db.account.count()).toBe(accounts);
  });

  it("when the web app creates a key named with NUL or a lone surrogate, or revokes a key id holding NUL, then it is 400 naming it and no key changes", async () => {
    const { cookie, csrf } = await session();
    const headers = { cookie, "x-csrf-token": csrf, "content-type": "application/json" };
    const keys = async (): Promise<string> => JSON.stringify(await h.env.db.apiKey.findMany({ select: { id: true, revokedAt: true }, orderBy: { id: "asc" } }));
    const before = await keys();
    const create = (text: string): Promise<Response> => fetch(`${h.api.url}/app/api/keys`, { method: "POST", headers, body: text });
    await refused(await create('{"name":"a\\u0000b","scopes":["read"]}'), "Field `name`");
    await refused(await create('{"name":"\\ud800","scopes":["read"]}'), "Field `name`", "contains a lone surrogate (not valid Unicode)");
    await refused(await fetch(`${h.api.url}/app/api/keys/%00/revoke`, { method: "POST", headers }), "Path parameter `key_id`");
    expect(await keys()).toBe(before);
  });
});
