// The worker process's configuration, parsed once at start (docs/configuration.md).
import { z } from "zod";
import { PLANS, databaseUrlSetting, withoutEmpty } from "@barscript/db";
import { redisUrlSetting } from "@barscript/queue";

/** One more sandbox thread than the most runs at once any seeded plan allows. */
export const DEFAULT_THREADS = Math.max(...PLANS.map((p) => p.concurrentRuns)) + 1;

const schema = z.object({
  DATABASE_URL: databaseUrlSetting,
  REDIS_URL: redisUrlSetting,
  REDIS_PREFIX: z.string().min(1).default("bs:"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * Sandbox threads of this worker. The default is one more than the largest runs at once of a
   * plan sold (PLANS): an account holding all of its runs leaves a thread for everyone else
   * (docs/adr/0025-fair-run-scheduling.md). Threads start when first needed.
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(DEFAULT_THREADS),
  /** Heap of each sandbox thread (MB); a script past it fails with kind `script`. */
  SANDBOX_HEAP_MB: z.coerce.number().int().min(32).max(8192).default(256),
  /** Decoded bar chunks kept in memory between runs (MB, per worker process). */
  BAR_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(128),
  /** Port of the worker's Prometheus /metrics; 0 turns it off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * Longest wait for a Postgres connection (new or from the pool), and longest silence of a
   * statement (also Postgres's statement_timeout): past it the run fails, kind internal, and the
   * reconciler takes it again, instead of a silent Postgres holding the run and a drain forever.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** How often the expiry sweeper runs (seconds). */
  SWEEP_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * How often the reconciler compares runs with their jobs (seconds), besides its pass at start:
   * the longest a run left `queued` or `running` by an outage waits to be taken again or failed.
   */
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /**
   * Moves this worker's clock forward (seconds) for expiry drills: a worker started with
   * 691200 sweeps as if 8 days had passed. Leave 0 in production.
   */
  CLOCK_OFFSET_SECONDS: z.coerce.number().int().min(0).max(10 * 365 * 86_400).default(0),
});

export interface WorkerConfig {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  logLevel: string;
  concurrency: number;
  sandboxHeapMb: number;
  barCacheMb: number;
  metricsPort: number;
  sweepEveryMs: number;
  reconcileEveryMs: number;
  clockOffsetMs: number;
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  // `METRICS_PORT=` keeps the metrics on and `WORKER_CONCURRENCY=` the default (it stopped the start)
  const parsed = schema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${String(issue?.path[0] ?? "configuration")}: ${issue?.message ?? "invalid value"}`);
  }
  const e = parsed.data;
  return { databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL, redisPrefix: e.REDIS_PREFIX, logLevel: e.LOG_LEVEL, concurrency: e.WORKER_CONCURRENCY, sandboxHeapMb: e.SANDBOX_HEAP_MB, barCacheMb: e.BAR_CACHE_MB, metricsPort: e.METRICS_PORT, sweepEveryMs: e.SWEEP_EVERY_SECONDS * 1000, reconcileEveryMs: e.RECONCILE_EVERY_SECONDS * 1000, clockOffsetMs: e.CLOCK_OFFSET_SECONDS * 1000, dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS };
}
