// The sweep services behind #32-#36 (docs/adr/0056-sweeps.md): start (definition, instruments,
// timeframe, the grid against the definition's Interface, one window per instrument, caps,
// Idempotency-Key, insert, enqueue), read, list, long poll, rows ranked, cancel.
import { Queue } from "bullmq";
import { ApiError, assertTimeframe, type SweepRequestSchema } from "@barscript/contracts";
import { failure, findSweep, finishSweep, locateScript, orderedGrid, sweepOwnerHandles, requestSweepCancel, serializeSweep, startSweepRow, newSweepId, ScriptsError, type Sweep, type SweepInstrument, type SweepJson, type SweepSpec } from "@barscript/db";
import { gridCombinations, rankRows, SWEEP_STATS, type ScriptInterface, type SweepRowData, type SweepStat } from "@barscript/lang";
import { ChunkTimesCache, lookupSeries, resolveWindow, storedSymbol, type Timeframe } from "@barscript/marketdata";
import { bullPrefix, publishCancel, QUEUES, quietQueue, runChannel } from "@barscript/queue";
import type { z } from "zod";
import type { AuthContext } from "../http/auth-plugin";
import { toApiError } from "../http/errors";
import type { RunsContext } from "../runs/context";
import { checkInputs, inputsWithDefaults, type InputValue } from "../runs/inputs";
import { nameEntries, nameRecord } from "../http/names";
import { planOf, QUEUE_EXTRA, QUEUE_FULL_RETRY_AFTER } from "../runs/service";

export type SweepRequest = z.infer<typeof SweepRequestSchema>;
export const MAX_COMBINATIONS = 500;
const FINAL = new Set(["succeeded", "failed", "cancelled"]);
export const isFinalSweep = (s: Sweep): boolean => FINAL.has(s.status);

const queues = new WeakMap<RunsContext, Queue<{ runId: string }>>();
export function sweepsQueue(ctx: RunsContext): Queue<{ runId: string }> {
  let q = queues.get(ctx);
  if (!q) {
    q = quietQueue(new Queue<{ runId: string }>(QUEUES.sweeps, { connection: ctx.deps.redis, prefix: bullPrefix(ctx.deps.config.redisPrefix), defaultJobOptions: { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 }, attempts: 1 } }));
    queues.set(ctx, q);
  }
  return q;
}

const chunkTimes = new ChunkTimesCache();

/**
 * `horizons` and `events` name each item once, as `grid` values and instruments do: a horizon
 * listed twice would otherwise be answered once, so the sweep would not echo what was asked
 * (docs/adr/0287).
 */
function assertListedOnce(request: SweepRequest): void {
  const twice = <T>(values: readonly T[]): T | undefined => values.find((v, i) => values.indexOf(v) !== i);
  const h = twice(request.horizons);
  if (h !== undefined) throw new ApiError("invalid_request", `Field \`horizons\` lists ${h} twice.`);
  const e = twice(request.events ?? []);
  if (e !== undefined) throw new ApiError("invalid_request", `Field \`events\` lists ${JSON.stringify(e)} twice.`);
}

function withoutSwept(inputs: Record<string, InputValue>, grid: Record<string, unknown>): Record<string, InputValue> {
  return nameRecord(nameEntries(inputs).filter(([name]) => !Object.hasOwn(grid, name)));
}

/** An input is fixed (`inputs`) or swept (`grid`), not both: the sweep would say one value and evaluate others (docs/adr/0287). */
function assertFixedOrSwept(request: SweepRequest): void {
  const both = Object.keys(request.inputs ?? {}).find((name) => Object.hasOwn(request.grid, name));
  if (both !== undefined) throw new ApiError("invalid_request", `Input \`${both}\` is given in both \`inputs\` and \`grid\`: fix it or sweep it.`);
}

