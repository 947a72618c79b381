// Sweeps (#32-#36): start, list, read with a long poll, ranked rows, cancel (docs/adr/0056-sweeps.md).
import type { RequestHandler, Router } from "express";
import { ApiError } from "@barscript/contracts";
import { findSweepByKey, listSweeps, serializeSweep, sweepOwnerHandles, type Sweep } from "@barscript/db";
import type { AppDeps } from "../deps";
import { authOf } from "../http/auth-plugin";
import { lookupName } from "../http/names";
import { setLocation } from "../http/location";
import { filteredList, PAGE_LIMITS, parseLimit } from "../http/cursor";
import { defineRoute } from "../http/define-route";
import { runsContext, type RunsContext } from "../runs/context";
import { idempotencyKeyOf, normalizeWait } from "../runs/params";
import { cancelSweep, loadOwnSweep, parseSort, rankedRows, startSweep, sweepJson, waitForSweep, type SweepRequest } from "../sweeps/service";
import { clientGone } from "./runs";


/**
 * An input named `__proto__` in a sweep's `inputs` or `grid`: the schema rebuilds both and drops
 * that key, so a fixed one was silently ignored (202) and a swept one left the grid "empty". Runs
 * keep such a name (runs/inputs.ts `rawInputs`); a sweep's stored spec and its evaluations do not
 * yet, so it is refused by name rather than dropped (docs/adr/0317).
 */
function refuseProtoName(body: unknown): void {
  for (const field of ["inputs", "grid"]) {
    const value = lookupName(body as Record<string, unknown> | undefined, field);
    if (typeof value === "object" && value !== null && Object.hasOwn(value, "__proto__")) {
      throw new ApiError("invalid_request", `Input \`__proto__\` in \`${field}\`: a sweep cannot fix or sweep an input of this name.`);
    }
  }
}

/** A known Idempotency-Key answers 200 with the first sweep before the body is validated (as POST /runs). */
function idempotencyFirst(ctx: RunsContext): RequestHandler {
  return async (req, res, next) => {
    const key = idempotencyKeyOf(req.headers["idempotency-key"]);
    const body = req.body as Record<string, unknown> | undefined;
    const isObject = body !== null && typeof body === "object" && !Array.isArray(body);
    const wait = isObject ? normalizeWait(body["wait"]) : 0;
    if (isObject && "wait" in body) body["wait"] = wait;
    res.locals["idempotencyKey"] = key;
    res.locals["wait"] = wait;
    if (key === null) return next();
    const auth = authOf(res);
    const existing = await findSweepByKey(ctx.deps.db, auth.accountId, key);
    if (!existing) return next();
    const s = await waitForSweep(ctx, auth, existing, wait, clientGone(req, res));
    res.setHeader("Idempotent-Replayed", "true");
    res.status(200).json(await sweepJson(ctx, s, auth));
  };
}

export function registerSweepRoutes(router: Router, deps: AppDeps): void {
  const ctx = runsContext(deps);

  // #32 POST /sweeps
  defineRoute<Record<string, unknown>, SweepRequest>(
    router,
    deps.auth,
    32,
    async (req, res, { body }) => {
      const auth = authOf(res);
      refuseProtoName(req.body);
      const started = await startSweep(ctx, auth, body, res.locals["idempotencyKey"] as string | null);
      const s = await waitForSweep(ctx, auth, started.sweep, res.locals["wait"] as number, clientGone(req, res));
      if (!started.created) res.setHeader("Idempotent-Replayed", "true");
      else setLocation(res, deps.config.publicUrl, ["sweeps", s.id]);
      res.status(started.created ? 202 : 200).json(await sweepJson(ctx, s, auth));
    },
    { beforeHeavy: idempotencyFirst(ctx) },
  );

  // #33 GET /sweeps
  defineRoute<{ limit?: string; cursor?: string; status?: Sweep["status"] }>(router, deps.auth, 33, async (_req, res, { query }) => {
    const auth = authOf(res);
    const limit = parseLimit(query.limit, PAGE_LIMITS.sweeps);
    const list = filteredList(`sweeps:${auth.accountId}`, { status: query.status });
    let after: [string, string] | null = null;
    if (query.cursor) {
      const values = deps.cursors.decode(list, query.cursor);
      if (values.length !== 2 || typeof values[0] !== "string" || typeof values[1] !== "string") throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      after = [values[0], values[1]];
    }
    const page = await listSweeps(deps.db, auth.accountId, limit, after, query.status);
    const handles = await sweepOwnerHandles(deps.db, page.sweeps);
    res.json({ data: page.sweeps.map((s) => serializeSweep(s, handles.get(s.scriptOwnerId) ?? "unknown")), next_cursor: page.next ? deps.cursors.encode(list, page.next) : null });
  });

  // #34 GET /sweeps/{sweep_id}
  defineRoute<{ wait?: string }>(router, deps.auth, 34, async (req, res, { query, params }) => {
    const auth = authOf(res);
    const s = await loadOwnSweep(ctx, auth, params["sweep_id"] ?? "");
    res.json(await sweepJson(ctx, await waitForSweep(ctx, auth, s, normalizeWait(query.wait), clientGone(req, res)), auth));
  });

  // #35 GET /sweeps/{sweep_id}/results
  defineRoute<{ limit?: string; cursor?: string; sort?: string }>(router, deps.auth, 35, async (_req, res, { query, params }) => {
    const auth = authOf(res);
    const s = await loadOwnSweep(ctx, auth, params["sweep_id"] ?? "");
    const sort = parseSort(query.sort, (s.spec as { horizons: number[] }).horizons);
    const rows = rankedRows(s, deps.clock.now(), sort);
    const limit = parseLimit(query.limit, PAGE_LIMITS.sweepRows);
    const scope = `sweep-rows:${s.id}:${query.sort ?? ""}`;
    let offset = 0;
    if (query.cursor) {
      const values = deps.cursors.decode(scope, query.cursor);
      if (values.length !== 1 || typeof values[0] !== "number" || !Number.isSafeInteger(values[0]) || values[0] < 0) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued (a cursor keeps its sort).");
      offset = values[0];
    }
    const next = offset + limit < rows.length ? offset + limit : null;
    res.json({ data: rows.slice(offset, offset + limit), next_cursor: next === null ? null : deps.cursors.encode(scope, [next]) });
  });

  // #36 POST /sweeps/{sweep_id}/cancel
  defineRoute(router, deps.auth, 36, async (_req, res, { params }) => {
    const auth = authOf(res);
    const s = await loadOwnSweep(ctx, auth, params["sweep_id"] ?? "");
    res.json(await sweepJson(ctx, await cancelSweep(ctx, s), auth));
  });
}
