// The worker process: pulls jobs from the queues and runs them until SIGTERM or SIGINT.
import pino from "pino";
import { createDb } from "@barscript/db";
import { createRedis } from "@barscript/queue";
import { loadWorkerConfig } from "./config";
import { startWorkers } from "./worker";

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const logger = pino({ level: config.logLevel, base: { service: "worker" } });
  const db = createDb(config.databaseUrl);
  const redis = createRedis(config.redisUrl, "worker");
  const running = startWorkers({ config, db, redis, logger });
  logger.info({ queues: running.workers.map((w) => w.name) }, "worker started");
  // Tests and operators wait for this line, whatever the log level.
  process.stdout.write("worker started\n");

  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "worker closing");
    await running.close();
    await db.$disconnect();
    redis.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`worker: ${(error as Error).message}`);
  process.exit(1);
});
