// The run services behind #19-#23: start (idempotency, script, instrument, window, inputs, caps,
// insert, enqueue), read, list, wait (long poll on pub/sub) and cancel.
import { ApiError, assertTimeframe, ownerSlug } from "@barscript/contracts";
import {
  confirmRunDurable,
  DatabaseUnavailableError,
  FINAL_STATUSES,
  failure,
  findRun,
  findRunByKey,
  finishRun,
  newRunId,
  ownerHandles,
  requestCancel,
  runFromWire,
  serializeRun,
  startRunRow,
  VersionCache,
  type RunJson,
  type RunMessage,
  type Run,
  type RunStatusName,
} from "@barscript/db";
import { ScriptsError, isOwn, locateOwnScript, locateScript, ownScriptsJsonSql, query, statement, type Caller, type Db, type Located, type ScriptJson } from "@barscript/db";
import { resolveWindow, storedSymbol, type Timeframe } from "@barscript/marketdata";
import { publishCancel, runChannel } from "@barscript/queue";
import type { Spans } from "@barscript/queue";
import { enqueueRun } from "@barscript/queue";
import type { ScriptInterface } from "@barscript/lang";
import type { AuthContext } from "../http/auth-plugin";
import type { CallPlaces } from "../auth/heavy";
import type { RunsContext } from "./context";
import { IGNORED, type Watch } from "./watcher";
import type { Lease } from "@barscript/limits";
import { checkInputs, inputsWithDefaults, type InputValue } from "./inputs";
import { toApiError } from "../http/errors";
import { ChunkTimesCache, lookupSeries, seriesJsonSql, seriesOfJson, type Series, type SeriesJson } from "@barscript/marketdata";

/** docs/reference/limits-and-plans.md: queue cap = runs at once + 4 API runs queued or running. */
export const QUEUE_EXTRA = 4;
export const QUEUE_FULL_RETRY_AFTER = 15;

export interface PlanRow {
  name: string;
  concurrentRuns: number;
  concurrentWaits: number;
  computeUnitsPerMonth: number;
  runTimeLimitSeconds: number;
  historyStart: Date | null;
}

export async function planOf(ctx: RunsContext, accountId: string): Promise<PlanRow> {
  const account = await ctx.deps.db.account.findUnique({ where: { id: accountId }, include: { plan: true } });
  if (!account) throw new ApiError("unauthorized", "The account of this key no longer exists.");
  return account.plan;
}

/** The caller's plan as this request's key lookup read it (no second read), else from the database. */
async function planFor(ctx: RunsContext, auth: AuthContext): Promise<PlanRow> {
  const plan = (auth as AuthContext & { plan?: Partial<PlanRow> }).plan;
  if (plan && plan.name !== undefined && plan.concurrentRuns !== undefined && plan.concurrentWaits !== undefined
    && plan.computeUnitsPerMonth !== undefined && plan.runTimeLimitSeconds !== undefined && plan.historyStart !== undefined) {
    return plan as PlanRow;
  }
  return planOf(ctx, auth.accountId);
}

export function isFinal(run: Run): boolean {
  return FINAL_STATUSES.includes(run.status as RunStatusName);
}

/**
 * What a message on the run's channel tells a long poll waiting for the end (one parse): a status
 * that only says the run is queued or running is ignored; a final run the message carries (a
 * succeeded indicator run) is used as it is; anything else (a cancel, a final status without the
 * run, a message not understood) has the run read again.
 */
function heard(message: string, places?: CallPlaces): Run | null | typeof IGNORED {
  let m: RunMessage & { releasedPlaces?: unknown };
  try {
    m = JSON.parse(message) as RunMessage;
  } catch {
    return null;
  }
  if (m.type !== "status") return null;
  // The run's end gave this call's places back (docs/adr/0308): its answer need not.
  if (places && Array.isArray(m.releasedPlaces) && m.releasedPlaces.includes(places.heavy) && m.releasedPlaces.includes(places.wait)) places.givenBack();
  if (m.status === "running" || m.status === "queued") return IGNORED;
  if (!m.run) return null;
  const run = runFromWire(m.run);
  return run && run.status === m.status && isFinal(run) ? run : null;
}

