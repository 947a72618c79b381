// `npm run migrate`: create the database if absent, then apply pending migrations.
import { loadDbConfig } from "../config";
import { ensureDatabase, migrate } from "./runner";
import { MIGRATIONS_DIR } from "./paths";

async function main(): Promise<void> {
  const { databaseUrl } = loadDbConfig();
  if (await ensureDatabase(databaseUrl)) console.log("created database");
  const result = await migrate(databaseUrl, MIGRATIONS_DIR);
  console.log(`migrations applied: ${result.applied.length}, already applied: ${result.skipped.length}`);
}

main().catch((error: unknown) => {
  console.error(`migrate: ${(error as Error).message}`);
  process.exit(1);
});
