// What the API app is built from. main.ts wires real ones; tests wire their own.
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Db } from "@barscript/db";
import type { ApiConfig } from "./config";
import type { AuthPlugin } from "./http/auth-plugin";
import type { CursorCodec } from "./http/cursor";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  config: ApiConfig;
  db: Db;
  redis: Redis;
  logger: Logger;
  auth: AuthPlugin;
  cursors: CursorCodec;
  clock: Clock;
  /** Extra routers mounted under /v1 by later features, before the 404 fallback. */
  collectDefaultMetrics?: boolean;
}
