// The run processor: takes a run job (id only), a runs-at-once slot of the account (slots.ts),
// moves the run to `running` (lifecycle.ts), makes the checks every kind shares, then hands it to
// the module of its kind (kinds/), which evaluates it in the sandbox pool and writes its
// results. It returns the final state this worker brought the run to (null: none), which the
// metrics count.
import type { Job, Queue } from "bullmq";
import type { Redis } from "ioredis";
import type { Logger } from "pino";
import { backfillingFailure, failure, findRun, findRunWithPlan, startRunWithPlan, VersionCache, type Db, type Run, type RunWithPlan } from "@barscript/db";
import { createLimits, type Limits } from "@barscript/limits";
import { BarChunkCache } from "@barscript/marketdata";
import { runChannel, spans, type RunJobData, type Spans } from "@barscript/queue";
import type { FinishedRun } from "../metrics";
import type { CancelListener } from "./cancels";
import { RUN_KINDS, runKind, type KindContext, type Prefetched, type RunAccountInfo, type RunKind } from "./kinds";
import { RunLifecycle, statusPublisher } from "./lifecycle";
import type { SandboxPool } from "./pool";
import { RunSlots } from "./slots";
import { RunWarmup } from "./warmup";

export { SLOT_RETRY_MS } from "./slots";

/** startWithSlot's answer when the run goes the usual way (read first). */
const READ_FIRST = Symbol("read first");

/** Plan figures an account's runs were last read with, by account (bounded: the oldest go first). */
export class PlanLimits {
  private readonly byAccount = new Map<string, number>();

  constructor(private readonly max = 10_000) {}

  get(accountId: string): number | undefined {
    return this.byAccount.get(accountId);
  }

  set(accountId: string, concurrentRuns: number): void {
    if (this.byAccount.get(accountId) === concurrentRuns) return;
    this.byAccount.delete(accountId);
    this.byAccount.set(accountId, concurrentRuns);
    if (this.byAccount.size > this.max) this.byAccount.delete(this.byAccount.keys().next().value as string);
  }
}

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

export type RunProcessor = (job: Job<RunJobData>, token: string | undefined) => Promise<FinishedRun | null>;

