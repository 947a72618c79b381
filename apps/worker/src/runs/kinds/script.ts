// The steps indicator and definition runs share: the prefetch (the version, its warmup for the
// run's inputs, then the bars through the per-process chunk cache) and the evaluation of one
// script in a sandbox thread; each kind then writes its results in its own `complete`.
import { addUsage, createScriptResolver, failure, MAX_EVENTS_PER_RUN, openOutputStream, OUTPUT_CHUNK_POINTS, STREAM_CHUNK_BYTES, type OutputStream, type Run, type RunSeries, type RunSummary, type ScriptResolver } from "@barscript/db";
import { failureText } from "../failure-text";
import type { Bars, ContextBars, RequestedContext, ScriptInterface, ScriptKind, SourceFile } from "@barscript/lang";
import { runSummary } from "../lifecycle";
import { evalTask, type EvalResult, type EvalTask } from "../protocol";
import { contextKey, evaluateWithContexts, fetchContexts, staticRequests } from "../requests";
import { releaseChunkMemory, type StreamRequest } from "../stream-chunks";
import { aroundWindow, barsAfterWindow, readAroundWindow, trimToWindow, type KindKeeps } from "../around-window";
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
 * which also gives the instrument (its series metadata read with the run). Default inputs: the Interface's warmup; other inputs: an
 * analysis of the program with them, cached by (owner, digest, inputs) (../warmup.ts). The bars
 * around the window (calc_bars_count before it, a negative plot offset's after it) are every
 * kind's (../around-window.ts).
 */
async function prefetchScript(ctx: KindContext, run: Run, account: RunAccountInfo, chart: RunSeries | null, keeps: KindKeeps): Promise<Prefetched> {
  const version = run.scriptId ? await ctx.versions.get(run.scriptId, run.scriptVersion) : null;
  const resolverOf = ownerResolver(ctx, run, account);
  if (!version) return { version, series: null, resolverOf };
  const inputs = run.inputs as Record<string, unknown> | null;
  const warmup = await ctx.warmups.warmupFor(version, inputs, run.scriptOwnerId, resolverOf);
  if (!(run.windowBars > 0 && run.windowFrom && run.windowTo)) return { version, series: null, resolverOf };
  const around = await aroundWindow(ctx.warmups, { version, inputs, scope: run.scriptOwnerId, resolverOf, windowBars: run.windowBars, warmup, keeps });
  // the contexts request.* names (one read each) beside the chart's series (which came with the run: only chunks not cached are read)
  const wanted = staticRequests(version.files as unknown as SourceFile[], { symbol: run.instrument, timeframe: run.timeframe, ...(chart ? { exchange: chart.instrument.exchange } : {}) }, inputs);
  const reads = readAroundWindow(ctx.bars, ctx.db, { symbol: run.instrument, timeframe: run.timeframe, from: run.windowFrom, to: run.windowTo }, around, chart);
  const [series, bars] = await Promise.all([
    reads.chart,
    wanted.contexts.length > 0 ? reads.contexts.then((cr) => fetchContexts(ctx.db, ctx.bars, wanted.contexts, cr)) : Promise.resolve([]),
  ]);
  const contexts = wanted.contexts.length > 0 || wanted.dynamic ? { bars, dynamic: wanted.dynamic, tried: wanted.contexts.map(contextKey), read: await reads.contexts } : undefined;
  return { version, series, resolverOf, ...(contexts ? { contexts } : {}) };
}

/** The instrument's session (syminfo.session, session.*, time(tf, session)) on the task's symbol. */
function withSession(session: string | undefined, task: EvalTask): EvalTask {
  return session ? { ...task, symbol: { ...task.symbol, session } } : task;
}

/**
 * What a script kind adds to the shared steps: how its results are kept (with the chunks already
 * stored during the evaluation when the kind streams its outputs).
 */
export type Complete = (ctx: KindContext, started: StartedRun, result: EvalResult, summary: RunSummary, stream: OutputStream | null) => Promise<KindOutcome>;

/**
 * Smallest output (bytes, times included) stored while the run evaluates: from about four chunks
 * on, the chunks stored beside the evaluation (on the core it leaves free) cost the end of the run
 * less than one write of them all after it (measured with a COPY; bound INSERTs since
 * docs/adr/0265); a 50,000-bar run of two plots (1.2 MB) streams its first four chunks
 * (docs/adr/0211-outputs-from-1-mib-stored-while-evaluating.md).
 */
export const STREAM_MIN_BYTES = 1024 * 1024;

/** Sent to the thread of a run whose outputs may be stored during its evaluation (../stream-chunks.ts). */
const STREAM: StreamRequest = { chunkPoints: OUTPUT_CHUNK_POINTS, chunkBytes: STREAM_CHUNK_BYTES, minBytes: STREAM_MIN_BYTES };

/**
 * A kind that evaluates one script over the run's bars and keeps its results with `complete`;
 * `keeps`: plot columns (bars after the window read for a negative offset) or events only;
 * `streams`: its outputs are run_output_chunks, which a run without requested contexts stores
 * while it evaluates (docs/adr/0095-output-chunks-during-evaluation.md).
 */
export function scriptKind(kind: ScriptKind, complete: Complete, options: { keeps: KindKeeps; streams?: boolean }): RunKind {
  const streams = options.streams ?? false;
  return {
    kind,
    prefetch: (ctx, run, account, chart) => prefetchScript(ctx, run, account, chart, options.keeps),
    async execute(ctx, started, fetched) {
      const { run } = started;
      const read = fetched.series;
      if (!read || !read.instrument) throw new Error(`the ${kind} run ${run.id} was started without its bars`);
      if (read.bars.length - read.windowStart <= 0) {
        return ctx.lifecycle.fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${run.windowFrom.toISOString().slice(0, 10)} and ${run.windowTo.toISOString().slice(0, 10)}.`));
      }
      started.sp.mark("bars");
      // one evaluation over the chart's bars alone (no requested contexts, no bars after the window): its finished chunks can be stored as it goes
      const after = barsAfterWindow(read);
      const stream = streams && !fetched.contexts && after === 0 ? openOutputStream(ctx.db, run.id, releaseChunkMemory) : null;
      try {
        return await evaluateAndKeep(ctx, kind, started, fetched, { bars: read.bars, windowStart: read.windowStart, after }, stream, complete);
      } catch (error) {
        await stream?.discard();
        throw error;
      }
    },
  };
}

/** The evaluation (again for each round of dynamic contexts found), then the run failed, or its results kept by `complete`. */
async function evaluateAndKeep(ctx: KindContext, kind: ScriptKind, started: StartedRun, fetched: Prefetched, chart: { bars: Bars; windowStart: number; after: number }, stream: OutputStream | null, complete: Complete): Promise<KindOutcome> {
  const { run, account, version, instrument, signal, sp } = started;
  const { bars, windowStart, after } = chart;
  const windowBars = bars.length - windowStart - after;
  const pre = fetched.contexts;
  const evaluateWith = (contexts: ContextBars[], evalBars: Bars, discover?: RequestedContext[]) => ctx.pool.run(
    withSession(instrument.session, {
      ...evalTask({
        cacheKey: `${run.scriptOwnerId}:${version.digest}:${run.kind}`,
        kind,
        files: version.files as unknown as SourceFile[],
        interface: version.interface as unknown as ScriptInterface,
        bars: evalBars,
        windowStart,
        run,
        instrument,
        remaining: account.limitMs,
        maxEvents: MAX_EVENTS_PER_RUN,
        contexts,
        ...(discover ? { discover } : {}),
      }),
      ...(stream ? { stream: STREAM } : {}),
    }),
    {
      timeoutMs: account.limitMs + HARD_STOP_GRACE_MS,
      signal,
      account: { id: account.accountId, maxThreads: account.concurrentRuns },
      resolve: async (ref) => (await fetched.resolverOf()).resolve(ref),
      ...(stream ? { onChunk: (seq: number, names: string[], data: Float64Array[]) => stream.add(seq, names, data) } : {}),
    },
  );
  const outcome = await evaluateWithContexts({
    contexts: pre?.bars ?? [],
    tried: pre?.tried ?? [],
    dynamic: pre?.dynamic ?? false,
    bars,
    evaluate: evaluateWith,
    fetch: (missing) => (pre ? fetchContexts(ctx.db, ctx.bars, missing, pre.read) : Promise.resolve([])),
    timeLeft: () => ctx.now().getTime() - (run.startedAt as Date).getTime() < account.limitMs,
  });
  sp.mark("sandbox");
  if (outcome.ok && outcome.result.threadMs) sp.note(outcome.result.threadMs);
  // chunks of a streamed run the server had stored when the evaluation's result came back
  if (stream) sp.note({ storedAtResult: stream.stored });
  const durationSeconds = (ctx.now().getTime() - (run.startedAt as Date).getTime()) / 1000;
  if (!outcome.ok) {
    // What the thread reported evaluated (warmup included) before it stopped or was
    // terminated; a script that did not compile evaluated nothing.
    const evaluated = Math.min(bars.length, Math.max(0, outcome.barsEvaluated));
    const summary = runSummary({ bars: windowBars, warmupBars: windowStart, barsEvaluated: evaluated, durationSeconds });
    const f = outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message);
    // Side by side: a cancel is answered as soon as the final state is published; chunks
    // stored meanwhile are deleted once their writes are over.
    const [, done] = await Promise.all([addUsage(ctx.db, run.accountId, ctx.now(), summary.compute_units), ctx.lifecycle.fail(run, ["running"], f, summary)]);
    await stream?.discard();
    return done;
  }
  const result = trimToWindow(outcome.result, windowBars, after);
  const summary = runSummary({ bars: result.windowBars, warmupBars: windowStart, barsEvaluated: result.barsEvaluated, durationSeconds, errors: result.runtimeErrors });
  if (result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars) {
    await addUsage(ctx.db, run.accountId, ctx.now(), summary.compute_units);
    const first = summary.runtime_errors[0];
    const done = await ctx.lifecycle.fail(run, ["running"], failure("script", failureText("The script raised a runtime error on every bar of its window", first?.message)), summary);
    await stream?.discard();
    return done;
  }
  return complete(ctx, started, result, summary, stream);
}