/**
 * The run POST /runs answers, once it is on disk: a final state is (its commit was synchronous
 * and flushed every commit before it); a queued or running run, whose start may have committed
 * without waiting for the WAL flush (docs/adr/0266), is confirmed by a synchronous commit first.
 * A run Postgres no longer has (that start lost in a crash) is an outage, never an answer.
 */
export async function answerDurable(ctx: RunsContext, run: Run): Promise<Run> {
  if (isFinal(run)) return run;
  if (!(await confirmRunDurable(ctx.deps.db, run.id))) throw new DatabaseUnavailableError(new Error(`run ${run.id} is no longer stored`));
  return run;
}

export async function toJson(ctx: RunsContext, run: Run, auth?: AuthContext): Promise<RunJson> {
  // The caller's own script: its handle is the one this request's key lookup read.
  if (auth && run.scriptOwnerId === auth.accountId) return serializeRun(run, auth.handle);
  const handles = await ownerHandles(ctx.deps.db, [run]);
  return serializeRun(run, handles.get(run.scriptOwnerId) ?? "unknown");
}

export async function publish(ctx: RunsContext, runId: string, message: RunMessage): Promise<void> {
  await ctx.deps.redis.publish(runChannel(ctx.deps.config.redisPrefix, runId), JSON.stringify(message));
}

export function scriptsError(error: unknown): unknown {
  return error instanceof ScriptsError ? toApiError(error) : error;
}

/** The caller's own run by id; another account's run is 404, never 403. */
export async function loadOwnRun(ctx: RunsContext, auth: AuthContext, runId: string): Promise<Run> {
  const run = /^run_[0-9A-Za-z]{24}$/.test(runId) ? await findRun(ctx.deps.db, runId) : null;
  if (!run || run.accountId !== auth.accountId) throw new ApiError("not_found", `No run ${JSON.stringify(runId)}.`);
  return run;
}

/**
 * Holds until the run is final or `seconds` pass, on a long-poll lease. When the account's long
 * polls are used up it answers at once with the run as it is.
 */
/** What POST /runs gives waitForRun besides the run. */
export interface WaitExtras {
  spans?: Spans | undefined;
  /** The run's channel, subscribed to before the run was written (startRun's `watch`). */
  watch?: Watch<Run> | undefined;
  /**
   * The long-poll place the call's heavy check took (docs/adr/0234), given back with the heavy
   * place when the answer ends; null: the plan's long polls were taken (the call answers at once);
   * undefined: none taken yet (taken and given back here).
   */
  place?: Lease | null | undefined;
}

export async function waitForRun(ctx: RunsContext, auth: AuthContext, run: Run, seconds: number, signal?: AbortSignal, extras: WaitExtras = {}): Promise<Run> {
  try {
    return await waitOnLease(ctx, auth, run, seconds, signal, extras);
  } finally {
    await extras.watch?.stop();
  }
}

async function waitOnLease(ctx: RunsContext, auth: AuthContext, run: Run, seconds: number, signal: AbortSignal | undefined, extras: WaitExtras): Promise<Run> {
  const { spans: sp, watch, place } = extras;
  if (seconds <= 0 || isFinal(run)) return run;
  const lease = place !== undefined ? place : await ctx.limits.tryAcquireWait({ id: auth.accountId, plan: await planFor(ctx, auth) });
  sp?.mark("waitLease");
  if (!lease) return run;
  try {
    const db = ctx.deps.db;
    const load = async (): Promise<Run> => (await findRun(db, run.id)) ?? run;
    let latest: Run;
    if (watch) {
      latest = await watch.until(seconds * 1000, load, isFinal, signal, run);
    } else {
      latest = await ctx.watcher.waitUntil(run.id, seconds * 1000, load, isFinal, signal, heard);
    }
    sp?.mark("waited");
    // The wait ended without a final state seen on the channel (a message lost in a Redis
    // reconnect, a worker that died before publishing): the stored run is the answer, never the
    // snapshot read before the wait.
    return isFinal(latest) ? latest : (await findRun(db, run.id)) ?? latest;
  } finally {
    if (place === undefined) await lease.release().catch(() => undefined);
    sp?.mark("waitRelease");
  }
}

