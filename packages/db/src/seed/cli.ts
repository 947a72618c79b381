// `npx tsx packages/db/src/seed/cli.ts` (called by `npm run up` after migrating): plans, then
// every step of seed/steps.ts, in order.
import { createDb } from "../client";
import { loadDbConfig } from "../config";
import { runSeed } from "./run";

async function main(): Promise<void> {
  const { databaseUrl } = loadDbConfig();
  const db = createDb(databaseUrl, { max: 2 });
  try {
    await runSeed({ db, databaseUrl, log: (message) => console.log(message) });
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(`seed: ${(error as Error).message}`);
  process.exit(1);
});
