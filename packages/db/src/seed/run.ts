// Seeding: the plans first, then every registered step in order. A failing step stops the
// seed with its name in the error.
import { seedPlans } from "./plans";
import { SEED_STEPS, type SeedContext, type SeedStep } from "./steps";

export async function runSeed(ctx: SeedContext, steps: readonly SeedStep[] = SEED_STEPS): Promise<string[]> {
  const done: string[] = [];
  await seedPlans(ctx.db);
  done.push("plans");
  ctx.log("seeded plans");
  for (const step of steps) {
    try {
      await step.run(ctx);
    } catch (error) {
      throw new Error(`seed step "${step.name}" failed: ${(error as Error).message}`, { cause: error });
    }
    done.push(step.name);
    ctx.log(`seeded ${step.name}`);
  }
  return done;
}
