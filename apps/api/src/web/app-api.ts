// What the web app needs beyond /v1 (ADR 0036), under /app/api/, answered only to a session call
// (cookie + X-CSRF-Token, app-session.ts) and in the API's error envelope:
//   GET  /app/api/runs/{run_id}/bars     the bars of a run's window, for its candlestick chart
//   POST /app/api/keys                   create an API key from the account page (secret shown once)
//   POST /app/api/keys/{key_id}/revoke   revoke one of the account's keys
//   GET  /app/api/library?q=&cursor=     library search with every word a prefix (search as you type), 50 a page
import type { Response, Router } from "express";
import { pathRouter } from "../http/router";
import { ApiError } from "@barscript/contracts";
import { AccountsError, createApiKey, isKeyScope, revokeApiKey, type KeyScope } from "@barscript/db";
import { readBars, type Timeframe } from "@barscript/marketdata";
import type { AppDeps } from "../deps";
import { authChangesOf } from "../auth/changes";
import { runsContext } from "../runs/context";
import { loadOwnRun } from "../runs/service";
import { apiKeyJson } from "../routes/device";
import { stringProblem } from "../http/input";
import type { Caller } from "../auth/caller";
import { authenticateSession } from "./app-session";
import { searchLibraryPrefix } from "./library-search";

/** The most bars one chart asks for: a run's window is at most 50,000 bars (docs/reference/limits-and-plans.md). */
const MAX_BARS = 50_000;
const EXPIRY_DAYS = [7, 30, 90, 365];

function caller(res: Response): Caller {
  const found = res.locals["appCaller"] as Caller | undefined;
  if (!found) throw new Error("app API reached without a session");
  return found;
}

function keyRequest(body: unknown): { name: string; scopes: KeyScope[]; expiresInDays: number | null } {
  const b = (body && typeof body === "object" && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const name = typeof b["name"] === "string" ? b["name"].trim() : "";
  if (name.length === 0 || name.length > 100) throw new ApiError("invalid_request", "`name` must be 1 to 100 characters.");
  const scopes = b["scopes"];
  if (!Array.isArray(scopes) || scopes.length === 0 || !scopes.every((s): s is KeyScope => typeof s === "string" && isKeyScope(s))) {
    throw new ApiError("invalid_request", "`scopes` must be a non-empty list of read, scripts:write, runs:write.");
  }
  const days = b["expires_in_days"];
  if (days !== null && days !== undefined && !(typeof days === "number" && EXPIRY_DAYS.includes(days))) {
    throw new ApiError("invalid_request", `\`expires_in_days\` must be one of ${EXPIRY_DAYS.join(", ")}, or null for never.`);
  }
  return { name, scopes: [...new Set(scopes)], expiresInDays: typeof days === "number" ? days : null };
}

export function appApi(deps: AppDeps): Router {
  const router = pathRouter();
  const runs = runsContext(deps);

  router.use(async (req, res, next) => {
    if (req.headers.authorization !== undefined) throw new ApiError("unauthorized", "These calls belong to the web app and take its session, not an API key.");
    if (req.headers["x-csrf-token"] === undefined) throw new ApiError("forbidden", "Missing the X-CSRF-Token header.");
    res.locals["appCaller"] = await authenticateSession(deps, req);
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  router.get("/runs/:runId/bars", async (req, res) => {
    const run = await loadOwnRun(runs, caller(res), String(req.params["runId"]));
    if (!run.windowFrom || !run.windowTo) return void res.json({ bars: [] });
    const { bars, windowStart } = await readBars(deps.db, {
      symbol: run.instrument,
      timeframe: run.timeframe as Timeframe,
      before: 0,
      from: run.windowFrom,
      to: run.windowTo,
    });
    const rows: Array<[number, number, number, number, number, number]> = [];
    for (let i = windowStart; i < bars.length && rows.length < MAX_BARS; i++) {
      rows.push([bars.time[i] ?? 0, bars.open[i] ?? 0, bars.high[i] ?? 0, bars.low[i] ?? 0, bars.close[i] ?? 0, bars.volume[i] ?? 0]);
    }
    // Columns, not objects: a 50,000-bar window stays a few hundred kilobytes smaller.
    res.json({ columns: ["t", "open", "high", "low", "close", "volume"], bars: rows });
  });

  router.get("/library", async (req, res) => {
    const q = typeof req.query["q"] === "string" ? req.query["q"] : "";
    if (q.length > 200) throw new ApiError("invalid_request", "Parameter `q`: at most 200 characters.");
    // A cursor belongs to one search (its words) and holds how many hits come before its page.
    const list = `library-prefix:${q.trim()}`;
    const given = typeof req.query["cursor"] === "string" ? req.query["cursor"] : undefined;
    const [offset] = given === undefined ? [0] : deps.cursors.decode(list, given);
    if (typeof offset !== "number" || !Number.isInteger(offset) || offset < 0) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
    const page = await searchLibraryPrefix(deps.db, q, offset);
    res.json({ data: page.hits, next_cursor: page.more ? deps.cursors.encode(list, [offset + page.hits.length]) : null });
  });

  router.post("/keys", async (req, res) => {
    const input = keyRequest(req.body);
    const expiresAt = input.expiresInDays === null ? null : new Date(deps.clock.now().getTime() + input.expiresInDays * 86_400_000);
    try {
      const created = await createApiKey(deps.db, { accountId: caller(res).accountId, name: input.name, scopes: input.scopes, expiresAt });
      res.status(201).json({ api_key: created.secret, key: apiKeyJson(created.key) });
    } catch (error) {
      if (error instanceof AccountsError && error.reason === "key_limit") throw new ApiError("plan_limit", "The account already holds 20 keys; revoke one first.");
      throw error;
    }
  });

  router.post("/keys/:keyId/revoke", async (req, res) => {
    const keyId = String(req.params["keyId"]);
    // no key id holds NUL or a lone surrogate; such a one reached Postgres and answered 500 (docs/adr/0317)
    const why = stringProblem(keyId);
    if (why) throw new ApiError("invalid_request", `Path parameter \`key_id\` ${why}.`);
    const done = await revokeApiKey(deps.db, authChangesOf(deps), caller(res).accountId, keyId, deps.clock.now());
    if (!done) throw new ApiError("not_found", "No such live key on this account.");
    res.status(204).end();
  });

  return router;
}
