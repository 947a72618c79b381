// Prometheus metrics at /metrics: one registry per app instance (tests build many apps).
import type { RequestHandler, Router } from "express";
import { Router as makeRouter } from "express";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  router: Router;
}

/** `registry`: the app's registry when the caller registers more collectors into it (compose.ts). */
export function createHttpMetrics(collectDefaults: boolean, registry: Registry = new Registry()): HttpMetrics {
  if (collectDefaults) collectDefaultMetrics({ register: registry, prefix: "barscript_" });
  const requests = new Counter({ name: "barscript_http_requests_total", help: "HTTP answers by route and status", labelNames: ["method", "route", "status"], registers: [registry] });
  const duration = new Histogram({ name: "barscript_http_request_duration_seconds", help: "HTTP answer time", labelNames: ["method", "route"], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: [registry] });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on("finish", () => {
      // The matched route pattern, never the raw path: ids in paths would explode the labels.
      const route = (req.route as { path?: string } | undefined)?.path ?? (res.statusCode === 404 ? "unmatched" : req.baseUrl || "other");
      const labels = { method: req.method, route: `${req.baseUrl}${route === req.baseUrl ? "" : route}` };
      end(labels);
      requests.inc({ ...labels, status: String(res.statusCode) });
    });
    next();
  };
  const router = makeRouter();
  router.get("/metrics", async (_req, res) => {
    res.setHeader("Content-Type", registry.contentType);
    res.send(await registry.metrics());
  });
  return { registry, middleware, router };
}
