// Seed steps that run after the plans on every `npm run up` (packages/db/src/seed/cli.ts), in
// the order listed. Each must be idempotent: it runs again on every start and must leave what an
// operator changed alone (like plans: create when absent, never overwrite).
//
// To add one: write `export async function seedSomething(ctx: SeedContext)` beside your code
// (inside packages/, a package never imports an app) and append `{ name, run }` to SEED_STEPS.
// Accounts and keys are not seeded here: they go through the operator CLI (`npm run admin`),
// which `npm run up` calls, so the demo account takes the same path as a real one.
import type { Db } from "../client";
import { seedCoreLibrary } from "../scripts/core-library";

export interface SeedContext {
  db: Db;
  databaseUrl: string;
  log: (message: string) => void;
}

export interface SeedStep {
  /** Short and unique, printed while seeding: "core library", "demo instruments". */
  name: string;
  run: (ctx: SeedContext) => Promise<void>;
}

export const SEED_STEPS: SeedStep[] = [
  // Append steps here.
  { name: "core library", run: async (ctx) => { await seedCoreLibrary(ctx.db); } },
];

/** Adds a step at the end of the registry (for steps defined outside this file, and tests). */
export function registerSeedStep(step: SeedStep): void {
  if (SEED_STEPS.some((s) => s.name === step.name)) throw new Error(`seed step "${step.name}" is registered twice`);
  SEED_STEPS.push(step);
}
