// The API app factory. Handling order (docs/reference/api.md "Order of checks"):
// request id -> body size and JSON -> 404 outside /v1 -> (under /v1) the check chain ->
// routing, validation, handler. One error handler renders every refusal as the envelope.
import express, { type Express, type Router } from "express";
import { pathRouter } from "./http/router";
import type { Registry } from "prom-client";
import { buildOpenApi } from "@barscript/contracts";
import type { AppDeps } from "./deps";
import { requestId } from "./http/request-id";
import { bodyParser } from "./http/body";
import { etagScope, evaluateConditionals } from "./http/etag";
import { errorHandler } from "./http/errors";
import { notFound } from "./http/not-found";
import { pathParams } from "./http/input";
import { healthRouter } from "./ops/health";
import { createHttpMetrics } from "./ops/metrics";
import { requestLogger } from "./ops/request-log";
import { ROUTE_MODULES } from "./routes";

export interface AppExtras {
  /** Routers outside /v1 (sign-in pages, queue dashboard), mounted before the 404 fallback. */
  outside?: Router[];
  /** The app's metrics registry, with collectors the caller added (queue depth); default a new one. */
  metricsRegistry?: Registry;
  /** /metrics on the public port (default); false when compose.ts serves it on METRICS_PORT. */
  publicMetrics?: boolean;
}

export function createApp(deps: AppDeps, extras: AppExtras = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("case sensitive routing", true);
  app.set("query parser", "simple");
  evaluateConditionals(app);
  // Behind an ingress every client would share its address without this (TRUST_PROXY).
  app.set("trust proxy", deps.config.trustProxy);
  const metrics = createHttpMetrics(deps.collectDefaultMetrics ?? false, extras.metricsRegistry);

  app.use(requestId);
  app.use(etagScope);
  // One line per request from named fields only: no header, query or body reaches the log.
  app.use(requestLogger(deps.logger));
  app.use(metrics.middleware);
  // The token exchange's answers, a key or a refusal, are never cached (RFC 6749 section 5.1; set
  // before the body is read so a malformed body's 400 carries them too).
  app.post("/v1/auth/token", (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Pragma", "no-cache");
    next();
  });
  app.use(bodyParser);

  app.use(healthRouter(deps));
  // With METRICS_PORT the metrics are served on their own port instead (compose.ts).
  if (extras.publicMetrics ?? true) app.use(metrics.router);
  const openapi = buildOpenApi(`${deps.config.publicUrl}/v1`);
  app.get("/openapi.json", (_req, res) => { res.json(openapi); });
  for (const router of extras.outside ?? []) app.use(router);

  const v1 = pathRouter();
  v1.use(pathParams(deps.auth.guard("account")));
  for (const register of ROUTE_MODULES) register(v1, deps);
  // Unknown path or method under /v1: the check chain (rows 1-6) answers first, then 404.
  v1.use(deps.auth.guard("account"), notFound);
  app.use("/v1", v1);

  app.use(notFound);
  app.use(errorHandler(deps.logger));
  return app;
}
