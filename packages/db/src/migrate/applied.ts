// Whether the database has this build's schema: the newest migration of prisma/migrations is
// recorded as applied in `_prisma_migrations` (as runner.ts records it). The API's /readyz and the
// worker's start read it: on a database nobody migrated every call failed while they looked
// healthy (docs/adr/0367).
import type { Db } from "../client";
import { readMigrations } from "./runner";
import { MIGRATIONS_DIR } from "./paths";

/** The name of the newest migration this build ships. */
export function newestMigration(dir: string = MIGRATIONS_DIR): string | undefined {
  return readMigrations(dir).at(-1)?.name;
}

/** True when `migration` is applied; false when it, or the migrations table, is absent. Throws when Postgres does not answer. */
export async function isMigrated(db: Db, migration: string): Promise<boolean> {
  // A database nobody migrated has no migrations table at all: the same answer as a missing row.
  const [table] = await db.$queryRaw<Array<{ present: boolean }>>`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`;
  if (table?.present !== true) return false;
  const [row] = await db.$queryRaw<Array<{ applied: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ${migration} AND finished_at IS NOT NULL AND rolled_back_at IS NULL) AS applied`;
  return row?.applied === true;
}