/**
 * Per database client: version rows (never changed once written) and chunk time columns seen
 * by window resolution (by row version), so a start reads neither again.
 */
const caches = new WeakMap<RunsContext["deps"]["db"], { versions: VersionCache; chunkTimes: ChunkTimesCache }>();
function cachesOf(db: RunsContext["deps"]["db"]): { versions: VersionCache; chunkTimes: ChunkTimesCache } {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = { versions: new VersionCache(db), chunkTimes: new ChunkTimesCache() }));
  return c;
}

export interface StartRequest {
  script: string | { slug: string; version?: number | undefined; owner?: string | undefined };
  kind?: "indicator" | "definition" | "study" | "library" | undefined;
  instrument: string;
  timeframe: string;
  from?: string | undefined;
  to?: string | undefined;
  bars?: number | undefined;
  inputs?: Record<string, InputValue> | undefined;
}

export interface StartOptions {
  idempotencyKey: string | null;
  source: "api" | "app";
  /** Runs without a window cover the latest 5,000 bars (50,000 for collect). */
  defaultBars: number;
  /** Collect runs a definition only. */
  requireKind?: "definition";
  /** Debug timing spans of the request. */
  spans?: Spans;
  /** The caller will long-poll a new run: its channel is subscribed to before its row is written. */
  watch?: boolean;
  /** The script and series read with the Idempotency-Key (lookUpKey), used when they are the ones the request names. */
  prefetch?: StartPrefetch | null;
  /** With `watch`: the call's heavy and long-poll places, for the new run's end to give back (docs/adr/0308). */
  places?: CallPlaces | null;
}

export interface Started {
  run: Run;
  created: boolean;
  /** With `watch`, for a created run: its channel, subscribed to before the row was written (for waitForRun). */
  watch?: Watch<Run>;
}

/**
 * The caller's own script and the series in one statement (one round trip and one pooled
 * connection fewer than two reads); another account's script by locateScript, beside the series.
 */
const OWN_SCRIPT_AND_SERIES = statement("own_script_and_series", `SELECT (${ownScriptsJsonSql("$1", "$2")}) AS scripts, (${seriesJsonSql("$3", "$4")}) AS series`);

/**
 * An Idempotency-Key's run read with what a start of the caller's own script reads next (one
 * round trip instead of two): the key's lookup comes before the heavy check and the body's
 * validation (docs/reference/api.md "Idempotency"), so the script and series are read for the
 * body's values as sent, and startRun uses them only when the validated body names the same.
 */
const KEY_SCRIPT_AND_SERIES = statement("key_script_and_series", `SELECT (SELECT id FROM runs WHERE "accountId" = $1 AND "idempotencyKey" = $5) AS existing, (${ownScriptsJsonSql("$1", "$2")}) AS scripts, (${seriesJsonSql("$3", "$4")}) AS series`);

/** What KEY_SCRIPT_AND_SERIES read for a start, and for which names. */
export interface StartPrefetch {
  slug: string;
  symbol: string;
  timeframe: string;
  row: { scripts: ScriptJson[] | null; series: SeriesJson | null };
}

/** The own script a start body names by slug, as sent (before validation); null: none to read ahead. */
function ownSlugOf(caller: Caller, body: Record<string, unknown>): string | null {
  const script = body["script"];
  if (typeof script === "string") return script;
  if (script === null || typeof script !== "object" || Array.isArray(script)) return null;
  const { slug, owner } = script as Record<string, unknown>;
  return typeof slug === "string" && (owner === undefined || (typeof owner === "string" && isOwn(caller, owner))) ? slug : null;
}

