// The real app (createApp with the real order of checks, docs/reference/api.md) on a test file's own
// database and Redis prefix. The auth, scripts and sign-in harnesses are this with their options.
import type { Router } from "express";
import type { Redis } from "ioredis";
import pino from "pino";
import type { Db } from "@barscript/db";
import { createLimits, type Limits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { createTestEnv, type TestEnv } from "../../../../test/support/env";
import { createApp } from "../../src/app";
import { createAuthChain, type AuthChain } from "../../src/auth";
import type { ApiConfig } from "../../src/config";
import { systemClock, type AppDeps, type Clock } from "../../src/deps";
import { createCursorCodec } from "../../src/http/cursor";

export interface AppHarnessOptions {
  /** Config values other than the test env's (e.g. `publicUrl`). */
  config?: Partial<ApiConfig>;
  /** The app's and the check chain's clock; default the system clock. */
  clock?: Clock;
  /** How often the check chain writes `last_used_at`; default the chain's own. */
  lastUsedFlushMs?: number;
  /** Routers mounted outside /v1 (e.g. the sign-in pages), made from the app's deps. */
  outside?: (deps: AppDeps) => Router[];
}

export interface AppHarness {
  env: TestEnv;
  db: Db;
  redis: Redis;
  limits: Limits;
  auth: AuthChain;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Deletes every Redis key of this file (limits logs), so tests do not share throttles. */
  resetRedis(): Promise<void>;
  close(): Promise<void>;
}

export async function startAppHarness(options: AppHarnessOptions = {}): Promise<AppHarness> {
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
    trustProxy: false,
    dbConnectTimeoutMs: 3_000,
    dbQueryTimeoutMs: 4_000,
    redisCommandTimeoutMs: 2_500,
    validationThreads: 1,
    ...options.config,
  };
  const clock = options.clock ?? systemClock;
  const logger = pino({ level: "silent" });
  const limits = createLimits({ redis, prefix: config.redisPrefix });
  const auth = createAuthChain({ db: env.db, limits, clock, logger, lastUsedFlushMs: options.lastUsedFlushMs });
  const deps: AppDeps = { config, db: env.db, redis, logger, auth, cursors: createCursorCodec(config.appSecret), clock };
  const app = createApp(deps, { outside: options.outside?.(deps) ?? [] });
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
