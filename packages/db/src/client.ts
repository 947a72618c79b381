// One Prisma client per process, on the pg driver adapter (Prisma 7 has no native engine here).
// The adapter runs on a pg pool made here, which the run pipeline's hot queries also use
// directly with prepared statements (`poolOf`, packages/db/src/runs/sql.ts): one pool, one
// connection limit.
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "./generated/client";

export type Db = PrismaClient;

const pools = new WeakMap<Db, Pool>();

export function createDb(databaseUrl: string, options: { max?: number } = {}): Db {
  const pool = new Pool({ connectionString: databaseUrl, max: options.max ?? 10 });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  return db;
}

/** The pg pool under a client made by `createDb` (ended by its `$disconnect`). */
export function poolOf(db: Db): Pool | undefined {
  return pools.get(db);
}
