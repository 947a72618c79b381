// The API process's configuration: parsed once at start by one zod schema (docs/configuration.md).
// A bad or missing value stops the process with the variable's name.
import { z } from "zod";
import { databaseUrlSetting, withoutEmpty } from "@barscript/db";
import { redisUrlSetting } from "@barscript/queue";

const schema = z.object({
  DATABASE_URL: databaseUrlSetting,
  REDIS_URL: redisUrlSetting,
  REDIS_PREFIX: z.string().min(1).default("bs:"),
  APP_SECRET: z.string({ error: "is required (at least 32 characters; it signs cursors, sessions and CSRF tokens)" }).min(32, "must be at least 32 characters"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // http(s) only: `localhost:8080` parses as a URL of scheme `localhost:` and made links without a host.
  PUBLIC_URL: z.string().url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).default("http://localhost:8080"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ADMIN_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  TRUST_PROXY: z.string().default("false"),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4_000),
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_500),
  VALIDATION_THREADS: z.coerce.number().int().min(1).max(16).default(2),
});

/** Express's `trust proxy`: false (the socket's address is the client), true, a hop count, or addresses/CIDRs/names. */
export type TrustProxy = boolean | number | string;

/**
 * TRUST_PROXY as Express takes it: "false"/"true", a number of hops, or a comma-separated list
 * of addresses, CIDR ranges or Express's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(raw: string): TrustProxy {
  const text = raw.trim().toLowerCase();
  if (text === "false" || text === "0") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  const parts = raw.split(",").map((p) => p.trim()).filter((p) => p !== "");
  const valid = parts.every((p) => /^(loopback|linklocal|uniquelocal)$/i.test(p) || /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(p));
  if (parts.length === 0 || !valid) throw new ConfigError("invalid configuration: TRUST_PROXY: must be true, false, a hop count, or comma-separated addresses, CIDRs, loopback, linklocal or uniquelocal");
  return parts.join(",");
}

export interface ApiConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  appSecret: string;
  port: number;
  publicUrl: string;
  logLevel: string;
  adminToken: string | undefined;
  /** Above 0: /metrics is served on this port only, not on PORT. Unset or 0: on PORT. */
  metricsPort?: number | undefined;
  /** Express's `trust proxy` (client addresses for the failed-key guard and sign-in throttles). */
  trustProxy: TrustProxy;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  redisCommandTimeoutMs: number;
  /** Threads that validate scripts off the event loop. */
  validationThreads: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  // `ADMIN_TOKEN=` is off and `PORT=` the default (it became port 0, a random port)
  const parsed = schema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    throw new ConfigError(`invalid configuration: ${name}: ${issue?.message ?? "invalid value"}`);
  }
  const e = parsed.data;
  // Both servers on one port died at start on `listen EADDRINUSE` without naming either variable.
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT > 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`invalid configuration: METRICS_PORT: is PORT's port ${e.PORT}; leave it unset (or 0) to serve /metrics on PORT`);
  }
  return {
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    appSecret: e.APP_SECRET,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ""),
    logLevel: e.LOG_LEVEL,
    adminToken: e.ADMIN_TOKEN,
    metricsPort: e.METRICS_PORT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    validationThreads: e.VALIDATION_THREADS,
  };
}
