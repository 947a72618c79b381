// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records each in
// `_prisma_migrations` exactly as `prisma migrate deploy` does (same table, same SHA-256
// checksum of the file), because Prisma's own migrate engine cannot be downloaded here.
// See docs/adr/0002-migrations-without-prisma-engines.md.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "pg";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  skipped: string[];
}

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it only keeps two migrating processes from interleaving.
const ADVISORY_LOCK_ID = 72707369;

export function readMigrations(dir: string): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(databaseUrl: string, dir: string): Promise<MigrateResult> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_ID]);
    await client.query(MIGRATIONS_TABLE);
    return await applyPending(client, readMigrations(dir));
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

async function applyPending(client: Client, migrations: Migration[]): Promise<MigrateResult> {
  const done = await client.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
  const result: MigrateResult = { applied: [], skipped: [] };
  for (const migration of migrations) {
    const recorded = applied.get(migration.name);
    if (recorded !== undefined) {
      if (recorded !== migration.checksum) {
        throw new Error(`migration ${migration.name} was edited after it was applied (checksum differs)`);
      }
      result.skipped.push(migration.name);
      continue;
    }
    await applyOne(client, migration);
    result.applied.push(migration.name);
  }
  return result;
}

async function applyOne(client: Client, migration: Migration): Promise<void> {
  const id = randomUUID();
  await client.query("BEGIN");
  try {
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)`,
      [id, migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query(`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`, [id]);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
    } catch (error) {
      // Another migrate (a second pod's init container) created it since the lookup: Postgres
      // answers duplicate_database, or a unique violation on pg_database's name index.
      const code = (error as { code?: string }).code;
      if (code === "42P04" || code === "23505") return false;
      throw error;
    }
    return true;
  } finally {
    await client.end();
  }
}
