// Run rows: insert (one run per account + Idempotency-Key, decided by the unique constraint),
// and every status change as a conditional update, so cancel, finish, crash and sweep can race
// without corrupting a run (README.md "The flow in one line").
import { poolOf, type Db } from "../client";
import type { Prisma, Run } from "../generated/client";
import { type Failure, RESULTS_TTL_MS, type RunStatusName, type RunSummary } from "./types";
import { execute, query, statement } from "../sql";

export type DbClient = Db | Prisma.TransactionClient;

export interface NewRun {
  id: string;
  accountId: string;
  kind: "indicator" | "definition" | "study" | "library";
  scriptId: string | null;
  scriptOwnerId: string;
  scriptSlug: string;
  scriptVersion: number;
  instrument: string;
  timeframe: string;
  windowFrom: Date | null;
  windowTo: Date | null;
  requestedFrom: Date | null;
  requestedTo: Date | null;
  windowBars: number;
  inputs: Record<string, number | string | boolean>;
  source: "api" | "app" | "study";
  idempotencyKey: string | null;
  parentRunId?: string | null;
  createdAt?: Date;
}

// The id only: the key is new on almost every call, and a statement of every column costs the
// driver a field description and a parser per column on each execution, rows or not.
const RUN_ID_BY_KEY = statement("run_id_by_key", `SELECT id FROM runs WHERE "accountId" = $1 AND "idempotencyKey" = $2`);
const RUN_BY_ID = statement("run_by_id", `SELECT * FROM runs WHERE id = $1`);

/** A client made by createDb (prepared statements on its pool), not a transaction. */
function isDb(db: DbClient): db is Db {
  return "$connect" in db;
}

/** The account's run that holds Idempotency-Key `key` (its id first, then the row when there is one). */
export async function findRunByKey(db: DbClient, accountId: string, key: string): Promise<Run | null> {
  if (isDb(db)) {
    const found = (await query<{ id: string }>(db, RUN_ID_BY_KEY, [accountId, key]))[0];
    return found ? findRun(db, found.id) : null;
  }
  return db.run.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: key } } });
}

/** A run by id, one prepared statement (the hot reads of the API and workers). */
export async function findRun(db: Db, id: string): Promise<Run | null> {
  return (await query<Run>(db, RUN_BY_ID, [id]))[0] ?? null;
}

/** Runs of `source` api queued or running for the account (the queue cap of docs/reference/api.md). */
export async function countActiveApiRuns(db: DbClient, accountId: string): Promise<number> {
  return db.run.count({ where: { accountId, source: "api", status: { in: ["queued", "running"] } } });
}

/**
 * queued -> running, only if still queued and not being cancelled; its commit does not wait for
 * the WAL flush (runs_mark_running, docs/adr/0080-running-commits-asynchronously.md).
 */
const MARK_RUNNING = statement("mark_running_async", `SELECT runs_mark_running($1, $2::timestamptz) AS moved`);

export async function markRunning(db: DbClient, id: string, now: Date): Promise<boolean> {
  if (isDb(db)) return (await query<{ moved: number }>(db, MARK_RUNNING, [id, now.toISOString()]))[0]?.moved === 1;
  const { count } = await db.run.updateMany({ where: { id, status: "queued", cancelRequested: false }, data: { status: "running", startedAt: now } });
  return count === 1;
}

export interface Outcome {
  status: Extract<RunStatusName, "succeeded" | "failed" | "cancelled">;
  failure?: Failure;
  summary?: RunSummary;
}

const FINISH_RUN = statement("finish_run", `
    WITH moved AS (
      UPDATE runs SET status = $3::"RunStatus", "failureKind" = $4, "failureMessage" = $5, "failureRetryable" = $6::boolean,
        summary = COALESCE($7::jsonb, summary), "finishedAt" = $8::timestamptz, "expiresAt" = $9::timestamptz
      WHERE id = $1 AND status = ANY($2::"RunStatus"[])
      RETURNING id
    ), dropped AS (
      DELETE FROM run_output_chunks WHERE "runId" = $1 AND $3 <> 'succeeded' AND EXISTS (SELECT 1 FROM moved)
    )
    SELECT count(*)::int AS moved FROM moved`);

