// Key lookups cached per API process (docs/adr/0082-key-lookup-cache.md), across two real API
// processes A and B sharing Postgres and Redis: a change made through A, or through the admin CLI,
// is seen by the very next call through B, whose cache held the key.
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { runAdmin, spawnApi, type ApiProc } from "../../../test/support/processes";
import { account, key, tinyPlan } from "./auth-harness";

jest.setTimeout(180_000);

interface Answer { status: number; code: string | undefined; plan: string | undefined; limit: string | null }

async function me(api: ApiProc, secret: string): Promise<Answer> {
  const res = await fetch(`${api.url}/v1/me`, { headers: { Authorization: `Bearer ${secret}` } });
  const body = (await res.json()) as { error?: { code: string }; plan?: { name: string } };
  return { status: res.status, code: body.error?.code, plan: body.plan?.name, limit: res.headers.get("ratelimit-limit") };
}

/** Calls through `api` until its cache serves the key: the first call reads Postgres, the second keeps the lookup. */
async function warm(api: ApiProc, secret: string): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await me(api, secret)).status).toBe(200);
}

describe("key lookup cache across two API processes", () => {
  let env: TestEnv;
  let a: ApiProc;
  let b: ApiProc;
  let admin: (args: string[]) => ReturnType<typeof runAdmin>;

  beforeAll(async () => {
    env = await createTestEnv();
    const processEnv = { ...env.processEnv, LOG_LEVEL: "silent" };
    [a, b] = await Promise.all([spawnApi(processEnv), spawnApi(processEnv)]);
    admin = (args) => runAdmin(env.processEnv, args);
  });
  afterAll(async () => {
    await Promise.all([a, b].map((api) => api?.kill()));
    await env.close();
  });

  it("when a key is revoked through process A, then the next call through process B is 401", async () => {
    const acc = await account(env.db, await tinyPlan(env.db, "kc-revoke-a", { requestsPerMinute: 1000 }));
    const secret = await key(env.db, acc.id, ["read"]);
    await warm(b, secret);
    const revoke = await fetch(`${a.url}/v1/auth/revoke`, { method: "POST", headers: { Authorization: `Bearer ${secret}` } });
    expect(revoke.status).toBe(204);
    expect(await me(b, secret)).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await me(a, secret)).toMatchObject({ status: 401, code: "unauthorized" });
  });

  it("when a key is revoked with the admin CLI, then the next call through either process is 401; the account's other key still works", async () => {
    const acc = await account(env.db, await tinyPlan(env.db, "kc-revoke-cli", { requestsPerMinute: 1000 }));
    const secret = await key(env.db, acc.id, ["read"]);
    const other = await key(env.db, acc.id, ["read"]);
    await Promise.all([warm(a, secret), warm(b, secret), warm(b, other)]);
    const target = await env.db.apiKey.findFirstOrThrow({ where: { accountId: acc.id, secretHash: { not: "" } }, orderBy: { createdAt: "asc" } });
    const revoked = await admin(["key", "revoke", "--email", acc.email, "--key", target.id]);
    expect(revoked.code).toBe(0);
    expect(await me(b, secret)).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await me(a, secret)).toMatchObject({ status: 401, code: "unauthorized" });
    expect(await me(b, other)).toMatchObject({ status: 200 });
  });

  it("when the account's plan changes with the admin CLI, then the next call through B has the new plan and its limit", async () => {
    const first = await tinyPlan(env.db, "kc-plan-first", { requestsPerMinute: 900 });
    const second = await tinyPlan(env.db, "kc-plan-second", { requestsPerMinute: 6 });
    const acc = await account(env.db, first);
    const secret = await key(env.db, acc.id, ["read"]);
    await warm(b, secret);
    expect(await me(b, secret)).toMatchObject({ status: 200, plan: "kc-plan-first", limit: "900" });
    expect((await admin(["account", "plan", "--email", acc.email, "--plan", second])).code).toBe(0);
    // Calls 5 and 6 of this minute pass under the new 6 a minute; the 7th is refused (the old plan allowed 900).
    expect(await me(b, secret)).toMatchObject({ status: 200, plan: "kc-plan-second", limit: "6" });
    expect(await me(b, secret)).toMatchObject({ status: 200, plan: "kc-plan-second", limit: "6" });
    expect(await me(b, secret)).toMatchObject({ status: 429, code: "rate_limited", limit: "6" });
    // Moved to free: no API access from the next call.
    expect((await admin(["account", "plan", "--email", acc.email, "--plan", "free"])).code).toBe(0);
    expect(await me(a, secret)).toMatchObject({ status: 403, code: "plan_limit" });
  });

  it("when a waitlisted account is admitted with the admin CLI, then the next call through B meets its new plan at once", async () => {
    const acc = await account(env.db, "pro", { waitlist: true });
    const secret = await key(env.db, acc.id, ["read"]);
    expect(await me(b, secret)).toMatchObject({ status: 403, code: "forbidden" });
    expect((await admin(["account", "admit", "--email", acc.email])).code).toBe(0);
    // Admitted onto free (no API access), then moved to pro.
    expect(await me(b, secret)).toMatchObject({ status: 403, code: "plan_limit" });
    expect((await admin(["account", "plan", "--email", acc.email, "--plan", "pro"])).code).toBe(0);
    expect(await me(b, secret)).toMatchObject({ status: 200, plan: "pro" });
  });

  it("when a key row is changed behind the writers' back (SQL), then B serves its cached lookup until `key reload`, and none after", async () => {
    const acc = await account(env.db, await tinyPlan(env.db, "kc-sql", { requestsPerMinute: 1000 }));
    const secret = await key(env.db, acc.id, ["read"]);
    await warm(b, secret);
    await env.db.apiKey.updateMany({ where: { accountId: acc.id }, data: { revokedAt: new Date() } });
    // The cache is in use: without an epoch bump B still has the lookup it read (the TTL bounds this).
    expect(await me(b, secret)).toMatchObject({ status: 200 });
    expect((await admin(["key", "reload"])).code).toBe(0);
    expect(await me(b, secret)).toMatchObject({ status: 401, code: "unauthorized" });
  });
});
