// Conformance regressions found by probing a running instance as a strict client would
// (docs/conformance/auth-and-limits.md): each test pins one deviation that was fixed.
import express from "express";
import type { Redis } from "ioredis";
import request from "supertest";
import { healthRouter } from "../src/ops/health";
import { account, importDailyInstruments, key, startAuthHarness, type AuthHarness } from "./auth-harness";

jest.setTimeout(120_000);
let h: AuthHarness;
let secret: string;

beforeAll(async () => {
  h = await startAuthHarness();
  secret = await key(h.db, (await account(h.db, "pro")).id, ["read"]);
  await importDailyInstruments(h.db, [["AAPL", "Apple Inc."], ["MSFT", "Microsoft Corporation"], ["SPY", "SPDR S&P 500 ETF Trust"]], "time,open,high,low,close,volume\n2024-03-01,10,12,9,11,100\n");
});
afterAll(async () => h.close());

const get = (path: string) => request(h.app).get(path).set("Authorization", `Bearer ${secret}`);
const symbols = (body: { data: Array<{ symbol: string }> }): string[] => body.data.map((i) => i.symbol);

describe("GET /v1/instruments?q=", () => {
  it.each([["%"], ["_"], ["A%L"], ["P_"], ["\\"]])("when q is %j, then it is a literal substring, not a LIKE pattern", async (q) => {
    const res = await get(`/v1/instruments?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_cursor: null });
  });

  it("when q holds a character LIKE treats specially and the name has it, then that instrument matches", async () => {
    expect(symbols((await get(`/v1/instruments?q=${encodeURIComponent("S&P")}`)).body)).toEqual(["SPY"]);
    expect(symbols((await get("/v1/instruments?q=inc.")).body)).toEqual(["AAPL"]);
  });
});

describe("/openapi.json", () => {
  it("when a client joins the server URL and a path, then it lands on the /v1 endpoint (no /v1/v1)", async () => {
    const doc = (await request(h.app).get("/openapi.json")).body as { servers: Array<{ url: string }>; paths: Record<string, unknown> };
    const server = doc.servers[0]?.url ?? "";
    expect(new URL(`${server}/v1/me`).pathname).toBe("/v1/me");
    expect(server).toBe(h.deps.config.publicUrl);
    for (const path of Object.keys(doc.paths)) expect(path.startsWith("/v1/")).toBe(true);
  });
});

describe("404 under /v1", () => {
  it("when a valid key asks for an unknown /v1 path, then the message names the full path", async () => {
    const res = await get("/v1/nope?x=1");
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "not_found", message: "No such endpoint: GET /v1/nope." });
  });
});

describe("/readyz", () => {
  it("when a dependency is down, then 503 carries the error envelope beside the readiness fields", async () => {
    const down = { ping: () => Promise.reject(new Error("connect ECONNREFUSED")) } as unknown as Redis;
    const app = express().use(healthRouter({ db: h.db, redis: down }));
    const res = await request(app).get("/readyz");
    expect(res.status).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.body).toEqual({
      error: { code: "busy", message: "Not ready: Redis cannot be reached." },
      status: "not_ready", postgres: true, redis: false,
      details: { postgres: { ok: true, latency_ms: expect.any(Number) }, redis: { ok: false, latency_ms: expect.any(Number), error: "unreachable" } },
    });
  });
});

describe("the check chain, as a strict client reads the order of checks", () => {
  it("when a key lacks the scope, then 403 forbidden_scope carries RateLimit headers: the call was counted", async () => {
    const runOnly = await key(h.db, (await account(h.db, "starter")).id, ["runs:write"]);
    const first = await request(h.app).get("/v1/usage").set("Authorization", `Bearer ${runOnly}`);
    expect(first.status).toBe(403);
    expect(first.body.error.code).toBe("forbidden_scope");
    expect(first.headers["ratelimit-limit"]).toBe("60");
    expect(first.headers["ratelimit-remaining"]).toBe("59");
    const second = await request(h.app).get("/v1/webhooks/x").set("Authorization", `Bearer ${runOnly}`);
    expect(second.status).toBe(501);
    expect(second.headers["ratelimit-remaining"]).toBe("58");
  });

  it("when a waitlisted key revokes itself, then 204 without RateLimit headers (rows 1-3 only, not counted)", async () => {
    const waiting = await key(h.db, (await account(h.db, "pro", { waitlist: true })).id, ["read"]);
    const res = await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${waiting}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers["ratelimit-limit"]).toBeUndefined();
  });
});