/** Each grid value checked as a run's input would be (name, type, min/max/options), naming the input. */
function checkGrid(iface: ScriptInterface, grid: Record<string, InputValue[]>): void {
  const names = Object.keys(grid);
  if (names.length === 0) throw new ApiError("invalid_request", "`grid` needs at least one input with a list of values.");
  for (const name of names) for (const v of grid[name]!) checkInputs(iface.inputs ?? [], { [name]: v });
  // A value listed twice would be a second, identical combination, counted by the Holm adjustment
  // as another setting tried; refused as an instrument listed twice is.
  for (const name of names) {
    const twice = grid[name]!.find((v, i, all) => all.indexOf(v) !== i);
    if (twice !== undefined) throw new ApiError("invalid_request", `Input \`${name}\` lists the value ${JSON.stringify(twice)} twice in \`grid\`.`);
  }
  const count = names.reduce((a, n) => a * grid[n]!.length, 1);
  if (count > MAX_COMBINATIONS) throw new ApiError("invalid_request", `The grid has ${count} combinations (${names.map((n) => grid[n]!.length).join(" x ")}); a sweep takes at most ${MAX_COMBINATIONS}.`);
}

/**
 * One window per instrument. An instrument with no bars in its window is not a bad request but the
 * sweep's failure, kind `out_of_coverage`, as a run's (docs/adr/0152): its message is returned
 * beside the windows of the others (a window ending before the plan's history start stays 400).
 */
async function windowsOf(ctx: RunsContext, symbols: string[], timeframe: Timeframe, request: SweepRequest, historyStart: Date | null): Promise<{ instruments: SweepInstrument[]; noBars: string | null }> {
  const out: SweepInstrument[] = [];
  let noBars: string | null = null;
  for (const raw of symbols) {
    // "NASDAQ:AAPL" (TradingView's way) is the stored AAPL: docs/adr/0156-exchange-prefixes.md
    const symbol = await storedSymbol(ctx.deps.db, raw);
    if (out.some((i) => i.symbol === symbol)) throw new ApiError("invalid_request", `Instrument ${symbol} is listed twice.`);
    const series = await lookupSeries(ctx.deps.db, symbol, timeframe);
    if (!series) throw new ApiError("unknown_instrument", `No instrument has the symbol ${JSON.stringify(raw)}.`);
    const w = await resolveWindow(chunkTimes.windowStore(ctx.deps.db, series, timeframe), { from: request.from ?? null, to: request.to ?? null, bars: request.bars ?? null }, { historyStart, defaultBars: 5_000, label: { symbol, timeframe } });
    if (w.kind !== "bars" || w.bars <= 0) {
      noBars ??= `No ${timeframe} bars for ${symbol} in the sweep's window.`;
      out.push({ symbol, from: "", to: "", bars: 0 });
      continue;
    }
    out.push({ symbol, from: new Date(w.from * 1000).toISOString(), to: new Date(w.to * 1000).toISOString(), bars: w.bars });
  }
  return { instruments: out, noBars };
}

/**
 * The definition a sweep names. A slug naming only another kind of script is a bad request
 * (400 `invalid_request`, as collect answers), not a missing script.
 */
async function locateDefinition(db: RunsContext["deps"]["db"], auth: AuthContext, ref: { slug: string; owner?: string | undefined }): Promise<Awaited<ReturnType<typeof locateScript>>["script"]> {
  const caller = { accountId: auth.accountId, handle: auth.handle };
  try {
    return (await locateScript(db, caller, ref.slug, { owner: ref.owner, kind: "definition" })).script;
  } catch (error) {
    if (!(error instanceof ScriptsError)) throw error;
    if (error.reason === "not_found") {
      const other = await locateScript(db, caller, ref.slug, { owner: ref.owner }).then((l) => l.script, () => null);
      if (other) throw new ApiError("invalid_request", `"${other.slug}" is ${other.kind === "indicator" ? "an" : "a"} ${other.kind}; a sweep evaluates a definition.`);
    }
    throw toApiError(error);
  }
}

