// Study runs (the processor calls `execute` once the run is `running`, its instrument ready and
// its window known). A study run:
//   1. checks that every definition the study uses is still there at its pinned version (the
//      study version's `dependencies`); one that is not cannot run over history: data_not_ready;
//   2. reads warmup + window bars once (../around-window.ts: no bars after the window, its results
//      being events and group() values), with the largest warmup of the study and its definitions,
//      and the bars of every context the request.* calls of the study and its definitions name
//      with constants (one read each, ../requests.ts); contexts computed as the scripts run
//      (inputs, bars) are reported by a first evaluation, read (at most 40 contexts in all) and
//      the study evaluated again with them, as indicator runs do (./script.ts);
//   3. evaluates in a sandbox thread (../../studies/sandbox.ts): each definition for its events,
//      the body for its group() values, then the numbers; use() resolves to the pinned versions,
//      never to a definition's latest;
//   4. counts every bar evaluated (definitions included) toward compute units and the
//      definitions' events toward the month's events budget (past it: plan_limit, nothing kept);
//   5. stores the `study` object (at most 1 MB as one response, else `script`) and succeeds.
// A study started as part of a larger request does not wait for a slot: it fails `busy`.
import { addUsage, createScriptResolver, failure, finishRun, reserveEvents } from "@barscript/db";
import { failureText } from "../failure-text";
import type { ContextBars, Dependency, RequestedContext, ResolvedScript, ScriptInterface, SourceFile } from "@barscript/lang";
import { allocBars } from "@barscript/marketdata";
import { runSummary } from "../lifecycle";
import { keepArtifacts } from "./artifacts";
import { evalTask } from "../protocol";
import { aroundWindow, readAroundWindow } from "../around-window";
import { contextKey, evaluateWithContexts, fetchContexts, staticRequests, type ContextRead } from "../requests";
import { RunWarmup } from "../warmup";
import { HARD_STOP_GRACE_MS, ownerResolver } from "./script";
import type { KindContext, KindOutcome, RunKind, StartedRun } from "./types";

/** One response of study results: 1 MB, binary. */
export const MAX_STUDY_RESULT_BYTES = 1024 * 1024;
/** Events one definition keeps inside a study (the per-run bound of a definition run). */
export const MAX_STUDY_DEFINITION_EVENTS = 10_000;

/** Study warmups for non-default inputs, by version (pinned dependencies included) and inputs. */
const studyWarmups = new RunWarmup();

function definitionDeps(raw: unknown): Dependency[] {
  return Array.isArray(raw) ? (raw as Dependency[]).filter((d) => d && d.kind === "definition") : [];
}

/** The linker's `use("slug")` asks for the latest version (null): answer the pinned one instead. */
export function pinnedResolver(base: { resolve(ref: { owner: string | null; slug: string; version: number | null }): Promise<ResolvedScript | null> }, deps: Dependency[], ownHandle: string) {
  return {
    resolve(ref: { owner: string | null; slug: string; version: number | null }): Promise<ResolvedScript | null> {
      if (ref.version !== null) return base.resolve(ref);
      const owner = ref.owner ?? ownHandle;
      const dep = deps.find((d) => d.slug === ref.slug && d.owner === owner) ?? (ref.owner === null ? deps.find((d) => d.slug === ref.slug) : undefined);
      if (!dep) return base.resolve(ref);
      return base.resolve({ owner: dep.owner, slug: dep.slug, version: dep.version });
    },
  };
}

export const studyKind: RunKind = {
  kind: "study",
  failsWhenBusy: true,
  // The version only: the study's warmup needs its pinned definitions, read once it runs.
  async prefetch(ctx, run, account) {
    const version = run.scriptId ? await ctx.versions.get(run.scriptId, run.scriptVersion) : null;
    return { version, series: null, resolverOf: ownerResolver(ctx, run, account) };
  },
  execute: executeStudy,
};

