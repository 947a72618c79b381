// A definition's events: #17 GET /scripts/{slug}/events (pages under `events`, or CSV) and #18
// DELETE /scripts/{slug}/events (`{ deleted: N }`), with the same filters. `?owner=` selects
// another account's public definition; only the caller's own runs' events are reached.
import type { Router } from "express";
import type { AppDeps } from "../deps";
import { authOf } from "../http/auth-plugin";
import { filteredList } from "../http/cursor";
import { defineRoute } from "../http/define-route";
import { deleteMatching, eventFilters, locateDefinition, sendEventsPage, streamEventsCsv, type EventQuery } from "../events/service";

export function registerEventRoutes(router: Router, deps: AppDeps): void {
  // #17
  defineRoute<EventQuery>(router, deps.auth, 17, async (_req, res, { query, params }) => {
    const auth = authOf(res);
    const filters = await eventFilters(deps.db, query);
    const script = await locateDefinition(deps, auth, params["slug"] ?? "", query);
    const filter = { ...filters, accountId: auth.accountId, scriptId: script.id, liveAt: deps.clock.now() };
    if (query.format === "csv") {
      await streamEventsCsv(deps, res, filter, `${script.slug}-events`);
      return;
    }
    const list = filteredList(`events:${script.id}:${auth.accountId}`, {
      instrument: filters.instrument, timeframe: filters.timeframe, from: filters.from?.toISOString(), to: filters.to?.toISOString(), name: filters.name, run_id: filters.runId,
    });
    await sendEventsPage(deps, res, filter, list, query);
  });

  // #18
  defineRoute<EventQuery>(router, deps.auth, 18, async (_req, res, { query, params }) => {
    const auth = authOf(res);
    const filters = await eventFilters(deps.db, query);
    const script = await locateDefinition(deps, auth, params["slug"] ?? "", query);
    const deleted = await deleteMatching(deps, { ...filters, accountId: auth.accountId, scriptId: script.id, liveAt: deps.clock.now() });
    res.status(200).json({ deleted });
  });
}