/**
 * Moves a run from one of `from` to its final state; false when another party got there first.
 * A run that ends other than succeeded keeps no output chunks: any a large write had committed
 * before its process died (succeed-parallel.ts) are deleted with the move.
 */
export async function finishRun(db: DbClient, id: string, from: RunStatusName[], outcome: Outcome, now: Date): Promise<boolean> {
  const f = outcome.failure;
  // `from` as an array literal: the same text binds on the pool and through a transaction's raw query
  const values = [id, `{${from.join(",")}}`, outcome.status, f?.kind ?? null, f?.message ?? null, f?.retryable ?? null, outcome.summary ? JSON.stringify(outcome.summary) : null, now.toISOString(), new Date(now.getTime() + RESULTS_TTL_MS).toISOString()];
  return (await query<{ moved: number }>(db, FINISH_RUN, values))[0]?.moved === 1;
}

export async function requestCancel(db: DbClient, id: string): Promise<void> {
  await db.run.updateMany({ where: { id, status: { in: ["queued", "running"] } }, data: { cancelRequested: true } });
}

/**
 * The INSERT that adds compute units and events to an account's counter of one month, with the
 * placeholders given (account, period as a date, units, events): addUsage runs it alone, and the
 * final write of a succeeded indicator (chunks.ts) as a step of its statement.
 */
export function usageInsert(account: string, period: string, units: string, events: string): string {
  return `INSERT INTO usage_counters ("accountId", period, "computeUnits", events)
        VALUES (${account}, ${period}::date, ${units}::bigint, ${events}::bigint)
        ON CONFLICT ("accountId", period) DO UPDATE
          SET "computeUnits" = usage_counters."computeUnits" + EXCLUDED."computeUnits",
              events = usage_counters.events + EXCLUDED.events`;
}

