// Conformance to docs/reference/ checked over HTTP as an outside client would, tenth round. Each
// case failed on the tree before its fix (docs/adr/0363):
// - /openapi.json gave a Run's `kind` and a run request's `kind` the script kinds, `library`
//   included, though a library is imported, never run, and `GET /v1/runs?kind=library` is 400
//   (docs/adr/0357); a run request with `kind: "library"` was answered 404 "No script".
// - `?kind=` (or a run request's `kind`) naming a kind the slug does not have answered
//   `No script "my-rsi".` while the caller's "my-rsi" exists: the 404 now says which kind it is
//   (only for scripts the caller can see: another account's private slug stays the plain 404).
// - `GET /v1/runs?script=core/rsi` (a script as a Run names it, and as the CLI and the connector
//   write one) listed nothing: the filter matched the slug alone, so a run of another account's
//   public script could not be told from a run of the caller's script of the same slug.
// - `"script": "core/rsi"` in a run request (or a sweep's `definition`), the form the runs filter
//   and the CLI take, was refused with the slug rule alone; the refusal names the object form.
// - /openapi.json listed 400 only for operations with a query, body or path parameter, and 413
//   only for those with a body; every call's query is read (`?x=%FF` is 400 on GET /v1/me) and a
//   body is counted on any method (a 2.3 MB body on /auth/revoke or on GET /v1/me is 413); webhooks, which run the
//   waitlist and Free checks (docs/conformance/auth-and-limits.md, handling order 4), listed no 403.
import { request } from "node:http";
import { createAccount, createApiKey } from "@barscript/db";
import { RunsHarness, Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let ownHandle: string;
let otherHandle: string;
let api: string;

const files = (content: string): Array<{ path: string; content: string }> => [{ path: "main.pine", content }];
const INDICATOR = `//@version=6\nindicator("Close")\nplot(close, "c")\n`;
const DEFINITION = `//@version=6\ndefinition("Up")\nalertcondition(close > close[1], "up")\n`;

beforeAll(async () => {
  await h.setup();
  api = h.api.url;
  const own = await h.account();
  client = own.client;
  ownHandle = own.handle;
  const other = await h.account();
  otherHandle = other.handle;
  expect((await client.call("POST", "/scripts", { slug: "close", files: files(INDICATOR) })).status).toBe(201);
  expect((await other.client.call("POST", "/scripts", { slug: "pub-up", visibility: "public", files: files(DEFINITION) })).status).toBe(201);
  expect((await other.client.call("POST", "/scripts", { slug: "priv-up", files: files(DEFINITION) })).status).toBe(201);
});
afterAll(() => h.teardown());

/** A GET carrying a body (fetch sends none with GET): its status. */
const getWithBody = (path: string, body: string): Promise<number> => new Promise((resolve, reject) => {
  const req = request(`${api}${path}`, { method: "GET", headers: { authorization: `Bearer ${client.key}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) } }, (res) => {
    res.resume();
    res.on("end", () => resolve(res.statusCode ?? 0));
  });
  req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
  req.end(body);
});

type Operation = { responses: Record<string, unknown> };
const openapi = async (): Promise<Record<string, Record<string, Operation>>> => ((await (await fetch(`${api}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> }).paths;
const SAMPLE: Record<string, string> = { slug: "close", run_id: "run_x", sweep_id: "swp_x", symbol: "AAPL", topic: "tour", owner: "core", rest: "a" };

describe("a run's kind is one of the run kinds, in the contract as in the answers", () => {
  it("when /openapi.json describes a Run and a run request, then `kind` lists indicator, definition and study, not library", async () => {
    const doc = (await (await fetch(`${api}/openapi.json`)).json()) as { components: { schemas: Record<string, { properties: { kind: { enum: string[] } } }> } };
    const { Run, RunRequest } = doc.components.schemas;
    expect([Run?.properties.kind.enum, RunRequest?.properties.kind.enum]).toEqual([["indicator", "definition", "study"], ["indicator", "definition", "study"]]);
  });

  it("when a run request gives kind library, then it is 400 invalid_request naming `kind`, as GET /v1/runs?kind=library is", async () => {
    const started = await client.start({ script: "close", kind: "library", instrument: "AAPL", timeframe: "1d", bars: 10 });
    const listed = await client.call("GET", "/runs?kind=library");
    expect([started.status, started.json.error.code, listed.status]).toEqual([400, "invalid_request", 400]);
    expect(started.json.error.message).toMatch(/^Field `kind`: /);
  });
});

describe("a kind the slug does not have is named in the 404", () => {
  it("when ?kind=study names the caller's indicator, then 404 not_found says the slug is an indicator", async () => {
    const r = await client.call("GET", "/scripts/close?kind=study");
    expect([r.status, r.json]).toEqual([404, { error: { code: "not_found", message: 'No study "close": your "close" is an indicator.' } }]);
  });

  it("when a run request's kind is definition for the caller's indicator, then the 404 says the same", async () => {
    const r = await client.start({ script: "close", kind: "definition", instrument: "AAPL", timeframe: "1d", bars: 10 });
    expect([r.status, r.json.error?.message]).toEqual([404, 'No definition "close": your "close" is an indicator.']);
  });

  it("when ?kind= names another account's public definition as a study, then the 404 names its kind; its private one stays the plain 404", async () => {
    const pub = await client.call("GET", `/scripts/pub-up?owner=${otherHandle}&kind=study`);
    const priv = await client.call("GET", `/scripts/priv-up?owner=${otherHandle}&kind=study`);
    expect([pub.status, pub.json.error.message]).toEqual([404, `No study "pub-up": ${otherHandle}'s "pub-up" is a definition.`]);
    expect([priv.status, priv.json.error.message]).toEqual([404, `No script "priv-up" of ${otherHandle} that you can see.`]);
  });
});

describe("/openapi.json lists the statuses the service answers", () => {
  it("when any operation is called with a query parameter whose escapes are not UTF-8, then it answers 400 (webhooks 501), and its operation lists 400", async () => {
    const paths = await openapi();
    const unlisted: string[] = [];
    for (const [path, ops] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const url = path.replace(/^\/v1/, "").replace(/\{(\w+)\}/g, (_m, name: string) => SAMPLE[name] ?? name);
        const r = await client.call(method.toUpperCase(), `${url}?o10=%FF`);
        const expected = path.startsWith("/v1/webhooks") ? 501 : 400;
        if (r.status !== expected || !("400" in op.responses)) unlisted.push(`${method} ${path}: ${r.status}, lists ${Object.keys(op.responses).join(" ")}`);
      }
    }
    expect(unlisted).toEqual([]);
  });

  it("when /auth/revoke or GET /v1/me is sent a body over 2.25 MB, then it is 413 and each operation lists 413", async () => {
    const r = await client.call("POST", "/auth/revoke", { pad: "x".repeat(2_400_000) });
    const get = await getWithBody("/v1/me", JSON.stringify({ pad: "x".repeat(2_400_000) }));
    const paths = await openapi();
    expect([r.status, r.json?.error?.code, "413" in (paths["/v1/auth/revoke"]?.["post"]?.responses ?? {})]).toEqual([413, "invalid_request", true]);
    expect([get, "413" in (paths["/v1/me"]?.["get"]?.responses ?? {})]).toEqual([413, true]);
  });

  it("when a waitlisted account's key calls /webhooks, then it is 403 forbidden, and the operation lists 403", async () => {
    const fresh = `o10-wait-${Date.now().toString(36)}`; // a retry makes its own account
    const account = await createAccount(h.env.db, { email: `${fresh}@example.com`, password: "a long enough password", handle: fresh });
    const { secret } = await createApiKey(h.env.db, { accountId: account.id, name: "t", scopes: ["read"], expiresAt: null });
    const r = await new Client(api, secret).call("POST", "/webhooks");
    expect([r.status, r.json.error.code, "403" in ((await openapi())["/v1/webhooks"]?.["post"]?.responses ?? {})]).toEqual([403, "forbidden", true]);
  });
});

describe("the runs list's script filter takes owner/slug", () => {
  it("when the caller ran another account's public pub-up and its own pub-up, then ?script=owner/pub-up lists each owner's run, the bare slug both", async () => {
    expect([201, 409]).toContain((await client.call("POST", "/scripts", { slug: "pub-up", files: files(DEFINITION) })).status); // 409 on jest's retry
    const theirs = (await client.call("POST", `/scripts/pub-up/collect?owner=${otherHandle}`, { instrument: "AAPL", timeframe: "1d", bars: 20 })).json.id as string;
    const mine = (await client.call("POST", "/scripts/pub-up/collect", { instrument: "AAPL", timeframe: "1d", bars: 20 })).json.id as string;
    /** The listed runs' ids (with theirs and mine marked) and their scripts' owners, each once. */
    const listed = async (script: string): Promise<[string[], string[]]> => {
      const runs = (await client.call("GET", `/runs?script=${encodeURIComponent(script)}`)).json.data as Array<{ id: string; script: { owner: string } }>;
      return [runs.map((r) => (r.id === theirs ? "theirs" : r.id === mine ? "mine" : "earlier")).filter((m) => m !== "earlier").sort(), [...new Set(runs.map((r) => r.script.owner))].sort()];
    };
    expect([await listed(`${otherHandle}/pub-up`), await listed(`${ownHandle}/pub-up`), await listed("pub-up"), await listed("nobody-here/pub-up")])
      .toEqual([[["theirs"], [otherHandle]], [["mine"], [ownHandle]], [["mine", "theirs"], [ownHandle, otherHandle].sort()], [[], []]]);
  });
});

describe("a script reference written owner/slug in one string", () => {
  it("when a run request's script or a sweep's definition is owner/slug, then the 400 names the object form with the owner", async () => {
    const run = await client.start({ script: `${otherHandle}/pub-up`, instrument: "AAPL", timeframe: "1d", bars: 10 });
    const sweep = await client.call("POST", "/sweeps", { definition: `${otherHandle}/pub-up`, instruments: ["AAPL"], timeframe: "1d", grid: { n: [1] }, horizons: [5] });
    const hint = `; another account's script is named as an object: { "slug": "pub-up", "owner": "${otherHandle}" }.`;
    expect([run.status, run.json.error.message.endsWith(hint), sweep.status, sweep.json.error.message.endsWith(hint)]).toEqual([400, true, 400, true]);
    expect(run.json.error.message.startsWith("Field `script`: ")).toBe(true);
  });
});
