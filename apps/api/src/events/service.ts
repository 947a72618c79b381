// A definition's events (#17, #18) and a definition run's results (#22): filters parsed from the
// query, keyset pages under `events`, CSV streamed batch by batch from the database (never built
// in memory), and deletes with the same filters. Only the caller's own runs' events are reached.
import type { Response } from "express";
import { ApiError, assertTimeframe, parseRfc3339, RFC3339_MESSAGE } from "@barscript/contracts";
import {
  deleteEvents,
  eventCsvHeader,
  eventCsvRow,
  eventsVersion,
  listEvents,
  serializeEvent,
  streamEvents,
  type EventFilter,
  type EventKey,
  type Db,
} from "@barscript/db";
import { RUN_ID_PATTERN } from "@barscript/db";
import { locateScript, ScriptsError } from "@barscript/db";
import { storedSymbol } from "@barscript/marketdata";
import type { AppDeps } from "../deps";
import type { AuthContext } from "../http/auth-plugin";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";
import { notModifiedBy } from "../http/etag";
import { writeStreamed } from "../http/stream";
import { rowsThatFit } from "../http/page-bytes";
import { toApiError } from "../http/errors";

export interface EventQuery {
  owner?: string | undefined;
  kind?: "indicator" | "definition" | "study" | "library" | undefined;
  instrument?: string | undefined;
  timeframe?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  name?: string | undefined;
  run_id?: string | undefined;
  limit?: string | undefined;
  cursor?: string | undefined;
  format?: "json" | "csv" | undefined;
}

function timeParam(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const ms = parseRfc3339(value);
  if (ms === null) throw new ApiError("invalid_request", `Parameter \`${field}\` ${RFC3339_MESSAGE}.`);
  return new Date(ms);
}

/** The filters of #17/#18 beyond account and script; an instrument written with its prefix ("NASDAQ:AAPL") is the stored symbol, as for runs (docs/adr/0156). */
export async function eventFilters(db: Db, query: EventQuery): Promise<Omit<EventFilter, "accountId" | "scriptId" | "liveAt">> {
  const out: Omit<EventFilter, "accountId" | "scriptId" | "liveAt"> = {};
  if (query.instrument !== undefined) out.instrument = await storedSymbol(db, query.instrument);
  if (query.timeframe !== undefined) {
    assertTimeframe(query.timeframe);
    out.timeframe = query.timeframe;
  }
  const from = timeParam(query.from, "from");
  const to = timeParam(query.to, "to");
  if (from && to && from.getTime() > to.getTime()) throw new ApiError("invalid_request", "Parameter `from` is after `to`.");
  if (from) out.from = from;
  if (to) out.to = to;
  if (query.name !== undefined) out.name = query.name;
  if (query.run_id !== undefined) {
    if (!RUN_ID_PATTERN.test(query.run_id)) throw new ApiError("invalid_request", "Parameter `run_id` is not a run id (run_ followed by 24 letters and digits).");
    out.runId = query.run_id;
  }
  return out;
}

/**
 * The definition #17/#18 address: the caller's own, or with `?owner=` another account's public
 * one (whose events are still only the caller's own runs'). Another kind of script is 400.
 */
export async function locateDefinition(deps: AppDeps, auth: AuthContext, slug: string, query: EventQuery): Promise<{ id: string; slug: string }> {
  let script;
  try {
    ({ script } = await locateScript(deps.db, { accountId: auth.accountId, handle: auth.handle }, slug, { owner: query.owner, kind: query.kind }));
  } catch (error) {
    throw error instanceof ScriptsError ? toApiError(error) : error;
  }
  if (script.kind !== "definition") throw new ApiError("invalid_request", `"${script.slug}" is ${script.kind === "indicator" ? "an" : "a"} ${script.kind}; only definitions have events.`);
  return { id: script.id, slug: script.slug };
}

function decodeKey(deps: AppDeps, list: string, cursor: string | undefined): EventKey | null {
  if (cursor === undefined || cursor === "") return null;
  const values = deps.cursors.decode(list, cursor);
  const [t, id] = values;
  if (values.length !== 2 || typeof t !== "number" || !Number.isSafeInteger(t) || typeof id !== "string" || !/^\d{1,19}$/.test(id)) {
    throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
  }
  return [t, id];
}

/** A page `{ events, next_cursor }`, default 100, at most 1,000. */
export async function sendEventsPage(deps: AppDeps, res: Response, filter: EventFilter, list: string, query: { limit?: string | undefined; cursor?: string | undefined }): Promise<void> {
  const limit = parseLimit(query.limit, PAGE_LIMITS.events);
  const after = decodeKey(deps, list, query.cursor);
  const page = await listEvents(deps.db, filter, limit, after);
  const events = page.rows.map(serializeEvent);
  // Bounded by bytes too: a shorter page continues after its last event.
  const fit = rowsThatFit(events);
  const last = page.rows[fit - 1];
  const next: EventKey | null = fit < events.length && last ? [last.time.getTime(), last.id.toString()] : page.next;
  res.status(200).json({ events: events.slice(0, fit), next_cursor: next ? deps.cursors.encode(list, next) : null });
}

/** CSV in Event order (`id,time,name,message,instrument,timeframe,price,run_id`), streamed. */
export async function streamEventsCsv(deps: AppDeps, res: Response, filter: EventFilter, filename: string): Promise<void> {
  res.status(200);
  // the rows are named by the filter and the set it selects now (docs/adr/0333); the time that
  // leaves out expired runs' events is not part of the name: the set's count says what it left out
  const { liveAt: _now, ...named } = filter;
  if (notModifiedBy(res, `events-csv-1:${JSON.stringify(named)}:${await eventsVersion(deps.db, filter)}`)) return;
  res.setHeader("Content-Type", "text/csv; charset=utf-8");
  res.setHeader("Content-Disposition", `attachment; filename="${filename}.csv"`);
  try {
    await writeStreamed(res, eventCsvHeader());
    for await (const rows of streamEvents(deps.db, filter)) {
      let text = "";
      for (const row of rows) text += eventCsvRow(row);
      await writeStreamed(res, text);
    }
    res.end();
  } catch (error) {
    deps.logger.warn({ err: error }, "events CSV stream stopped");
    res.destroy();
  }
}

export async function deleteMatching(deps: AppDeps, filter: EventFilter): Promise<number> {
  return deleteEvents(deps.db, filter);
}