export function createRunProcessor(deps: RunProcessorDeps): RunProcessor {
  const now = deps.now ?? (() => new Date());
  const db = deps.db;
  const lifecycle = new RunLifecycle(db, statusPublisher(deps.redis, deps.prefix), now);
  const slots = new RunSlots({ redis: deps.redis, prefix: deps.prefix, limits: deps.limits ?? createLimits({ redis: deps.redis, prefix: deps.prefix }), logger: deps.logger, ...(deps.queue ? { queue: deps.queue } : {}) });
  const ctx: KindContext = { db, pool: deps.pool, bars: deps.bars ?? new BarChunkCache(64 * 1024 * 1024), versions: new VersionCache(db), warmups: new RunWarmup(), lifecycle, now };
  const cancelled = (run: Run): Promise<FinishedRun | null> => lifecycle.fail(run, ["queued"], failure("cancelled", "The run was cancelled.", false));
  const accountInfo = (found: RunWithPlan): RunAccountInfo => {
    const plan = found.plan;
    return { accountId: found.account.id, handle: found.account.handle, limitMs: plan.runTimeLimitSeconds * 1000, eventsPerMonth: plan.eventsPerMonth, concurrentRuns: plan.concurrentRuns };
  };

  // The runs at once of each account's plan as this process last read it: a run of a known
  // account takes its slot under that figure before its read, and the read moves it to running
  // only if the plan still says the same (docs/adr/0125-slot-before-the-read.md).
  const limits = new PlanLimits();
  const kinds = [...RUN_KINDS.keys()];

  return async (job, token) => {
    const runId = job.data.runId;
    const sp = spans(deps.logger, runId);
    const accountId = job.data.accountId;
    const limit = accountId === undefined ? undefined : limits.get(accountId);
    if (accountId !== undefined && limit !== undefined) {
      const early = await startWithSlot(job, accountId, limit, sp);
      if (early !== READ_FIRST) return early;
    }
    return readThenStart(job, token, sp);
  };

  /**
   * The slot first (under the plan's last known runs at once), then one statement that reads the
   * run and moves it to running: one round trip fewer than readThenStart. READ_FIRST when no slot
   * was free or the run did not move (not queued, being cancelled, another kind, another plan
   * figure): the slot is given back and readThenStart decides, as for any run.
   */
  async function startWithSlot(job: Job<RunJobData>, accountId: string, limit: number, sp: Spans): Promise<FinishedRun | null | typeof READ_FIRST> {
    const runId = job.data.runId;
    const lease = await slots.acquire({ id: accountId, plan: { concurrentRuns: limit } }, runId);
    sp.mark("slot");
    if (!lease) return READ_FIRST;
    const controller = new AbortController();
    // Listening before the move to running, so a cancel sent once it runs is always heard.
    const stopListening = await deps.cancels.listen(runId, () => controller.abort());
    lifecycle.hold(runId);
    let started: Awaited<ReturnType<typeof startRunWithPlan>> = null;
    try {
      started = await startRunWithPlan(db, runId, now(), { accountId, concurrentRuns: limit, kinds });
      if (started) limits.set(started.found.account.id, started.found.plan.concurrentRuns);
      const running = started?.running;
      if (!started || !running) return started ? READ_FIRST : null;
      sp.mark("running");
      const kind = runKind(running.kind) as RunKind;
      const account = accountInfo(started.found);
      const fetched = await kind.prefetch(ctx, running, account, started.found.series);
      sp.mark("prefetch");
      return await execute(kind, running, account, fetched, controller.signal, sp);
    } catch (error) {
      deps.logger.error({ err: error, runId }, "run failed on our side");
      if (!started?.running) throw error;
      return await lifecycle.fail(started.running, ["running"], failure("internal", "The run failed on our side; running it again should work.", true)).catch(() => null);
    } finally {
      stopListening();
      const message = lifecycle.take(runId);
      await slots.release(lease, accountId, runId, message === null ? null : { channel: runChannel(deps.prefix, runId), message, callPlaces: job.data.places });
      sp.mark("release");
      if (started?.running) sp.log("run timings", { bars: started.running.windowBars, pickupMs: (job.processedOn ?? Date.now()) - job.timestamp });
    }
  }

  /** The run, its account and plan first, then its slot and the move to running. */
  async function readThenStart(job: Job<RunJobData>, token: string | undefined, sp: Spans): Promise<FinishedRun | null> {
    const runId = job.data.runId;
    // The run, its account and plan, and its chart series in one query.
    const found = await findRunWithPlan(db, runId);
    if (found) limits.set(found.account.id, found.plan.concurrentRuns);
    if (!found || found.run.status !== "queued") return null;
    const { run, plan } = found;
    sp.mark("load");
    if (run.cancelRequested) return cancelled(run);
    const kind = runKind(run.kind);
    if (!kind) return lifecycle.fail(run, ["queued"], failure("internal", `This worker does not run ${run.kind} runs.`, true));
    const account = accountInfo(found);

    // The kind's reads happen while the slot, the subscription and the move to running do
    // (reads only; unused if the run does not start).
    const prefetchedAt = performance.now();
    const prefetched = kind.prefetch(ctx, run, account, found.series);
    // its own length in the timing spans (it runs beside the next steps)
    prefetched.then(() => sp.note({ prefetch: performance.now() - prefetchedAt }), () => undefined);

    const lease = await slots.acquire({ id: account.accountId, plan }, run.id);
    sp.mark("slot");
    if (!lease) {
      sp.log("run slot wait", { pickupMs: Date.now() - job.timestamp });
      // A run waits for a slot at most its time limit from creation.
      const waited = now().getTime() - run.createdAt.getTime();
      if (kind.failsWhenBusy || waited >= account.limitMs) {
        return lifecycle.fail(run, ["queued"], failure("busy", `Every run slot of the account (${plan.concurrentRuns} at once on plan ${plan.name}) stayed taken for ${Math.round(waited / 1000)} s.`, true));
      }
      return slots.defer(job, token, account.accountId, account.limitMs - waited);
    }

    const controller = new AbortController();
    // Listening before the move to running, so a cancel sent once it runs is always heard.
    const stopListening = await deps.cancels.listen(run.id, () => controller.abort());
    // Its final message goes out with the slot's release below (one round trip).
    lifecycle.hold(run.id);
    try {
      const running = await lifecycle.start(run);
      if (!running) {
        const latest = await findRun(db, run.id);
        return latest?.status === "queued" && latest.cancelRequested ? await cancelled(latest) : null;
      }
      sp.mark("running");
      return await execute(kind, running, account, await prefetched, controller.signal, sp);
    } catch (error) {
      deps.logger.error({ err: error, runId: run.id }, "run failed on our side");
      return await lifecycle.fail(run, ["queued", "running"], failure("internal", "The run failed on our side; running it again should work.", true)).catch(() => null);
    } finally {
      stopListening();
      const message = lifecycle.take(run.id);
      await slots.release(lease, account.accountId, run.id, message === null ? null : { channel: runChannel(deps.prefix, run.id), message, callPlaces: job.data.places });
      sp.mark("release");
      sp.log("run timings", { bars: run.windowBars, pickupMs: (job.processedOn ?? Date.now()) - job.timestamp });
    }
  }

  /** The checks every kind shares, in this order, then the kind's own steps. */
  async function execute(kind: RunKind, run: Run, account: RunAccountInfo, fetched: Prefetched, signal: AbortSignal, sp: Spans): Promise<FinishedRun | null> {
    const { version, series } = fetched;
    const instrument = series?.instrument ?? (await db.instrument.findUnique({ where: { symbol: run.instrument } }));
    if (!instrument) return lifecycle.fail(run, ["running"], failure("out_of_coverage", `No instrument ${run.instrument} any more.`));
    if (instrument.status === "backfilling") {
      return lifecycle.fail(run, ["running"], backfillingFailure(run.instrument));
    }
    const { windowFrom, windowTo } = run;
    if (run.windowBars === 0 || !windowFrom || !windowTo) {
      const a = run.requestedFrom ? ` from ${run.requestedFrom.toISOString().slice(0, 10)}` : "";
      const b = run.requestedTo ? ` up to ${run.requestedTo.toISOString().slice(0, 10)}` : "";
      return lifecycle.fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument}${a}${b}.`));
    }
    if (!version) return lifecycle.fail(run, ["running"], failure("script", `Version ${run.scriptVersion} of "${run.scriptSlug}" no longer exists.`));
    return kind.execute(ctx, { run: { ...run, windowFrom, windowTo }, account, version, instrument, signal, sp }, fetched);
  }
}
