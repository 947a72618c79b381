// Definition events (docs/reference/endpoints.md "Event"): written in bulk with their run, counted against the
// month's events budget, read in keyset pages on (time, id), deleted with filters, and streamed
// batch by batch for CSV. Events of a run whose results expired are never listed (the sweeper
// deletes them; until it has, the run's expiry hides them).
import type { Prisma } from "../generated/client";
import type { DbClient } from "../runs/queries";

/** docs/reference/limits-and-plans.md: a definition run keeps at most 10,000 events. */
export const MAX_EVENTS_PER_RUN = 10_000;

/** One event as the evaluator produced it: `time` is the bar's open time in Unix seconds. */
export interface NewEvent {
  time: number;
  name: string;
  message: string;
  price: number;
}

export interface EventOwner {
  runId: string;
  scriptId: string | null;
  accountId: string;
  instrument: string;
  timeframe: string;
}

/** Rows per INSERT statement: five array parameters however many rows, so this bounds memory only. */
export const INSERT_BATCH = 5_000;

/**
 * Inserts the events of one run with `INSERT ... SELECT FROM unnest(...)`: one statement per
 * 5,000 rows and a fixed number of parameters (a multi-row VALUES list of 10,000 events would
 * pass Postgres' 65,535 parameters).
 */
export async function insertEvents(db: DbClient, owner: EventOwner, events: readonly NewEvent[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < events.length; start += INSERT_BATCH) {
    const slice = events.slice(start, start + INSERT_BATCH);
    const times = slice.map((e) => e.time);
    const names = slice.map((e) => e.name);
    const messages = slice.map((e) => e.message);
    const prices = slice.map((e) => (Number.isFinite(e.price) ? e.price : null));
    written += await db.$executeRaw`
      INSERT INTO events ("runId", "scriptId", "accountId", instrument, timeframe, name, message, time, price)
      SELECT ${owner.runId}, ${owner.scriptId}, ${owner.accountId}, ${owner.instrument}, ${owner.timeframe}, u.name, u.message, to_timestamp(u.t), COALESCE(u.price, 'NaN'::float8)
      FROM unnest(${times}::float8[], ${names}::text[], ${messages}::text[], ${prices}::float8[]) WITH ORDINALITY AS u(t, name, message, price, n)
      ORDER BY u.n`;
  }
  return written;
}

function periodOf(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Takes `count` events from the account's budget for the UTC month of `now`, atomically: the
 * counter row is locked by the conditional UPDATE, so two runs finishing together cannot both
 * pass the budget. False (nothing taken) when `count` would pass `limit`.
 */
export async function reserveEvents(db: DbClient, accountId: string, now: Date, count: number, limit: number): Promise<boolean> {
  if (count <= 0) return true;
  const period = periodOf(now);
  await db.$executeRaw`
    INSERT INTO usage_counters ("accountId", period, "computeUnits", events)
    VALUES (${accountId}, ${period}::date, 0, 0)
    ON CONFLICT ("accountId", period) DO NOTHING`;
  const taken = await db.$executeRaw`
    UPDATE usage_counters SET events = events + ${BigInt(count)}
    WHERE "accountId" = ${accountId} AND period = ${period}::date AND events + ${BigInt(count)} <= ${BigInt(limit)}`;
  return taken === 1;
}

export async function eventsThisMonth(db: DbClient, accountId: string, now: Date): Promise<number> {
  const row = await db.usageCounter.findUnique({ where: { accountId_period: { accountId, period: periodOf(now) } } });
  return Number(row?.events ?? 0);
}

/** The filters of #17/#18 (and of a run's results: `runId` alone). Times are inclusive. */
export interface EventFilter {
  accountId: string;
  scriptId?: string | undefined;
  runId?: string | undefined;
  instrument?: string | undefined;
  timeframe?: string | undefined;
  name?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Leaves out events of runs whose results expired at this time. */
  liveAt?: Date | undefined;
}

/** Keyset position: the last row's time (ms) and id. */
export type EventKey = [timeMs: number, id: string];

export interface EventRow {
  id: bigint;
  runId: string;
  name: string;
  message: string;
  instrument: string;
  timeframe: string;
  time: Date;
  price: number;
}

function whereOf(filter: EventFilter, after?: EventKey | null): Prisma.EventWhereInput {
  const where: Prisma.EventWhereInput = { accountId: filter.accountId };
  if (filter.scriptId !== undefined) where.scriptId = filter.scriptId;
  if (filter.runId !== undefined) where.runId = filter.runId;
  if (filter.instrument !== undefined) where.instrument = filter.instrument;
  if (filter.timeframe !== undefined) where.timeframe = filter.timeframe;
  if (filter.name !== undefined) where.name = filter.name;
  if (filter.from || filter.to) where.time = { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lte: filter.to } : {}) };
  // The account bounds the runs the join looks at (the planner may hash them).
  if (filter.liveAt) where.run = { accountId: filter.accountId, resultsExpiredAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: filter.liveAt } }] };
  if (after) {
    const at = new Date(after[0]);
    const id = BigInt(after[1]);
    where.AND = [{ OR: [{ time: { gt: at } }, { time: at, id: { gt: id } }] }];
  }
  return where;
}

