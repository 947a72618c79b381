// Definition runs: the events the evaluator kept (at most 10,000, capped as they were produced;
// the rest are counted in `events_dropped`) are taken from the month's events budget and stored
// with the succeeded state in one transaction. A run whose events would pass the budget keeps
// none and fails `plan_limit` (docs/adr/0012-definition-events.md). Its events are made on their
// own bar: a negative plot offset reads no bar after the window (../around-window.ts, docs/adr/0150).
import { addUsage, failure, finishRun, insertEvents, MAX_EVENTS_PER_RUN, reserveEvents, type Db, type Run, type RunSummary } from "@barscript/db";
import type { EvalEvent } from "../protocol";
import { keepArtifacts } from "./artifacts";
import { scriptKind } from "./script";

export type DefinitionOutcome = "succeeded" | "plan_limit" | "lost";

export const definitionKind = scriptKind("definition", async (ctx, { run, account }, result, summary) => {
  const finishedAt = ctx.now();
  await keepArtifacts(ctx, run.id, result, summary, false);
  // Compute units count whatever happens to the events.
  await addUsage(ctx.db, run.accountId, finishedAt, summary.compute_units);
  const kept = await keepDefinitionEvents(ctx.db, run, { events: result.events, eventsDropped: result.eventsDropped }, summary, account.eventsPerMonth, finishedAt);
  if (kept === "plan_limit") {
    // `summary.events` counts the events kept: none (the message says how many were made)
    summary.events = 0;
    return ctx.lifecycle.fail(run, ["running"], failure("plan_limit", eventsBudgetMessage(result.events.length, account.eventsPerMonth), false), summary);
  }
  return kept === "succeeded" ? ctx.lifecycle.succeeded(run, summary, finishedAt) : null;
}, { keeps: "events" });

/**
 * Sets `summary.events` / `summary.events_dropped`, then, in one transaction: the budget (a
 * conditional update of the month's counter), running -> succeeded, and the bulk insert.
 * "lost" when the run was no longer running (cancelled or swept meanwhile): nothing is kept.
 * On "plan_limit" the caller fails the run; nothing was written.
 */
async function keepDefinitionEvents(
  db: Db,
  run: Pick<Run, "id" | "scriptId" | "accountId" | "instrument" | "timeframe">,
  result: { events: readonly EvalEvent[]; eventsDropped: number },
  summary: RunSummary,
  eventsPerMonth: number,
  finishedAt: Date,
): Promise<DefinitionOutcome> {
  if (result.events.length > MAX_EVENTS_PER_RUN) throw new Error(`the evaluator kept ${result.events.length} events, over ${MAX_EVENTS_PER_RUN}`);
  summary.events = result.events.length;
  summary.events_dropped = result.eventsDropped;
  return db.$transaction(async (tx) => {
    if (!(await reserveEvents(tx, run.accountId, finishedAt, result.events.length, eventsPerMonth))) return "plan_limit" as const;
    if (!(await finishRun(tx, run.id, ["running"], { status: "succeeded", summary }, finishedAt))) throw new LostRun();
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
