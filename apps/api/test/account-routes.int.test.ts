// GET /v1/me, /v1/usage and /v1/keys: the objects of docs/reference/endpoints.md, over HTTP against the real app.
import request from "supertest";
import { createApiKey } from "@barscript/db";
import { account, key, startAuthHarness, type AuthHarness } from "./auth-harness";

jest.setTimeout(60_000);

describe("account endpoints", () => {
  let h: AuthHarness;
  beforeAll(async () => { h = await startAuthHarness(); });
  afterAll(async () => { await h.close(); });

  it("when /me is read, then it is the Account object", async () => {
    const a = await account(h.db, "starter");
    const secret = await key(h.db, a.id, ["read"]);
    const res = await request(h.app).get("/v1/me").set("Authorization", `Bearer ${secret}`).expect(200);
    expect(res.body).toEqual({
      id: a.id, handle: a.handle, email: a.email, status: "active",
      plan: { name: "starter", api_access: true },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
  });

  it("when /usage is read, then every field of Usage is there with this month's counts and runs in use", async () => {
    const a = await account(h.db, "pro");
    const secret = await key(h.db, a.id, ["read"]);
    await h.db.script.create({ data: { id: "scr_usage1", ownerId: a.id, slug: "one", slugClass: "script", kind: "indicator", title: "t" } });
    await h.db.script.create({ data: { id: "scr_usage2", ownerId: a.id, slug: "two", slugClass: "script", kind: "definition", title: "t" } });
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await h.db.usageCounter.create({ data: { accountId: a.id, period: month, computeUnits: 42n, events: 7n } });
    const run = await h.limits.tryAcquireRun({ id: a.id, plan: { concurrentRuns: 5 } }, "run_usage");
    const res = await request(h.app).get("/v1/usage").set("Authorization", `Bearer ${secret}`).expect(200);
    await run?.release();
    expect(res.body).toEqual({
      plan: "pro",
      period: { start: month.toISOString().replace(".000Z", "Z"), end: next.toISOString().replace(".000Z", "Z") },
      caps: {
        scripts: { limit: 500, used: 2 },
        definitions: { limit: 100, used: 1 },
        events_per_month: { limit: 2_000_000, used: 7 },
        compute_units_per_month: { limit: 5_000_000, used: 42 },
      },
      api_limits: { requests_per_minute: 600, concurrent_heavy: 5, concurrent_waits: 10 },
      concurrent_runs: { limit: 5, used: 1 },
      history_start: "1990-01-01T00:00:00Z",
      run_time_limit: 120,
    });
  });

  it("when /keys is paged, then each key appears once, newest first, with no secret", async () => {
    const a = await account(h.db, "pro");
    const secrets: string[] = [];
    for (let i = 0; i < 5; i++) secrets.push((await createApiKey(h.db, { accountId: a.id, name: `k${i}`, scopes: ["read"], expiresAt: i === 0 ? new Date("2001-01-01T00:00:00Z") : null })).secret);
    const auth = `Bearer ${secrets[4]}`;
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res: request.Response = await request(h.app).get("/v1/keys").query(cursor ? { limit: "2", cursor } : { limit: "2" }).set("Authorization", auth).expect(200);
      expect(res.body.data.length).toBeLessThanOrEqual(2);
      names.push(...res.body.data.map((k: { name: string }) => k.name));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(names).toEqual(["k4", "k3", "k2", "k1", "k0"]);
    const all = await request(h.app).get("/v1/keys").set("Authorization", auth).expect(200);
    expect(all.body.next_cursor).toBeNull();
    const first = all.body.data[4];
    expect(Object.keys(first).sort()).toEqual(["created_at", "expires_at", "id", "last_used_at", "name", "prefix", "revoked_at", "scopes"]);
    expect(first).toMatchObject({ name: "k0", prefix: secrets[0]?.slice(0, 12), scopes: ["read"], expires_at: "2001-01-01T00:00:00.000Z", revoked_at: null });
    expect(JSON.stringify(all.body)).not.toContain(secrets[0]);
  });

  it.each([["0"], ["-4"], ["abc"]])("when /keys gets limit=%s, then it falls back to the default", async (limit) => {
    const a = await account(h.db, "pro");
    const secret = await key(h.db, a.id, ["read"]);
    const res = await request(h.app).get("/v1/keys").query({ limit }).set("Authorization", `Bearer ${secret}`).expect(200);
    expect(res.body.data).toHaveLength(1);
  });

  it("when /keys gets a cursor it did not issue, then 400 invalid_request", async () => {
    const a = await account(h.db, "pro");
    const secret = await key(h.db, a.id, ["read"]);
    const res = await request(h.app).get("/v1/keys").query({ cursor: "forged.cursor" }).set("Authorization", `Bearer ${secret}`);
    expect([res.status, res.body.error.code]).toEqual([400, "invalid_request"]);
    const other = h.deps.cursors.encode("runs", ["2026-01-01T00:00:00.000Z", "run_x"]);
    const res2 = await request(h.app).get("/v1/keys").query({ cursor: other }).set("Authorization", `Bearer ${secret}`);
    expect([res2.status, res2.body.error.code]).toEqual([400, "invalid_request"]);
  });

  it("when another account's keys exist, then /keys lists only the caller's", async () => {
    const a = await account(h.db, "pro");
    const b = await account(h.db, "pro");
    const ka = await key(h.db, a.id, ["read"]);
    await key(h.db, b.id, ["read"]);
    const res = await request(h.app).get("/v1/keys").set("Authorization", `Bearer ${ka}`).expect(200);
    expect(res.body.data).toHaveLength(1);
  });
});
