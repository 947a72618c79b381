// Conformance to docs/reference/ checked over HTTP as an outside client would, third round
// (docs/adr/0287-outside-readings-three.md); each case failed on the tree before its fix:
// - a JSON body that is not UTF-8 was read with U+FFFD in place of the bad bytes and stored (RFC
//   8259 section 8.1: JSON text is UTF-8), and a query's percent-escapes that are not UTF-8 were
//   searched for as U+FFFD: both are 400 invalid_request now, and change nothing;
// - a sweep's `horizons` (and `events`) listing an item twice was silently answered once, so the
//   sweep did not echo what was asked: 400 naming the field, as a grid value or an instrument
//   listed twice is; an input both fixed in `inputs` and swept in `grid` was taken (the sweep
//   echoed the fixed value and evaluated the grid's): 400 naming it;
// - CSV rows ended in LF: RFC 4180 (text/csv) delimits records with CRLF;
// - Express tagged every answer: an error, or the answer of a PUT, PATCH or POST, carried an ETag
//   (RFC 9110 section 9.3.4: no validator on a PUT's answer unless it is the stored
//   representation's); now only 2xx/304 answers to GET and HEAD carry one, If-None-Match still 304;
// - a 201 or 202 that created a script, run or sweep had no Location (RFC 9110 section 9.3.3);
// - a 401 for a wrong, revoked or expired key, and a 403 forbidden_scope, had no RFC 6750 error in
//   their bearer challenge (`invalid_token`; `insufficient_scope` and the scope needed);
// - a missing docs page, answered as a page or as the JSON envelope by the request's Accept, did
//   not say `Vary: Accept`, so a cache could hand a browser's page to a JSON client;
// - the answers to requests Node's parser refuses (a malformed header, headers too large, CONNECT)
//   had no X-Request-Id, which the reference puts on every answer.
import { request } from "node:http";
import { connect } from "node:net";
import { createApiKey } from "@barscript/db";
import { writeFlatSeries } from "../../../test/support/bars";
import { RunsHarness, type Client } from "./runs-harness";

jest.setTimeout(120_000);

const h = new RunsHarness();
let client: Client;
let accountId: string;
let publicUrl: string;

const DAY = 86_400;
const T0 = Date.UTC(2021, 0, 4) / 1000;
const COUNT = 30;
const close = (i: number): number => 100 + (i % 7);
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");
const WINDOW = { instrument: "OTH", timeframe: "1d", from: iso(T0), to: iso(T0 + (COUNT - 1) * DAY) };

const PLOTS = `//@version=6
indicator("Plots")
plot(close, "c")
plot(na, "n")
`;
const HIGHS = `//@version=6
definition("Highs")
len = input.int(3, "Length", minval = 1)
alertcondition(close >= 106, "top", "top, \\"six\\"")
`;

async function create(slug: string, source: string): Promise<void> {
  const r = await client.call("POST", "/scripts", { slug, files: [{ path: "main.pine", content: source }] });
  if (r.status !== 201) throw new Error(`POST /scripts ${slug}: ${r.status} ${r.text}`);
}

