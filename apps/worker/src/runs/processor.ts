// The run processor: takes a run job (id only), a runs-at-once slot of the account (a leased
// semaphore shared by every source), marks the run `running` with a conditional update, reads
// warmup + window bars, evaluates in the sandbox pool under the plan's time limit, writes the
// results in bulk and marks the run final, publishing every change on the run's channel.
import { DelayedError, type Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Db } from "@barscript/db";
import { createLimits, type Lease, type Limits } from "@barscript/limits";
import {
  addUsage,
  failure,
  finishRun,
  markRunning,
  outputChunkRows,
  type Failure,
  type Outcome,
  type Run,
  type RunMessage,
  type RunSummary,
} from "@barscript/db/src/runs";
import { createScriptResolver } from "@barscript/db/src/scripts";
import { readBars, type Timeframe } from "@barscript/marketdata";
import { runChannel } from "@barscript/queue";
import type { RunJobData } from "@barscript/queue/src/jobs";
import type { ScriptInterface, SourceFile } from "@barscript/lang/src/types";
import { eventsBudgetMessage, keepDefinitionEvents, MAX_EVENTS_PER_RUN } from "../definitions/events";
import type { SandboxPool } from "./pool";
import type { CancelListener } from "./cancels";
import type { EvalResult } from "./protocol";
import { executeStudy } from "../studies/run";

export const MAX_EVENTS = MAX_EVENTS_PER_RUN;
/** How long a run that found no free slot waits before trying again. */
export const SLOT_RETRY_MS = 250;

export interface RunProcessorDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  prefix: string;
  pool: SandboxPool;
  cancels: CancelListener;
  limits?: Limits;
  now?: () => Date;
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

