// Issue 18, points 1, 5, 6 and 7 over HTTP against real API and worker processes: bad path
// encodings, NUL and lone surrogates give 400 invalid_request naming the field (validate and
// create alike), Node's parser errors come in the envelope, inputs and outputs with prototype
// names are ordinary names, an output titled `t` keeps the time column, cursors are the
// account's own, and PUT checks its body before the script.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { RunsHarness, type Client } from "./runs-harness";

interface Raw {
  status: number;
  body: string;
}

/** A request with the path exactly as written (no URL normalisation on the way). */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => { body += c.toString(); });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Bytes straight onto a socket; resolves with everything the server wrote before closing. */
function socketExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let text = "";
    socket.on("data", (c: Buffer) => { text += c.toString("latin1"); });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
    socket.setTimeout(10_000, () => { socket.destroy(); resolve(text); });
  });
}

function envelope(body: string): { code: string; message: string } {
  return (JSON.parse(body) as { error: { code: string; message: string } }).error;
}

const PROTO_INPUTS = `//@version=6
indicator("proto inputs")
constructor = input.int(1, "A")
__proto__ = input.int(2, "B")
toString = input.int(3, "C")
plot(close * 0 + constructor * 100 + __proto__ * 10 + toString, "constructor")
plot(close * 0 + 1, "__proto__")
`;

const TIME_TITLE = `//@version=6
indicator("t title")
plot(close, "t")
plot(open, "t_2")
`;