/**
 * The run holding Idempotency-Key `key` for the caller (null: none), and, when the body names
 * one of the caller's own scripts, an instrument and a timeframe, that script and the series read
 * in the same statement for startRun (`prefetch`).
 */
export async function lookUpKey(ctx: RunsContext, auth: AuthContext, key: string, body: Record<string, unknown> | null): Promise<{ existing: Run | null; prefetch: StartPrefetch | null }> {
  const db = ctx.deps.db;
  const caller = { accountId: auth.accountId, handle: auth.handle };
  const slug = body && ownSlugOf(caller, body);
  const { instrument, timeframe } = body ?? {};
  // An exchange-prefixed instrument is looked up first (storedSymbol): read in startRun as before.
  if (slug === null || slug === undefined || typeof instrument !== "string" || instrument.includes(":") || typeof timeframe !== "string") {
    return { existing: await findRunByKey(db, auth.accountId, key), prefetch: null };
  }
  const symbol = await storedSymbol(db, instrument);
  const [row] = await query<{ existing: string | null; scripts: ScriptJson[] | null; series: SeriesJson | null }>(db, KEY_SCRIPT_AND_SERIES, [auth.accountId, slug, symbol, timeframe, key]);
  if (row?.existing) return { existing: await findRun(db, row.existing), prefetch: null };
  return { existing: null, prefetch: row ? { slug, symbol, timeframe, row: { scripts: row.scripts, series: row.series } } : null };
}

function scriptAndSeries(db: Db, caller: Caller, ref: { slug: string; owner?: string | undefined }, kind: StartRequest["kind"], symbol: string, timeframe: string, prefetch: StartPrefetch | null): { locate: Promise<Located>; seriesRead: Promise<Series | null> } {
  if (!isOwn(caller, ref.owner)) {
    const seriesRead = lookupSeries(db, symbol, timeframe);
    seriesRead.catch(() => undefined);
    return { locate: locateScript(db, caller, ref.slug, { owner: ref.owner, kind }), seriesRead };
  }
  const read = prefetch && prefetch.slug === ref.slug && prefetch.symbol === symbol && prefetch.timeframe === timeframe ? prefetch.row : null;
  const row = read ? Promise.resolve(read) : query<{ scripts: ScriptJson[] | null; series: SeriesJson | null }>(db, OWN_SCRIPT_AND_SERIES, [caller.accountId, ref.slug, symbol, timeframe]).then((rows) => rows[0]);
  const seriesRead = row.then((r) => seriesOfJson(r?.series ?? null));
  seriesRead.catch(() => undefined);
  return { locate: row.then((r) => locateOwnScript(caller, ref.slug, kind, r?.scripts ?? null)), seriesRead };
}

