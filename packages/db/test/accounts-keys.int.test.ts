// The accounts and keys service against a real database.
import {
  AccountsError, MAX_LIVE_KEYS, createAccount, createApiKey, createDb, findKeyForAuth, listApiKeys, recordKeysUsed,
  revokeApiKey, countUsage, monthOf, generateKeySecret, type Db,
} from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";

jest.setTimeout(60_000);

describe("accounts and keys service", () => {
  let env: TestEnv;
  beforeAll(async () => { env = await createTestEnv(); });
  afterAll(async () => { await env.close(); });

  // The auth epochs the writes bump (docs/adr/0082-key-lookup-cache.md), recorded.
  const bumped: string[] = [];
  const changes = { accountChanged: async (id: string) => { bumped.push(id); } };

  const newAccount = (email: string, plan = "pro") => createAccount(env.db, { email, password: "a-long-password", plan, admit: true });

  it("when secrets are generated, then they are bsk_ and 43 base62 characters, all distinct", () => {
    const secrets = new Set(Array.from({ length: 2000 }, () => generateKeySecret()));
    expect(secrets.size).toBe(2000);
    for (const s of secrets) expect(s).toMatch(/^bsk_[0-9A-Za-z]{43}$/);
  });

  it("when 40 keys are created at once on separate connections, then exactly 20 live keys exist", async () => {
    const account = await newAccount("race@example.com");
    const dbs: Db[] = Array.from({ length: 4 }, () => createDb(env.databaseUrl, { max: 10 }));
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => createApiKey(dbs[i % 4]!, { accountId: account.id, name: `k${i}`, scopes: ["read"], expiresAt: null })),
    );
    await Promise.all(dbs.map((d) => d.$disconnect()));
    const made = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(made).toHaveLength(MAX_LIVE_KEYS);
    expect(refused).toHaveLength(20);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ reason: "key_limit" });
    expect(await env.db.apiKey.count({ where: { accountId: account.id } })).toBe(20);
  });

  it("when keys are revoked or expired, then they no longer count toward the 20", async () => {
    const account = await newAccount("count@example.com");
    const keys = [];
    for (let i = 0; i < 20; i++) keys.push(await createApiKey(env.db, { accountId: account.id, name: `k${i}`, scopes: ["read"], expiresAt: null }));
    await expect(createApiKey(env.db, { accountId: account.id, name: "one more", scopes: ["read"], expiresAt: null })).rejects.toBeInstanceOf(AccountsError);
    // an already-expired key never counts, so it can be made even at the limit
    await createApiKey(env.db, { accountId: account.id, name: "expired", scopes: ["read"], expiresAt: new Date("2001-01-01T00:00:00Z") });
    await revokeApiKey(env.db, changes, account.id, keys[0]!.key.id);
    await env.db.apiKey.update({ where: { id: keys[1]!.key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await createApiKey(env.db, { accountId: account.id, name: "after revoke", scopes: ["read"], expiresAt: null });
    await createApiKey(env.db, { accountId: account.id, name: "after expiry", scopes: ["read"], expiresAt: null });
    await expect(createApiKey(env.db, { accountId: account.id, name: "too many", scopes: ["read"], expiresAt: null })).rejects.toMatchObject({ reason: "key_limit" });
  });

  it("when a key is looked up, then its account and plan come with it; a revoked key says so; an unknown one is null", async () => {
    const account = await newAccount("lookup@example.com", "starter");
    const { secret, key } = await createApiKey(env.db, { accountId: account.id, name: "k", scopes: ["read", "runs:write"], expiresAt: null });
    const found = await findKeyForAuth(env.db, secret);
    expect(found).toMatchObject({
      key: { id: key.id, scopes: ["read", "runs:write"], expiresAt: null, revokedAt: null },
      account: { id: account.id, handle: account.handle, status: "active" },
      plan: { name: "starter", apiAccess: true, requestsPerMinute: 60, concurrentHeavy: 2, concurrentWaits: 2, concurrentRuns: 2 },
    });
    bumped.length = 0;
    expect(await revokeApiKey(env.db, changes, account.id, key.id)).toBe(true);
    expect(bumped).toEqual([account.id, account.id]);
    expect(await revokeApiKey(env.db, changes, account.id, key.id)).toBe(false);
    expect((await findKeyForAuth(env.db, secret))?.key.revokedAt).toBeInstanceOf(Date);
    expect(await findKeyForAuth(env.db, generateKeySecret())).toBeNull();
    expect(await findKeyForAuth(env.db, "not a key")).toBeNull();
  });

  it("when keys are listed in pages, then every key appears once, newest first", async () => {
    const account = await newAccount("pages@example.com");
    for (let i = 0; i < 7; i++) await createApiKey(env.db, { accountId: account.id, name: `k${i}`, scopes: ["read"], expiresAt: null });
    const names: string[] = [];
    let after: { createdAt: Date; id: string } | undefined;
    for (;;) {
      const page = await listApiKeys(env.db, account.id, after ? { limit: 3, after } : { limit: 3 });
      names.push(...page.keys.map((k) => k.name));
      if (!page.next) break;
      after = page.next;
    }
    expect(names).toEqual(["k6", "k5", "k4", "k3", "k2", "k1", "k0"]);
  });

  it("when uses are recorded in a batch, then last_used_at moves forward only", async () => {
    const account = await newAccount("used@example.com");
    const a = await createApiKey(env.db, { accountId: account.id, name: "a", scopes: ["read"], expiresAt: null });
    const b = await createApiKey(env.db, { accountId: account.id, name: "b", scopes: ["read"], expiresAt: null });
    const t1 = new Date("2030-01-01T00:00:00.123Z");
    await recordKeysUsed(env.db, new Map([[a.key.id, t1], [b.key.id, t1]]));
    await recordKeysUsed(env.db, new Map([[a.key.id, new Date("2029-01-01T00:00:00Z")]]));
    const rows = await env.db.apiKey.findMany({ where: { accountId: account.id }, orderBy: { name: "asc" } });
    expect(rows.map((r) => r.lastUsedAt?.toISOString())).toEqual([t1.toISOString(), t1.toISOString()]);
  });

  it("when usage is counted, then scripts, definitions and this month's counters are returned", async () => {
    const account = await newAccount("usage@example.com");
    const now = new Date("2026-11-22T08:00:00Z");
    for (const [i, kind] of (["indicator", "definition", "definition"] as const).entries()) {
      await env.db.script.create({ data: { id: `scr_u${i}`, ownerId: account.id, slug: `s${i}`, slugClass: "script", kind, title: "t" } });
    }
    await env.db.usageCounter.create({ data: { accountId: account.id, period: new Date("2026-11-01T00:00:00Z"), computeUnits: 12n, events: 34n } });
    await env.db.usageCounter.create({ data: { accountId: account.id, period: new Date("2026-10-01T00:00:00Z"), computeUnits: 99n, events: 99n } });
    const usage = await countUsage(env.db, account.id, now);
    expect(usage).toEqual({ period: monthOf(now), scripts: 3, definitions: 2, events: 34, computeUnits: 12 });
    expect(monthOf(now).start.toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(monthOf(new Date("2026-12-31T23:59:59Z")).end.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
