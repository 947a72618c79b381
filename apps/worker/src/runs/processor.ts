// The run processor: takes a run job (id only), a runs-at-once slot of the account (a leased
// semaphore shared by every source), marks the run `running` with a conditional update, reads
// warmup + window bars, evaluates in the sandbox pool under the plan's time limit, writes the
// results in bulk and marks the run final, publishing every change on the run's channel.
import { DelayedError, type Job, type Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import type { Db } from "@barscript/db";
import { createLimits, type Lease, type Limits } from "@barscript/limits";
import {
  addUsage,
  failure,
  findRun,
  findRunWithPlan,
  finishRun,
  markRunning,
  RESULTS_TTL_MS,
  succeedWithOutputs,
  VersionCache,
  type Failure,
  type Outcome,
  type Run,
  type RunMessage,
  type RunSummary,
} from "@barscript/db";
import { createScriptResolver, type ScriptResolver } from "@barscript/db";
import { readBars, type Timeframe } from "@barscript/marketdata";
import { runChannel } from "@barscript/queue";
import { spans, type Spans } from "@barscript/queue";
import type { RunJobData } from "@barscript/queue";
import type { ScriptInterface, SourceFile } from "@barscript/lang";
import { eventsBudgetMessage, keepDefinitionEvents, MAX_EVENTS_PER_RUN } from "../definitions/events";
import type { SandboxPool } from "./pool";
import type { CancelListener } from "./cancels";
import { evalTask, type EvalResult } from "./protocol";
import { executeStudy } from "../studies/run";
import { BarChunkCache } from "./bars";
import { RunWarmup } from "./warmup";

export const MAX_EVENTS = MAX_EVENTS_PER_RUN;
/**
 * How long a run that found no free slot waits before trying again: this plus up to as much
 * again at random, so runs waiting on one account do not retry in step. A run that frees a slot
 * wakes one waiting run of its account at once (`waitingKey`), so this is only the fallback
 * for a wake that was missed (docs/performance.md).
 */
export const SLOT_RETRY_MS = 500;
/** Waiting entries older than this are dropped (their runs retry on their own anyway). */
const WAITING_TTL_MS = 10 * 60_000;

export interface RunProcessorDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  prefix: string;
  pool: SandboxPool;
  cancels: CancelListener;
  limits?: Limits;
  now?: () => Date;
  /** Decoded bar chunks kept between runs (one per process). */
  bars?: BarChunkCache;
  /** The runs queue, to wake a delayed run of the account when a slot frees; absent: runs poll. */
  queue?: Pick<Queue<RunJobData>, "getJob">;
}

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

