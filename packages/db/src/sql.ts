// The run pipeline's hot queries on the pg pool under the Prisma client (`poolOf`), as named
// prepared statements: Postgres parses and plans each once per connection, and no query goes
// through Prisma's client runtime (about a third of the API's and workers' CPU in the profiles,
// docs/performance.md). Everything else stays on Prisma. Rows come back as Prisma's raw queries
// give them: timestamptz as Date, jsonb parsed, `date` as UTC midnight, int8 as bigint.
import { types, type QueryResultRow } from "pg";
import type { Db } from "./client";
import { poolOf } from "./client";
import type { Prisma } from "./generated/client";

/** A client made by createDb, or an interactive transaction's client (no pool of its own). */
export type SqlClient = Db | Prisma.TransactionClient;

const DATE_OID = 1082;
const INT8_OID = 20;

const parsers = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (oid === DATE_OID) return (value: string) => new Date(`${value}T00:00:00Z`);
    if (oid === INT8_OID) return (value: string) => BigInt(value);
    return types.getTypeParser(oid, format ?? "text");
  }) as typeof types.getTypeParser,
};

export interface Statement {
  /** Unique per text: a connection prepares it once under this name. */
  name: string;
  text: string;
}

/** A statement; `name` must not be reused for another text. */
export function statement(name: string, text: string): Statement {
  return { name: `bs_${name}`, text };
}

/**
 * Runs a prepared statement on the client's pool; a transaction's client (or one made without
 * `createDb`) runs the same text and values through Prisma's raw query.
 */
export async function query<T extends QueryResultRow>(db: SqlClient, s: Statement, values: unknown[]): Promise<T[]> {
  const pool = poolOf(db as Db);
  if (!pool) return db.$queryRawUnsafe<T[]>(s.text, ...values);
  const result = await pool.query<T>({ name: s.name, text: s.text, values, types: parsers });
  return result.rows;
}

/** Rows changed by a prepared statement (UPDATE, INSERT). */
export async function execute(db: SqlClient, s: Statement, values: unknown[]): Promise<number> {
  const pool = poolOf(db as Db);
  if (!pool) return db.$executeRawUnsafe(s.text, ...values);
  const result = await pool.query({ name: s.name, text: s.text, values, types: parsers });
  return result.rowCount ?? 0;
}
