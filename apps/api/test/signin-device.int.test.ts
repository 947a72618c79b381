// POST /v1/auth/device and POST /v1/auth/token (docs/reference/api.md "Sign-in", DeviceAuthorization,
// "Token"): every sign-in code, expiry on the injectable clock, single use, the start throttle.
// Approvals go through the real /device form of a signed-in session, never the database.
import request from "supertest";
import { MAX_LIVE_KEYS, createApiKey } from "@barscript/db";
import { csrfOf, decide, harnessForFile, makeAccount, sha256, signedInAgent, startSignin } from "./signin-harness";

const USER_CODE = /^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/;

const h = harnessForFile();

function poll(deviceCode: string, extra: Record<string, unknown> = {}) {
  return request(h.app).post("/v1/auth/token").send({ device_code: deviceCode, ...extra });
}

/** Polls as a well-behaved client would: waits (on the clock) the code's interval first. */
function pollLater(deviceCode: string, seconds = 5) {
  h.clock.advance(seconds * 1000);
  return poll(deviceCode);
}

describe("POST /v1/auth/device", () => {
  test("when a client starts a sign-in, then it gets a device code, a user code and where to send the person", async () => {
    const res = await request(h.app).post("/v1/auth/device").send({ client_name: "barscript CLI", scopes: ["read"] }).expect(200);
    expect(Object.keys(res.body as object).sort()).toEqual(["device_code", "expires_in", "interval", "user_code", "verification_uri", "verification_uri_complete"]);
    const body = res.body as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string; expires_in: number; interval: number };
    expect(body.device_code.length).toBeGreaterThanOrEqual(43);
    expect(body.user_code).toMatch(USER_CODE);
    expect(body.verification_uri).toBe("http://localhost:8080/device");
    expect(body.verification_uri_complete).toBe(`http://localhost:8080/device?user_code=${body.user_code}`);
    expect(body.expires_in).toBe(900);
    expect(body.interval).toBe(5);

    // Only the device code's SHA-256 is stored.
    const row = await h.db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: sha256(body.device_code) } });
    expect(JSON.stringify(row)).not.toContain(body.device_code);
    expect(row.userCode).toBe(body.user_code.replace("-", ""));
    expect(row.clientName).toBe("barscript CLI");
    expect(row.scopes).toEqual(["read"]);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(900_000);
  });

  test("when the body is empty or absent, then all three scopes are asked", async () => {
    const empty = await startSignin(h.app, {});
    const none = await request(h.app).post("/v1/auth/device").expect(200);
    for (const code of [empty.device_code, (none.body as { device_code: string }).device_code]) {
      const row = await h.db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: sha256(code) } });
      expect(row.scopes).toEqual(["read", "scripts:write", "runs:write"]);
    }
  });

  test.each([
    ["an unknown scope", { scopes: ["read", "admin"] }],
    ["no scope at all", { scopes: [] }],
    ["a client name over 100 characters", { client_name: "x".repeat(101) }],
  ])("when the body has %s, then 400 invalid_request", async (_what, body) => {
    const res = await request(h.app).post("/v1/auth/device").send(body).expect(400);
    expect((res.body as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  test("when more than 10 sign-ins start from one IP in 10 minutes, then 429 rate_limited with Retry-After until the oldest leaves", async () => {
    for (let i = 0; i < 10; i++) await request(h.app).post("/v1/auth/device").send({}).expect(200);
    const refused = await request(h.app).post("/v1/auth/device").send({}).expect(429);
    expect((refused.body as { error: { code: string } }).error.code).toBe("rate_limited");
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThanOrEqual(595);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Polling is not a start: it is not throttled by this log.
    const started = await h.db.deviceAuthorization.count();
    expect(started).toBeGreaterThanOrEqual(10);
  });
});

describe("POST /v1/auth/token", () => {
  test("when the device code is unknown or missing, then 400 invalid_request", async () => {
    const unknown = await poll("not-a-device-code").expect(400);
    expect((unknown.body as { error: { code: string } }).error.code).toBe("invalid_request");
    const missing = await request(h.app).post("/v1/auth/token").send({}).expect(400);
    expect((missing.body as { error: { code: string } }).error.code).toBe("invalid_request");
  });

  test("when nobody has answered yet, then authorization_pending (grant_type is accepted and ignored)", async () => {
    const started = await startSignin(h.app);
    const res = await poll(started.device_code, { grant_type: "urn:ietf:params:oauth:grant-type:device_code" }).expect(400);
    expect(res.body).toEqual({ error: { code: "authorization_pending", message: expect.any(String) as string } });
  });

  test("when polled sooner than the interval, then slow_down, and each slow_down adds 5 seconds to the interval", async () => {
    const started = await startSignin(h.app);
    const code = (res: request.Response): string => (res.body as { error: { code: string } }).error.code;
    expect(code(await poll(started.device_code))).toBe("authorization_pending");
    expect(code(await pollLater(started.device_code, 4))).toBe("slow_down"); // interval now 10 s
    expect(code(await pollLater(started.device_code, 9))).toBe("slow_down"); // interval now 15 s
    expect(code(await pollLater(started.device_code, 15))).toBe("authorization_pending");
    expect(code(await pollLater(started.device_code, 14))).toBe("slow_down"); // interval now 20 s
    expect(code(await pollLater(started.device_code, 20))).toBe("authorization_pending");
    const row = await h.db.deviceAuthorization.findUniqueOrThrow({ where: { deviceCodeHash: sha256(started.device_code) } });
    expect(row.intervalSecs).toBe(20);
  });

  test("when the person approves on /device, then the next poll gets the key once, and later polls expired_token", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app, { client_name: "barscript CLI", scopes: ["read", "runs:write"] });
    expect((await poll(started.device_code)).status).toBe(400);

    const approved = await decide(agent, started.user_code, "approve", { key_name: "my laptop", expires: "30" });
    expect(approved.status).toBe(200);
    expect(approved.text).toContain("Approved");

    const res = await pollLater(started.device_code).expect(200);
    const body = res.body as { api_key: string; key: Record<string, unknown> };
    expect(body.api_key).toMatch(/^bsk_[0-9A-Za-z]{43}$/);
    // a token response is never cached (docs/adr/0285)
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["pragma"]).toBe("no-cache");
    expect(Object.keys(body.key).sort()).toEqual(["created_at", "expires_at", "id", "last_used_at", "name", "prefix", "revoked_at", "scopes"]);
    expect(body.key).toMatchObject({ name: "my laptop", prefix: body.api_key.slice(0, 12), scopes: ["read", "runs:write"], last_used_at: null, revoked_at: null });
    const expiresIn = Date.parse(String(body.key["expires_at"])) - h.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(29 * 86_400_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 86_400_000);

    // Stored as its SHA-256 only, on the approving account.
    const key = await h.db.apiKey.findUniqueOrThrow({ where: { secretHash: sha256(body.api_key) } });
    expect(key.accountId).toBe(account.id);
    expect(JSON.stringify(await h.db.apiKey.findMany())).not.toContain(body.api_key);
    expect(JSON.stringify(await h.db.deviceAuthorization.findMany())).not.toContain(body.api_key);

    // Single use.
    const again = await pollLater(started.device_code).expect(400);
    expect((again.body as { error: { code: string } }).error.code).toBe("expired_token");
    expect(again.headers["cache-control"]).toBe("no-store");
    expect(await h.db.apiKey.count({ where: { accountId: account.id } })).toBe(1);
  });

  test("when concurrent polls race for an approved code, then exactly one gets a key", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    await decide(agent, started.user_code, "approve");
    h.clock.advance(5_000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => poll(started.device_code)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await h.db.apiKey.count({ where: { accountId: account.id } })).toBe(1);
  });

  test("when the person denies on /device, then access_denied", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    const denied = await decide(agent, started.user_code, "deny");
    expect(denied.status).toBe(200);
    expect(denied.text).toContain("Denied");
    const res = await poll(started.device_code).expect(400);
    expect((res.body as { error: { code: string } }).error.code).toBe("access_denied");
    expect(await h.db.apiKey.count({ where: { accountId: account.id } })).toBe(0);
  });

  test("when 15 minutes pass, then expired_token, and /device no longer offers the code", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    h.clock.advance(899_000);
    expect(((await poll(started.device_code)).body as { error: { code: string } }).error.code).toBe("authorization_pending");
    h.clock.advance(1_000);
    const res = await poll(started.device_code).expect(400);
    expect((res.body as { error: { code: string } }).error.code).toBe("expired_token");
    const page = await agent.get(`/device?user_code=${started.user_code}`).expect(404);
    expect(page.text).toContain("No sign-in is waiting for this code");
    // A form loaded before expiry cannot approve after it.
    const refused = await agent.post("/device").type("form").send({ csrf: csrfOf(page.text), user_code: started.user_code, decision: "approve", key_name: "x", expires: "90" });
    expect(refused.status).toBe(409);
  });

  test("when an approved code expires before the client polls, then expired_token and no key", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    await decide(agent, started.user_code, "approve");
    h.clock.advance(900_000);
    const res = await poll(started.device_code).expect(400);
    expect((res.body as { error: { code: string } }).error.code).toBe("expired_token");
    expect(await h.db.apiKey.count({ where: { accountId: account.id } })).toBe(0);
  });

  test("when the account fills its 20 keys between approval and exchange, then access_denied", async () => {
    const account = await makeAccount(h.db);
    const agent = await signedInAgent(h.app, account.email);
    const started = await startSignin(h.app);
    await decide(agent, started.user_code, "approve");
    for (let i = 0; i < MAX_LIVE_KEYS; i++) await createApiKey(h.db, { accountId: account.id, name: `k${i}`, scopes: ["read"], expiresAt: null });
    const res = await pollLater(started.device_code).expect(400);
    expect((res.body as { error: { code: string; message: string } }).error).toMatchObject({ code: "access_denied" });
    const later = await pollLater(started.device_code).expect(400);
    expect((later.body as { error: { code: string } }).error.code).toBe("access_denied");
    expect(await h.db.apiKey.count({ where: { accountId: account.id } })).toBe(MAX_LIVE_KEYS);
  });
});
