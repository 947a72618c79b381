// Test databases: one migrated and seeded template per set of migrations, and a fresh copy of
// it for every test file (CREATE DATABASE ... TEMPLATE is a file copy: fast, and isolated).
import { createHash, randomBytes } from "node:crypto";
import { Client } from "pg";
import { migrate, readMigrations, MIGRATIONS_DIR, createDb, seedPlans } from "@barscript/db";

export const ADMIN_URL = process.env["TEST_PG_URL"] ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function urlFor(database: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

export function templateName(): string {
  const digest = createHash("sha256");
  for (const m of readMigrations(MIGRATIONS_DIR)) digest.update(m.name).update(m.checksum);
  return `bs_tpl_${digest.digest("hex").slice(0, 12)}`;
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the template for the current migrations once (guarded by an advisory lock). */
export async function ensureTemplate(): Promise<string> {
  const name = templateName();
  await withAdmin(async (client) => {
    await client.query("SELECT pg_advisory_lock(4242)");
    try {
      const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (found.rowCount) return;
      const building = `${name}_build_${randomBytes(3).toString("hex")}`;
      await client.query(`CREATE DATABASE "${building}"`);
      await migrate(urlFor(building), MIGRATIONS_DIR);
      const db = createDb(urlFor(building), { max: 1 });
      await seedPlans(db);
      await db.$disconnect();
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await client.query("SELECT pg_advisory_unlock(4242)");
    }
  });
  return name;
}

export async function createDatabaseFromTemplate(): Promise<string> {
  const template = await ensureTemplate();
  const name = `bs_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      return name;
    } catch (error) {
      // Two files copying the template at the same instant: Postgres refuses one; try again.
      if (attempt > 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