async function raw(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${h.api.url}/v1${path}`, { method, headers: { authorization: `Bearer ${client.key}`, ...(body ? { "content-type": "application/json" } : {}), ...headers }, ...(body ? { body: new Uint8Array(body) } : {}) });
}

/** A GET by node:http: fetch adds `Cache-Control: no-cache` beside If-None-Match, which forbids a 304. */
function plainGet(path: string, headers: Record<string, string>): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(`${h.api.url}/v1${path}`, { headers: { authorization: `Bearer ${client.key}`, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function finished(body: Record<string, unknown>): Promise<string> {
  const r = await client.start({ ...WINDOW, ...body, wait: 60 });
  if (r.status !== 202) throw new Error(`POST /runs: ${r.status} ${r.text}`);
  const run = ["queued", "running"].includes(r.json.status as string) ? await client.final(r.json.id as string) : r.json;
  if (run.status !== "succeeded") throw new Error(`run ${run.id as string}: ${JSON.stringify(run)}`);
  return run.id as string;
}

beforeAll(async () => {
  await h.setup();
  const account = await h.account();
  client = account.client;
  accountId = account.id;
  publicUrl = h.env.processEnv["PUBLIC_URL"] as string;
  await writeFlatSeries(h.env.db, { id: "ins_oth", symbol: "OTH", timeframe: "1d", t0: T0, step: DAY, count: COUNT, value: close });
  await create("plots", PLOTS);
  await create("highs", HIGHS);
});
afterAll(() => h.teardown());

describe("bytes that are not UTF-8", () => {
  it("when a JSON body holds bytes that are not UTF-8, then it is 400 invalid_request and nothing is saved or changed", async () => {
    const source = JSON.stringify(PLOTS);
    const created = await raw("POST", "/scripts", Buffer.concat([Buffer.from(`{"slug":"latin","description":"caf`), Buffer.from([0xe9]), Buffer.from(`","files":[{"path":"main.pine","content":${source}}]}`)]));
    expect(created.status).toBe(400);
    expect(((await created.json()) as { error: { code: string } }).error.code).toBe("invalid_request");
    expect((await client.call("GET", "/scripts/latin")).status).toBe(404);
    const patched = await raw("PATCH", "/scripts/plots", Buffer.concat([Buffer.from(`{"description":"caf`), Buffer.from([0xff]), Buffer.from(`"}`)]));
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(/UTF-8/) });
    expect((await client.call("GET", "/scripts/plots")).json.description).toBe("");
    // the same text sent as UTF-8 is taken
    const ok = await raw("PATCH", "/scripts/plots", Buffer.from(`{"description":"café"}`, "utf8"));
    expect(ok.status).toBe(200);
    expect((await client.call("GET", "/scripts/plots")).json.description).toBe("café");
  });

  it.each([
    ["/instruments?q=%FF", "q"],
    ["/runs?script=%C3", "script"],
    ["/scripts/highs/events?name=%E2%82", "name"],
  ])("when a query parameter's percent-escapes are not UTF-8 (%s), then it is 400 invalid_request naming it", async (path, name) => {
    const r = await client.call("GET", path);
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    expect(r.json.error.message).toContain(`\`${name}\``);
  });

  it("when a query parameter is percent-encoded UTF-8, or holds a lone %, then it is read as sent", async () => {
    const found = await client.call("GET", "/instruments?q=%4F%54%48");
    expect(found.status).toBe(200);
    expect(found.json.data.map((i: { symbol: string }) => i.symbol)).toEqual(["OTH"]);
    expect((await client.call("GET", "/instruments?q=caf%C3%A9")).status).toBe(200);
    expect((await client.call("GET", "/instruments?q=50%")).status).toBe(200);
  });
});

describe("a sweep's lists name each item once", () => {
  const sweep = { definition: "highs", instruments: ["OTH"], timeframe: "1d", grid: { len: [2, 3] } };
  it.each([
    ["horizons", { horizons: [5, 1, 5] }],
    ["events", { horizons: [1], events: ["top", "top"] }],
  ])("when `%s` lists an item twice, then it is 400 invalid_request naming the field and no sweep is made", async (field, extra) => {
    const r = await client.call("POST", "/sweeps", { ...sweep, ...extra });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    expect(r.json.error.message).toContain(`\`${field}\``);
    expect((await client.call("GET", "/sweeps")).json.data).toEqual([]);
  });

  it("when an input is both fixed in `inputs` and swept in `grid`, then it is 400 invalid_request naming it and no sweep is made", async () => {
    const r = await client.call("POST", "/sweeps", { ...sweep, inputs: { len: 4 }, horizons: [1] });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe("invalid_request");
    expect(r.json.error.message).toContain("`len`");
    expect((await client.call("GET", "/sweeps")).json.data).toEqual([]);
  });

  it("when the horizons are distinct, then the sweep echoes them in the order given", async () => {
    const r = await client.call("POST", "/sweeps", { ...sweep, horizons: [5, 1] });
    expect(r.status).toBe(202);
    expect(r.json.horizons).toEqual([5, 1]);
  });
});