export async function startSweep(ctx: RunsContext, auth: AuthContext, request: SweepRequest, idempotencyKey: string | null): Promise<{ sweep: Sweep; created: boolean }> {
  const db = ctx.deps.db;
  const ref = typeof request.definition === "string" ? { slug: request.definition } : request.definition;
  // docs/reference/api.md "Order of checks": the request's own values (timeframe, instruments and
  // their windows) are refused (400) before the definition it names is looked up (404), as for runs (docs/adr/0187).
  assertTimeframe(request.timeframe);
  assertListedOnce(request);
  assertFixedOrSwept(request);
  const plan = await planOf(ctx, auth.accountId);
  const { instruments, noBars } = await windowsOf(ctx, request.instruments, request.timeframe, request, plan.historyStart);
  const script = await locateDefinition(db, auth, ref);
  const versionNumber = ref.version ?? script.latestVersion;
  const version = await db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId: script.id, version: versionNumber } }, select: { interface: true } });
  if (!version) throw new ApiError("not_found", `Script "${script.slug}" has no version ${versionNumber}.`);
  const iface = version.interface as unknown as ScriptInterface;
  // The fixed inputs, defaults included, but not the swept ones: a swept input's default is no
  // value the sweep evaluates (docs/adr/0305).
  const fixed = withoutSwept(inputsWithDefaults(iface.inputs ?? [], checkInputs(iface.inputs ?? [], request.inputs)), request.grid);
  checkGrid(iface, request.grid);
  const names = new Set(iface.events.map((e) => e.name));
  for (const e of request.events ?? []) if (!names.has(e)) throw new ApiError("invalid_request", `Event ${JSON.stringify(e)} is not one of the definition's events (${[...names].join(", ") || "none"}).`);
  const combinations = gridCombinations(request.grid).length;
  const spec: SweepSpec = {
    instruments,
    timeframe: request.timeframe,
    window: { ...(request.from ? { from: request.from } : {}), ...(request.to ? { to: request.to } : {}), ...(request.bars ? { bars: request.bars } : {}) },
    grid: request.grid,
    gridOrder: Object.keys(request.grid),
    inputs: fixed,
    horizons: request.horizons,
    events: request.events ?? null,
    cooldown: request.cooldown ?? 0,
  };
  const now = ctx.deps.clock.now();
  const outcome = await startSweepRow(db, {
    id: newSweepId(), accountId: auth.accountId, scriptId: script.id, scriptOwnerId: script.ownerId, scriptSlug: script.slug, scriptVersion: versionNumber,
    spec, progressTotal: combinations * instruments.length, idempotencyKey, createdAt: now,
  }, { queueCap: plan.concurrentRuns + QUEUE_EXTRA, computeUnitsPerMonth: plan.computeUnitsPerMonth, period: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) });
  if (outcome.outcome === "units_used_up") throw new ApiError("plan_limit", `This month's ${plan.computeUnitsPerMonth} compute units of plan ${plan.name} are used up.`);
  if (outcome.outcome === "queue_full") throw new ApiError("busy", `The run queue is full: ${outcome.active} runs and sweeps are queued or running (plan ${plan.name}: ${plan.concurrentRuns} at once + ${QUEUE_EXTRA} waiting).`, { retryAfter: QUEUE_FULL_RETRY_AFTER });
  if (outcome.outcome === "created" && noBars !== null) return { sweep: await failNow(ctx, outcome.sweep, failure("out_of_coverage", noBars, false)), created: true };
  if (outcome.outcome === "created") await sweepsQueue(ctx).add("sweep", { runId: outcome.sweep.id }, { jobId: outcome.sweep.id });
  return { sweep: outcome.sweep, created: outcome.outcome === "created" };
}

/** The caller's own sweep; another account's is 404. */
export async function loadOwnSweep(ctx: RunsContext, auth: AuthContext, id: string): Promise<Sweep> {
  const s = await findSweep(ctx.deps.db, id);
  if (!s || s.accountId !== auth.accountId) throw new ApiError("not_found", `No sweep ${JSON.stringify(id)}.`);
  return s;
}

export async function sweepJson(ctx: RunsContext, s: Sweep, auth: AuthContext): Promise<SweepJson> {
  if (s.scriptOwnerId === auth.accountId) return serializeSweep(s, auth.handle);
  const handles = await sweepOwnerHandles(ctx.deps.db, [s]);
  return serializeSweep(s, handles.get(s.scriptOwnerId) ?? "unknown");
}

/** Holds until the sweep is final or `seconds` pass, on the account's long-poll leases. */
export async function waitForSweep(ctx: RunsContext, auth: AuthContext, s: Sweep, seconds: number, signal?: AbortSignal): Promise<Sweep> {
  if (seconds <= 0 || isFinalSweep(s)) return s;
  const plan = await planOf(ctx, auth.accountId);
  const lease = await ctx.limits.tryAcquireWait({ id: auth.accountId, plan });
  if (!lease) return s;
  try {
    const load = async (): Promise<Sweep> => (await findSweep(ctx.deps.db, s.id)) ?? s;
    const latest = await ctx.watcher.waitUntil(s.id, seconds * 1000, load, isFinalSweep, signal);
    return isFinalSweep(latest) ? latest : load();
  } finally {
    await lease.release().catch(() => undefined);
  }
}

