import { resolve } from "node:path";

/** prisma/migrations of this repository, wherever the process was started from. */
export const MIGRATIONS_DIR = resolve(__dirname, "../../../../prisma/migrations");
