// Everything one integration test file needs, isolated from every other file:
// its own database (a copy of the migrated template), Redis key prefix and queue prefix.
import { randomBytes } from "node:crypto";
import { createDb, type Db } from "@barscript/db";
import { createDatabaseFromTemplate, dropDatabase, urlFor } from "./databases";

export const REDIS_URL = process.env["TEST_REDIS_URL"] ?? "redis://127.0.0.1:6379";
export const TEST_APP_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export interface TestEnv {
  databaseName: string;
  databaseUrl: string;
  redisUrl: string;
  /** Distinct per test file, e.g. `bst:3f9a1c:`; used for limits keys and BullMQ's prefix. */
  redisPrefix: string;
  db: Db;
  /** Environment for child processes (API, worker, admin CLI) started by the test. */
  processEnv: Record<string, string>;
  close(): Promise<void>;
}

export async function createTestEnv(): Promise<TestEnv> {
  const databaseName = await createDatabaseFromTemplate();
  const databaseUrl = urlFor(databaseName);
  const redisPrefix = `bst:${randomBytes(4).toString("hex")}:`;
  const db = createDb(databaseUrl, { max: 5 });
  const processEnv: Record<string, string> = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    APP_SECRET: TEST_APP_SECRET,
    LOG_LEVEL: "warn",
    PUBLIC_URL: "http://localhost:8080",
  };
  return {
    databaseName,
    databaseUrl,
    redisUrl: REDIS_URL,
    redisPrefix,
    db,
    processEnv,
    async close() {
      await db.$disconnect();
      await dropDatabase(databaseName);
    },
  };
}
