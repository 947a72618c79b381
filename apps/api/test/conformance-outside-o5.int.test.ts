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
//   500 internal; a lone surrogate in a key's name was stored as U+FFFD: now 400 naming the field;
// - a body sent with Content-Encoding gzip was read as its compressed bytes ("not valid JSON: it is
//   not UTF-8"), and one labelled gzip but sent plain was taken: any coding but identity is now
//   400 saying the service does not decode it;
// - a query parameter given twice (`?status=succeeded&status=failed`) was refused as "Invalid
//   option: expected one of ..." or "expected string, received array": it now says it is given
//   twice (a parameter the endpoint does not take is still ignored);
// - a sweep dropped an input named `__proto__` (the schema rebuilt `inputs` and `grid`): a fixed
//   one was silently ignored (202), a swept one made the grid "empty" or was left out; it is now
//   refused by name (a sweep's stored spec cannot hold such a name yet; runs keep it).
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
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

describe("a body with a content coding", () => {
  const body = JSON.stringify({ script: "close", instrument: "AAPL", timeframe: "1d", bars: 5 });
  const post = (coding: string, bytes: Buffer): Promise<Response> =>
    fetch(`${h.api.url}/v1/runs`, { method: "POST", headers: { authorization: `Bearer ${client.key}`, "content-type": "application/json", "content-encoding": coding }, body: new Uint8Array(bytes) });

  it.each([
    ["gzip", "gzip", gzipSync(Buffer.from(body))],
    ["gzip, sent plain", "gzip", Buffer.from(body)],
    ["br, sent plain", "br", Buffer.from(body)],
  ])("when it is %s, then it is 400 invalid_request saying the coding is not decoded, and no run starts", async (_name, coding, bytes) => {
    const before = await counts();
    const r = await post(coding, bytes);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_request", message: `Request body is sent with Content-Encoding \`${coding}\`, which the service does not decode: send it uncompressed.` } });
    expect(await counts()).toEqual(before);
  });

  it("when it is identity, then the body is read as sent", async () => {
    const r = await post("identity", Buffer.from(body));
    expect(r.status).toBe(202);
  });
});

describe("a query parameter given twice", () => {
  it.each([
    ["/runs?status=succeeded&status=failed", "status"],
    ["/runs?limit=1&limit=2", "limit"],
    ["/scripts/up/events?format=csv&format=json", "format"],
    ["/instruments?q=AAPL&q=MSFT&q=X", "q"],
  ])("when %s, then it is 400 invalid_request saying the parameter is given more than once", async (path, name) => {
    const r = await client.call("GET", path);
    expect(r.status).toBe(400);
    const times = path.split(`${name}=`).length - 1;
    expect(r.json.error).toEqual({ code: "invalid_request", message: `Parameter \`${name}\` is given ${times} times; give it once.` });
  });

  it("when a parameter the endpoint does not take is given twice, then it is ignored as any such parameter is", async () => {
    expect((await client.call("GET", "/runs?x=1&x=2&limit=1")).status).toBe(200);
  });
});

describe("a sweep's input named __proto__", () => {
  const sweep = (text: string): Promise<Response> =>
    fetch(`${h.api.url}/v1/sweeps`, { method: "POST", headers: { authorization: `Bearer ${client.key}`, "content-type": "application/json" }, body: text });
  const BASE = '"definition":"up","instruments":["AAPL"],"timeframe":"1d","bars":40,"horizons":[1]';

  it.each([
    ["fixed", '"grid":{"len":[2]},"inputs":{"__proto__":1}', "inputs"],
    ["swept beside another", '"grid":{"len":[2],"__proto__":[3]}', "grid"],
    ["swept alone", '"grid":{"__proto__":[3]}', "grid"],
  ])("when it is %s, then it is 400 invalid_request naming it (not dropped), and no sweep is made", async (_name, extra, field) => {
    const before = await counts();
    const r = await sweep(`{${BASE},${extra}}`);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ error: { code: "invalid_request", message: `Input \`__proto__\` in \`${field}\`: a sweep cannot fix or sweep an input of this name.` } });
    expect(await counts()).toEqual(before);
  });
});

