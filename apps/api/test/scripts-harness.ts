// For the scripts, library and docs HTTP tests: the real app (createApp with the real check
// chain) on this file's database and Redis prefix; accounts and keys through the accounts
// service, the core library through its real seed step.
import type { Redis } from "ioredis";
import pino from "pino";
import { createAccount, createApiKey, type Db, type KeyScope } from "@barscript/db";
import { createLimits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { createApp } from "../src/app";
import { createAuthChain, type AuthChain } from "../src/auth";
import type { ApiConfig } from "../src/config";
import { systemClock, type AppDeps } from "../src/deps";
import { createCursorCodec } from "../src/http/cursor";

export interface ScriptsHarness {
  env: TestEnv;
  db: Db;
  redis: Redis;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

export async function startScriptsHarness(): Promise<ScriptsHarness> {
  const env = await createTestEnv();
  const redis = createRedis(env.redisUrl, "command");
  await new Promise<void>((resolve, reject) => {
    if (redis.status === "ready") return resolve();
    redis.once("ready", () => resolve());
    redis.once("end", () => reject(new Error("redis connection ended")));
  });
  const config: ApiConfig = {
    databaseUrl: env.databaseUrl, redisUrl: env.redisUrl, redisPrefix: env.redisPrefix, appSecret: env.processEnv["APP_SECRET"] ?? "",
    port: 0, publicUrl: "http://localhost:8080", logLevel: "silent", adminToken: undefined, workerConcurrency: 1,
  };
  const logger = pino({ level: "silent" });
  const auth: AuthChain = createAuthChain({ db: env.db, limits: createLimits({ redis, prefix: env.redisPrefix }), logger, lastUsedFlushMs: 200 });
  const deps: AppDeps = { config, db: env.db, redis, logger, auth, cursors: createCursorCodec(config.appSecret), clock: systemClock };
  const app = createApp(deps);
  return {
    env, db: env.db, redis, app,
    async close() {
      await auth.close();
      const keys = await redis.keys(`${env.redisPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await env.close();
    },
  };
}

export interface Member {
  id: string;
  handle: string;
  /** read, scripts:write, runs:write */
  key: string;
  readKey: string;
  writeKey: string;
}

export async function member(db: Db, handle: string, plan = "business"): Promise<Member> {
  const a = await createAccount(db, { email: `${handle}@example.com`, password: "a-long-password", handle, plan, admit: true });
  const make = async (scopes: KeyScope[]): Promise<string> => (await createApiKey(db, { accountId: a.id, name: scopes.join("+"), scopes, expiresAt: null })).secret;
  return { id: a.id, handle: a.handle, key: await make(["read", "scripts:write", "runs:write"]), readKey: await make(["read"]), writeKey: await make(["scripts:write"]) };
}