const SELECT = { id: true, runId: true, name: true, message: true, instrument: true, timeframe: true, time: true, price: true } as const;

/** One page in (time, id) order, and the key of its last row when more follow. */
export async function listEvents(db: DbClient, filter: EventFilter, limit: number, after: EventKey | null = null): Promise<{ rows: EventRow[]; next: EventKey | null }> {
  const rows = await db.event.findMany({ where: whereOf(filter, after), orderBy: [{ time: "asc" }, { id: "asc" }], take: limit + 1, select: SELECT });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit && last ? [last.time.getTime(), last.id.toString()] : null };
}

/**
 * Every matching event in (time, id) order, `batch` rows at a time: a keyset walk over the
 * database, so a CSV of any size holds one batch in memory.
 */
export async function* streamEvents(db: DbClient, filter: EventFilter, batch = 1_000): AsyncGenerator<EventRow[]> {
  let after: EventKey | null = null;
  for (;;) {
    const page = await listEvents(db, filter, batch, after);
    if (page.rows.length > 0) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}

/**
 * What names the set of matching events: how many there are and the newest id. Ids only grow and
 * rows only leave a filter's set by deletion or expiry, so any change to the set changes one of
 * them (the events CSV's ETag, docs/adr/0333).
 */
export async function eventsVersion(db: DbClient, filter: EventFilter): Promise<string> {
  const found = await db.event.aggregate({ where: whereOf(filter), _count: { _all: true }, _max: { id: true } });
  return `${found._count._all}:${String(found._max.id ?? "")}`;
}

/** Deletes the matching events; how many went. */
export async function deleteEvents(db: DbClient, filter: EventFilter): Promise<number> {
  const { count } = await db.event.deleteMany({ where: whereOf(filter) });
  return count;
}

/** docs/reference/endpoints.md "Event", as served. */
export interface EventJson {
  id: string;
  time: string;
  name: string;
  message: string;
  instrument: string;
  timeframe: string;
  price: number | null;
  run_id: string;
}

export const EVENT_CSV_COLUMNS = ["id", "time", "name", "message", "instrument", "timeframe", "price", "run_id"] as const;

const barIso = (d: Date): string => d.toISOString().replace(/\.000Z$/, "Z");

export function serializeEvent(row: EventRow): EventJson {
  return {
    id: row.id.toString(),
    time: barIso(row.time),
    name: row.name,
    message: row.message,
    instrument: row.instrument,
    timeframe: row.timeframe,
    price: Number.isFinite(row.price) ? row.price : null,
    run_id: row.runId,
  };
}

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows end in CRLF, as RFC 4180 delimits a text/csv record (docs/adr/0287). */
export function eventCsvHeader(): string {
  return `${EVENT_CSV_COLUMNS.join(",")}\r\n`;
}

export function eventCsvRow(row: EventRow): string {
  const e = serializeEvent(row);
  return `${EVENT_CSV_COLUMNS.map((c) => csvCell(e[c])).join(",")}\r\n`;
}
