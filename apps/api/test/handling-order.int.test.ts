// docs/reference/api.md "Order of checks": every refusal of the handling order, with its
// status and code, against a real API process (main.ts) on its own database and Redis prefix.
import { request as httpRequest } from "node:http";
import { createAccount, createApiKey } from "@barscript/db";
import { ENDPOINTS } from "@barscript/contracts";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Sends a body in chunks with no Content-Length, so only counting as it streams can catch it. */
function send(port: number, method: string, path: string, headers: Record<string, string>, chunks: Buffer[] = []): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => { body += c.toString(); });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    const write = (i: number): void => {
      if (i >= chunks.length) { req.end(); return; }
      if (!req.write(chunks[i])) req.once("drain", () => write(i + 1));
      else setImmediate(() => write(i + 1));
    };
    write(0);
  });
}

function code(answer: Answer): string | undefined {
  return (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
}

describe("the handling order of a call", () => {
  let env: TestEnv;
  let api: ApiProc;
  let key: string;

  beforeAll(async () => {
    env = await createTestEnv();
    api = await spawnApi(env.processEnv);
    const account = await createAccount(env.db, { email: "order@example.com", password: "a long enough password", handle: "order", plan: "pro", admit: true });
    key = (await createApiKey(env.db, { accountId: account.id, name: "t", scopes: ["read"], expiresAt: null })).secret;
  });
  afterAll(async () => {
    await api?.kill();
    await env?.close();
  });

  it("when a client sends a visible X-Request-Id, then it is echoed; otherwise one is generated", async () => {
    const echoed = await send(api.port, "GET", "/healthz", { "x-request-id": "req-123_abc" });
    expect(echoed.headers["x-request-id"]).toBe("req-123_abc");
    const tooLong = await send(api.port, "GET", "/healthz", { "x-request-id": "x".repeat(129) });
    expect(tooLong.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const refused = await send(api.port, "GET", "/nope", {});
    expect(refused.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("when a body streams past 2,359,296 bytes without Content-Length, then 413 invalid_request", async () => {
    const chunks = Array.from({ length: 38 }, () => Buffer.alloc(65_536, 0x20)); // 2,490,368 bytes
    const answer = await send(api.port, "POST", "/v1/auth/device", { "content-type": "application/json", "transfer-encoding": "chunked" }, chunks);
    expect(answer.status).toBe(413);
    expect(code(answer)).toBe("invalid_request");
  });

  it("when a body of exactly 2,359,296 bytes arrives, then it is read (and judged as JSON)", async () => {
    const body = Buffer.alloc(2_359_296, 0x20);
    body.write('{"client_name":"x"}', 0);
    const answer = await send(api.port, "POST", "/v1/auth/device", { "content-type": "application/json", "content-length": String(body.length) }, [body]);
    expect(answer.status).toBe(200);
  });

  it("when Content-Length announces too much, then 413 before reading", async () => {
    const answer = await send(api.port, "POST", "/v1/scripts", { "content-type": "application/json", "content-length": "3000000", authorization: `Bearer ${key}` }, [Buffer.from("{}")]);
    expect(answer.status).toBe(413);
    expect(code(answer)).toBe("invalid_request");
  });

  const table: Array<[string, string, string, Record<string, string>, string | undefined, number, string]> = [
    ["invalid JSON", "POST", "/v1/auth/device", { "content-type": "application/json" }, "{nope", 400, "invalid_request"],
    ["a body that is not JSON", "POST", "/v1/auth/device", { "content-type": "text/plain" }, "hello", 400, "invalid_request"],
    ["a path outside /v1", "GET", "/v2/me", {}, undefined, 404, "not_found"],
    ["an unknown path outside /v1, even with a key", "GET", "/nope", { authorization: "Bearer bsk_x" }, undefined, 404, "not_found"],
    ["an unknown /v1 path without a key: the check chain answers first", "GET", "/v1/nope", {}, undefined, 401, "unauthorized"],
    ["a wrong key on an unknown /v1 path", "GET", "/v1/nope", { authorization: "Bearer bsk_wrong" }, undefined, 401, "unauthorized"],
    ["a body field of the wrong kind", "POST", "/v1/auth/device", { "content-type": "application/json" }, '{"scopes":["fly"]}', 400, "invalid_request"],
    ["a device-code poll with an unknown code", "POST", "/v1/auth/token", { "content-type": "application/json" }, '{"device_code":"nope"}', 400, "invalid_request"],
  ];

  it.each(table)("when %s, then the envelope says so", async (_name, method, path, headers, body, status, expectedCode) => {
    const answer = await send(api.port, method, path, headers, body === undefined ? [] : [Buffer.from(body)]);
    expect(answer.status).toBe(status);
    expect(code(answer)).toBe(expectedCode);
    expect(answer.body).not.toMatch(/at .*\.ts:\d+/); // never a stack trace
  });

  it("when a valid key asks for an unknown /v1 path or method, then 404 not_found after the chain", async () => {
    const unknown = await send(api.port, "GET", "/v1/nope", { authorization: `Bearer ${key}` });
    expect(unknown.status).toBe(404);
    expect(code(unknown)).toBe("not_found");
    expect(unknown.headers["ratelimit-limit"]).toBe("600");
    const wrongMethod = await send(api.port, "DELETE", "/v1/me", { authorization: `Bearer ${key}` });
    expect(wrongMethod.status).toBe(404);
  });

  it("when webhooks are called with a valid key of any scope, then 501 not_implemented", async () => {
    for (const [method, path] of [["GET", "/v1/webhooks"], ["POST", "/v1/webhooks/abc"]] as const) {
      const answer = await send(api.port, method, path, { authorization: `Bearer ${key}` });
      expect(answer.status).toBe(501);
      expect(code(answer)).toBe("not_implemented");
    }
  });

  it("when /readyz is asked, then Postgres and Redis are both reachable", async () => {
    const answer = await send(api.port, "GET", "/readyz", {});
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      status: "ready", postgres: true, redis: true,
      details: { postgres: { ok: true, latency_ms: expect.any(Number) }, redis: { ok: true, latency_ms: expect.any(Number) } },
    });
  });

  it("when /openapi.json is read, then it documents every /v1 endpoint of the table", async () => {
    const answer = await send(api.port, "GET", "/openapi.json", {});
    const doc = JSON.parse(answer.body) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe("3.1.0");
    for (const e of ENDPOINTS) expect(doc.paths[`/v1${e.path}`]?.[e.method]).toBeDefined();
    expect(ENDPOINTS).toHaveLength(36); // #1-#29, then drawings, logs and the five sweep calls (#30-#36)
  });

  it("when /metrics is read, then it is Prometheus text with the request counter", async () => {
    const answer = await send(api.port, "GET", "/metrics", {});
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("barscript_http_requests_total");
  });
});
