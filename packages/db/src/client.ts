// One Prisma client per process, on the pg driver adapter (Prisma 7 has no native engine here).
// The adapter runs on a pg pool made here, which the run pipeline's hot queries also use
// directly with prepared statements (`poolOf`, packages/db/src/runs/sql.ts): one pool, one
// connection limit.
import { PrismaPg } from "@prisma/adapter-pg";
import { DatabaseError, Pool } from "pg";
import { PrismaClient } from "./generated/client";
import { poolSocket } from "./own-buffer-socket";

export type Db = PrismaClient;

const pools = new WeakMap<Db, Pool>();

/**
 * Postgres could not be reached, cut the connection or did not answer in time: an outage, not an
 * error of the statement. pg reports these as plain `Error`s (no class, no code), so the pool
 * gives them this class once, here, and callers classify by type (the API answers 503 busy).
 */
export class DatabaseUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Postgres is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "DatabaseUnavailableError";
  }
}

/** pg's connection-level failures are exactly `Error` (a statement's error is a DatabaseError). */
function asUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseError || error instanceof DatabaseUnavailableError) return error;
  const plain = error instanceof Error && (error.constructor === Error || typeof (error as NodeJS.ErrnoException).syscall === "string");
  return plain ? new DatabaseUnavailableError(error) : error;
}

/** Wraps the promise forms of pool.query and pool.connect so their outages carry the class above. */
function classifyOutages(pool: Pool): void {
  const wrap = <F extends (...args: never[]) => unknown>(fn: F): F => ((...args: Parameters<F>) => {
    const result = fn(...args);
    return result instanceof Promise ? result.catch((error: unknown) => { throw asUnavailable(error); }) : result;
  }) as F;
  pool.query = wrap(pool.query.bind(pool) as (...args: never[]) => unknown) as typeof pool.query;
  pool.connect = wrap(pool.connect.bind(pool) as (...args: never[]) => unknown) as typeof pool.connect;
}

export interface DbOptions {
  max?: number;
  /** Waiting for a connection (new or from the pool) longer than this fails as unavailable; none by default. */
  connectTimeoutMs?: number;
  /** A statement without an answer this long fails as unavailable (a silent server); none by default. */
  queryTimeoutMs?: number;
  /** Postgres cancels a statement running longer than this (its `statement_timeout`); none by default. */
  statementTimeoutMs?: number;
}

export function createDb(databaseUrl: string, options: DbOptions = {}): Db {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    // No bound unless the caller sets one (the API does; a worker's runs may queue for a connection).
    ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    // A peer that vanished without a FIN is noticed by the kernel instead of never.
    keepAlive: true,
    // Reads into a buffer per connection, not a fresh one per read (docs/adr/0148).
    stream: poolSocket,
  });
  // An idle client losing its connection emits on the pool: without a listener it would crash the process.
  pool.on("error", () => undefined);
  classifyOutages(pool);
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  return db;
}

/** The pg pool under a client made by `createDb` (ended by its `$disconnect`). */
export function poolOf(db: Db): Pool | undefined {
  return pools.get(db);
}
