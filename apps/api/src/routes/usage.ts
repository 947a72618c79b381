// GET /v1/usage (#2): the plan's caps with this month's counts (calendar month, UTC), the API
// limits, and runs at once in use from the runs semaphore.
import type { Router } from "express";
import { countUsage } from "@barscript/db";
import { createLimits } from "@barscript/limits";
import type { AppDeps } from "../deps";
import { callerOf } from "../auth/caller";
import { defineRoute } from "../http/define-route";

/** RFC 3339 without a zero fraction: `2026-11-01T00:00:00Z`. */
const stamp = (t: Date): string => t.toISOString().replace(/\.000Z$/, "Z");

export function registerUsage(router: Router, deps: AppDeps): void {
  const limits = createLimits({ redis: deps.redis, prefix: deps.config.redisPrefix });
  defineRoute(router, deps.auth, 2, async (_req, res) => {
    const caller = callerOf(res);
    const [plan, counts, runsInUse] = await Promise.all([
      deps.db.plan.findUniqueOrThrow({ where: { name: caller.planName } }),
      countUsage(deps.db, caller.accountId, deps.clock.now()),
      limits.runsInUse(caller.accountId),
    ]);
    res.json({
      plan: plan.name,
      period: { start: stamp(counts.period.start), end: stamp(counts.period.end) },
      caps: {
        scripts: { limit: plan.scriptsCap, used: counts.scripts },
        definitions: { limit: plan.definitionsCap, used: counts.definitions },
        events_per_month: { limit: plan.eventsPerMonth, used: counts.events },
        compute_units_per_month: { limit: plan.computeUnitsPerMonth, used: counts.computeUnits },
      },
      api_limits: {
        requests_per_minute: plan.requestsPerMinute,
        concurrent_heavy: plan.concurrentHeavy,
        concurrent_waits: plan.concurrentWaits,
      },
      concurrent_runs: { limit: plan.concurrentRuns, used: runsInUse },
      history_start: plan.historyStart ? stamp(plan.historyStart) : null,
      run_time_limit: plan.runTimeLimitSeconds,
    });
  });
}
