// GET /v1/instruments (#4: search `q` over symbol and name, signed keyset pages by symbol) and
// GET /v1/instruments/{symbol} (#5: 404 unknown_instrument). Instrument JSON (docs/reference/endpoints.md), built
// by packages/marketdata from instruments and their coverage (instrument_series).
import type { Router } from "express";
import { ApiError } from "@barscript/contracts";
import { getInstrument, listInstruments } from "@barscript/marketdata";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/define-route";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";

const LIST = "instruments";

export function registerInstrumentRoutes(router: Router, deps: AppDeps): void {
  defineRoute<{ limit?: string; cursor?: string; q?: string }>(router, deps.auth, 4, async (_req, res, { query }) => {
    const limit = parseLimit(query.limit, PAGE_LIMITS.instruments);
    let after: string | null = null;
    if (query.cursor) {
      const [symbol, q] = deps.cursors.decode(LIST, query.cursor);
      // A cursor belongs to its search: another `q` with it is a cursor from another list.
      if (typeof symbol !== "string" || (q ?? "") !== (query.q ?? "")) {
        throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      }
      after = symbol;
    }
    // A ticker id with its exchange (`NASDAQ:AAPL`), which #5 and a run accept, searches for its symbol.
    let q = query.q;
    if (q !== undefined && q.includes(":")) q = (await getInstrument(deps.db, q.trim()))?.symbol ?? q;
    const page = await listInstruments(deps.db, { limit, after, ...(q !== undefined ? { q } : {}) });
    res.json({ data: page.data, next_cursor: page.nextAfter ? deps.cursors.encode(LIST, [page.nextAfter, query.q ?? ""]) : null });
  });

  defineRoute(router, deps.auth, 5, async (_req, res, { params }) => {
    const symbol = params["symbol"] ?? "";
    const instrument = await getInstrument(deps.db, symbol);
    if (!instrument) throw new ApiError("unknown_instrument", `No instrument has the symbol ${JSON.stringify(symbol)}.`, { status: 404 });
    res.json(instrument);
  });
}