/** The first day of the UTC month of `now`, as a date literal. */
export function usagePeriod(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

const ADD_USAGE = statement("add_usage", usageInsert("$1", "$2", "$3", "$4"));

/** Adds compute units (and events) to the account's counter for the UTC month of `now`. */
export async function addUsage(db: DbClient, accountId: string, now: Date, computeUnits: number, events = 0): Promise<void> {
  if (computeUnits <= 0 && events <= 0) return;
  await execute(db, ADD_USAGE, [accountId, usagePeriod(now), String(computeUnits), String(events)]);
}

export type StartOutcome =
  | { outcome: "created"; run: Run }
  | { outcome: "existing"; run: Run }
  | { outcome: "queue_full"; active: number }
  | { outcome: "units_used_up"; units: number };

/**
 * A run start in one statement, `runs_start` (migration 20261122094500; docs/performance.md):
 * under the account's advisory lock it reads the month's compute units, the run holding the
 * Idempotency-Key and the account's active API runs, and inserts `queued` only when the units
 * are not used up, no run holds the key and (when `queueCap` is given) the queue has room. The
 * lock makes concurrent starts of one account pass the cap one at a time, and is held only for
 * that statement.
 */
const RUNS_START = statement("runs_start", `SELECT * FROM runs_start($1::jsonb, $2::int, $3::bigint, $4::date)`);

/**
 * RUNS_START whose commit does not wait for its WAL flush (`synchronous_commit` off for this
 * statement's own transaction only), for a caller that answers only a durable state
 * (docs/adr/0266-waiting-starts-commit-without-the-flush.md): a final state, whose synchronous
 * commit flushes this one before it, or a run `confirmRunDurable` confirmed.
 */
const RUNS_START_NO_FLUSH_WAIT = statement("runs_start_no_flush_wait", `SELECT r.* FROM runs_start($1::jsonb, $2::int, $3::bigint, $4::date) r, set_config('synchronous_commit', 'off', true)`);

export interface StartRowOptions {
  /**
   * The insert's commit returns before the WAL holds it on disk (docs/adr/0266); the caller then
   * answers no state of the run before a final one or `confirmRunDurable`. Only on a pooled
   * client of `createDb` (never inside another transaction, whose own commit it would change).
   */
  noFlushWait?: boolean;
}

export async function startRunRow(db: Db, run: NewRun, limits: { queueCap: number | null; computeUnitsPerMonth: number; period: Date }, options: StartRowOptions = {}): Promise<StartOutcome> {
  const row = { ...run, parentRunId: run.parentRunId ?? null, createdAt: run.createdAt ?? new Date() };
  const s = options.noFlushWait && poolOf(db) ? RUNS_START_NO_FLUSH_WAIT : RUNS_START;
  const rows = await query<Run>(db, s, [JSON.stringify(row), limits.queueCap, String(limits.computeUnitsPerMonth), limits.period.toISOString().slice(0, 10)]);
  const found = rows[0];
  if (found) return { outcome: found.id === run.id ? "created" : "existing", run: found };
  // Nothing inserted: say why (the figures only word the answer).
  const units = await db.usageCounter.findUnique({ where: { accountId_period: { accountId: run.accountId, period: limits.period } } });
  if (Number(units?.computeUnits ?? 0) >= limits.computeUnitsPerMonth) return { outcome: "units_used_up", units: Number(units?.computeUnits ?? 0) };
  if (limits.queueCap === null) throw new Error(`run ${run.id} was not inserted`);
  return { outcome: "queue_full", active: Math.max(limits.queueCap, await countActiveApiRuns(db, run.accountId)) };
}

/**
 * Waits until the run's row, and every commit before this call, is on disk (WAL flushed): a row
 * lock (`FOR KEY SHARE`, which no worker's update waits for) is a WAL record, so this statement's
 * synchronous commit flushes the WAL up to it. False when the row is not there (a start whose
 * commit a Postgres crash lost, docs/adr/0266).
 */
const RUN_DURABLE = statement("run_durable", `SELECT id FROM runs WHERE id = $1 FOR KEY SHARE`);

export async function confirmRunDurable(db: Db, runId: string): Promise<boolean> {
  return (await query<{ id: string }>(db, RUN_DURABLE, [runId])).length > 0;
}

/**
 * The run's chart series as the bar cache reads it (packages/marketdata series.ts, `lookupSeries`):
 * its instrument and bar-chunk metadata at the run's timeframe, oldest first, each chunk with its
 * row version (`xmin`). Null when no instrument has the run's symbol.
 */
export interface RunSeries {
  /** `name`, `assetClass`, `currency` and `exchange`: what the script reads as `syminfo.description/type/currency/prefix`. */
  instrument: { id: string; symbol: string; timezone: string; session: string; status: string; name: string; assetClass: string; currency: string; exchange: string };
  /** Unix seconds. */
  chunks: Array<{ chunkStart: number; firstTime: number; lastTime: number; barCount: number; version: string }>;
}

export interface RunWithPlan {
  run: Run;
  account: { id: string; handle: string };
  plan: { name: string; concurrentRuns: number; runTimeLimitSeconds: number; eventsPerMonth: number };
  series: RunSeries | null;
}

// The series in the same statement (one round trip less per run): chunks as [start, first, last,
// count, version] in JSON, times in Unix seconds.
const RUN_WITH_PLAN_COLUMNS = `r.*, a.handle AS "_handle", p.name AS "_plan", p."concurrentRuns" AS "_concurrentRuns",
           p."runTimeLimitSeconds" AS "_runTimeLimitSeconds", p."eventsPerMonth" AS "_eventsPerMonth",
           i.id AS "_iId", i.symbol AS "_iSymbol", i.timezone AS "_iTimezone", i.session AS "_iSession", i.status::text AS "_iStatus",
           i.name AS "_iName", i."assetClass"::text AS "_iAssetClass", i.currency AS "_iCurrency", i.exchange AS "_iExchange",
           (SELECT json_agg(json_build_array(floor(extract(epoch FROM c."chunkStart"))::bigint, floor(extract(epoch FROM c."firstTime"))::bigint,
                    floor(extract(epoch FROM c."lastTime"))::bigint, c."barCount", c.xmin::text) ORDER BY c."chunkStart")
              FROM bar_chunks c WHERE c."instrumentId" = i.id AND c.timeframe = r.timeframe) AS "_chunks"`;
const RUN_WITH_PLAN_FROM = `FROM runs r JOIN accounts a ON a.id = r."accountId" JOIN plans p ON p.name = a."planName"
      LEFT JOIN instruments i ON i.symbol = r.instrument
    WHERE r.id = $1`;
const RUN_WITH_PLAN = statement("run_with_plan_series", `SELECT ${RUN_WITH_PLAN_COLUMNS} ${RUN_WITH_PLAN_FROM}`);

/**
 * RUN_WITH_PLAN that also moves the run queued -> running by runs_mark_running (its commit not
 * waiting for the WAL flush, docs/adr/0080), only when the run is a kind the worker runs ($4)
 * and its account ($5) and plan's runs at once ($3) are the ones the caller's slot was taken under
 * (docs/adr/0125-slot-before-the-read.md). The columns are the row as it was read (queued).
 */
const START_RUN_WITH_PLAN = statement("start_run_with_plan_series", `
    SELECT CASE WHEN r.status = 'queued' AND NOT r."cancelRequested" AND r."accountId" = $5 AND p."concurrentRuns" = $3::int AND r.kind::text = ANY($4::text[])
             THEN runs_mark_running(r.id, $2::timestamptz) ELSE 0 END AS "_moved",
           ${RUN_WITH_PLAN_COLUMNS}
    ${RUN_WITH_PLAN_FROM}`);

interface PlanColumns {
  _handle: string;
  _plan: string;
  _concurrentRuns: number;
  _runTimeLimitSeconds: number;
  _eventsPerMonth: number | bigint;
}

interface SeriesColumns {
  _iId: string | null;
  _iSymbol: string;
  _iTimezone: string;
  _iSession: string;
  _iStatus: string;
  _iName: string;
  _iAssetClass: string;
  _iCurrency: string;
  _iExchange: string;
  _chunks: Array<[number, number, number, number, string]> | null;
}

function seriesOf(row: SeriesColumns): RunSeries | null {
  if (row._iId === null) return null;
  const chunks = (row._chunks ?? []).map(([chunkStart, firstTime, lastTime, barCount, version]) => ({ chunkStart, firstTime, lastTime, barCount, version }));
  return { instrument: { id: row._iId, symbol: row._iSymbol, timezone: row._iTimezone, session: row._iSession, status: row._iStatus, name: row._iName, assetClass: row._iAssetClass, currency: row._iCurrency, exchange: row._iExchange }, chunks };
}

/** A run with its account's handle, the plan figures a worker needs and its chart series: one query. */
export async function findRunWithPlan(db: Db, id: string): Promise<RunWithPlan | null> {
  const row = (await query<Run & PlanColumns & SeriesColumns>(db, RUN_WITH_PLAN, [id]))[0];
  return row ? runWithPlanOf(row) : null;
}

/**
 * findRunWithPlan and, in the same statement, queued -> running at `at` when the run is still
 * queued, not being cancelled, of one of `kinds`, of account `accountId` and its plan's runs at
 * once are `concurrentRuns` (what the caller's slot was taken under). `running`: the row as moved
 * (status running, startedAt `at`), else null and `found` as read.
 */
export async function startRunWithPlan(db: Db, id: string, at: Date, when: { accountId: string; concurrentRuns: number; kinds: readonly string[] }): Promise<{ found: RunWithPlan; running: Run | null } | null> {
  const row = (await query<Run & PlanColumns & SeriesColumns & { _moved: number }>(db, START_RUN_WITH_PLAN, [id, at.toISOString(), when.concurrentRuns, when.kinds, when.accountId]))[0];
  if (!row) return null;
  const { _moved, ...rest } = row;
  const found = runWithPlanOf(rest);
  return { found, running: _moved === 1 ? { ...found.run, status: "running", startedAt: at } : null };
}

function runWithPlanOf(row: Run & PlanColumns & SeriesColumns): RunWithPlan {
  const { _handle, _plan, _concurrentRuns, _runTimeLimitSeconds, _eventsPerMonth, _iId, _iSymbol, _iTimezone, _iSession, _iStatus, _iName, _iAssetClass, _iCurrency, _iExchange, _chunks, ...run } = row;
  return {
    run: run as Run,
    account: { id: run.accountId, handle: _handle },
    plan: { name: _plan, concurrentRuns: _concurrentRuns, runTimeLimitSeconds: _runTimeLimitSeconds, eventsPerMonth: Number(_eventsPerMonth) },
    series: seriesOf({ _iId, _iSymbol, _iTimezone, _iSession, _iStatus, _iName, _iAssetClass, _iCurrency, _iExchange, _chunks }),
  };
}
