// /healthz: the process is up. /readyz: it can reach Postgres and Redis (503 otherwise), with
// each store's round trip in `details` for an operator reading the probe by hand. Postgres counts
// as ready once the newest migration this build ships is applied: on a database nobody migrated
// every call answered 500 while /readyz said ready (docs/adr/0367).
// A 503 is an error answer outside /v1, so it carries the JSON error envelope (`busy`, as for any
// briefly unavailable service) beside the readiness fields a probe reads.
import type { Router } from "express";
import { pathRouter } from "../http/router";
import { ApiError, errorEnvelope } from "@barscript/contracts";
import { isMigrated, newestMigration, type Db } from "@barscript/db";
import type { AppDeps } from "../deps";

export const NOT_READY_RETRY_AFTER = 5;
/** A probe answers within this even when a store hangs (kubelet's default timeout is 1 s). */
export const CHECK_TIMEOUT_MS = 900;

export interface StoreHealth {
  ok: boolean;
  /** Round trip of the check, milliseconds. */
  latency_ms: number;
  /** Why it failed: an error code (ECONNREFUSED, timeout), never a message with addresses. */
  error?: string;
}

async function check(probe: () => Promise<unknown>): Promise<StoreHealth> {
  const started = performance.now();
  const elapsed = (): number => Math.round((performance.now() - started) * 10) / 10;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "timeout" })), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { ok: true, latency_ms: elapsed() };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return { ok: false, latency_ms: elapsed(), error: typeof code === "string" && /^[\w.-]{1,40}$/.test(code) ? code : "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

/** The error code of a reachable Postgres whose schema lacks this build's newest migration. */
export const NOT_MIGRATED = "not_migrated";

/** Resolves when `migration` is applied (no migration known: when Postgres answers); throws NOT_MIGRATED when not. */
async function migrated(db: Db, migration: string | undefined): Promise<void> {
  if (migration === undefined) await db.$queryRaw`SELECT 1`;
  else if (!(await isMigrated(db, migration))) throw Object.assign(new Error(NOT_MIGRATED), { code: NOT_MIGRATED });
}

function reason(pg: StoreHealth, rd: StoreHealth): string {
  if (pg.error === NOT_MIGRATED) return rd.ok ? "the database is not migrated (run migrate)" : "the database is not migrated (run migrate) and Redis cannot be reached";
  return `${[pg.ok ? null : "Postgres", rd.ok ? null : "Redis"].filter((name) => name !== null).join(" and ")} cannot be reached`;
}

export function healthRouter(deps: Pick<AppDeps, "db" | "redis">, migration: string | undefined = newestMigration()): Router {
  const router = pathRouter();
  router.get("/healthz", (_req, res) => { res.json({ status: "ok" }); });
  router.get("/readyz", async (_req, res) => {
    const [pg, rd] = await Promise.all([check(() => migrated(deps.db, migration)), check(() => deps.redis.ping())]);
    const details = { postgres: pg, redis: rd };
    if (pg.ok && rd.ok) {
      res.json({ status: "ready", postgres: true, redis: true, details });
      return;
    }
    const refusal = new ApiError("busy", `Not ready: ${reason(pg, rd)}.`, { status: 503, retryAfter: NOT_READY_RETRY_AFTER });
    res.setHeader("Retry-After", String(NOT_READY_RETRY_AFTER));
    res.status(503).json({ ...errorEnvelope(refusal), status: "not_ready", postgres: pg.ok, redis: rd.ok, details });
  });
  return router;
}
