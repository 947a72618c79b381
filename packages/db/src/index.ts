export { createDb, type Db } from "./client";
export { migrate, ensureDatabase, readMigrations } from "./migrate/runner";
export { MIGRATIONS_DIR } from "./migrate/paths";
export { loadDbConfig } from "./config";
export { Prisma } from "./generated/client";
export type * from "./generated/models";
export * as enums from "./generated/enums";
export { PLANS, seedPlans, type PlanFigures } from "./seed/plans";
