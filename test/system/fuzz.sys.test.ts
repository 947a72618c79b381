// A raw-socket fuzzer over every endpoint (issue 18 point 8): a few thousand requests with bad
// percent-encodings, NUL and lone surrogates, huge and deeply nested bodies, forged and foreign
// cursors, header and framing abuse, odd methods. What was lost: answers that were a 5xx (other
// than the spec's 501 for webhooks), errors outside the JSON envelope, requests never answered.
// It must be none. The generator is seeded, so a failure names a request that can be replayed.
import { ENDPOINTS } from "@barscript/contracts";
import { exchange, request, type RawAnswer } from "./support/raw-http";
import { call, Stack, SMALL, type Account } from "./support/stack";

const REQUESTS = 3_000;
const PARALLEL = 8;

/** Mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BAD_SEGMENTS = ["%", "%ZZ", "%C0%AF", "%E2%82", "%00", "a%00b", "%ED%A0%80", "%FF%FE", "..%2F..%2Fetc", "%2F", "constructor", "__proto__", "x".repeat(3000), "%F0%9F%98%80", "%20", "'%3B--"];
const BAD_STRINGS = ["\u0000", "a\u0000b", "\ud800", "x\udfff", "\ud83d", "", " ", "x".repeat(100_000), "constructor", "__proto__", "\u202e", "🙂".repeat(50)];
const BAD_QUERY = ["%00", "%ZZ", "%", "%C0%AF", "-1", "0", "1e309", "NaN", "99999999999999999999", "a%00", "%ED%A0%80", "true", "[]", "{}"];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "TRACE", "PROPFIND", "CONNECT"];

interface Sent {
  label: string;
  bytes: Buffer;
  /** Paths whose errors are HTML pages for browsers (sign-in pages): only "no 5xx" applies. */
  page: boolean;
  /** The spec's own 501 (webhooks). */
  allows501: boolean;
  /**
   * Not valid HTTP/1.1 in its head (Node's parser refuses it) and followed by a body over the
   * API's body limit: the 400 is written, but the connection may be reset under it while the
   * client still sends the body it never reads (a known limit of answering refused HTTP).
   */
  resetAllowed?: boolean;
}

