// Sweeps (docs/adr/0056-sweeps.md): the row of a sweep, its start under the account's caps, its
// moves queued -> running -> final, progress, and its JSON as the API serves it.
import type { Db } from "../client";
import type { Prisma, Sweep } from "../generated/client";
import { newId } from "../accounts/random";
import type { Failure } from "../runs/types";

export type { Sweep } from "../generated/client";

export const SWEEP_ID_PATTERN = /^swp_[0-9A-Za-z]{24}$/;
export function newSweepId(): string {
  return newId("swp");
}

/** One instrument of a sweep with the window resolved for it. */
export interface SweepInstrument {
  symbol: string;
  from: string;
  to: string;
  bars: number;
}

/** What a sweep evaluates, as stored. */
export interface SweepSpec {
  instruments: SweepInstrument[];
  timeframe: string;
  window: { from?: string; to?: string; bars?: number };
  grid: Record<string, Array<string | number | boolean>>;
  /** The grid's input names in request order (jsonb keeps object keys in its own order). */
  gridOrder?: string[];
  inputs: Record<string, unknown>;
  horizons: number[];
  events: string[] | null;
  cooldown: number;
}

export interface SweepSummary {
  combinations: number;
  evaluations: number;
  bars_evaluated: number;
  compute_units: number;
  events: number;
  duration: number;
}

export interface NewSweep {
  id: string;
  accountId: string;
  scriptId: string;
  scriptOwnerId: string;
  scriptSlug: string;
  scriptVersion: number;
  spec: SweepSpec;
  progressTotal: number;
  idempotencyKey: string | null;
  createdAt: Date;
}

export type StartSweepOutcome =
  | { outcome: "created" | "existing"; sweep: Sweep }
  | { outcome: "units_used_up" }
  | { outcome: "queue_full"; active: number };

/**
 * Under one per-account transaction lock: an earlier sweep of the same Idempotency-Key, the
 * month's compute units, the queue cap (API runs and sweeps queued or running), then the insert.
 */