export async function startRun(ctx: RunsContext, auth: AuthContext, request: StartRequest, options: StartOptions): Promise<Started> {
  const db = ctx.deps.db;
  const now = ctx.deps.clock.now();
  const sp = options.spans;
  const ref = typeof request.script === "string" ? { slug: request.script } : request.script;

  // docs/reference/api.md "Order of checks": the request's own values are refused (400) before
  // the script it names is looked up (404): the timeframe, then the instrument (docs/adr/0187).
  assertTimeframe(request.timeframe);
  // The instrument's series is read with the script (independent reads).
  // "NASDAQ:AAPL" (TradingView's way) is the stored AAPL: docs/adr/0156-exchange-prefixes.md
  const symbol = await storedSymbol(db, request.instrument);
  const { locate, seriesRead } = scriptAndSeries(db, { accountId: auth.accountId, handle: auth.handle }, ref, request.kind, symbol, request.timeframe, options.prefetch ?? null);
  locate.catch(() => undefined); // its refusal is answered below, after the instrument's
  const series = await seriesRead;
  if (!series) throw new ApiError("unknown_instrument", `No instrument has the symbol ${JSON.stringify(request.instrument)}.`);

  // Script and version.
  let located;
  try {
    located = await locate;
  } catch (error) {
    throw scriptsError(error);
  }
  const script = located.script;
  if (options.requireKind && script.kind !== options.requireKind) {
    throw new ApiError("invalid_request", `"${script.slug}" is ${script.kind === "indicator" ? "an" : "a"} ${script.kind}; collect runs a definition.`);
  }
  if (script.kind === "library") throw new ApiError("invalid_request", `"${script.slug}" is a library: it is imported by other scripts, not run.`);
  const versionNumber = ref.version ?? script.latestVersion;
  const version = await cachesOf(db).versions.get(script.id, versionNumber);
  if (!version) throw new ApiError("not_found", `Script "${script.slug}" has no version ${versionNumber}.`);
  const iface = version.interface as unknown as ScriptInterface;
  sp?.mark("script");

  // Inputs.
  const timeframe = request.timeframe as Timeframe;
  const given = checkInputs(iface.inputs ?? [], request.inputs);
  const inputs = inputsWithDefaults(iface.inputs ?? [], given);
  sp?.mark("instrument");

  // Window, moved to the plan's history start.
  const plan = await planFor(ctx, auth);
  sp?.mark("plan");
  const window = await resolveWindow(
    cachesOf(db).chunkTimes.windowStore(db, series, timeframe),
    { from: request.from ?? null, to: request.to ?? null, bars: request.bars ?? null },
    { historyStart: plan.historyStart, defaultBars: options.defaultBars, label: { symbol, timeframe } },
  );
  sp?.mark("window");

  const toDate = (s: number | null): Date | null => (s === null ? null : new Date(s * 1000));
  const id = newRunId();
  const row = {
    id,
    accountId: auth.accountId,
    kind: script.kind,
    scriptId: script.id,
    scriptOwnerId: script.ownerId,
    scriptSlug: script.slug,
    scriptVersion: versionNumber,
    instrument: symbol,
    timeframe,
    windowFrom: window.kind === "bars" ? toDate(window.from) : null,
    windowTo: window.kind === "bars" ? toDate(window.to) : null,
    requestedFrom: toDate(window.requestedFrom),
    requestedTo: toDate(window.requestedTo),
    windowBars: window.kind === "bars" ? window.bars : 0,
    inputs,
    source: options.source,
    idempotencyKey: options.idempotencyKey,
    createdAt: now,
  };

  // The month's compute units, the Idempotency-Key, the queue cap and the insert under one
  // per-account lock, so concurrent starts cannot pass the cap together (one round trip after
  // the lock; the unique (account, key) makes concurrent duplicates one run).
  const period = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const queueCap = options.source === "api" ? plan.concurrentRuns + QUEUE_EXTRA : null;
  // A long poll of the new run listens from before the row exists: no change can be missed, so
  // the row as written is its first value (no read after subscribing).
  const places = options.watch ? options.places ?? undefined : undefined;
  const watch = options.watch ? await ctx.watcher.watch<Run>(id, places ? (message) => heard(message, places) : heard) : undefined;
  try {
    // A caller that waits is answered a final state (flushed by its own synchronous commit) or,
    // when the wait ends first, after answerDurable: the insert need not wait for its flush (docs/adr/0266).
    const outcome = await startRunRow(db, row, { queueCap, computeUnitsPerMonth: plan.computeUnitsPerMonth, period }, { noFlushWait: options.watch === true });
    if (outcome.outcome === "units_used_up") {
      throw new ApiError("plan_limit", `This month's ${plan.computeUnitsPerMonth} compute units of plan ${plan.name} are used up.`);
    }
    if (outcome.outcome === "queue_full") {
      throw new ApiError("busy", `The run queue is full: ${outcome.active} runs are queued or running (plan ${plan.name}: ${plan.concurrentRuns} at once + ${QUEUE_EXTRA} waiting).`, { retryAfter: QUEUE_FULL_RETRY_AFTER });
    }
    sp?.mark("insert");
    if (outcome.outcome !== "created") {
      await watch?.stop();
      return { run: outcome.run, created: false };
    }
    await enqueueRun(ctx.queue, id, auth.accountId, places && { heavy: places.heavy, wait: places.wait });
    sp?.mark("enqueue");
    return { run: outcome.run, created: true, ...(watch ? { watch } : {}) };
  } catch (error) {
    await watch?.stop();
    throw error;
  }
}