// A seeded generative probe of every /v1 route (the one /tmp probe that found the cases above, made
// small and deterministic): each request breaks one thing (the body, the query, a header, the
// method or a path parameter) of a valid call; no answer may be a 5xx, every refusal is the
// envelope with a known code and its status and no stack trace, and a refusal changes nothing.
describe("a seeded generative probe of every route", () => {
  function mulberry32(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const rnd = mulberry32(20261207);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;

  /** One request on its own socket, bytes exactly as given; the status line, headers and (de-chunked) body. */
  function send(method: string, path: string, headers: Array<[string, string]>, body?: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
    return new Promise((resolve) => {
      const socket = connect(h.api.port, "127.0.0.1");
      const chunks: Buffer[] = [];
      const head = [`${method} ${path} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close", ...headers.map(([k, v]) => `${k}: ${v}`)];
      const bytes = body === undefined ? undefined : Buffer.from(body, "utf8");
      if (bytes) head.push(`Content-Length: ${bytes.length}`);
      socket.on("connect", () => socket.write(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "utf8"), bytes ?? Buffer.alloc(0)])));
      socket.on("data", (c: Buffer) => chunks.push(c));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        const all = Buffer.concat(chunks);
        const end = all.indexOf("\r\n\r\n");
        const lines = all.subarray(0, Math.max(end, 0)).toString("latin1").split("\r\n");
        const hs: Record<string, string> = {};
        for (const l of lines.slice(1)) hs[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
        let rest = all.subarray(end + 4);
        if (/chunked/i.test(hs["transfer-encoding"] ?? "")) {
          const out: Buffer[] = [];
          for (let i = 0; ;) {
            const nl = rest.indexOf("\r\n", i);
            const size = nl < 0 ? 0 : parseInt(rest.subarray(i, nl).toString("latin1"), 16);
            if (!size) break;
            out.push(rest.subarray(nl + 2, nl + 2 + size));
            i = nl + 2 + size + 2;
          }
          rest = Buffer.concat(out);
        }
        resolve({ status: end < 0 ? 0 : Number((lines[0] ?? "").split(" ")[1]), headers: hs, body: rest.toString("utf8") });
      });
    });
  }

  const fingerprint = async (): Promise<string> => JSON.stringify(await h.env.db.$queryRawUnsafe(`SELECT
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM (SELECT id, name, scopes, "expiresAt", "revokedAt" FROM api_keys) x) AS keys,
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM scripts x) AS scripts,
    (SELECT count(*)::int FROM script_versions) AS versions, (SELECT count(*)::int FROM runs) AS runs, (SELECT count(*)::int FROM sweeps) AS sweeps,
    (SELECT count(*)::int FROM events) AS events, (SELECT count(*)::int FROM device_authorizations) AS devices,
    (SELECT md5(coalesce(string_agg(x::text, ',' ORDER BY x::text), '')) FROM (SELECT id, status, "cancelRequested" FROM runs) x) AS run_states`));

  const STATUS: Record<string, number[]> = {
    unauthorized: [401], forbidden_scope: [403], plan_limit: [403], forbidden: [403], not_found: [404, 410], invalid_request: [400, 413, 431],
    unknown_instrument: [400, 404], unsupported_timeframe: [400], out_of_coverage: [400], script_invalid: [422], version_conflict: [409],
    conflict: [409], run_not_finished: [409], rate_limited: [429], busy: [429], not_implemented: [501],
    authorization_pending: [400], slow_down: [400], access_denied: [400], expired_token: [400],
  };
  const WEIRD = ["null", "true", "0", "-1", "1e400", "2147483648", "123456789012345678901234567890", '"NaN"', '"Infinity"', '""', '"\\u0000"', '"\\ud800"', '"\\u202e"',
    `"${"x".repeat(100_000)}"`, "[]", "{}", "[[]]", '{"__proto__":{"x":1}}', "[".repeat(70) + "]".repeat(70), '"0000-01-01T00:00:00Z"', '"0001-01-01T00:00:00Z"', '"😀"', "[1,1]"];
  const NUMBERS = ["2147483648", "9007199254740993", "-0", "1.5", "1e-400", "-2147483649"];
  const STRINGS = ['"0000-01-01T00:00:00Z"', '"9999-12-31T23:59:59Z"', '"2024-02-30T00:00:00Z"', '"a\\u0007b"', '"\\u2066x"', '" "', '"AAPL"'];
  const QUERY_NAMES = ["limit", "cursor", "wait", "format", "kind", "status", "version", "owner", "q", "sort", "from", "to", "instrument", "timeframe", "name", "run_id", "script"];
  const QUERY_VALUES = ["", "0", "-1", "1e400", "99999999999999999999", "2147483648", "NaN", "%FF", "%00", "%2F", "x".repeat(3000), "a.b", "csv", "bogus", "h1:t_stat", "h9:mean", "0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "1d", "2d"];

  /** The body with one value (at any depth) replaced by a weird one, or, now and then, the same key written twice. */
  function mutateLeaf(base: unknown): string {
    const paths: string[][] = [];
    const walk = (v: unknown, at: string[]): void => {
      if (at.length > 0) paths.push(at);
      if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, [...at, k]);
    };
    walk(base, []);
    const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
    const at = pick(paths);
    let parent = copy as Record<string, unknown>;
    for (const k of at.slice(0, -1)) parent = parent[k] as Record<string, unknown>;
    const was = parent[at[at.length - 1] as string];
    parent[at[at.length - 1] as string] = "\u0001";
    // a value of the wrong type, or of the right type and out of every range
    const weird = typeof was === "number" ? pick([...NUMBERS, ...WEIRD]) : typeof was === "string" ? pick([...STRINGS, ...WEIRD]) : pick(WEIRD);
    const text = JSON.stringify(copy).replace('"\\u0001"', weird);
    return rnd() < 0.1 ? text.replace(/^\{/, `{"${at[0] as string}":${pick(WEIRD)},`) : text;
  }

  it("when 400 seeded broken calls are sent, then none answers 5xx, every refusal is the envelope, and no refusal changes the database", async () => {
    // (a retried attempt finds it made)
    await client.call("POST", "/scripts", { slug: "probe-study", files: files(`//@version=6\nstudy("Probe", horizons = [1])\nuse("up")\n`) });
    const ind = await client.start({ script: "close", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 60 });
    const stu = await client.start({ script: "probe-study", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 60 });
    const swp = await client.call("POST", "/sweeps", { definition: "up", instruments: ["AAPL"], timeframe: "1d", bars: 50, grid: { len: [2, 3] }, horizons: [1], wait: 60 });
    const runIds = [ind.json.id as string, stu.json.id as string];
    const sweepId = swp.json.id as string;
    const key = client.key;
    const sources = [{ path: "main.pine", content: INDICATOR }];
    const routes: Array<[string, () => string, unknown?]> = [
      ["GET", () => "/v1/me"], ["GET", () => "/v1/usage"], ["GET", () => "/v1/keys"], ["GET", () => "/v1/instruments"], ["GET", () => "/v1/instruments/AAPL"],
      ["GET", () => "/v1/docs"], ["GET", () => "/v1/docs/tour"], ["POST", () => "/v1/scripts/validate", { files: sources }], ["POST", () => "/v1/scripts", { slug: "probe-new", files: sources }],
      ["GET", () => "/v1/scripts"], ["GET", () => "/v1/scripts/close"], ["PUT", () => "/v1/scripts/close", { base_version: 9, files: sources }], ["POST", () => "/v1/auth/device", { client_name: "probe", scopes: ["read"] }], ["PATCH", () => "/v1/scripts/close", { description: "d" }],
      ["DELETE", () => "/v1/scripts/no-such"], ["GET", () => "/v1/scripts/close/versions"], ["POST", () => "/v1/scripts/up/collect", { instrument: "AAPL", timeframe: "1d", bars: 10 }],
      ["GET", () => "/v1/scripts/up/events"], ["DELETE", () => "/v1/scripts/no-such/events"], ["POST", () => "/v1/runs", { script: { slug: "close", version: 1 }, instrument: "AAPL", timeframe: "1d", from: "2012-01-03T00:00:00Z", to: "2012-01-20T00:00:00Z" }],
      ["GET", () => "/v1/runs"], ["GET", () => `/v1/runs/${pick(runIds)}`], ["GET", () => `/v1/runs/${pick(runIds)}/results`], ["POST", () => `/v1/runs/${pick(runIds)}/cancel`],
      ["GET", () => `/v1/runs/${pick(runIds)}/drawings`], ["GET", () => `/v1/runs/${pick(runIds)}/logs`], ["GET", () => "/v1/library"], ["GET", () => "/v1/library/runner-1/close"],
      ["POST", () => "/v1/auth/token", { device_code: "x" }], ["GET", () => "/v1/webhooks"], ["POST", () => "/v1/sweeps", { definition: { slug: "up", version: 1 }, instruments: ["AAPL"], timeframe: "1d", bars: 20, grid: { len: [2] }, horizons: [1] }],
      ["GET", () => "/v1/sweeps"], ["GET", () => `/v1/sweeps/${sweepId}`], ["GET", () => `/v1/sweeps/${sweepId}/results`], ["POST", () => `/v1/sweeps/${sweepId}/cancel`],
    ];
    const problems: string[] = [];
    let before = await fingerprint();
    for (let i = 0; i < 400; i++) {
      const kind = pick(["body", "body", "body", "query", "query", "headers", "method", "path"] as const);
      const [routeMethod, path, base] = pick(kind === "body" ? routes.filter((r) => r[2] !== undefined) : routes);
      let method = routeMethod;
      let url = path();
      let body = base === undefined ? undefined : JSON.stringify(base);
      let headers: Array<[string, string]> = [["authorization", `Bearer ${key}`], ["content-type", "application/json"]];
      if (kind === "body" && base !== undefined) {
        body = rnd() < 0.15 ? pick(WEIRD) : mutateLeaf(base);
      } else if (kind === "query" || kind === "body") {
        url += `?${Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => `${pick(QUERY_NAMES)}=${pick(QUERY_VALUES)}`).join("&")}`;
      } else if (kind === "headers") {
        headers = [
          ["authorization", pick([`Bearer ${key}`, `Bearer ${key}`, `bearer ${key}`, "Bearer", `Basic ${key}`, `Bearer ${key} x`, `Bearer ${"k".repeat(5000)}`])],
          ["content-type", pick(["application/json", "text/plain", "application/json; charset=latin1", "application/x-www-form-urlencoded", "application/jsonx"])],
          pick([["content-encoding", "gzip"], ["idempotency-key", "k".repeat(129)], ["idempotency-key", ""], ["if-none-match", "*"], ["accept", "text/csv"], ["x-request-id", "x".repeat(200)], ["x-filler", "y".repeat(9000)]] as Array<[string, string]>),
        ];
      } else if (kind === "method") {
        method = pick(["HEAD", "OPTIONS", "TRACE", "PROPFIND", "FOO", "LINK", "SEARCH"]);
      } else {
        const segs = url.split("/");
        segs[2 + Math.floor(rnd() * (segs.length - 2))] = pick(["%2F", "..", "%2e%2e", "x".repeat(3000), "%E2%82%AC", "€", "%00", "%FF", "a%2Fb", ";x=1"]);
        url = segs.join("/");
      }
      const a = await send(method, url, headers, body);
      const call = `${method} ${url.slice(0, 120)} ${kind} ${(body ?? "").slice(0, 80)}`;
      if (a.status === 0 || (a.status >= 500 && a.status !== 501)) problems.push(`${a.status} ${call}: ${a.body.slice(0, 200)}`);
      if (/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/.test(a.body)) problems.push(`stack trace ${call}`);
      if (!a.headers["x-request-id"]) problems.push(`no X-Request-Id ${call}`);
      if (a.status >= 400 && method !== "HEAD") {
        let error: { code?: string; message?: string } | undefined;
        try {
          error = (JSON.parse(a.body) as { error?: { code?: string; message?: string } }).error;
        } catch {
          error = undefined;
        }
        const allowed = STATUS[error?.code ?? ""];
        if (!a.headers["content-type"]?.startsWith("application/json") || !allowed?.includes(a.status) || !error?.message) problems.push(`envelope ${a.status} ${call}: ${a.body.slice(0, 200)}`);
        const after = await fingerprint();
        if (after !== before) problems.push(`changed on refusal ${a.status} ${call}`);
        before = after;
      } else if (method !== "GET" && method !== "HEAD") {
        // an accepted call may start a run: let it end before the next refusal is compared
        for (let k = 0; k < 100 && (await h.env.db.run.count({ where: { status: { in: ["queued", "running"] } } })) + (await h.env.db.sweep.count({ where: { status: { in: ["queued", "running"] } } })) > 0; k++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        before = await fingerprint();
      }
    }
    expect(problems).toEqual([]);
  });
});