export function createRunProcessor(deps: RunProcessorDeps): (job: Job<RunJobData>, token: string | undefined) => Promise<void> {
  const limits = deps.limits ?? createLimits({ redis: deps.redis, prefix: deps.prefix });
  const now = deps.now ?? (() => new Date());
  const db = deps.db;
  const barCache = deps.bars ?? new BarChunkCache(64 * 1024 * 1024);
  const versions = new VersionCache(db);
  const warmups = new RunWarmup();

  const waitingKey = (accountId: string): string => `${deps.prefix}limits:runs-waiting:${accountId}`;
  /** Promotes the oldest delayed run of the account that is still waiting (stale entries skipped). */
  const wakeOne = async (accountId: string): Promise<void> => {
    if (!deps.queue) return;
    for (let i = 0; i < 3; i++) {
      const popped = await deps.redis.zpopmin(waitingKey(accountId));
      const id = popped[0];
      if (!id) return;
      const waiting = await deps.queue.getJob(id);
      if (waiting && (await waiting.isDelayed())) {
        await waiting.promote().catch(() => undefined);
        return;
      }
    }
  };

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
    const sp = spans(deps.logger, runId);
    // The run, its account and plan in one query.
    const found = await findRunWithPlan(db, runId);
    if (!found || found.run.status !== "queued") return;
    const { run, account, plan } = found;
    sp.mark("load");
    const limitMs = plan.runTimeLimitSeconds * 1000;
    if (run.cancelRequested) {
      await fail(run, ["queued"], failure("cancelled", "The run was cancelled.", false));
      return;
    }

    // The version and bars are read while the slot, the subscription and the move to running
    // happen (reads only; unused if the run does not start).
    const inputs = prefetch(run, account);
    inputs.catch(() => undefined);

    // A runs-at-once slot of the account. None free: back to delayed until the time limit passes.
    const lease: Lease | null = await limits.tryAcquireRun({ id: account.id, plan }, run.id);
    sp.mark("slot");
    if (!lease) {
      sp.log("run slot wait", { pickupMs: Date.now() - job.timestamp });
      const waited = now().getTime() - run.createdAt.getTime();
      if (run.kind === "study" || waited >= limitMs) {
        await fail(run, ["queued"], failure("busy", `Every run slot of the account (${plan.concurrentRuns} at once on plan ${plan.name}) stayed taken for ${Math.round(waited / 1000)} s.`, true));
        return;
      }
      const delay = Math.min(SLOT_RETRY_MS + Math.floor(Math.random() * SLOT_RETRY_MS), Math.max(1, limitMs - waited));
      await job.moveToDelayed(Date.now() + delay, token);
      // Delayed first, then listed: a release that pops it can promote it.
      if (deps.queue) await deps.redis.multi().zadd(waitingKey(account.id), Date.now(), run.id).pexpire(waitingKey(account.id), WAITING_TTL_MS).exec().catch(() => null);
      throw new DelayedError();
    }

    const controller = new AbortController();
    // Subscribed before the move to running, so a cancel sent once it runs is always heard.
    const stopListening = await deps.cancels.listen(run.id, () => controller.abort());
    try {
      const startedAt = now();
      const marked = await markRunning(db, run.id, startedAt);
      if (!marked) {
        const latest = await findRun(db, run.id);
        if (latest?.status === "queued" && latest.cancelRequested) await fail(latest, ["queued"], failure("cancelled", "The run was cancelled.", false));
        return;
      }
      // Not awaited: later messages on this connection are sent after it all the same.
      void publish(run.id, { type: "status", status: "running" });
      sp.mark("running");
      const running: Run = { ...run, status: "running", startedAt };
      await execute(running, await inputs, { accountId: account.id, handle: account.handle, limitMs, eventsPerMonth: plan.eventsPerMonth }, startedAt, controller.signal, sp);
    } catch (error) {
      deps.logger.error({ err: error, runId: run.id }, "run failed on our side");
      await fail(run, ["queued", "running"], failure("internal", "The run failed on our side; running it again should work.", true)).catch(() => false);
    } finally {
      await Promise.all([stopListening(), lease.release().catch(() => undefined)]);
      await wakeOne(account.id).catch((error: unknown) => deps.logger.warn({ err: error, runId: run.id }, "could not wake a waiting run"));
      sp.mark("release");
      sp.log("run timings", { bars: run.windowBars, pickupMs: (job.processedOn ?? Date.now()) - job.timestamp });
    }
  };

  /**
   * The version (immutable, cached by id) first: its warmup for the run's inputs fixes the read,
   * which also gives the instrument. Default inputs: the Interface's warmup; other inputs: an
   * analysis of the program with them, cached by (owner, digest, inputs) (./warmup.ts).
   */
  async function prefetch(run: Run, account: { id: string; handle: string }): Promise<Prefetched> {
    const version = run.scriptId ? await versions.get(run.scriptId, run.scriptVersion) : null;
    // Imports are resolved as the script's owner; the owner is read only when a script imports
    // or its warmup is analysed.
    let resolver: Promise<ScriptResolver> | null = null;
    const resolverOf = (): Promise<ScriptResolver> => (resolver ??= (async () => {
      const owner = await db.account.findUnique({ where: { id: run.scriptOwnerId }, select: { id: true, handle: true } });
      return createScriptResolver(db, { accountId: owner?.id ?? account.id, handle: owner?.handle ?? account.handle });
    })());
    if (!version || run.kind === "study") return { version, warmup: 0, series: null, resolverOf };
    const warmup = await warmups.warmupFor(version, run.inputs as Record<string, unknown> | null, run.scriptOwnerId, resolverOf);
    const series = run.windowBars > 0 && run.windowFrom && run.windowTo
      ? await barCache.read(db, { symbol: run.instrument, timeframe: run.timeframe as Timeframe, before: warmup, from: run.windowFrom, to: run.windowTo })
      : null;
    return { version, warmup, series, resolverOf };
  }

  async function execute(run: Run, fetched: Prefetched, account: { accountId: string; handle: string; limitMs: number; eventsPerMonth: number }, startedAt: Date, signal: AbortSignal, sp: Spans): Promise<void> {
    // The checks below keep their order.
    const { version, warmup, series, resolverOf } = fetched;
    const instrument = series ? series.instrument : await db.instrument.findUnique({ where: { symbol: run.instrument } });
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
    sp.mark("rows");
    const { bars, windowStart } = series && series.instrument
      ? series
      : await readBars(db, { instrumentId: instrument.id, timeframe: run.timeframe as Timeframe, before: warmup, from: run.windowFrom, to: run.windowTo });
    const windowBars = bars.length - windowStart;
    if (windowBars <= 0) {
      await fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${run.windowFrom.toISOString().slice(0, 10)} and ${run.windowTo.toISOString().slice(0, 10)}.`));
      return;
    }
    sp.mark("bars");
    const elapsed = now().getTime() - startedAt.getTime();
    const remaining = Math.max(1, account.limitMs - elapsed);
    const outcome = await deps.pool.run(
      evalTask({
        cacheKey: `${run.scriptOwnerId}:${version.digest}:${run.kind}`,
        kind: run.kind,
        files: version.files as unknown as SourceFile[],
        interface: iface,
        bars,
        windowStart,
        run,
        instrument,
        remaining,
        maxEvents: MAX_EVENTS,
      }),
      { timeoutMs: remaining + 500, signal, resolve: async (ref) => (await resolverOf()).resolve(ref) },
    );
    sp.mark("sandbox");
    if (outcome.ok && outcome.result.threadMs) sp.note(outcome.result.threadMs);
    const duration = (now().getTime() - startedAt.getTime()) / 1000;
    if (!outcome.ok) {
      // What the thread reported evaluated (warmup included) before it stopped or was terminated;
      // a script that did not compile evaluated nothing.
      const evaluated = Math.min(bars.length, Math.max(0, outcome.barsEvaluated));
      const summary = summaryOf(run, windowStart, windowBars, evaluated, duration, []);
      const f = outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message);
      // Side by side: a cancel is answered as soon as the final state is published.
      await Promise.all([addUsage(db, run.accountId, now(), summary.compute_units), fail(run, ["running"], f, summary)]);
      return;
    }
    await complete(run, outcome.result, windowStart, duration, account, sp);
  }

  async function complete(run: Run, result: EvalResult, windowStart: number, duration: number, account: { accountId: string; eventsPerMonth: number }, sp: Spans): Promise<void> {
    const summary = summaryOf(run, windowStart, result.windowBars, result.barsEvaluated, duration, result.runtimeErrors);
    const finishedAt = now();
    const allErrors = result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars;
    // A succeeding indicator counts its units in the statement that stores its outputs.
    if (allErrors || run.kind === "definition") await addUsage(db, run.accountId, finishedAt, summary.compute_units);
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
    sp.mark("usage");
    const columns = { names: result.outputs.map((o) => o.name), time: result.times, values: result.outputs.map((o) => o.values) };
    const ok = await succeedWithOutputs(db, run, summary, summary.compute_units, columns, finishedAt);
    sp.mark("write");
    // The final row goes with the message: a long poll answers from it without a read.
    const final: Run = { ...run, status: "succeeded", failureKind: null, failureMessage: null, failureRetryable: null, summary: summary as unknown as Run["summary"], finishedAt, expiresAt: new Date(finishedAt.getTime() + RESULTS_TTL_MS) };
    if (ok) await publish(run.id, { type: "status", status: "succeeded", run: JSON.parse(JSON.stringify(final)) as Record<string, unknown> });
    sp.mark("publish");
  }
}

interface Prefetched {
  version: Awaited<ReturnType<VersionCache["get"]>>;
  warmup: number;
  series: Awaited<ReturnType<BarChunkCache["read"]>> | null;
  /** The script owner's resolver (imports, warmup analysis), made once per run when asked. */
  resolverOf: () => Promise<ScriptResolver>;
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
