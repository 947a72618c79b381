// The worker process: pulls jobs from the queues and runs them until SIGTERM or SIGINT.
import pino from "pino";
import { createDb, isMigrated, newestMigration, type Db } from "@barscript/db";
import { createRedis } from "@barscript/queue";
import { loadWorkerConfig } from "./config";
import { createWorkerMetrics, serveMetrics, type MetricsServer } from "./metrics";
import { startWorkers } from "./worker";

/** How long a shutdown waits for BullMQ to close once no job of this process is running. */
const CLOSE_AFTER_IDLE_MS = 5_000;
/** How long the start asks Postgres whether it is migrated before starting anyway (an outage). */
const MIGRATED_CHECK_MS = 3_000;

/**
 * On a database nobody migrated every job failed on a missing table while the worker looked
 * healthy: refuse to start (docs/adr/0367). A Postgres that does not answer is an outage, not
 * this: the worker starts and waits for it, as before.
 */
async function refuseUnmigrated(db: Db): Promise<void> {
  const migration = newestMigration();
  if (migration === undefined) return;
  let timer: NodeJS.Timeout | undefined;
  const unknown = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), MIGRATED_CHECK_MS); });
  const applied = await Promise.race([isMigrated(db, migration).catch(() => null), unknown]).finally(() => clearTimeout(timer));
  if (applied === false) throw new Error("the database is not migrated (run migrate)");
}

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const logger = pino({ level: config.logLevel, base: { service: "worker" } });
  const db = createDb(config.databaseUrl, { connectTimeoutMs: config.dbConnectTimeoutMs, queryTimeoutMs: config.dbQueryTimeoutMs, statementTimeoutMs: config.dbQueryTimeoutMs });
  await refuseUnmigrated(db);
  const redis = createRedis(config.redisUrl, "worker");
  const metrics = createWorkerMetrics();
  const running = startWorkers({ config, db, redis, logger, metrics });
  let metricsServer: MetricsServer | null = null;
  // Handlers from the start: a SIGTERM while the metrics server starts finishes the jobs in hand
  // rather than ending the process by the default action.
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "worker closing");
    // Jobs in hand finish first (up to the longest run time limit). BullMQ's close then waits for
    // Redis, forever during an outage even with nothing running: once no job runs, give it
    // CLOSE_AFTER_IDLE_MS and go.
    const closed = running.close().then(() => true);
    const stuck = (async (): Promise<false> => {
      await running.idle();
      await new Promise((done) => setTimeout(done, CLOSE_AFTER_IDLE_MS));
      await running.idle(); // a job taken just as the close began
      return false;
    })();
    if (!(await Promise.race([closed, stuck]))) logger.warn({ waited_ms: CLOSE_AFTER_IDLE_MS }, "queues did not close (Redis unreachable?); exiting with no job running");
    await metricsServer?.close();
    await db.$disconnect();
    redis.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Metrics are not worth a stopped worker: a port in use is logged and the worker runs on
  // (Prometheus shows the target down).
  if (config.metricsPort > 0) {
    metricsServer = await serveMetrics(metrics.registry, config.metricsPort).catch((error: unknown) => {
      logger.error({ err: error, port: config.metricsPort }, "metrics server did not start");
      return null;
    });
    if (metricsServer) logger.info({ port: metricsServer.port }, "metrics on /metrics");
  }
  logger.info({ queues: running.workers.map((w) => w.name) }, "worker started");
  // Tests and operators wait for this line, whatever the log level.
  process.stdout.write("worker started\n");
}

main().catch((error: unknown) => {
  console.error(`worker: ${(error as Error).message}`);
  process.exit(1);
});
