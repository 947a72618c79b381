// docs/reference/limits-and-plans.md "Plans": seeded, operators can change them afterwards (never overwritten on re-seed).
import type { Db } from "../client";

export interface PlanFigures {
  name: string;
  apiAccess: boolean;
  requestsPerMinute: number;
  concurrentHeavy: number;
  concurrentWaits: number;
  concurrentRuns: number;
  historyStart: Date | null;
  scriptsCap: number;
  definitionsCap: number;
  eventsPerMonth: number;
  computeUnitsPerMonth: number;
  runTimeLimitSeconds: number;
}

const day = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

export const PLANS: readonly PlanFigures[] = [
  { name: "free", apiAccess: false, requestsPerMinute: 0, concurrentHeavy: 0, concurrentWaits: 0, concurrentRuns: 1, historyStart: day("2020-01-01"), scriptsCap: 10, definitionsCap: 2, eventsPerMonth: 10_000, computeUnitsPerMonth: 10_000, runTimeLimitSeconds: 30 },
  { name: "starter", apiAccess: true, requestsPerMinute: 60, concurrentHeavy: 2, concurrentWaits: 2, concurrentRuns: 2, historyStart: day("2010-01-01"), scriptsCap: 50, definitionsCap: 10, eventsPerMonth: 100_000, computeUnitsPerMonth: 200_000, runTimeLimitSeconds: 60 },
  { name: "pro", apiAccess: true, requestsPerMinute: 600, concurrentHeavy: 5, concurrentWaits: 10, concurrentRuns: 5, historyStart: day("1990-01-01"), scriptsCap: 500, definitionsCap: 100, eventsPerMonth: 2_000_000, computeUnitsPerMonth: 5_000_000, runTimeLimitSeconds: 120 },
  { name: "business", apiAccess: true, requestsPerMinute: 3_000, concurrentHeavy: 20, concurrentWaits: 50, concurrentRuns: 20, historyStart: null, scriptsCap: 5_000, definitionsCap: 1_000, eventsPerMonth: 20_000_000, computeUnitsPerMonth: 100_000_000, runTimeLimitSeconds: 300 },
];

export async function seedPlans(db: Db): Promise<void> {
  for (const plan of PLANS) {
    await db.plan.upsert({ where: { name: plan.name }, create: plan, update: {} });
  }
}
