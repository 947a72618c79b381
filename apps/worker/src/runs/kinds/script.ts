// The steps indicator and definition runs share: the prefetch (the version, its warmup for the
// run's inputs, then the bars through the per-process chunk cache) and the evaluation of one
// script in a sandbox thread; each kind then writes its results in its own `complete`.
import { addUsage, createScriptResolver, failure, MAX_EVENTS_PER_RUN, type Run, type RunSummary, type ScriptResolver } from "@barscript/db";
import type { ScriptInterface, ScriptKind, SourceFile } from "@barscript/lang";
import type { Timeframe } from "@barscript/marketdata";
import { runSummary } from "../lifecycle";
import { evalTask, type EvalResult } from "../protocol";
import type { KindContext, KindOutcome, Prefetched, RunAccountInfo, RunKind, StartedRun } from "./types";

/** Grace past the time limit before the pool terminates a thread that did not stop on its own. */
export const HARD_STOP_GRACE_MS = 500;

/** The script owner's resolver, made on first use (imports resolve as the owner). */
export function ownerResolver(ctx: KindContext, run: Run, account: RunAccountInfo): () => Promise<ScriptResolver> {
  let resolver: Promise<ScriptResolver> | null = null;
  return () => (resolver ??= (async () => {
    const owner = await ctx.db.account.findUnique({ where: { id: run.scriptOwnerId }, select: { id: true, handle: true } });
    return createScriptResolver(ctx.db, { accountId: owner?.id ?? account.accountId, handle: owner?.handle ?? account.handle });
  })());
}

/**
 * The version (immutable, cached by id) first: its warmup for the run's inputs fixes the read,
 * which also gives the instrument. Default inputs: the Interface's warmup; other inputs: an
 * analysis of the program with them, cached by (owner, digest, inputs) (../warmup.ts).
 */
async function prefetchScript(ctx: KindContext, run: Run, account: RunAccountInfo): Promise<Prefetched> {
  const version = run.scriptId ? await ctx.versions.get(run.scriptId, run.scriptVersion) : null;
  const resolverOf = ownerResolver(ctx, run, account);
  if (!version) return { version, series: null, resolverOf };
  const warmup = await ctx.warmups.warmupFor(version, run.inputs as Record<string, unknown> | null, run.scriptOwnerId, resolverOf);
  const series = run.windowBars > 0 && run.windowFrom && run.windowTo
    ? await ctx.bars.read(ctx.db, { symbol: run.instrument, timeframe: run.timeframe as Timeframe, before: warmup, from: run.windowFrom, to: run.windowTo })
    : null;
  return { version, series, resolverOf };
}

/** What a script kind adds to the shared steps: how its results are kept. */
export type Complete = (ctx: KindContext, started: StartedRun, result: EvalResult, summary: RunSummary) => Promise<KindOutcome>;

/** A kind that evaluates one script over the run's bars and keeps its results with `complete`. */
export function scriptKind(kind: ScriptKind, complete: Complete): RunKind {
  return {
    kind,
    prefetch: prefetchScript,
    async execute(ctx, started, fetched) {
      const { run, account, version, instrument, signal, sp } = started;
      const read = fetched.series;
      if (!read || !read.instrument) throw new Error(`the ${kind} run ${run.id} was started without its bars`);
      const { bars, windowStart } = read;
      const windowBars = bars.length - windowStart;
      if (windowBars <= 0) {
        return ctx.lifecycle.fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${run.windowFrom.toISOString().slice(0, 10)} and ${run.windowTo.toISOString().slice(0, 10)}.`));
      }
      sp.mark("bars");
      const outcome = await ctx.pool.run(
        evalTask({
          cacheKey: `${run.scriptOwnerId}:${version.digest}:${run.kind}`,
          kind,
          files: version.files as unknown as SourceFile[],
          interface: version.interface as unknown as ScriptInterface,
          bars,
          windowStart,
          run,
          instrument,
          remaining: account.limitMs,
          maxEvents: MAX_EVENTS_PER_RUN,
        }),
        { timeoutMs: account.limitMs + HARD_STOP_GRACE_MS, signal, account: { id: account.accountId, maxThreads: account.concurrentRuns }, resolve: async (ref) => (await fetched.resolverOf()).resolve(ref) },
      );
      sp.mark("sandbox");
      if (outcome.ok && outcome.result.threadMs) sp.note(outcome.result.threadMs);
      const durationSeconds = (ctx.now().getTime() - (run.startedAt as Date).getTime()) / 1000;
      if (!outcome.ok) {
        // What the thread reported evaluated (warmup included) before it stopped or was
        // terminated; a script that did not compile evaluated nothing.
        const evaluated = Math.min(bars.length, Math.max(0, outcome.barsEvaluated));
        const summary = runSummary({ bars: windowBars, warmupBars: windowStart, barsEvaluated: evaluated, durationSeconds });
        const f = outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message);
        // Side by side: a cancel is answered as soon as the final state is published.
        const [, done] = await Promise.all([addUsage(ctx.db, run.accountId, ctx.now(), summary.compute_units), ctx.lifecycle.fail(run, ["running"], f, summary)]);
        return done;
      }
      const result = outcome.result;
      const summary = runSummary({ bars: result.windowBars, warmupBars: windowStart, barsEvaluated: result.barsEvaluated, durationSeconds, errors: result.runtimeErrors });
      if (result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars) {
        await addUsage(ctx.db, run.accountId, ctx.now(), summary.compute_units);
        const first = summary.runtime_errors[0];
        return ctx.lifecycle.fail(run, ["running"], failure("script", `The script raised a runtime error on every bar of its window${first ? `: ${first.message}` : ""}.`), summary);
      }
      return complete(ctx, started, result, summary);
    },
  };
}
