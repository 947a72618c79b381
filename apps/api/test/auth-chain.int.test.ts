// The order of checks (docs/reference/api.md) over HTTP against the real app, Postgres and Redis:
// one row a situation, with the expected status, code and headers.
import express from "express";
import pino from "pino";
import request from "supertest";
import { generateKeySecret } from "@barscript/db";
import { errorHandler } from "../src/http/errors";
import { account, key, startAuthHarness, tinyPlan, type AuthHarness } from "./auth-harness";

jest.setTimeout(60_000);

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe("the check chain", () => {
  let h: AuthHarness;
  const k: Record<string, string> = {};

  beforeAll(async () => {
    h = await startAuthHarness();
    const pro = await account(h.db, "pro");
    const wait = await account(h.db, "pro", { waitlist: true });
    const free = await account(h.db, "free");
    k["all"] = await key(h.db, pro.id);
    k["read"] = await key(h.db, pro.id, ["read"]);
    k["runs"] = await key(h.db, pro.id, ["runs:write"]);
    k["expired"] = await key(h.db, pro.id, ["read"], new Date("2001-01-01T00:00:00Z"));
    k["revoked"] = await key(h.db, pro.id, ["read"]);
    await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${k["revoked"]}`).expect(204);
    k["wait"] = await key(h.db, wait.id);
    k["free"] = await key(h.db, free.id);
    k["unknown"] = generateKeySecret();
  });
  afterAll(async () => { await h.close(); });
  beforeEach(async () => { await h.resetRedis(); });

  interface Row {
    situation: string;
    method?: "get" | "post" | "put" | "delete" | "patch";
    path: string;
    auth?: string | null;
    status: number;
    code?: string;
    message?: RegExp;
    counted: boolean;
    retryAfter?: string;
  }

  const bearer = (name: string): string => `Bearer ${k[name] ?? ""}`;
  const rows: Row[] = [
    { situation: "no Authorization header", path: "/v1/me", auth: null, status: 401, code: "unauthorized", message: /No API key/, counted: false },
    { situation: "not a Bearer header", path: "/v1/me", auth: "Basic dXNlcjpwYXNz", status: 401, code: "unauthorized", message: /not `Bearer/, counted: false },
    { situation: "a malformed key", path: "/v1/me", auth: "Bearer not-a-key", status: 401, code: "unauthorized", message: /wrong/, counted: false },
    { situation: "a wrong key", path: "/v1/me", auth: "unknown", status: 401, code: "unauthorized", message: /wrong/, counted: false },
    { situation: "an expired key", path: "/v1/me", auth: "expired", status: 401, code: "unauthorized", message: /expired at 2001-01-01/, counted: false },
    { situation: "a revoked key", path: "/v1/me", auth: "revoked", status: 401, code: "unauthorized", message: /revoked/, counted: false },
    { situation: "a waitlisted account", path: "/v1/me", auth: "wait", status: 403, code: "forbidden", message: /waitlist/, counted: false },
    { situation: "a Free account", path: "/v1/me", auth: "free", status: 403, code: "plan_limit", message: /no API access/, counted: false },
    { situation: "a key without the scope", path: "/v1/me", auth: "runs", status: 403, code: "forbidden_scope", message: /`read` scope/, counted: true },
    { situation: "a key with the scope", path: "/v1/me", auth: "read", status: 200, counted: true },
    { situation: "usage with read", path: "/v1/usage", auth: "read", status: 200, counted: true },
    { situation: "keys with read", path: "/v1/keys", auth: "read", status: 200, counted: true },
    { situation: "webhooks whatever the scope", path: "/v1/webhooks", auth: "runs", status: 501, code: "not_implemented", counted: true },
    { situation: "webhooks sub-path, any method", method: "post", path: "/v1/webhooks/endpoints/x", auth: "read", status: 501, code: "not_implemented", counted: true },
    { situation: "webhooks DELETE", method: "delete", path: "/v1/webhooks/1", auth: "all", status: 501, code: "not_implemented", counted: true },
    { situation: "webhooks from a waitlisted account", path: "/v1/webhooks", auth: "wait", status: 403, code: "forbidden", counted: false },
    { situation: "webhooks from a Free account", method: "put", path: "/v1/webhooks", auth: "free", status: 403, code: "plan_limit", counted: false },
    { situation: "webhooks with no key", path: "/v1/webhooks", auth: null, status: 401, code: "unauthorized", counted: false },
    { situation: "webhooks with an expired key", path: "/v1/webhooks", auth: "expired", status: 401, code: "unauthorized", counted: false },
    { situation: "an unknown /v1 path with a key", path: "/v1/no-such-thing", auth: "read", status: 404, code: "not_found", counted: true },
    { situation: "an unknown /v1 path with no key", path: "/v1/no-such-thing", auth: null, status: 401, code: "unauthorized", counted: false },
    { situation: "revoke with no key", method: "post", path: "/v1/auth/revoke", auth: null, status: 401, code: "unauthorized", counted: false },
    { situation: "revoke with an expired key", method: "post", path: "/v1/auth/revoke", auth: "expired", status: 401, code: "unauthorized", message: /expired/, counted: false },
    { situation: "revoke with a revoked key", method: "post", path: "/v1/auth/revoke", auth: "revoked", status: 401, code: "unauthorized", message: /revoked/, counted: false },
  ];

  it.each(rows)("when $situation, then $status", async (row) => {
    let req = request(h.app)[row.method ?? "get"](row.path);
    if (row.auth !== null && row.auth !== undefined) req = req.set("Authorization", row.auth in k ? bearer(row.auth) : row.auth);
    const res = await req;
    expect(res.status).toBe(row.status);
    if (row.code) expect(res.body).toEqual({ error: { code: row.code, message: expect.any(String) } });
    if (row.message) expect(res.body.error.message).toMatch(row.message);
    expect(res.headers["x-request-id"]).toBeDefined();
    if (row.counted) {
      expect(res.headers["ratelimit-limit"]).toBe("600");
      expect(res.headers["ratelimit-remaining"]).toBe("599");
      expect(res.headers["ratelimit-reset"]).toBe("0");
    } else {
      expect(res.headers["ratelimit-limit"]).toBeUndefined();
    }
    if (row.retryAfter) expect(res.headers["retry-after"]).toBe(row.retryAfter);
  });

  it("when a waitlisted or Free account revokes its key, then 204 with no body, and the key is dead at once", async () => {
    for (const plan of ["free", "pro"]) {
      const a = await account(h.db, plan, { waitlist: plan === "pro" });
      const secret = await key(h.db, a.id, ["read"]);
      const res = await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${secret}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe("");
      expect(res.headers["ratelimit-limit"]).toBeUndefined();
      const after = await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${secret}`);
      expect([after.status, after.body.error.code]).toEqual([401, "unauthorized"]);
    }
  });

  it("when a key is revoked, then its next call answers 401 revoked (no cached validity)", async () => {
    const a = await account(h.db, "pro");
    const secret = await key(h.db, a.id, ["read"]);
    await request(h.app).get("/v1/me").set("Authorization", `Bearer ${secret}`).expect(200);
    await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${secret}`).expect(204);
    const res = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${secret}`);
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  describe("requests a minute", () => {
    it("when the plan's figure is used up, then 429 rate_limited with Retry-After 10 and RateLimit headers; the refused call is not counted", async () => {
      const plan = await tinyPlan(h.db, "rpm-three", { requestsPerMinute: 3 });
      const a = await account(h.db, plan);
      const readKey = await key(h.db, a.id, ["read"]);
      const runsKey = await key(h.db, a.id, ["runs:write"]);
      const first = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${runsKey}`);
      expect([first.status, first.body.error.code, first.headers["ratelimit-remaining"]]).toEqual([403, "forbidden_scope", "2"]);
      const second = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${readKey}`);
      expect([second.status, second.headers["ratelimit-limit"], second.headers["ratelimit-remaining"], second.headers["ratelimit-reset"]]).toEqual([200, "3", "1", "0"]);
      const third = await request(h.app).get("/v1/keys").set("Authorization", `Bearer ${readKey}`);
      expect([third.status, third.headers["ratelimit-remaining"]]).toEqual([200, "0"]);
      expect(Number(third.headers["ratelimit-reset"])).toBeGreaterThan(55);
      for (const k2 of [readKey, runsKey]) {
        const refused = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${k2}`);
        expect(refused.status).toBe(429);
        expect(refused.body.error.code).toBe("rate_limited");
        expect(refused.headers["retry-after"]).toBe("10");
        expect(refused.headers["ratelimit-limit"]).toBe("3");
        expect(refused.headers["ratelimit-remaining"]).toBe("0");
        expect(Number(refused.headers["ratelimit-reset"])).toBeGreaterThan(55);
      }
      expect(await h.limits.requests.count(a.id)).toBe(3);
      // Revoking is rows 1-3 only: it still works and is not counted.
      await request(h.app).post("/v1/auth/revoke").set("Authorization", `Bearer ${runsKey}`).expect(204);
      expect(await h.limits.requests.count(a.id)).toBe(3);
    });

    it("when one account is limited, then another is not", async () => {
      const plan = await tinyPlan(h.db, "rpm-one", { requestsPerMinute: 1 });
      const a = await account(h.db, plan);
      const b = await account(h.db, plan);
      const ka = await key(h.db, a.id, ["read"]);
      const kb = await key(h.db, b.id, ["read"]);
      await request(h.app).get("/v1/me").set("Authorization", `Bearer ${ka}`).expect(200);
      await request(h.app).get("/v1/me").set("Authorization", `Bearer ${ka}`).expect(429);
      await request(h.app).get("/v1/me").set("Authorization", `Bearer ${kb}`).expect(200);
    });
  });

  describe("failed-key guard", () => {
    it("when calls have no header, then they are not failed checks", async () => {
      for (let i = 0; i < 35; i++) await request(h.app).get("/v1/me").expect(401);
      await request(h.app).get("/v1/me").set("Authorization", bearer("read")).expect(200);
    });

    it("when the 31st wrong key arrives, then it still answers 401; the next call answers 429 whatever it sends, and is not recorded", async () => {
      for (let i = 1; i <= 31; i++) {
        const res = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${generateKeySecret()}`);
        expect([i, res.status]).toEqual([i, 401]);
      }
      for (const auth of [bearer("read"), null, `Bearer ${generateKeySecret()}`]) {
        let req = request(h.app).post("/v1/auth/revoke");
        if (auth) req = req.set("Authorization", auth);
        const res = await req;
        expect(res.status).toBe(429);
        expect(res.body.error.code).toBe("rate_limited");
        expect(res.headers["retry-after"]).toBe("60");
        expect(res.headers["ratelimit-limit"]).toBeUndefined();
      }
      const webhooks = await request(h.app).get("/v1/webhooks").set("Authorization", bearer("all"));
      expect(webhooks.status).toBe(429);
      const log = await h.redis.zcard(`${h.env.redisPrefix}limits:failed-keys:${"::ffff:127.0.0.1"}`);
      const log4 = await h.redis.zcard(`${h.env.redisPrefix}limits:failed-keys:127.0.0.1`);
      expect(log + log4).toBe(31);
      // the key used during the block was not revoked (the call never reached the handler)
      await h.resetRedis();
      await request(h.app).get("/v1/me").set("Authorization", bearer("read")).expect(200);
    });

    it("when 30 wrong keys are recorded, then a good key still passes", async () => {
      for (let i = 0; i < 30; i++) await request(h.app).get("/v1/me").set("Authorization", `Bearer ${generateKeySecret()}`).expect(401);
      await request(h.app).get("/v1/me").set("Authorization", bearer("read")).expect(200);
      await request(h.app).get("/v1/me").set("Authorization", "Bearer nope").expect(401);
      await request(h.app).get("/v1/me").set("Authorization", bearer("read")).expect(429);
    });
  });

  describe("heavy calls at once", () => {
    it("when the plan's heavy places are taken, then 429 busy Retry-After 2 until one answers; a client that goes away frees its place", async () => {
      const plan = await tinyPlan(h.db, "heavy-one", { requestsPerMinute: 100, concurrentHeavy: 1 });
      const a = await account(h.db, plan);
      const secret = await key(h.db, a.id, ["read"]);
      let releaseFirst: () => void = () => undefined;
      const gate = new Promise<void>((r) => { releaseFirst = r; });
      const app = express();
      app.post("/heavy", h.auth.guard("read"), h.auth.heavy(), async (req, res) => {
        if (req.query["hold"] === "1") await gate;
        if (req.query["hang"] === "1") await new Promise(() => undefined);
        res.json({ ok: true });
      });
      app.use(errorHandler(pino({ level: "silent" })));
      const server = app.listen(0);
      const agent = request(server);
      try {
        const held = agent.post("/heavy?hold=1").set("Authorization", `Bearer ${secret}`).then((r) => r);
        await sleep(200);
        expect(await h.limits.heavy.used(a.id)).toBe(1);
        const busy = await agent.post("/heavy").set("Authorization", `Bearer ${secret}`);
        expect([busy.status, busy.body.error.code, busy.headers["retry-after"]]).toEqual([429, "busy", "2"]);
        expect(busy.headers["ratelimit-limit"]).toBe("100");
        releaseFirst();
        expect((await held).status).toBe(200);
        await sleep(50);
        expect(await h.limits.heavy.used(a.id)).toBe(0);
        await agent.post("/heavy").set("Authorization", `Bearer ${secret}`).expect(200);
        // a client that hangs up: 'close' releases the place
        const aborted = agent.post("/heavy?hang=1").set("Authorization", `Bearer ${secret}`).timeout(300).then(() => undefined, () => undefined);
        await aborted;
        await sleep(100);
        expect(await h.limits.heavy.used(a.id)).toBe(0);
        await agent.post("/heavy").set("Authorization", `Bearer ${secret}`).expect(200);
      } finally {
        server.closeAllConnections();
        server.close();
      }
    });
  });

  describe("last_used_at", () => {
    it("when a key is used, then last_used_at is written in a later batch, not per request", async () => {
      const a = await account(h.db, "pro");
      const secret = await key(h.db, a.id, ["read"]);
      const before = Date.now();
      await request(h.app).get("/v1/me").set("Authorization", `Bearer ${secret}`).expect(200);
      await h.auth.lastUsed.flush();
      const row = await h.db.apiKey.findFirstOrThrow({ where: { accountId: a.id } });
      expect(row.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before - 5);
      const list = await request(h.app).get("/v1/keys").set("Authorization", `Bearer ${secret}`).expect(200);
      expect(list.body.data[0].last_used_at).toEqual(expect.any(String));
    });
  });

});
