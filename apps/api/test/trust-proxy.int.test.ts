// TRUST_PROXY (docs/configuration.md): behind one proxy hop the failed-key guard counts the
// client's address from X-Forwarded-For, so one client's wrong keys lock out that client only,
// not everyone behind the same ingress. Without it, every forwarded client shares one address.
import { createAccount, createApiKey } from "@barscript/db";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { spawnApi, type ApiProc } from "../../../test/support/processes";

async function me(api: ApiProc, key: string, forwardedFor: string): Promise<number> {
  const res = await fetch(`${api.url}/v1/me`, { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": forwardedFor } });
  await res.text();
  return res.status;
}

describe("TRUST_PROXY and the failed-key guard", () => {
  let env: TestEnv;
  let trusting: ApiProc;
  let plain: ApiProc;
  let key = "";

  beforeAll(async () => {
    env = await createTestEnv();
    // Two APIs on one database, each with its own Redis prefix: their guards count apart.
    [trusting, plain] = await Promise.all([
      spawnApi({ ...env.processEnv, TRUST_PROXY: "1", REDIS_PREFIX: `${env.redisPrefix}a:` }),
      spawnApi({ ...env.processEnv, TRUST_PROXY: "false", REDIS_PREFIX: `${env.redisPrefix}b:` }),
    ]);
    const account = await createAccount(env.db, { email: "proxy@example.com", password: "a long enough password", handle: "proxy", plan: "pro", admit: true });
    key = (await createApiKey(env.db, { accountId: account.id, name: "t", scopes: ["read"], expiresAt: null })).secret;
  }, 90_000);
  afterAll(async () => {
    await Promise.all([trusting?.kill(), plain?.kill()]);
    await env?.close();
  });

  it("when one forwarded client sends 31 wrong keys, then only that client is locked out behind a trusted proxy, and everyone is without one", async () => {
    for (const api of [trusting, plain]) {
      for (let i = 0; i < 31; i++) expect(await me(api, "bsk_wrong000000000000000000000000", "203.0.113.7")).toBe(401);
    }
    expect(await me(trusting, key, "203.0.113.7")).toBe(429);
    expect(await me(trusting, key, "198.51.100.9")).toBe(200);
    expect(await me(plain, key, "198.51.100.9")).toBe(429);
  });
});
