// For the check-chain tests: the real app (createApp) on this file's database and Redis prefix,
// accounts on chosen plans, and keys made through the accounts service.
import type { Redis } from "ioredis";
import pino from "pino";
import { createAccount, createApiKey, type Db, type KeyScope } from "@barscript/db";
import { createLimits, type Limits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../test/support/env";
import { createApp } from "../src/app";
import { createAuthChain, type AuthChain } from "../src/auth";
import type { ApiConfig } from "../src/config";
import { systemClock, type AppDeps } from "../src/deps";
import { createCursorCodec } from "../src/http/cursor";

export interface AuthHarness {
  env: TestEnv;
  db: Db;
  redis: Redis;
  limits: Limits;
  auth: AuthChain;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  resetRedis(): Promise<void>;
  close(): Promise<void>;
}

export async function startAuthHarness(): Promise<AuthHarness> {
  const env = await createTestEnv();
  const redis = createRedis(env.redisUrl, "command");
  await redis.ping();
  const config: ApiConfig = {
    databaseUrl: env.databaseUrl,
    redisUrl: env.redisUrl,
    redisPrefix: env.redisPrefix,
    appSecret: env.processEnv["APP_SECRET"] ?? "",
    port: 0,
    publicUrl: "http://localhost:8080",
    logLevel: "silent",
    adminToken: undefined,
    workerConcurrency: 1,
  };
  const logger = pino({ level: "silent" });
  const limits = createLimits({ redis, prefix: env.redisPrefix });
  const auth = createAuthChain({ db: env.db, limits, logger, lastUsedFlushMs: 200 });
  const deps: AppDeps = { config, db: env.db, redis, logger, auth, cursors: createCursorCodec(config.appSecret), clock: systemClock };
  const app = createApp(deps);
  const resetRedis = async (): Promise<void> => {
    const keys = await redis.keys(`${env.redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  };
  return {
    env, db: env.db, redis, limits, auth, deps, app, resetRedis,
    async close() {
      await auth.close();
      await resetRedis();
      redis.disconnect();
      await env.close();
    },
  };
}

let made = 0;

/** An account (admitted unless `waitlist`) on `plan`; its id and email. */
export async function account(db: Db, plan: string, options: { waitlist?: boolean } = {}): Promise<{ id: string; email: string; handle: string }> {
  made += 1;
  const tag = `${process.pid}-${made}-${Math.random().toString(36).slice(2, 7)}`;
  const a = await createAccount(db, { email: `a-${tag}@example.com`, password: "a-long-password", handle: `a-${tag}`, plan, admit: !options.waitlist });
  return { id: a.id, email: a.email, handle: a.handle };
}

export async function key(db: Db, accountId: string, scopes: KeyScope[] = ["read", "scripts:write", "runs:write"], expiresAt: Date | null = null): Promise<string> {
  return (await createApiKey(db, { accountId, name: "test", scopes, expiresAt })).secret;
}

/** A plan made for a test (operators can add plans): small figures make limits quick to reach. */
export async function tinyPlan(db: Db, name: string, figures: { requestsPerMinute?: number; concurrentHeavy?: number; concurrentWaits?: number; concurrentRuns?: number } = {}): Promise<string> {
  await db.plan.create({
    data: {
      name, apiAccess: true, requestsPerMinute: figures.requestsPerMinute ?? 5, concurrentHeavy: figures.concurrentHeavy ?? 1,
      concurrentWaits: figures.concurrentWaits ?? 1, concurrentRuns: figures.concurrentRuns ?? 1, historyStart: null,
      scriptsCap: 10, definitionsCap: 2, eventsPerMonth: 1000, computeUnitsPerMonth: 1000, runTimeLimitSeconds: 30,
    },
  });
  return name;
}