/** `h<N>:<stat>`; default the first horizon's t_stat. */
export function parseSort(raw: string | undefined, horizons: number[]): { h: number; stat: SweepStat } {
  if (raw === undefined || raw === "") return { h: horizons[0]!, stat: "t_stat" };
  const m = /^h(\d+):([a-z_0-9]+)$/.exec(raw);
  const h = m ? Number(m[1]) : NaN;
  if (!m || !horizons.includes(h) || !(SWEEP_STATS as readonly string[]).includes(m[2]!)) {
    throw new ApiError("invalid_request", `Parameter \`sort\` must be h<N>:<stat> with N one of the sweep's horizons (${horizons.join(", ")}) and stat one of ${SWEEP_STATS.join(", ")}.`);
  }
  return { h, stat: m[2] as SweepStat };
}

export function rankedRows(s: Sweep, now: Date, sort: { h: number; stat: SweepStat }): Array<SweepRowData & { rank: number }> {
  if (s.status !== "succeeded") {
    const going = s.status === "queued" || s.status === "running";
    throw new ApiError("run_not_finished", going ? `Sweep ${s.id} is ${s.status}; poll it until it has finished.` : `Sweep ${s.id} ${s.status === "failed" ? "failed" : "was cancelled"}; it has no rows.`);
  }
  if (s.rows === null || (s.expiresAt && s.expiresAt.getTime() <= now.getTime())) {
    throw new ApiError("not_found", `The rows of sweep ${s.id} expired at ${(s.expiresAt ?? now).toISOString()}.`, { status: 410 });
  }
  return rankRows(JSON.parse(s.rows) as SweepRowData[], sort.h, sort.stat);
}

const CANCEL_GRACE_MS = 3_000;

/** The final state of a sweep that evaluated nothing (summary of zeros). */
function emptySummary(s: Sweep): { combinations: number; evaluations: number; bars_evaluated: number; compute_units: number; events: number; duration: number } {
  return { combinations: gridCombinations(orderedGrid(s.spec as unknown as SweepSpec)).length, evaluations: 0, bars_evaluated: 0, compute_units: 0, events: 0, duration: 0 };
}

/** A queued sweep that never reaches the queue fails at once (nothing was evaluated). */
async function failNow(ctx: RunsContext, s: Sweep, why: ReturnType<typeof failure>): Promise<Sweep> {
  await finishSweep(ctx.deps.db, s.id, ["queued"], { status: "failed", failure: why, summary: emptySummary(s) }, ctx.deps.clock.now());
  return (await findSweep(ctx.deps.db, s.id)) ?? s;
}

export async function cancelSweep(ctx: RunsContext, s: Sweep): Promise<Sweep> {
  if (isFinalSweep(s)) return s;
  const db = ctx.deps.db;
  await requestSweepCancel(db, s.id);
  const summary = emptySummary(s);
  const channel = runChannel(ctx.deps.config.redisPrefix, s.id);
  if (s.status === "queued") {
    await sweepsQueue(ctx).remove(s.id).catch(() => 0);
    if (await finishSweep(db, s.id, ["queued"], { status: "cancelled", failure: failure("cancelled", "The sweep was cancelled.", false), summary }, ctx.deps.clock.now())) {
      await ctx.deps.redis.publish(channel, JSON.stringify({ type: "status", status: "cancelled" }));
      return (await findSweep(db, s.id)) ?? s;
    }
  }
  await publishCancel(ctx.deps.redis, ctx.deps.config.redisPrefix, s.id);
  const load = async (): Promise<Sweep> => (await findSweep(db, s.id)) ?? s;
  const latest = await ctx.watcher.waitUntil(s.id, CANCEL_GRACE_MS, load, isFinalSweep);
  if (isFinalSweep(latest)) return latest;
  if (await finishSweep(db, s.id, ["queued", "running"], { status: "cancelled", failure: failure("cancelled", "The sweep was cancelled.", false), summary }, ctx.deps.clock.now())) {
    await ctx.deps.redis.publish(channel, JSON.stringify({ type: "status", status: "cancelled" }));
  }
  return load();
}
