// Prometheus metrics at /metrics: one registry per app instance (tests build many apps).
// The route label is the matched pattern with its mount path (`/v1/runs/:run_id/results`), the
// same for an answer and for an error from that route (docs/operations.md "Metrics").
import type { Request, RequestHandler, Response, Router } from "express";
import { pathRouter } from "../http/router";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface HttpMetrics {
  registry: Registry;
  middleware: RequestHandler;
  router: Router;
}

/** Label for a 404 that matched no route. */
export const UNMATCHED = "unmatched";
/** Label for any other answer without a route: static files, a refusal before routing (body, JSON). */
export const UNROUTED = "other";

/**
 * Express sets `req.route` when a route matches, while `req.baseUrl` is still its mount path;
 * by the time an error reaches the app-level handler the router has reset `baseUrl` to "".
 * Capturing the full pattern at match time gives one label for success and error alike; it is
 * kept on `res.locals.route` for the request log too.
 */
function captureRoute(req: Request, res: Response): void {
  let route: unknown = undefined;
  Object.defineProperty(req, "route", {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      const path = (value as { path?: unknown } | undefined)?.path;
      if (typeof path === "string") res.locals["route"] = `${req.baseUrl}${path === "/" && req.baseUrl ? "" : path}`;
    },
  });
}

/** The route pattern the request matched; else UNMATCHED for a 404, UNROUTED otherwise. */
export function routeLabel(res: Response): string {
  const route = res.locals["route"];
  if (typeof route === "string") return route;
  return res.statusCode === 404 ? UNMATCHED : UNROUTED;
}

/** GET /metrics: the registry as Prometheus text. */
export function metricsRouter(registry: Registry): Router {
  const router = pathRouter();
  router.get("/metrics", async (_req, res) => {
    res.setHeader("Content-Type", registry.contentType);
    res.send(await registry.metrics());
  });
  return router;
}

/** `registry`: the app's registry when the caller registers more collectors into it (compose.ts). */
export function createHttpMetrics(collectDefaults: boolean, registry: Registry = new Registry()): HttpMetrics {
  if (collectDefaults) {
    collectDefaultMetrics({ register: registry, prefix: "barscript_" });
    // prom-client names three gauges `_total`, which `promtool check metrics` refuses (a counter's
    // suffix); the same counts by type stay as `barscript_nodejs_active_*` (docs/adr/0367).
    for (const name of ["handles", "requests", "resources"]) registry.removeSingleMetric(`barscript_nodejs_active_${name}_total`);
  }
  const requests = new Counter({ name: "barscript_http_requests_total", help: "HTTP answers by route and status", labelNames: ["method", "route", "status"], registers: [registry] });
  const duration = new Histogram({ name: "barscript_http_request_duration_seconds", help: "HTTP answer time", labelNames: ["method", "route"], buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60], registers: [registry] });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    captureRoute(req, res);
    res.on("finish", () => {
      // The matched route pattern, never the raw path: ids in paths would explode the labels.
      const labels = { method: req.method, route: routeLabel(res) };
      end(labels);
      requests.inc({ ...labels, status: String(res.statusCode) });
    });
    next();
  };
  return { registry, middleware, router: metricsRouter(registry) };
}