export async function startSweepRow(db: Db, row: NewSweep, caps: { queueCap: number; computeUnitsPerMonth: number; period: Date }): Promise<StartSweepOutcome> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`account:${row.accountId}`}))`;
    if (row.idempotencyKey !== null) {
      const existing = await tx.sweep.findUnique({ where: { accountId_idempotencyKey: { accountId: row.accountId, idempotencyKey: row.idempotencyKey } } });
      if (existing) return { outcome: "existing" as const, sweep: existing };
    }
    const usage = await tx.usageCounter.findUnique({ where: { accountId_period: { accountId: row.accountId, period: caps.period } } });
    if (usage && usage.computeUnits >= BigInt(caps.computeUnitsPerMonth)) return { outcome: "units_used_up" as const };
    const active = (await tx.run.count({ where: { accountId: row.accountId, source: "api", status: { in: ["queued", "running"] } } }))
      + (await tx.sweep.count({ where: { accountId: row.accountId, status: { in: ["queued", "running"] } } }));
    if (active >= caps.queueCap) return { outcome: "queue_full" as const, active };
    const sweep = await tx.sweep.create({ data: { ...row, spec: row.spec as unknown as Prisma.InputJsonValue } });
    return { outcome: "created" as const, sweep };
  });
}

export function findSweep(db: Db, id: string): Promise<Sweep | null> {
  return SWEEP_ID_PATTERN.test(id) ? db.sweep.findUnique({ where: { id } }) : Promise.resolve(null);
}

export function findSweepByKey(db: Db, accountId: string, key: string): Promise<Sweep | null> {
  return db.sweep.findUnique({ where: { accountId_idempotencyKey: { accountId, idempotencyKey: key } } });
}

/** The account's sweeps, newest first, optionally of one status (keyset pages). */
export async function listSweeps(db: Db, accountId: string, limit: number, after: [string, string] | null, status?: Sweep["status"]): Promise<{ sweeps: Sweep[]; next: [string, string] | null }> {
  const rows = await db.sweep.findMany({
    where: { accountId, ...(status ? { status } : {}), ...(after ? { OR: [{ createdAt: { lt: new Date(after[0]) } }, { createdAt: new Date(after[0]), id: { lt: after[1] } }] } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    omit: { rows: true },
  });
  const page = rows.slice(0, limit) as Sweep[];
  const last = page[page.length - 1];
  return { sweeps: page, next: rows.length > limit && last ? [last.createdAt.toISOString(), last.id] : null };
}

/** queued -> running; false when it was not queued (cancelled meanwhile). */
export async function markSweepRunning(db: Db, id: string, at: Date): Promise<boolean> {
  return (await db.sweep.updateMany({ where: { id, status: "queued", cancelRequested: false }, data: { status: "running", startedAt: at } })).count === 1;
}

export async function setSweepProgress(db: Db, id: string, done: number): Promise<void> {
  await db.sweep.updateMany({ where: { id, status: "running" }, data: { progressDone: done } });
}

/** Results are kept 7 days after the end, as a run's. */
export const SWEEP_KEEP_MS = 7 * 24 * 3600 * 1000;

/** The final move from one of `from`; false when another party finished it first. */
export async function finishSweep(
  db: Db,
  id: string,
  from: Array<"queued" | "running">,
  outcome: { status: "succeeded" | "failed" | "cancelled"; failure?: Failure | null; summary: SweepSummary; rows?: string; progressDone?: number },
  at: Date,
): Promise<boolean> {
  const r = await db.sweep.updateMany({
    where: { id, status: { in: from } },
    data: {
      status: outcome.status,
      failureKind: outcome.failure?.kind ?? null,
      failureMessage: outcome.failure?.message ?? null,
      failureRetryable: outcome.failure?.retryable ?? null,
      summary: outcome.summary as unknown as Prisma.InputJsonValue,
      ...(outcome.rows !== undefined ? { rows: outcome.rows } : {}),
      ...(outcome.progressDone !== undefined ? { progressDone: outcome.progressDone } : {}),
      finishedAt: at,
      expiresAt: new Date(at.getTime() + SWEEP_KEEP_MS),
    },
  });
  return r.count === 1;
}

export async function requestSweepCancel(db: Db, id: string): Promise<void> {
  await db.sweep.updateMany({ where: { id }, data: { cancelRequested: true } });
}

/** Drops the rows of sweeps past their expiry (the sweep itself stays, its results answer 410). */
export async function expireSweeps(db: Db, now: Date): Promise<number> {
  return (await db.sweep.updateMany({ where: { expiresAt: { lt: now }, rows: { not: null } }, data: { rows: null } })).count;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The grid with its inputs in the order the request gave them. */
export function orderedGrid(spec: SweepSpec): SweepSpec["grid"] {
  const names = spec.gridOrder ?? Object.keys(spec.grid);
  return Object.fromEntries(names.filter((n) => n in spec.grid).map((n) => [n, spec.grid[n]!]));
}

export interface SweepJson {
  id: string;
  definition: { owner: string; slug: string; version: number };
  instruments: string[];
  timeframe: string;
  window: SweepSpec["window"];
  grid: SweepSpec["grid"];
  inputs: Record<string, unknown>;
  horizons: number[];
  events: string[] | null;
  cooldown: number;
  status: string;
  /** Present only when failed or cancelled, absent (not null) otherwise, as a Run's (docs/reference/api.md). */
  failure?: { kind: string; message: string; retryable: boolean };
  progress: { done: number; total: number };
  /** Present once final, as a Run's. */
  summary?: SweepSummary;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  expires_at: string | null;
}

export function serializeSweep(s: Sweep, ownerHandle: string): SweepJson {
  const spec = s.spec as unknown as SweepSpec;
  return {
    id: s.id,
    definition: { owner: ownerHandle, slug: s.scriptSlug, version: s.scriptVersion },
    instruments: spec.instruments.map((i) => i.symbol),
    timeframe: spec.timeframe,
    window: spec.window,
    grid: orderedGrid(spec),
    inputs: spec.inputs,
    horizons: spec.horizons,
    events: spec.events,
    cooldown: spec.cooldown,
    status: s.status,
    ...(s.failureKind ? { failure: { kind: s.failureKind, message: s.failureMessage ?? "", retryable: s.failureRetryable ?? false } } : {}),
    progress: { done: s.progressDone, total: s.progressTotal },
    ...(s.summary ? { summary: s.summary as unknown as SweepSummary } : {}),
    created_at: s.createdAt.toISOString(),
    started_at: iso(s.startedAt),
    finished_at: iso(s.finishedAt),
    expires_at: iso(s.expiresAt),
  };
}

/** The handles of the definitions' owners, by account id. */
export async function sweepOwnerHandles(db: Db, sweeps: ReadonlyArray<Pick<Sweep, "scriptOwnerId">>): Promise<Map<string, string>> {
  const ids = [...new Set(sweeps.map((s) => s.scriptOwnerId))];
  const rows = ids.length === 0 ? [] : await db.account.findMany({ where: { id: { in: ids } }, select: { id: true, handle: true } });
  return new Map(rows.map((r) => [r.id, r.handle]));
}