async function executeStudy(ctx: KindContext, started: StartedRun): Promise<KindOutcome> {
  const { db, now } = ctx;
  const { run, version, instrument, account, signal } = started;
  const windowFrom = run.windowFrom;
  const windowTo = run.windowTo;
  const iface = version.interface as ScriptInterface;
  const deps = definitionDeps(version.dependencies);
  const owner = await db.account.findUnique({ where: { id: run.scriptOwnerId }, select: { id: true, handle: true } });
  const ownHandle = owner?.handle ?? account.handle;
  const base = createScriptResolver(db, { accountId: owner?.id ?? account.accountId, handle: ownHandle });

  const resolver = pinnedResolver(base, deps, ownHandle);

  // 1. Every pinned definition still there (and visible to the study's owner). The study's own
  // warmup is for the run's inputs (the Interface's when they are the defaults).
  const sources: SourceFile[][] = [version.files as SourceFile[]];
  let warmup = await studyWarmups.warmupFor(version, run.inputs as Record<string, unknown> | null, `study:${run.scriptId ?? ""}:${run.scriptVersion}`, () => Promise.resolve(resolver));
  for (const d of deps) {
    const found = await base.resolve({ owner: d.owner, slug: d.slug, version: d.version });
    const row = found
      ? await db.scriptVersion.findFirst({ where: { version: d.version, script: { slug: found.slug, owner: { handle: found.owner }, kind: "definition" } }, select: { interface: true } })
      : null;
    if (!found || found.kind !== "definition" || !row) {
      return ctx.lifecycle.fail(run, ["running"], failure("data_not_ready", `The definition ${d.owner}/${d.slug} version ${d.version} that this study uses is no longer available, so it cannot run over history.`, false));
    }
    warmup = Math.max(warmup, (row.interface as unknown as ScriptInterface).warmup_bars ?? 0);
    sources.push(found.files);
  }

  // 2. Bars, once, and the requested contexts' beside them (the same window and warmup). A study
  // keeps events and group() values, made on their own bar: no bars after the window (../around-window.ts).
  const around = await aroundWindow(studyWarmups, { version, inputs: run.inputs as Record<string, unknown> | null, scope: `study:${run.scriptId ?? ""}:${run.scriptVersion}`, resolverOf: () => Promise.resolve(resolver), windowBars: run.windowBars, warmup, keeps: "events" });
  const reads = readAroundWindow(ctx.bars, db, { symbol: run.instrument, timeframe: run.timeframe, from: windowFrom, to: windowTo }, around);
  const read = await reads.contexts;
  const [chartRead, requested] = await Promise.all([reads.chart, requestedContexts(ctx, sources, { symbol: run.instrument, timeframe: run.timeframe, ...(instrument.exchange !== undefined ? { exchange: instrument.exchange } : {}) }, read)]);
  const { bars, windowStart } = chartRead.instrument ? chartRead : { bars: allocBars(0), windowStart: 0 };
  const windowBars = bars.length - windowStart;
  if (windowBars <= 0) {
    return ctx.lifecycle.fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${windowFrom.toISOString().slice(0, 10)} and ${windowTo.toISOString().slice(0, 10)}.`));
  }

  // 3. The sandbox: the time limit counts from when the run gets a thread. A study with computed
  // requests is evaluated again for each round of contexts an evaluation reaches (../requests.ts).
  const evaluateWith = (contexts: ContextBars[], chart: typeof bars, discover?: RequestedContext[]) => ctx.pool.run(
    evalTask({
      cacheKey: `study:${run.id}`,
      kind: "study",
      files: version.files as SourceFile[],
      interface: iface,
      bars: chart,
      windowStart,
      run,
      instrument,
      remaining: account.limitMs,
      maxEvents: MAX_STUDY_DEFINITION_EVENTS,
      contexts,
      ...(discover ? { discover } : {}),
    }),
    { timeoutMs: account.limitMs + HARD_STOP_GRACE_MS, signal, account: { id: account.accountId, maxThreads: account.concurrentRuns }, resolve: (ref) => resolver.resolve(ref) },
  );
  const outcome = await evaluateWithContexts({
    contexts: requested.bars,
    tried: requested.tried,
    dynamic: requested.dynamic,
    bars,
    evaluate: evaluateWith,
    fetch: (missing) => fetchContexts(db, ctx.bars, missing, read),
    timeLeft: () => now().getTime() - (run.startedAt as Date).getTime() < account.limitMs,
  });
  const durationSeconds = (now().getTime() - (run.startedAt as Date).getTime()) / 1000;
  const totalBars = windowStart + windowBars;
  const figures = { bars: windowBars, warmupBars: windowStart, durationSeconds };

  if (!outcome.ok) {
    // What the thread reported evaluated (every definition's bars and the body's, warmup
    // included) before it stopped or was terminated: a cancelled study counts what it did, not
    // the whole read once per program (docs/adr/0305).
    const summary = runSummary({ ...figures, barsEvaluated: Math.min(totalBars * (deps.length + 1), Math.max(0, outcome.barsEvaluated)) });
    await addUsage(db, run.accountId, now(), summary.compute_units);
    return ctx.lifecycle.fail(run, ["running"], outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message), summary);
  }
  const result = outcome.result;
  const study = result.study;
  const summary = runSummary({ ...figures, barsEvaluated: result.barsEvaluated, errors: result.runtimeErrors });
  const finishedAt = now();
  await addUsage(db, run.accountId, finishedAt, summary.compute_units);
  if (!study) return ctx.lifecycle.fail(run, ["running"], failure("internal", "The study's evaluation gave no result; running it again should work.", true), summary);
  if (!study.ok) return ctx.lifecycle.fail(run, ["running"], failure(study.kind, study.message, study.retryable), summary);
  if (result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars) {
    const first = summary.runtime_errors[0];
    return ctx.lifecycle.fail(run, ["running"], failure("script", failureText("The study raised a runtime error on every bar of its window", first?.message)), summary);
  }
  const events = study.definitions.reduce((a, d) => a + d.events, 0);
  summary.events = events;
  summary.events_dropped = study.definitions.reduce((a, d) => a + d.eventsDropped, 0);

  // 5. One response of at most 1 MB.
  // Kept as its JSON text (a JSON string value): jsonb would reorder the keys of `group`, which
  // keep the order of the group() calls; the API sends the text as it is.
  const text = JSON.stringify(study.study);
  const bytes = Buffer.byteLength(`{"study":${text}}`, "utf8");
  if (bytes > MAX_STUDY_RESULT_BYTES) {
    const names = [...new Set(study.study.groups.flatMap((g) => Object.keys(g.group)))];
    return ctx.lifecycle.fail(
      run,
      ["running"],
      failure("script", `The study's result would be ${bytes} bytes, over the 1 MB (${MAX_STUDY_RESULT_BYTES} bytes) one response holds: ${study.study.groups.length} groups x ${study.study.horizons.length} horizons${names.length > 0 ? `; group() ${names.map((n) => `"${n}"`).join(", ")} ${names.length === 1 ? "takes" : "take"} too many distinct values` : ""}. Group by fewer distinct values or use fewer horizons.`),
      summary,
    );
  }

  // its definitions' and its own log.* lines, kept as a definition run keeps them (docs/adr/0064)
  await keepArtifacts(ctx, run.id, result, summary, false);

  // 4 and 5: the events budget, the final state and the result in one transaction.
  const kept = await db
    .$transaction(async (tx) => {
      if (!(await reserveEvents(tx, run.accountId, finishedAt, events, account.eventsPerMonth))) return "plan_limit" as const;
      if (!(await finishRun(tx, run.id, ["running"], { status: "succeeded", summary }, finishedAt))) throw new LostRun();
      await tx.studyResult.create({ data: { runId: run.id, result: text } });
      return "succeeded" as const;
    }, { timeout: 60_000, maxWait: 30_000 })
    .catch((error: unknown) => {
      if (error instanceof LostRun) return "lost" as const;
      throw error;
    });
  if (kept === "plan_limit") {
    return ctx.lifecycle.fail(run, ["running"], failure("plan_limit", `The definitions this study uses gave ${events} events; counting them would pass this month's events budget of ${account.eventsPerMonth}.`, false), summary);
  }
  return kept === "succeeded" ? ctx.lifecycle.succeeded(run, summary, finishedAt) : null;
}

class LostRun extends Error {}

/**
 * The contexts the study's and its definitions' request.* calls name with constants, one read
 * each, the keys tried, and whether any of them also computes a symbol or timeframe (read once
 * a first evaluation names it).
 */
async function requestedContexts(ctx: KindContext, sources: SourceFile[][], chart: { symbol: string; timeframe: string; exchange?: string }, read: ContextRead): Promise<{ bars: ContextBars[]; tried: string[]; dynamic: boolean }> {
  const wanted = new Map<string, RequestedContext>();
  let dynamic = false;
  for (const files of sources) {
    const found = staticRequests(files, chart);
    dynamic ||= found.dynamic;
    for (const c of found.contexts) wanted.set(contextKey(c), c);
  }
  const bars = wanted.size > 0 ? await fetchContexts(ctx.db, ctx.bars, [...wanted.values()], read) : [];
  return { bars, tried: [...wanted.keys()], dynamic };
}
