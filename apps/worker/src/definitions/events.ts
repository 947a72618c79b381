// The definition branch of the run processor: a finished definition run keeps the events the
// evaluator kept (at most 10,000, capped as they were produced; the rest are counted in
// `events_dropped`), takes them from the month's events budget and stores them with the run in
// one transaction. A run whose events would pass the budget keeps none and fails `plan_limit`.
import type { Db } from "@barscript/db";
import { insertEvents, MAX_EVENTS_PER_RUN, reserveEvents, type NewEvent } from "@barscript/db";
import { finishRun, type Run, type RunSummary } from "@barscript/db";

export { MAX_EVENTS_PER_RUN };

export type DefinitionOutcome = "succeeded" | "plan_limit" | "lost";

export interface DefinitionResult {
  events: readonly NewEvent[];
  eventsDropped: number;
}

/**
 * Sets `summary.events` / `summary.events_dropped`, then, in one transaction: the budget (a
 * conditional update of the month's counter), running -> succeeded, and the bulk insert.
 * "lost" when the run was no longer running (cancelled or swept meanwhile): nothing is kept.
 * On "plan_limit" the caller fails the run; nothing was written.
 */
export async function keepDefinitionEvents(
  db: Db,
  run: Pick<Run, "id" | "scriptId" | "accountId" | "instrument" | "timeframe">,
  result: DefinitionResult,
  summary: RunSummary,
  budget: { eventsPerMonth: number },
  finishedAt: Date,
): Promise<DefinitionOutcome> {
  if (result.events.length > MAX_EVENTS_PER_RUN) throw new Error(`the evaluator kept ${result.events.length} events, over ${MAX_EVENTS_PER_RUN}`);
  summary.events = result.events.length;
  summary.events_dropped = result.eventsDropped;
  return db.$transaction(async (tx) => {
    if (!(await reserveEvents(tx, run.accountId, finishedAt, result.events.length, budget.eventsPerMonth))) return "plan_limit" as const;
    if (!(await finishRun(tx, run.id, ["running"], { status: "succeeded", summary }, finishedAt))) {
      throw new LostRun();
    }
    await insertEvents(tx, { runId: run.id, scriptId: run.scriptId, accountId: run.accountId, instrument: run.instrument, timeframe: run.timeframe }, result.events);
    return "succeeded" as const;
  }, { timeout: 60_000, maxWait: 30_000 }).catch((error: unknown) => {
    // The run moved on meanwhile: the transaction rolled back, budget included.
    if (error instanceof LostRun) return "lost" as const;
    throw error;
  });
}

class LostRun extends Error {}

export function eventsBudgetMessage(kept: number, limit: number): string {
  return `Keeping this run's ${kept} events would pass this month's events budget of ${limit}.`;
}