describe("hardening of client input", () => {
  const h = new RunsHarness();
  let client: Client;
  let other: Client;
  let port: number;
  let key: string;

  beforeAll(async () => {
    await h.setup();
    const a = await h.account();
    const b = await h.account();
    client = a.client;
    other = b.client;
    await h.script(a, "proto", PROTO_INPUTS);
    await h.script(b, "proto", PROTO_INPUTS);
    await h.script(a, "t-title", TIME_TITLE);
    port = h.api.port;
    key = client.key;
  }, 120_000);
  afterAll(() => h.teardown());

  async function postText(path: string, text: string): Promise<Raw> {
    const res = await fetch(`${h.api.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: text });
    return { status: res.status, body: await res.text() };
  }

  const BAD_SEGMENTS: Array<[string, string]> = [
    ["%", "not valid percent-encoded UTF-8"],
    ["%ZZ", "not valid percent-encoded UTF-8"],
    ["%C0%AF", "not valid percent-encoded UTF-8"],
    ["%E2%82", "not valid percent-encoded UTF-8"],
    ["a%00b", "NUL"],
    ["%ED%A0%80", "not valid percent-encoded UTF-8"],
  ];
  const ROUTES: Array<[string, (bad: string) => string, string]> = [
    ["GET", (b) => `/v1/instruments/${b}`, "symbol"],
    ["GET", (b) => `/v1/docs/${b}`, "topic"],
    ["GET", (b) => `/v1/scripts/${b}`, "slug"],
    ["PUT", (b) => `/v1/scripts/${b}`, "slug"],
    ["PATCH", (b) => `/v1/scripts/${b}`, "slug"],
    ["DELETE", (b) => `/v1/scripts/${b}`, "slug"],
    ["GET", (b) => `/v1/scripts/${b}/versions`, "slug"],
    ["POST", (b) => `/v1/scripts/${b}/collect`, "slug"],
    ["GET", (b) => `/v1/scripts/${b}/events`, "slug"],
    ["GET", (b) => `/v1/runs/${b}`, "run_id"],
    ["GET", (b) => `/v1/runs/${b}/results`, "run_id"],
    ["POST", (b) => `/v1/runs/${b}/cancel`, "run_id"],
    ["GET", (b) => `/v1/library/${b}/x`, "owner"],
    ["GET", (b) => `/v1/library/x/${b}`, "slug"],
  ];

  it("when a path parameter is badly percent-encoded or holds NUL, then every parameterised route answers 400 invalid_request naming it (after the key check)", async () => {
    for (const [method, path, name] of ROUTES) {
      for (const [segment, why] of BAD_SEGMENTS) {
        const answer = await raw(port, method, path(segment), { authorization: `Bearer ${key}` });
        expect({ route: path(segment), status: answer.status }).toEqual({ route: path(segment), status: 400 });
        const error = envelope(answer.body);
        expect(error.code).toBe("invalid_request");
        expect(error.message).toContain(`\`${name}\``);
        expect(error.message).toContain(why);
      }
    }
    const anonymous = await raw(port, "GET", "/v1/runs/%ZZ");
    expect(anonymous.status).toBe(401);
  });

  it("when a query string holds NUL, then 400 names the parameter", async () => {
    const answer = await raw(port, "GET", "/v1/instruments?q=a%00b", { authorization: `Bearer ${key}` });
    expect(answer.status).toBe(400);
    expect(envelope(answer.body).message).toContain("`q`");
  });

  it("when a stored string holds NUL or a lone surrogate, then validate and create refuse it alike, naming the field", async () => {
    const good = "//@version=6\nindicator(\"x\")\nplot(close)\n";
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["content NUL", { files: [{ path: "main.pine", content: `${good}// \u0000` }] }, "files.0.content"],
      ["content surrogate", { files: [{ path: "main.pine", content: `${good}// \ud800` }] }, "files.0.content"],
      ["title NUL", { title: "a\u0000", files: [{ path: "main.pine", content: good }] }, "title"],
      ["description surrogate", { description: "\udc00x", files: [{ path: "main.pine", content: good }] }, "description"],
      ["path NUL", { files: [{ path: "ma\u0000in.pine", content: good }] }, "files.0.path"],
    ];
    for (const [label, body, field] of cases) {
      const validate = await client.call("POST", "/scripts/validate", body);
      const create = await client.call("POST", "/scripts", { slug: "nul-test", ...body });
      expect({ label, validate: validate.status, create: create.status }).toEqual({ label, validate: 400, create: 400 });
      expect(validate.json.error.message).toContain(`\`${field}\``);
      expect(create.json.error.message).toBe(validate.json.error.message);
    }
    const slug = await client.call("POST", "/scripts", { slug: "a\u0000b", files: [{ path: "main.pine", content: good }] });
    expect(slug.status).toBe(400);
    expect(slug.json.error.message).toContain("`slug`");
    const device = await fetch(`${h.api.url}/v1/auth/device`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "lap\u0000top" }) });
    expect(device.status).toBe(400);
    expect(((await device.json()) as { error: { message: string } }).error.message).toContain("`client_name`");
    const nested = await postText("/v1/scripts/validate", `{"files":${"[".repeat(5000)}${"]".repeat(5000)}}`);
    expect(nested.status).toBe(400);
    expect(envelope(nested.body).code).toBe("invalid_request");
  });

  it("when Node's parser refuses a request, then the answer is the JSON envelope, not an empty 400", async () => {
    const answer = await socketExchange(port, "GET /v1/me HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf("\r\n\r\n") + 4);
    expect(envelope(body).code).toBe("invalid_request");
    const huge = await socketExchange(port, `GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelope(huge.slice(huge.indexOf("\r\n\r\n") + 4)).code).toBe("invalid_request");
  });

  it("when inputs are named constructor, __proto__ and toString, then they are ordinary inputs and outputs", async () => {
    // Written as JSON text: in an object literal `__proto__` would set the prototype, not a key.
    const started = await postText("/v1/runs", '{"script":"proto","instrument":"AAPL","timeframe":"1d","bars":5,"inputs":{"constructor":7,"__proto__":8,"toString":9},"wait":30}');
    expect({ status: started.status, body: started.body }).toEqual({ status: 202, body: expect.any(String) });
    const run = await client.final((JSON.parse(started.body) as { id: string }).id);
    expect(run.status).toBe("succeeded");
    expect(Object.prototype.hasOwnProperty.call(run.inputs, "__proto__")).toBe(true);
    expect(run.inputs["__proto__"]).toBe(8);
    expect(run.inputs.constructor).toBe(7);
    const points = await client.allPoints(run.id as string);
    expect(points.length).toBe(5);
    // 7*100 + 8*10 + 9, worked by hand from the script.
    expect(points[0]?.["constructor"]).toBe(789);
    expect(points[0]?.["proto"]).toBe(1);
    const unknown = await client.start({ script: "proto", instrument: "AAPL", timeframe: "1d", bars: 5, inputs: { hasOwnProperty: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.message).toContain("`hasOwnProperty`");
  });

  it("when an output is titled t, then the time column keeps the bar time in JSON and CSV", async () => {
    const started = await client.start({ script: "t-title", instrument: "AAPL", timeframe: "1d", bars: 3, wait: 30 });
    const run = await client.final(started.json.id as string);
    expect(run.status).toBe("succeeded");
    const points = await client.allPoints(run.id as string);
    for (const p of points) {
      // Bar times are whole seconds of a UTC day; the close of AAPL is nowhere near one.
      expect(Number.isInteger(p["t"])).toBe(true);
      expect((p["t"] as number) % 86_400).toBe(0);
      expect(Object.keys(p)).toHaveLength(3);
    }
    const csv = await client.call("GET", `/runs/${run.id as string}/results?format=csv`);
    const [header, first] = csv.text.split("\r\n");
    const columns = (header ?? "").split(",");
    expect(columns[0]).toBe("t");
    expect(new Set(columns).size).toBe(columns.length);
    expect(Number(first?.split(",")[0]) % 86_400).toBe(0);
  });

  it("when a cursor of another account's list of the same kind is sent, then it is refused", async () => {
    for (let i = 0; i < 2; i++) await other.start({ script: "proto", instrument: "AAPL", timeframe: "1d", bars: 2 });
    await client.start({ script: "proto", instrument: "AAPL", timeframe: "1d", bars: 2 });
    await client.start({ script: "proto", instrument: "AAPL", timeframe: "1d", bars: 2 });
    const mine = await client.call("GET", "/runs?limit=1");
    expect(mine.status).toBe(200);
    const cursor = mine.json.next_cursor as string;
    expect(typeof cursor).toBe("string");
    const theirs = await other.call("GET", `/runs?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(theirs.status).toBe(400);
    expect(theirs.json.error.message).toContain("`cursor`");
    const again = await client.call("GET", `/runs?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect(again.status).toBe(200);
  });

  it("when ten large validations arrive at once, then the plan's heavy places bind (validation runs on threads while the place is held)", async () => {
    const heavy = await h.account({ concurrentHeavy: 2, requestsPerMinute: 10_000 });
    const big = (n: number): string => `//@version=6\nindicator("big")\n${Array.from({ length: 12_000 }, (_, i) => `v${i} = close * ${n + 1} + ${i}`).join("\n")}\nplot(v0)\n`;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => heavy.client.call("POST", "/scripts/validate", { files: [{ path: "main.pine", content: big(n) }] })));
    const admitted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(admitted.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of admitted) expect(a.json.valid).toBe(true);
    for (const r of refused) expect([r.status, r.json.error.code]).toEqual([429, "busy"]);
  });

  it("when PUT names an unknown script with a bad body, then the body is checked first (400, not 404)", async () => {
    const noBase = await client.call("PUT", "/scripts/no-such-script", { files: [{ path: "main.pine", content: "x" }] });
    expect(noBase.status).toBe(400);
    expect(noBase.json.error.message).toContain("`base_version`");
    const noEntry = await client.call("PUT", "/scripts/no-such-script", { base_version: 1, files: [{ path: "other.pine", content: "x" }] });
    expect(noEntry.status).toBe(400);
    const good = await client.call("PUT", "/scripts/no-such-script", { base_version: 1, files: [{ path: "main.pine", content: "x" }] });
    expect(good.status).toBe(404);
  });
});