describe("fuzzing every endpoint over raw sockets", () => {
  const s = new Stack();
  let owner: Account;
  let other: Account;
  let runId = "";
  let cursors: string[] = [];

  beforeAll(async () => {
    await s.start({ workers: 1 });
    owner = await s.account({ requestsPerMinute: 1_000_000, concurrentHeavy: 64, concurrentWaits: 64, concurrentRuns: 4 });
    other = await s.account({ requestsPerMinute: 1_000_000, concurrentHeavy: 64 });
    await s.script(owner, "small", SMALL);
    const started = await call(s.api.url, owner.key, "POST", "/v1/runs", { script: "small", instrument: "AAPL", timeframe: "1d", bars: 50, wait: 30 });
    runId = started.json.id as string;
    await call(s.api.url, owner.key, "POST", "/v1/runs", { script: "small", instrument: "AAPL", timeframe: "1d", bars: 50 });
    const lists = ["/v1/runs?limit=1", "/v1/scripts?limit=1", "/v1/keys?limit=1", "/v1/instruments?limit=1", `/v1/runs/${runId}/results?limit=2`];
    for (const list of lists) {
      const r = await call(s.api.url, owner.key, "GET", list);
      if (typeof r.json?.next_cursor === "string") cursors.push(r.json.next_cursor as string);
    }
    cursors = [...cursors, "", "a", "a.b", "a.b.c", "eyJsIjoicnVucyIsInYiOlsxXX0.AAAAAAAAAAAAAAAAAAAAAA", "%00", "x".repeat(5000)];
  }, 120_000);
  afterAll(() => s.stop());

  function build(rand: () => number, n: number): Sent {
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const chance = (p: number): boolean => rand() < p;
    // Wrong keys lock the client's IP out for a minute (failed-key guard), and revoke ends the
    // key it is sent with: both only in the last stretch.
    const late = n > REQUESTS - 300;
    const endpoint = pick(late ? ENDPOINTS : ENDPOINTS.filter((e) => e.path !== "/auth/revoke"));
    const values: Record<string, string> = { symbol: "AAPL", topic: "language", slug: "small", run_id: runId, owner: owner.handle };
    let path = `/v1${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => (chance(0.35) ? pick(BAD_SEGMENTS) : encodeURIComponent(values[name] ?? "x")))}`;
    let method = endpoint.method.toUpperCase();
    const extraPaths = ["/healthz", "/readyz", "/openapi.json", "/metrics", "/nope/%ZZ", "/login", "/signup", "/device", "/account", "/account/keys/%ZZ/revoke", "/v1", "/v1/", "//v1//me", "/v1/me/../keys", "/v1/%2e%2e/me"];
    if (chance(0.08)) path = pick(extraPaths);
    if (chance(0.08)) method = pick(METHODS);
    const params: string[] = [];
    if (chance(0.4)) params.push(`limit=${pick(BAD_QUERY)}`);
    if (chance(0.35)) params.push(`cursor=${encodeURIComponent(pick(cursors))}`);
    if (chance(0.15) && cursors.length > 0) params.push(`cursor=${encodeURIComponent((pick(cursors).slice(0, -2) || "x") + "zz")}`);
    if (chance(0.2)) params.push(`${pick(["q", "kind", "status", "format", "owner", "version", "wait", "from", "to", "name", "instrument", "timeframe", "script", "run_id"])}=${pick(BAD_QUERY)}`);
    if (chance(0.05)) params.push("limit=1&limit=2&limit=3");
    if (chance(0.03)) params.push(`q=${"%41".repeat(3000)}`);
    const target = params.length > 0 ? `${path}?${params.join("&")}` : path;

    const headers: Array<[string, string]> = [["Host", "127.0.0.1"], ["Connection", "close"]];
    const keyChoice = rand();
    if (!late) headers.push(["Authorization", `Bearer ${keyChoice < 0.9 ? owner.key : other.key}`]);
    else if (keyChoice < 0.4) headers.push(["Authorization", `Bearer ${owner.key}`], ["Authorization", `Bearer ${other.key}`]);
    else if (keyChoice < 0.9) headers.push(["Authorization", pick(["Bearer", "Basic eDp5", "Bearer  ", "Bearer bsk_forged0000000000000000000000", `Bearer ${"k".repeat(2000)}`])]);
    if (chance(0.05)) headers.push(["Idempotency-Key", pick(["", "k".repeat(200), "ok-key", "\u00e9t\u00e9"])]);
    if (chance(0.04)) headers.push(["X-Request-Id", pick(["x".repeat(500), "id with spaces", "\u00ff"])]);

    let body: Buffer | string = "";
    if (method !== "GET" && method !== "HEAD" && chance(0.85)) {
      body = JSON.stringify(bodyFor(endpoint.path, method, rand));
      const mutation = rand();
      if (mutation < 0.08) body = "{\"files\": [";
      else if (mutation < 0.12) body = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
      else if (mutation < 0.15) body = `{"a":${"{\"a\":".repeat(3_000)}1${"}".repeat(3_000)}}`;
      else if (mutation < 0.17) body = Buffer.alloc(2_400_000, 0x20);
      else if (mutation < 0.2) body = "\ufeff{}";
      else if (mutation < 0.23) body = "null";
      else if (mutation < 0.26) body = "[]";
      else if (mutation < 0.29) body = '{"__proto__":{"admin":true},"constructor":{"prototype":{}}}';
      else if (mutation < 0.32) body = Buffer.from([0xc0, 0xaf, 0xff, 0x7b, 0x7d]);
      const type = chance(0.9) ? "application/json" : pick(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=latin1", ""]);
      if (type) headers.push(["Content-Type", type]);
    }
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    const framing = rand();
    if (framing < 0.9 || bytes.length === 0) headers.push(["Content-Length", String(bytes.length)]);
    else if (framing < 0.94) headers.push(["Transfer-Encoding", "chunked"], ["Content-Length", String(bytes.length)]);
    else if (framing < 0.97) return { label: `#${n} bad chunking ${method} ${target}`, bytes: request(method, target, [...headers, ["Transfer-Encoding", "chunked"]], "zz\r\nhello\r\n0\r\n\r\n"), page: false, allows501: false };
    else headers.push(["Content-Length", `${bytes.length}, ${bytes.length + 1}`]);
    if (chance(0.02)) headers.push(["Bad Header", "x"]);
    if (chance(0.02)) headers.push(["X-Fold", "a\r\n folded"]);
    if (chance(0.01)) headers.push(["X-Big", "b".repeat(20_000)]);
    const version = chance(0.03) ? pick(["HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTCPCP/1.0"]) : "HTTP/1.1";
    const line = chance(0.02) ? pick(["get", "G E T", "GET\t"]) : method;
    const page = /^\/(login|signup|device|account|logout)/.test(path);
    const badHead = framing >= 0.9 || headers.some(([name, value]) => name === "Bad Header" || value.includes("\r\n") || name === "X-Big") || version !== "HTTP/1.1" || line !== method;
    return { label: `#${n} ${line} ${target.slice(0, 200)} (${bytes.length} bytes)`, bytes: request(line, target, headers, bytes, version), page, allows501: path.startsWith("/v1/webhooks"), resetAllowed: badHead && bytes.length > 2_359_296 };
  }

  function bodyFor(path: string, method: string, rand: () => number): unknown {
    const bad = (): string => BAD_STRINGS[Math.floor(rand() * BAD_STRINGS.length)] as string;
    const maybe = (good: unknown): unknown => (rand() < 0.3 ? bad() : good);
    if (path === "/runs" || path.endsWith("/collect")) {
      return { script: maybe("small"), instrument: maybe("AAPL"), timeframe: maybe("1d"), bars: rand() < 0.8 ? 20 : maybe(-5), inputs: rand() < 0.5 ? { [bad()]: 1 } : { constructor: 1 }, from: rand() < 0.2 ? bad() : undefined, wait: 0 };
    }
    if (path.startsWith("/scripts")) {
      return { slug: maybe(`fz-${Math.floor(rand() * 1e6)}`), title: maybe("t"), description: maybe("d"), base_version: rand() < 0.5 ? 1 : bad(), files: [{ path: maybe("main.pine"), content: maybe(SMALL) }], kind: maybe("indicator"), visibility: maybe("private") };
    }
    if (path === "/auth/device") return { client_name: maybe("laptop"), scopes: rand() < 0.5 ? ["read"] : [bad()] };
    if (path === "/auth/token") return { device_code: maybe("nope"), grant_type: maybe("x") };
    return method === "DELETE" ? {} : { [bad()]: bad() };
  }

  function verdict(sent: Sent, answer: RawAnswer): string | null {
    if (answer.status === -1) return "no answer within 15 s";
    if (answer.status === 0 && sent.resetAllowed === true) return null;
    if (answer.status === 0) return `connection closed without an HTTP answer: ${JSON.stringify(answer.body.slice(0, 100))}`;
    if (answer.status >= 500 && !(answer.status === 501 && sent.allows501)) return `${answer.status}: ${answer.body.slice(0, 300)}`;
    if (answer.status < 400 || sent.page) return null;
    if (sent.bytes.subarray(0, 5).toString() === "HEAD ") return null;
    try {
      const error = (JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } }).error;
      if (typeof error?.code !== "string" || typeof error.message !== "string") return `${answer.status} without the envelope: ${answer.body.slice(0, 200)}`;
    } catch {
      return `${answer.status} not JSON: ${answer.body.slice(0, 200)}`;
    }
    return null;
  }

  it(`when ${REQUESTS} fuzzed requests are sent, then none answers a 5xx, every error is the envelope, and every request is answered`, async () => {
    const rand = generator(20261125);
    const sent = Array.from({ length: REQUESTS }, (_, n) => build(rand, n));
    const lost: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(Array.from({ length: PARALLEL }, async () => {
      while (next < sent.length) {
        const item = sent[next++] as Sent;
        const answer = await exchange(s.api.port, item.bytes);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const why = verdict(item, answer);
        if (why) lost.push(`${item.label}: ${why}`);
      }
    }));
    expect(lost.slice(0, 20)).toEqual([]);
    expect(lost.length).toBe(0);
    // The service is still whole afterwards.
    expect((await call(s.api.url, null, "GET", "/readyz")).status).toBe(200);
    // The mix reached the handlers too, not only the early refusals.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 20);
  }, 240_000);
});