export interface ListFilters {
  status?: RunStatusName | undefined;
  script?: string | undefined;
  kind?: "indicator" | "definition" | "study" | "library" | undefined;
}

/**
 * The `script` filter: a slug (runs of any owner's script of that slug), or `owner/slug` as a Run
 * names its script and the clients write it (`core/rsi`); an unknown handle matches no run
 * (docs/adr/0363).
 */
async function scriptFilter(ctx: RunsContext, script: string | undefined): Promise<{ scriptSlug?: string; scriptOwnerId?: string }> {
  if (!script) return {};
  const named = ownerSlug(script);
  if (named === null) return { scriptSlug: script };
  const owner = await ctx.deps.db.account.findUnique({ where: { handle: named.owner }, select: { id: true } });
  return { scriptSlug: named.slug, scriptOwnerId: owner?.id ?? "" };
}

export async function listRuns(ctx: RunsContext, auth: AuthContext, filters: ListFilters, limit: number, after: [string, string] | null): Promise<{ runs: Run[]; next: [string, string] | null }> {
  const where = {
    accountId: auth.accountId,
    ...(filters.status ? { status: filters.status } : {}),
    ...(await scriptFilter(ctx, filters.script)),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(after
      ? { OR: [{ createdAt: { lt: new Date(after[0]) } }, { createdAt: new Date(after[0]), id: { lt: after[1] } }] }
      : {}),
  };
  const rows = await ctx.deps.db.run.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { runs: page, next: rows.length > limit && last ? [last.createdAt.toISOString(), last.id] : null };
}

/** How long a cancel waits for the worker to stop a running run before marking it itself. */
export const CANCEL_GRACE_MS = 3_000;

export async function cancelRun(ctx: RunsContext, run: Run): Promise<Run> {
  if (isFinal(run)) return run;
  const db = ctx.deps.db;
  await requestCancel(db, run.id);
  const cancelled = { status: "cancelled" as const, failure: failure("cancelled", "The run was cancelled.", false), summary: emptySummary(run) };
  if (run.status === "queued") {
    // Out of the queue first (a job a worker holds cannot be removed; the flag stops it).
    await ctx.queue.remove(run.id).catch(() => 0);
    if (await finishRun(db, run.id, ["queued"], cancelled, ctx.deps.clock.now())) {
      await publish(ctx, run.id, { type: "status", status: "cancelled" });
      return (await findRun(db, run.id)) ?? run;
    }
  }
  // Running (or started meanwhile): the worker stops it on the cancel message.
  await publishCancel(ctx.deps.redis, ctx.deps.config.redisPrefix, run.id);
  const latest = await ctx.watcher.waitUntil(run.id, CANCEL_GRACE_MS, async () => (await findRun(db, run.id)) ?? run, isFinal);
  if (isFinal(latest)) return latest;
  // No worker answered (it died, or is cut off): the run is cancelled all the same.
  if (await finishRun(db, run.id, ["queued", "running"], cancelled, ctx.deps.clock.now())) {
    await publish(ctx, run.id, { type: "status", status: "cancelled" });
  }
  return (await findRun(db, run.id)) ?? latest;
}

/** Nothing evaluated: `bars` is the window's bars all the same (ADR 0016). */
function emptySummary(run: Run) {
  return { bars: run.windowBars, warmup_bars: 0, bars_evaluated: 0, compute_units: 0, runtime_errors: [], duration: 0 };
}
