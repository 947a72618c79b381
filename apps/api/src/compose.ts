// Builds a real API from its configuration: the one place that wires packages into AppDeps.
// main.ts uses it for the process; tests use it to run the same app on an ephemeral port.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino, { type Logger } from "pino";
import { Registry } from "prom-client";
import { createDb } from "@barscript/db";
import { createLimits } from "@barscript/limits";
import { createRedis } from "@barscript/queue";
import { createApp } from "./app";
import { createAuthChain } from "./auth";
import type { ApiConfig } from "./config";
import { systemClock, type AppDeps, type Clock } from "./deps";
import { createCursorCodec } from "./http/cursor";
import { answerClientErrors } from "./http/client-error";
import { closeValidationPool } from "./validation/pool";
import { signinPages } from "./pages";
import { withAppSessions } from "./web/app-session";
import { webPages } from "./web";
import { createQueueDashboard } from "./ops/queue-dashboard";
import { createQueueMetrics } from "./ops/queue-metrics";
import { serveApiMetrics, separateMetricsPort } from "./ops/metrics-server";
import { closeRunsContext, endRunWaits } from "./runs/context";

export interface RunningApi {
  server: Server;
  port: number;
  /** The separate metrics port when METRICS_PORT is set. */
  metricsPort: number | undefined;
  deps: AppDeps;
  close(): Promise<void>;
}

export async function startApi(config: ApiConfig, options: { clock?: Clock; logger?: Logger } = {}): Promise<RunningApi> {
  const logger = options.logger ?? pino({ level: config.logLevel, base: { service: "api" } });
  // Bounded waits on both stores: an outage answers 503 within seconds instead of holding requests.
  const db = createDb(config.databaseUrl, { connectTimeoutMs: config.dbConnectTimeoutMs, queryTimeoutMs: config.dbQueryTimeoutMs });
  const redis = createRedis(config.redisUrl, "command", { commandTimeout: config.redisCommandTimeoutMs });
  const clock = options.clock ?? systemClock;
  const auth = withAppSessions(createAuthChain({ db, limits: createLimits({ redis, prefix: config.redisPrefix }), clock, logger }), { db, clock, config });
  const deps: AppDeps = { config, db, redis, logger, auth, cursors: createCursorCodec(config.appSecret), clock, collectDefaultMetrics: true };
  const dashboard = createQueueDashboard({ db, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, adminToken: config.adminToken });
  const metricsRegistry = new Registry();
  const queueMetrics = createQueueMetrics({
    registry: metricsRegistry,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    onError: (error) => logger.warn({ err: error }, "queue counts unavailable for /metrics"),
  });
  const app = createApp(deps, { outside: [signinPages(deps), webPages(deps), ...(dashboard ? [dashboard.router] : [])], metricsRegistry, publicMetrics: !separateMetricsPort(config) });
  const server = createServer(app);
  answerClientErrors(server);
  // Long polls hold up to 60 s: keep idle sockets longer than that behind a load balancer.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const metricsServer = separateMetricsPort(config) ? await serveApiMetrics(metricsRegistry, config.metricsPort ?? 0) : null;
  return {
    server,
    port,
    metricsPort: metricsServer?.port,
    deps,
    async close() {
      // Stop taking connections, answer held long polls with their run as it is, let answers in
      // flight finish, then release resources.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      endRunWaits(deps);
      // A connection answered after close() began stays open for its keep-alive (65 s) unless
      // closed once idle.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      await closed.finally(() => clearInterval(idle));
      await auth.close();
      await closeValidationPool(deps);
      await dashboard?.close();
      await queueMetrics.close();
      await metricsServer?.close();
      // The run endpoints' queue and pub/sub watcher, opened on first use.
      await closeRunsContext(deps);
      await db.$disconnect();
      redis.disconnect();
    },
  };
}
