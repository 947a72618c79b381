// The sweep processor (docs/adr/0056-sweeps.md): takes a sweep job (id only), one runs-at-once
// slot of the account (the runs' semaphore, so a sweep and the account's runs share the plan's
// runs at once), moves the sweep to `running`, reads each instrument's bars once, evaluates
// every (combination, instrument) pair in the sandbox threads (./evaluate.ts), ranks nothing
// (rows are kept in combination order; the API sorts them per request) and keeps the rows with
// the succeeded state. Each evaluation has the plan's time limit, the whole sweep ten times it.
import type { Job } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { addUsage, backfillingFailure, createScriptResolver, failure, finishSweep, markSweepRunning, orderedGrid, setSweepProgress, type Db, type Failure, type Sweep, type SweepSpec, type SweepSummary } from "@barscript/db";
import { gridCombinations, type RequestedContext, type ScriptInterface, type SourceFile } from "@barscript/lang";
import { createLimits } from "@barscript/limits";
import type { BarChunkCache } from "@barscript/marketdata";
import { runChannel } from "@barscript/queue";
import type { CancelListener } from "../runs/cancels";
import type { SandboxPool } from "../runs/pool";
import { aroundWindow, readAroundWindow } from "../runs/around-window";
import { contextKey, fetchContexts, MAX_CONTEXTS, staticRequests } from "../runs/requests";
import { RunSlots } from "../runs/slots";
import { RunWarmup } from "../runs/warmup";
import { evaluateSweep, type InstrumentBars } from "./evaluate";

/**
 * The inputs that may name different contexts across a grid: only a string input names a symbol
 * or timeframe, so the combinations differing in numbers and booleans alone are asked once.
 */
function contextInputs(fixed: Record<string, unknown>, combinations: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  const distinct = new Map<string, Record<string, unknown>>();
  for (const c of combinations) {
    const strings = Object.entries(c).filter(([, v]) => typeof v === "string");
    const key = JSON.stringify(strings);
    if (!distinct.has(key)) distinct.set(key, { ...fixed, ...Object.fromEntries(strings) });
  }
  return distinct.size > 0 ? [...distinct.values()] : [{ ...fixed }];
}

/** The whole sweep's time limit, in plan time limits of one run. */
export const SWEEP_LIMIT_FACTOR = 10;
const TIMED_OUT = "sweep_timeout";

export interface SweepJobData {
  runId: string;
}

export interface SweepProcessorDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  prefix: string;
  pool: SandboxPool;
  cancels: CancelListener;
  bars: BarChunkCache;
  now?: () => Date;
}

export type SweepProcessor = (job: Job<SweepJobData>, token: string | undefined) => Promise<string | null>;

