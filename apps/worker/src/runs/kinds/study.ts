// The study branch of the run processor (called from runs/processor.ts once the run is
// `running`, its instrument ready and its window known). A study run:
//   1. checks that every definition the study uses is still there at its pinned version (the
//      study version's `dependencies`); one that is not cannot run over history: data_not_ready;
//   2. reads warmup + window bars once, with the largest warmup of the study and its definitions;
//   3. evaluates in a sandbox thread (studies/sandbox.ts): each definition for its events, the
//      body for its group() values, then the numbers; use() resolves to the pinned versions, never
//      to a definition's latest;
//   4. counts every bar evaluated (definitions included) toward compute units and the
//      definitions' events toward the month's events budget (past it: plan_limit, nothing kept);
//   5. stores the `study` object (at most 1 MB as one response, else `script`) and succeeds.
import type { Db } from "@barscript/db";
import { reserveEvents } from "@barscript/db";
import { addUsage, failure, finishRun, type Failure, type Run, type RunMessage, type RunSummary } from "@barscript/db";
import { createScriptResolver } from "@barscript/db";
import { readBars, type Timeframe } from "@barscript/marketdata";
import type { Dependency, ResolvedScript, ScriptInterface, SourceFile } from "@barscript/lang";
import type { SandboxPool } from "../runs/pool";
import { RunWarmup } from "../runs/warmup";
import { evalTask } from "../runs/protocol";

/** One response of study results (API.md): 1 MB, binary. */
export const MAX_STUDY_RESULT_BYTES = 1024 * 1024;
/** Events one definition keeps inside a study (the per-run bound of a definition run). */
export const MAX_STUDY_DEFINITION_EVENTS = 10_000;

export interface StudyContext {
  db: Db;
  pool: SandboxPool;
  now: () => Date;
  fail: (run: Run, from: Array<"queued" | "running">, f: Failure, summary?: RunSummary) => Promise<boolean>;
  publish: (runId: string, message: RunMessage) => Promise<void>;
}

export interface StudyRunInput {
  run: Run;
  version: { files: unknown; interface: unknown; dependencies: unknown; digest: string };
  instrument: { id: string; symbol: string; timezone: string };
  account: { accountId: string; handle: string; limitMs: number; eventsPerMonth: number };
  startedAt: Date;
  signal: AbortSignal;
}

/** Study warmups for non-default inputs, by version (pinned dependencies included) and inputs. */
const studyWarmups = new RunWarmup();

const iso = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");

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

