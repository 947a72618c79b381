// Generates the Prisma client at install time without any network access.
// Prisma's CLI wants a native schema engine for some commands; `generate` does not use it,
// but its startup check looks for one, so we point it at a harmless executable.
// See docs/adr/0002-migrations-without-prisma-engines.md.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const engine = existsSync("/bin/true") ? "/bin/true" : process.execPath;
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], {
  stdio: "inherit",
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: engine, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" },
});
process.exit(result.status ?? 1);