describe("CSV records end in CRLF (RFC 4180)", () => {
  it("when an indicator's results come as CSV, then every record, the header's included, ends in CRLF", async () => {
    const id = await finished({ script: "plots" });
    const r = await client.call("GET", `/runs/${id}/results?format=csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = Array.from({ length: COUNT }, (_, i) => `${T0 + i * DAY},${close(i)},\r\n`);
    expect(r.text).toBe(`t,c,n\r\n${rows.join("")}`);
  });

  it("when a definition's events come as CSV, from its run or from the script, then every record ends in CRLF and a quoted cell keeps its quotes doubled", async () => {
    const id = await finished({ script: "highs" });
    // close 106 on the bars i % 7 == 6: i = 6, 13, 20, 27
    const bars = [6, 13, 20, 27];
    for (const path of [`/runs/${id}/results?format=csv`, "/scripts/highs/events?format=csv"]) {
      const r = await client.call("GET", path);
      expect(r.status).toBe(200);
      const lines = r.text.split("\r\n");
      expect(lines.pop()).toBe("");
      expect(lines).toHaveLength(1 + bars.length);
      expect(lines.every((l) => !l.includes("\n"))).toBe(true);
      expect(lines[0]).toBe("id,time,name,message,instrument,timeframe,price,run_id");
      expect(lines.slice(1).map((l) => l.split(",").slice(1, 3).join(","))).toEqual(bars.map((i) => `${iso(T0 + i * DAY)},top`));
      expect(lines.slice(1).every((l) => l.includes(`,"top, ""six""",OTH,1d,106,${id}`))).toBe(true);
    }
  });
});

describe("ETags only on answers to GET and HEAD that succeeded", () => {
  it("when a GET answers 200, then it carries an ETag and If-None-Match with it answers 304", async () => {
    const r = await raw("GET", "/scripts/highs");
    expect(r.status).toBe(200);
    const tag = r.headers.get("etag");
    expect(tag).toBeTruthy();
    expect(await plainGet("/scripts/highs", { "if-none-match": tag as string })).toEqual({ status: 304, etag: tag });
  });

  it("when a call is refused, or changes something, then its answer carries no ETag", async () => {
    const answers = [
      await raw("GET", "/scripts/no-such-script"),
      await raw("GET", "/runs?status=bogus"),
      await fetch(`${h.api.url}/v1/me`),
      await fetch(`${h.api.url}/nowhere`),
      await raw("PATCH", "/scripts/highs", Buffer.from(`{"title":"Highs again"}`)),
      await raw("PUT", "/scripts/highs", Buffer.from(JSON.stringify({ base_version: 1, files: [{ path: "main.pine", content: HIGHS.replace("Highs", "Highs 2") }] }))),
      await raw("POST", "/scripts/validate", Buffer.from(JSON.stringify({ files: [{ path: "main.pine", content: PLOTS }] }))),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 401, 404, 200, 200, 200]);
    expect(answers.map((a) => a.headers.get("etag"))).toEqual(answers.map(() => null));
  });
});

describe("Location of what a POST made", () => {
  it("when a script is created, then the 201 names its address, with ?kind= when a study shares its slug, and a GET of it reads the script", async () => {
    const r = await client.call("POST", "/scripts", { slug: "spot", files: [{ path: "main.pine", content: PLOTS }] });
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`${publicUrl}/v1/scripts/spot`);
    const read = await client.call("GET", (r.headers.get("location") as string).slice(`${publicUrl}/v1`.length));
    expect(read.status).toBe(200);
    expect(read.json.slug).toBe("spot");
    const study = await client.call("POST", "/scripts", { slug: "spot", files: [{ path: "main.pine", content: `//@version=6\nstudy("Spot study", horizons = [1])\nuse("highs")\n` }] });
    expect(study.status).toBe(201);
    expect(study.headers.get("location")).toBe(`${publicUrl}/v1/scripts/spot?kind=study`);
    expect((await client.call("GET", "/scripts/spot?kind=study")).json.kind).toBe("study");
  });

  it("when a run, a collect or a sweep is started, then the 202 names the run's or sweep's address; a replay (200) does not", async () => {
    const run = await client.start({ ...WINDOW, script: "plots" }, { "idempotency-key": "o3-location" });
    expect(run.status).toBe(202);
    expect(run.headers.get("location")).toBe(`${publicUrl}/v1/runs/${run.json.id as string}`);
    const replay = await client.start({ ...WINDOW, script: "plots" }, { "idempotency-key": "o3-location" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("location")).toBeNull();
    const { script: _s, ...window } = { ...WINDOW, script: "" };
    const collected = await client.call("POST", "/scripts/highs/collect", window);
    expect(collected.status).toBe(202);
    expect(collected.headers.get("location")).toBe(`${publicUrl}/v1/runs/${collected.json.id as string}`);
    const sweep = await client.call("POST", "/sweeps", { definition: "highs", instruments: ["OTH"], timeframe: "1d", grid: { len: [2] }, horizons: [1] });
    expect(sweep.status).toBe(202);
    expect(sweep.headers.get("location")).toBe(`${publicUrl}/v1/sweeps/${sweep.json.id as string}`);
  });
});

describe("the bearer challenge names the error (RFC 6750 section 3.1)", () => {
  const challenge = async (key: string | null, method = "GET", path = "/me"): Promise<{ status: number; code: string; header: string | null }> => {
    const r = await fetch(`${h.api.url}/v1${path}`, { method, headers: key === null ? {} : { authorization: `Bearer ${key}` } });
    return { status: r.status, code: ((await r.json()) as { error?: { code: string } }).error?.code ?? "", header: r.headers.get("www-authenticate") };
  };

  it("when a key is wrong or revoked, then the 401 says invalid_token; without a key, the bare challenge", async () => {
    expect(await challenge(`bsk_${"x".repeat(43)}`)).toEqual({ status: 401, code: "unauthorized", header: 'Bearer realm="barscript", error="invalid_token"' });
    const revoked = await createApiKey(h.env.db, { accountId, name: "gone", scopes: ["read"], expiresAt: null });
    expect((await fetch(`${h.api.url}/v1/auth/revoke`, { method: "POST", headers: { authorization: `Bearer ${revoked.secret}` } })).status).toBe(204);
    expect(await challenge(revoked.secret)).toEqual({ status: 401, code: "unauthorized", header: 'Bearer realm="barscript", error="invalid_token"' });
    expect(await challenge(null)).toEqual({ status: 401, code: "unauthorized", header: 'Bearer realm="barscript"' });
  });

  it("when a key lacks the endpoint's scope, then the 403 forbidden_scope says insufficient_scope and the scope needed", async () => {
    const reader = await createApiKey(h.env.db, { accountId, name: "reader", scopes: ["read"], expiresAt: null });
    expect(await challenge(reader.secret, "POST", "/runs/run_000000000000000000000000/cancel")).toEqual({ status: 403, code: "forbidden_scope", header: 'Bearer realm="barscript", error="insufficient_scope", scope="runs:write"' });
    expect((await challenge(reader.secret)).header).toBeNull();
  });
});

describe("a missing docs page varies by Accept", () => {
  it("when /docs/{topic} names no topic, then the page for a browser and the envelope for others both say Vary: Accept", async () => {
    const page = await fetch(`${h.api.url}/docs/no-such-topic`, { headers: { accept: "text/html" } });
    const json = await fetch(`${h.api.url}/docs/no-such-topic`, { headers: { accept: "application/json" } });
    expect([page.status, json.status]).toEqual([404, 404]);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(((await json.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect([page.headers.get("vary"), json.headers.get("vary")]).toEqual(["Accept", "Accept"]);
  });
});

/** Bytes straight onto a socket; resolves with the head of what the server wrote before closing. */
function socketHead(bytes: string): Promise<string> {
  const port = Number(new URL(h.api.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let text = "";
    socket.on("data", (c: Buffer) => { text += c.toString("latin1"); });
    socket.on("end", () => resolve(text.slice(0, text.indexOf("\r\n\r\n"))));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => { socket.destroy(); resolve(text); });
  });
}

describe("X-Request-Id on answers to requests the HTTP parser refuses", () => {
  const id = (head: string): string | undefined => /^X-Request-Id: (.+)$/im.exec(head)?.[1];
  it("when a request's headers are malformed or too large, then its 400 or 431 carries a new X-Request-Id", async () => {
    const bad = await socketHead("GET /v1/me HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n");
    const huge = await socketHead(`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect([bad.split("\r\n")[0], huge.split("\r\n")[0]]).toEqual(["HTTP/1.1 400 Bad Request", "HTTP/1.1 431 Request Header Fields Too Large"]);
    expect(id(bad)).toMatch(/^[0-9a-f-]{36}$/);
    expect(id(huge)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when a CONNECT sends its own X-Request-Id, then the 405 echoes it", async () => {
    const head = await socketHead("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nX-Request-Id: o3-tunnel\r\n\r\n");
    expect(head.split("\r\n")[0]).toBe("HTTP/1.1 405 Method Not Allowed");
    expect(id(head)).toBe("o3-tunnel");
  });
});
