// /healthz: the process is up. /readyz: it can reach Postgres and Redis (503 otherwise).
// A 503 is an error answer outside /v1, so it carries the JSON error envelope (`busy`, as for any
// briefly unavailable service) beside the readiness fields a probe reads.
import { Router } from "express";
import { ApiError, errorEnvelope } from "@barscript/contracts";
import type { AppDeps } from "../deps";

export const NOT_READY_RETRY_AFTER = 5;

export function healthRouter(deps: Pick<AppDeps, "db" | "redis">): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => { res.json({ status: "ok" }); });
  router.get("/readyz", async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      deps.db.$queryRaw`SELECT 1`.then(() => true, () => false),
      deps.redis.ping().then(() => true, () => false),
    ]);
    if (postgres && redis) {
      res.json({ status: "ready", postgres, redis });
      return;
    }
    const down = [postgres ? null : "Postgres", redis ? null : "Redis"].filter((name) => name !== null).join(" and ");
    const refusal = new ApiError("busy", `Not ready: ${down} cannot be reached.`, { status: 503, retryAfter: NOT_READY_RETRY_AFTER });
    res.setHeader("Retry-After", String(NOT_READY_RETRY_AFTER));
    res.status(503).json({ ...errorEnvelope(refusal), status: "not_ready", postgres, redis });
  });
  return router;
}