export function createRunProcessor(deps: RunProcessorDeps): (job: Job<RunJobData>, token: string | undefined) => Promise<void> {
  const limits = deps.limits ?? createLimits({ redis: deps.redis, prefix: deps.prefix });
  const now = deps.now ?? (() => new Date());
  const db = deps.db;

  const publish = async (runId: string, message: RunMessage): Promise<void> => {
    await deps.redis.publish(runChannel(deps.prefix, runId), JSON.stringify(message)).catch(() => 0);
  };

  const finish = async (run: Run, from: Array<"queued" | "running">, outcome: Outcome): Promise<boolean> => {
    const ok = await finishRun(db, run.id, from, outcome, now());
    if (ok) await publish(run.id, { type: "status", status: outcome.status });
    return ok;
  };

  const fail = (run: Run, from: Array<"queued" | "running">, f: Failure, summary?: RunSummary): Promise<boolean> =>
    finish(run, from, { status: f.kind === "cancelled" ? "cancelled" : "failed", failure: f, ...(summary ? { summary } : { summary: emptySummary(run) }) });

  return async (job, token) => {
    const runId = job.data.runId;
    const run = await db.run.findUnique({ where: { id: runId } });
    if (!run || run.status !== "queued") return;
    const account = await db.account.findUnique({ where: { id: run.accountId }, include: { plan: true } });
    if (!account) return;
    const plan = account.plan;
    const limitMs = plan.runTimeLimitSeconds * 1000;
    if (run.cancelRequested) {
      await fail(run, ["queued"], failure("cancelled", "The run was cancelled.", false));
      return;
    }

    // A runs-at-once slot of the account. None free: back to delayed until the time limit passes.
    const lease: Lease | null = await limits.tryAcquireRun({ id: account.id, plan }, run.id);
    if (!lease) {
      const waited = now().getTime() - run.createdAt.getTime();
      if (run.kind === "study" || waited >= limitMs) {
        await fail(run, ["queued"], failure("busy", `Every run slot of the account (${plan.concurrentRuns} at once on plan ${plan.name}) stayed taken for ${Math.round(waited / 1000)} s.`, true));
        return;
      }
      const delay = Math.min(SLOT_RETRY_MS + Math.floor(Math.random() * SLOT_RETRY_MS), Math.max(1, limitMs - waited));
      await job.moveToDelayed(Date.now() + delay, token);
      throw new DelayedError();
    }

    const controller = new AbortController();
    const stopListening = await deps.cancels.listen(run.id, () => controller.abort());
    try {
      const startedAt = now();
      if (!(await markRunning(db, run.id, startedAt))) {
        const latest = await db.run.findUnique({ where: { id: run.id } });
        if (latest?.status === "queued" && latest.cancelRequested) await fail(latest, ["queued"], failure("cancelled", "The run was cancelled.", false));
        return;
      }
      await publish(run.id, { type: "status", status: "running" });
      const running: Run = { ...run, status: "running", startedAt };
      await execute(running, { accountId: account.id, handle: account.handle, limitMs, eventsPerMonth: plan.eventsPerMonth }, startedAt, controller.signal);
    } catch (error) {
      deps.logger.error({ err: error, runId: run.id }, "run failed on our side");
      await fail(run, ["queued", "running"], failure("internal", "The run failed on our side; running it again should work.", true)).catch(() => false);
    } finally {
      await stopListening();
      await lease.release().catch(() => undefined);
    }
  };

  async function execute(run: Run, account: { accountId: string; handle: string; limitMs: number; eventsPerMonth: number }, startedAt: Date, signal: AbortSignal): Promise<void> {
    const instrument = await db.instrument.findUnique({ where: { symbol: run.instrument } });
    if (!instrument) {
      await fail(run, ["running"], failure("out_of_coverage", `No instrument ${run.instrument} any more.`));
      return;
    }
    if (instrument.status === "backfilling") {
      await fail(run, ["running"], failure("data_not_ready", `Market data for ${run.instrument} is being backfilled; try again when it is ready.`, true));
      return;
    }
    if (run.windowBars === 0 || !run.windowFrom || !run.windowTo) {
      const a = run.requestedFrom ? ` from ${run.requestedFrom.toISOString().slice(0, 10)}` : "";
      const b = run.requestedTo ? ` up to ${run.requestedTo.toISOString().slice(0, 10)}` : "";
      await fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument}${a}${b}.`));
      return;
    }
    const version = run.scriptId ? await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: run.scriptId, version: run.scriptVersion } } }) : null;
    if (!version) {
      await fail(run, ["running"], failure("script", `Version ${run.scriptVersion} of "${run.scriptSlug}" no longer exists.`));
      return;
    }
    if (run.kind === "study") {
      // Studies: apps/worker/src/studies (issue 12).
      await executeStudy({ db, pool: deps.pool, now, fail, publish }, { run, version, instrument, account, startedAt, signal });
      return;
    }
    const iface = version.interface as unknown as ScriptInterface;
    const { bars, windowStart } = await readBars(db, {
      instrumentId: instrument.id,
      timeframe: run.timeframe as Timeframe,
      before: iface.warmup_bars ?? 0,
      from: run.windowFrom,
      to: run.windowTo,
    });
    const windowBars = bars.length - windowStart;
    if (windowBars <= 0) {
      await fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${run.windowFrom.toISOString().slice(0, 10)} and ${run.windowTo.toISOString().slice(0, 10)}.`));
      return;
    }
    const owner = await db.account.findUnique({ where: { id: run.scriptOwnerId }, select: { id: true, handle: true } });
    const resolver = createScriptResolver(db, { accountId: owner?.id ?? account.accountId, handle: owner?.handle ?? account.handle });
    const elapsed = now().getTime() - startedAt.getTime();
    const remaining = Math.max(1, account.limitMs - elapsed);
    const outcome = await deps.pool.run(
      {
        cacheKey: `${run.scriptOwnerId}:${version.digest}:${run.kind}`,
        kind: run.kind,
        files: version.files as unknown as SourceFile[],
        interface: iface,
        bars,
        windowStart,
        inputs: (run.inputs ?? {}) as Record<string, unknown>,
        symbol: { ticker: instrument.symbol, timezone: instrument.timezone, mintick: 0.01, timeframe: run.timeframe },
        timeBudgetMs: remaining,
        maxEvents: MAX_EVENTS,
      },
      { timeoutMs: remaining + 500, signal, resolve: (ref) => resolver.resolve(ref) },
    );
    const duration = (now().getTime() - startedAt.getTime()) / 1000;
    if (!outcome.ok) {
      // Bars evaluated before a timeout or cancel are unknown: the whole read counts as evaluated.
      const evaluated = outcome.kind === "script" && /compile/.test(outcome.message) ? 0 : bars.length;
      const summary = summaryOf(run, windowStart, windowBars, evaluated, duration, []);
      await addUsage(db, run.accountId, now(), summary.compute_units);
      const f = outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message);
      await fail(run, ["running"], f, summary);
      return;
    }
    await complete(run, outcome.result, windowStart, duration, account);
  }

  async function complete(run: Run, result: EvalResult, windowStart: number, duration: number, account: { accountId: string; eventsPerMonth: number }): Promise<void> {
    const summary = summaryOf(run, windowStart, result.windowBars, result.barsEvaluated, duration, result.runtimeErrors);
    const finishedAt = now();
    await addUsage(db, run.accountId, finishedAt, summary.compute_units);
    if (result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars) {
      const first = result.runtimeErrors[0];
      await fail(run, ["running"], failure("script", `The script raised a runtime error on every bar of its window${first ? `: ${first.message}` : ""}.`), summary);
      return;
    }
    if (run.kind === "definition") {
      // Events, their budget and the final state: apps/worker/src/definitions (issue 11).
      const kept = await keepDefinitionEvents(db, run, result, summary, { eventsPerMonth: account.eventsPerMonth }, finishedAt);
      if (kept === "plan_limit") {
        await fail(run, ["running"], failure("plan_limit", eventsBudgetMessage(result.events.length, account.eventsPerMonth), false), summary);
        return;
      }
      if (kept === "succeeded") await publish(run.id, { type: "status", status: "succeeded" });
      return;
    }
    summary.outputs = result.times.length;
    const rows = outputChunkRows(run.id, { names: result.outputs.map((o) => o.name), time: result.times, values: result.outputs.map((o) => o.values) });
    const ok = await db.$transaction(async (tx) => {
      const moved = await finishRun(tx, run.id, ["running"], { status: "succeeded", summary }, finishedAt);
      if (!moved) return false;
      if (rows.length > 0) await tx.runOutputChunk.createMany({ data: rows });
      return true;
    }, { timeout: 60_000, maxWait: 30_000 });
    if (ok) await publish(run.id, { type: "status", status: "succeeded" });
  }
}

function emptySummary(run: Run): RunSummary {
  return { bars: run.windowBars, warmup_bars: 0, bars_evaluated: 0, compute_units: 0, runtime_errors: [], duration: 0 };
}

function summaryOf(
  run: Run,
  windowStart: number,
  windowBars: number,
  barsEvaluated: number,
  duration: number,
  errors: Array<{ message: string; count: number; first_time: number; last_time: number }>,
): RunSummary {
  void run;
  return {
    bars: windowBars,
    warmup_bars: windowStart,
    bars_evaluated: barsEvaluated,
    compute_units: Math.ceil(barsEvaluated / 1000),
    runtime_errors: errors.map((e) => ({ message: e.message, count: e.count, first_time: iso(e.first_time), last_time: iso(e.last_time) })),
    duration: Math.round(duration * 1000) / 1000,
  };
}
