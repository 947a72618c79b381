// /healthz: the process is up. /readyz: it can reach Postgres and Redis (503 otherwise).
import { Router } from "express";
import type { AppDeps } from "../deps";

export function healthRouter(deps: Pick<AppDeps, "db" | "redis">): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => { res.json({ status: "ok" }); });
  router.get("/readyz", async (_req, res) => {
    const [postgres, redis] = await Promise.all([
      deps.db.$queryRaw`SELECT 1`.then(() => true, () => false),
      deps.redis.ping().then(() => true, () => false),
    ]);
    res.status(postgres && redis ? 200 : 503).json({ status: postgres && redis ? "ready" : "not_ready", postgres, redis });
  });
  return router;
}