export async function executeStudy(ctx: StudyContext, input: StudyRunInput): Promise<void> {
  const { db, now } = ctx;
  const { run, version, instrument, account, startedAt, signal } = input;
  const windowFrom = run.windowFrom;
  const windowTo = run.windowTo;
  if (!windowFrom || !windowTo) return;
  const iface = version.interface as ScriptInterface;
  const deps = definitionDeps(version.dependencies);
  const owner = await db.account.findUnique({ where: { id: run.scriptOwnerId }, select: { id: true, handle: true } });
  const ownHandle = owner?.handle ?? account.handle;
  const base = createScriptResolver(db, { accountId: owner?.id ?? account.accountId, handle: ownHandle });

  const resolver = pinnedResolver(base, deps, ownHandle);

  // 1. Every pinned definition still there (and visible to the study's owner). The study's own
  // warmup is for the run's inputs (the Interface's when they are the defaults).
  let warmup = await studyWarmups.warmupFor(version, run.inputs as Record<string, unknown> | null, `study:${run.scriptId ?? ""}:${run.scriptVersion}`, () => Promise.resolve(resolver));
  for (const d of deps) {
    const found = await base.resolve({ owner: d.owner, slug: d.slug, version: d.version });
    const row = found
      ? await db.scriptVersion.findFirst({ where: { version: d.version, script: { slug: found.slug, owner: { handle: found.owner }, kind: "definition" } }, select: { interface: true } })
      : null;
    if (!found || found.kind !== "definition" || !row) {
      await ctx.fail(run, ["running"], failure("data_not_ready", `The definition ${d.owner}/${d.slug} version ${d.version} that this study uses is no longer available, so it cannot run over history.`, false));
      return;
    }
    warmup = Math.max(warmup, (row.interface as unknown as ScriptInterface).warmup_bars ?? 0);
  }

  // 2. Bars, once.
  const { bars, windowStart } = await readBars(db, { instrumentId: instrument.id, timeframe: run.timeframe as Timeframe, before: warmup, from: windowFrom, to: windowTo });
  const windowBars = bars.length - windowStart;
  if (windowBars <= 0) {
    await ctx.fail(run, ["running"], failure("out_of_coverage", `No ${run.timeframe} bars for ${run.instrument} between ${windowFrom.toISOString().slice(0, 10)} and ${windowTo.toISOString().slice(0, 10)}.`));
    return;
  }

  // 3. The sandbox.
  const remaining = Math.max(1, account.limitMs - (now().getTime() - startedAt.getTime()));
  const outcome = await ctx.pool.run(
    evalTask({
      cacheKey: `study:${run.id}`,
      kind: "study",
      files: version.files as SourceFile[],
      interface: iface,
      bars,
      windowStart,
      run,
      instrument,
      remaining,
      maxEvents: MAX_STUDY_DEFINITION_EVENTS,
    }),
    { timeoutMs: remaining + 500, signal, resolve: (ref) => resolver.resolve(ref) },
  );
  const duration = Math.round(((now().getTime() - startedAt.getTime()) / 1000) * 1000) / 1000;
  const totalBars = windowStart + windowBars;
  const summaryOf = (evaluated: number, errors: Array<{ message: string; count: number; first_time: number; last_time: number }> = []): RunSummary => ({
    bars: windowBars,
    warmup_bars: windowStart,
    bars_evaluated: evaluated,
    compute_units: Math.ceil(evaluated / 1000),
    runtime_errors: errors.map((e) => ({ message: e.message, count: e.count, first_time: iso(e.first_time), last_time: iso(e.last_time) })),
    duration,
  });

  if (!outcome.ok) {
    // Bars evaluated before a timeout or cancel are unknown: the read counts once per program.
    const summary = summaryOf(totalBars * (deps.length + 1));
    await addUsage(db, run.accountId, now(), summary.compute_units);
    await ctx.fail(run, ["running"], outcome.kind === "cancelled" ? failure("cancelled", outcome.message, false) : failure(outcome.kind, outcome.message), summary);
    return;
  }
  const result = outcome.result;
  const study = result.study;
  const summary = summaryOf(result.barsEvaluated, result.runtimeErrors);
  const finishedAt = now();
  await addUsage(db, run.accountId, finishedAt, summary.compute_units);
  if (!study) {
    await ctx.fail(run, ["running"], failure("internal", "The study's evaluation gave no result; running it again should work.", true), summary);
    return;
  }
  if (!study.ok) {
    await ctx.fail(run, ["running"], failure(study.kind, study.message), summary);
    return;
  }
  if (result.windowBars > 0 && result.errorBarsInWindow >= result.windowBars) {
    const first = result.runtimeErrors[0];
    await ctx.fail(run, ["running"], failure("script", `The study raised a runtime error on every bar of its window${first ? `: ${first.message}` : ""}.`), summary);
    return;
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
    await ctx.fail(
      run,
      ["running"],
      failure("script", `The study's result would be ${bytes} bytes, over the 1 MB (${MAX_STUDY_RESULT_BYTES} bytes) one response holds: ${study.study.groups.length} groups x ${study.study.horizons.length} horizons${names.length > 0 ? `; group() ${names.map((n) => `"${n}"`).join(", ")} take too many distinct values` : ""}. Group by fewer distinct values or use fewer horizons.`),
      summary,
    );
    return;
  }

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
    await ctx.fail(run, ["running"], failure("plan_limit", `The definitions this study uses gave ${events} events; counting them would pass this month's events budget of ${account.eventsPerMonth}.`, false), summary);
    return;
  }
  if (kept === "succeeded") await ctx.publish(run.id, { type: "status", status: "succeeded" });
}

class LostRun extends Error {}