export function createSweepProcessor(deps: SweepProcessorDeps): SweepProcessor {
  const now = deps.now ?? (() => new Date());
  const { db } = deps;
  const slots = new RunSlots({ redis: deps.redis, prefix: deps.prefix, limits: createLimits({ redis: deps.redis, prefix: deps.prefix }), logger: deps.logger });
  const warmups = new RunWarmup();
  const publish = (id: string, status: string): Promise<unknown> => deps.redis.publish(runChannel(deps.prefix, id), JSON.stringify({ type: "status", status })).catch(() => 0);
  const empty = (s: Sweep): SweepSummary => ({ combinations: s.progressTotal / Math.max(1, (s.spec as unknown as SweepSpec).instruments.length), evaluations: 0, bars_evaluated: 0, compute_units: 0, events: 0, duration: 0 });
  const fail = async (s: Sweep, from: Array<"queued" | "running">, f: Failure, summary: SweepSummary, progressDone?: number): Promise<string | null> => {
    const status = f.kind === "cancelled" ? "cancelled" : "failed";
    if (!(await finishSweep(db, s.id, from, { status, failure: f, summary, ...(progressDone !== undefined ? { progressDone } : {}) }, now()))) return null;
    await publish(s.id, status);
    return status;
  };

  return async (job, token) => {
    const found = await db.sweep.findUnique({ where: { id: job.data.runId }, include: { account: { include: { plan: true } } } });
    if (!found || found.status !== "queued") return null;
    const { account, ...sweep } = found;
    const plan = account.plan;
    if (sweep.cancelRequested) return fail(sweep, ["queued"], failure("cancelled", "The sweep was cancelled.", false), empty(sweep));
    const limitMs = plan.runTimeLimitSeconds * 1000;
    const lease = await slots.acquire({ id: account.id, plan }, sweep.id);
    if (!lease) {
      const waited = now().getTime() - sweep.createdAt.getTime();
      if (waited >= limitMs) return fail(sweep, ["queued"], failure("busy", `Every run slot of the account (${plan.concurrentRuns} at once on plan ${plan.name}) stayed taken for ${Math.round(waited / 1000)} s.`, true), empty(sweep));
      return slots.defer(job, token, account.id, limitMs - waited);
    }
    const controller = new AbortController();
    const stopListening = await deps.cancels.listen(sweep.id, () => controller.abort("The sweep was cancelled."));
    const overall = setTimeout(() => controller.abort(TIMED_OUT), SWEEP_LIMIT_FACTOR * limitMs);
    try {
      const startedAt = now();
      if (!(await markSweepRunning(db, sweep.id, startedAt))) {
        const latest = await db.sweep.findUnique({ where: { id: sweep.id } });
        return latest?.status === "queued" ? fail(latest, ["queued"], failure("cancelled", "The sweep was cancelled.", false), empty(latest)) : null;
      }
      await publish(sweep.id, "running");
      return await run({ ...sweep, status: "running", startedAt }, { id: account.id, handle: account.handle, computeUnitsPerMonth: plan.computeUnitsPerMonth, concurrentRuns: plan.concurrentRuns, limitMs }, controller.signal);
    } catch (error) {
      deps.logger.error({ err: error, sweepId: sweep.id }, "sweep failed on our side");
      return await fail(sweep, ["queued", "running"], failure("internal", "The sweep failed on our side; running it again should work.", true), empty(sweep)).catch(() => null);
    } finally {
      clearTimeout(overall);
      await Promise.all([stopListening(), slots.release(lease, account.id, sweep.id)]);
    }
  };

  async function run(sweep: Sweep, account: { id: string; handle: string; computeUnitsPerMonth: number; concurrentRuns: number; limitMs: number }, signal: AbortSignal): Promise<string | null> {
    const spec = sweep.spec as unknown as SweepSpec;
    const started = (sweep.startedAt as Date).getTime();
    const combinations = gridCombinations(orderedGrid(spec));
    const figures = (barsEvaluated: number, evaluations: number, events: number): SweepSummary => ({
      combinations: combinations.length,
      evaluations,
      bars_evaluated: barsEvaluated,
      compute_units: Math.ceil(barsEvaluated / 1000),
      events,
      duration: Math.round(now().getTime() - started) / 1000,
    });
    const version = sweep.scriptId ? await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: sweep.scriptId, version: sweep.scriptVersion } } }) : null;
    if (!version) return fail(sweep, ["running"], failure("script", `Version ${sweep.scriptVersion} of "${sweep.scriptSlug}" no longer exists.`), figures(0, 0, 0));
    const owner = await db.account.findUnique({ where: { id: sweep.scriptOwnerId }, select: { id: true, handle: true } });
    const resolver = createScriptResolver(db, { accountId: owner?.id ?? account.id, handle: owner?.handle ?? account.handle });
    const resolverOf = () => Promise.resolve(resolver);

    // The largest warmup over the combinations: every instrument's bars are read once.
    let warmup = 0;
    for (const c of combinations) warmup = Math.max(warmup, await warmups.warmupFor(version, { ...spec.inputs, ...c }, sweep.scriptOwnerId, resolverOf));
    const instruments: InstrumentBars[] = [];
    for (const i of spec.instruments) {
      // a sweep keeps events, made on their own bar: no bars after the window (../runs/around-window.ts)
      const around = await aroundWindow(warmups, { version, inputs: spec.inputs, scope: sweep.scriptOwnerId, resolverOf, windowBars: i.bars, warmup, keeps: "events" });
      const reads = readAroundWindow(deps.bars, db, { symbol: i.symbol, timeframe: spec.timeframe, from: new Date(i.from), to: new Date(i.to) }, around);
      const read = await reads.chart;
      if (!read.instrument || read.bars.length - read.windowStart <= 0) {
        return fail(sweep, ["running"], failure("out_of_coverage", `No ${spec.timeframe} bars for ${i.symbol} between ${i.from.slice(0, 10)} and ${i.to.slice(0, 10)}.`), figures(0, 0, 0));
      }
      // as a run over it fails (../runs/processor.ts)
      if (read.instrument.status === "backfilling") return fail(sweep, ["running"], backfillingFailure(i.symbol), figures(0, 0, 0));
      const { timezone, session, name, assetClass, currency, exchange } = read.instrument;
      // the contexts the definition's requests name for any combination, read once for all of them
      // (as a run reads them, ../runs/requests.ts): without them request.* was a runtime error of every bar
      const wanted = new Map<string, RequestedContext>();
      for (const inputs of contextInputs(spec.inputs, combinations)) {
        for (const r of staticRequests(version.files as unknown as SourceFile[], { symbol: i.symbol, timeframe: spec.timeframe, ...(exchange !== undefined ? { exchange } : {}) }, inputs).contexts) wanted.set(contextKey(r), r);
      }
      const contexts = wanted.size > 0 ? await fetchContexts(db, deps.bars, [...wanted.values()].slice(0, MAX_CONTEXTS), await reads.contexts) : [];
      instruments.push({ symbol: i.symbol, timezone, session, name, assetClass, currency, exchange, bars: read.bars, windowStart: read.windowStart, contexts });
    }

    const usage = await db.usageCounter.findUnique({ where: { accountId_period: { accountId: sweep.accountId, period: new Date(Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), 1)) } } });
    const unitsLeft = account.computeUnitsPerMonth - Number(usage?.computeUnits ?? 0n);
    let lastWrite = 0;
    let pending: Promise<void> = Promise.resolve();
    const result = await evaluateSweep({
      id: sweep.id,
      accountId: account.id,
      files: version.files as unknown as SourceFile[],
      iface: version.interface as unknown as ScriptInterface,
      spec,
      combinations,
      instruments,
      limitMs: account.limitMs,
      threads: account.concurrentRuns,
      unitsLeft,
      signal,
      pool: deps.pool,
      resolve: (ref) => resolver.resolve(ref),
      onProgress: (done) => {
        // At most a few writes a second: progress is for people watching.
        if (Date.now() - lastWrite < 250 && done < sweep.progressTotal) return;
        lastWrite = Date.now();
        pending = pending.then(() => setSweepProgress(db, sweep.id, done)).catch(() => undefined);
      },
    });
    await pending;
    const finishedAt = now();
    if (!result.ok) {
      const summary = figures(result.barsEvaluated, result.done, 0);
      await addUsage(db, sweep.accountId, finishedAt, summary.compute_units);
      if (signal.reason === TIMED_OUT) {
        return fail(sweep, ["running"], failure("timeout", `The sweep passed its time limit of ${(SWEEP_LIMIT_FACTOR * account.limitMs) / 1000} s (ten times the plan's run time limit) after ${result.done} of ${sweep.progressTotal} evaluations.`), summary, result.done);
      }
      if (result.kind === "plan_limit") return fail(sweep, ["running"], failure("plan_limit", result.message, false), summary, result.done);
      if (result.kind === "cancelled") return fail(sweep, ["running"], failure("cancelled", "The sweep was cancelled.", false), summary, result.done);
      return fail(sweep, ["running"], failure(result.kind, result.message), summary, result.done);
    }
    // The rows' statistics (the bootstrap above all) in slices, within the sweep's time limit and cancel.
    const rows = await result.accumulator.rowsInSlices(() => signal.aborted);
    if (rows === null) {
      const summary = figures(result.barsEvaluated, sweep.progressTotal, 0);
      await addUsage(db, sweep.accountId, now(), summary.compute_units);
      if (signal.reason === TIMED_OUT) {
        return fail(sweep, ["running"], failure("timeout", `The sweep passed its time limit of ${(SWEEP_LIMIT_FACTOR * account.limitMs) / 1000} s while computing the statistics of its rows, after all ${sweep.progressTotal} evaluations.`), summary, sweep.progressTotal);
      }
      return fail(sweep, ["running"], failure("cancelled", "The sweep was cancelled.", false), summary, sweep.progressTotal);
    }
    const summary = figures(result.barsEvaluated, sweep.progressTotal, rows.reduce((a, r) => a + r.events, 0));
    const doneAt = now();
    await addUsage(db, sweep.accountId, doneAt, summary.compute_units);
    if (!(await finishSweep(db, sweep.id, ["running"], { status: "succeeded", summary, rows: JSON.stringify(rows), progressDone: sweep.progressTotal }, doneAt))) return null;
    await publish(sweep.id, "succeeded");
    return "succeeded";
  }
}
