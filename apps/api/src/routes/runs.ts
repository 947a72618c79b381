// Runs (#19-#23): start, list, read with a long poll, results, cancel.
import type { Request, RequestHandler, Response, Router } from "express";
import { ApiError, type RunRequestSchema } from "@barscript/contracts";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import { authOf } from "../http/auth-plugin";
import { setLocation } from "../http/location";
import { callPlacesOf, takeWaitPlaceWithHeavy, waitPlaceOf } from "../auth/heavy";
import { filteredList, PAGE_LIMITS, parseLimit } from "../http/cursor";
import { defineRoute } from "../http/define-route";
import { rowsThatFit } from "../http/page-bytes";
import { runsContext, type RunsContext } from "../runs/context";
import { idempotencyKeyOf, normalizeWait } from "../runs/params";
import { rawInputs } from "../runs/inputs";
import { definitionResults } from "../events/results";
import { studyResults } from "../studies/results";
import { assertResultsReadable, outputsPage, sendOutputsPage, streamOutputsCsv } from "../runs/results";
import { runDrawings, runLogs } from "../runs/artifacts";
import { answerDurable, cancelRun, listRuns, loadOwnRun, lookUpKey, toJson, waitForRun, type ListFilters, type StartPrefetch } from "../runs/service";
import { startRun } from "../runs/service";
import { ownerHandles, serializeRun } from "@barscript/db";
import { spans } from "@barscript/queue";
import { runSource } from "../web/app-session";

type RunRequest = z.infer<typeof RunRequestSchema>;

/**
 * An AbortSignal that fires when the client goes away, so a long poll stops holding. A response
 * that finished closes too; nothing holds for it any more, so its close aborts nothing (an abort
 * builds a DOMException with a stack: about 1 % of the API's CPU per run, docs/performance.md).
 */
export function clientGone(req: Request, res: Response): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  req.on("aborted", () => controller.abort());
  return controller.signal;
}

/**
 * docs/reference/api.md "Idempotency": right after the check chain, before the heavy place and the body: a
 * known key answers 200 with the first run (long-polling it like GET /runs/{id} when `wait`).
 * Also normalizes `wait` (docs/reference/api.md "Long polls") before the body is validated.
 */
function idempotencyFirst(ctx: RunsContext): RequestHandler {
  return async (req, res, next) => {
    const key = idempotencyKeyOf(req.headers["idempotency-key"]);
    const body = req.body as Record<string, unknown> | undefined;
    const wait = body && typeof body === "object" && !Array.isArray(body) ? normalizeWait(body["wait"]) : 0;
    if (body && typeof body === "object" && !Array.isArray(body) && "wait" in body) body["wait"] = wait;
    res.locals["idempotencyKey"] = key;
    res.locals["wait"] = wait;
    // A call that will long-poll takes its long-poll place with its heavy place (docs/adr/0234).
    if (wait > 0) takeWaitPlaceWithHeavy(res);
    if (key === null) return next();
    const auth = authOf(res);
    const { existing, prefetch } = await lookUpKey(ctx, auth, key, body && typeof body === "object" && !Array.isArray(body) ? body : null);
    if (!existing) {
      res.locals["startPrefetch"] = prefetch;
      return next();
    }
    // the first call's start may not be flushed yet when it is not final (docs/adr/0266)
    const run = await answerDurable(ctx, await waitForRun(ctx, auth, existing, wait, clientGone(req, res)));
    res.setHeader("Idempotent-Replayed", "true");
    res.status(200).json(await toJson(ctx, run, auth));
  };
}

export function registerRuns(router: Router, deps: AppDeps): void {
  const ctx = runsContext(deps);

  // #19 POST /runs
  defineRoute<Record<string, unknown>, RunRequest>(
    router,
    deps.auth,
    19,
    async (req, res, { body }) => {
      const auth = authOf(res);
      const key = res.locals["idempotencyKey"] as string | null;
      const wait = res.locals["wait"] as number;
      const sp = spans(deps.logger, "");
      const started = await startRun(ctx, auth, { ...body, inputs: rawInputs(req.body) }, { idempotencyKey: key, source: runSource(res), defaultBars: 5_000, spans: sp, watch: wait > 0, places: callPlacesOf(res), prefetch: res.locals["startPrefetch"] as StartPrefetch | null | undefined });
      const waited = await waitForRun(ctx, auth, started.run, wait, clientGone(req, res), { spans: sp, watch: started.watch, place: waitPlaceOf(res) });
      // A new run started without waiting (wait 0) committed synchronously; any other answer is
      // made durable first when it is not final (docs/adr/0266).
      const run = started.created && wait === 0 ? waited : await answerDurable(ctx, waited);
      if (!started.created) res.setHeader("Idempotent-Replayed", "true");
      else setLocation(res, deps.config.publicUrl, ["runs", run.id]);
      res.status(started.created ? 202 : 200).json(await toJson(ctx, run, auth));
      sp.mark("answer");
      sp.log("POST /runs timings", { id: run.id, bars: run.windowBars, status: run.status });
    },
    { beforeHeavy: idempotencyFirst(ctx) },
  );

  // #20 GET /runs
  defineRoute<{ limit?: string; cursor?: string; status?: ListFilters["status"]; script?: string; kind?: ListFilters["kind"] }>(router, deps.auth, 20, async (_req, res, { query }) => {
    const auth = authOf(res);
    const limit = parseLimit(query.limit, PAGE_LIMITS.runs);
    const list = filteredList(`runs:${auth.accountId}`, { status: query.status, script: query.script, kind: query.kind });
    let after: [string, string] | null = null;
    if (query.cursor) {
      const values = deps.cursors.decode(list, query.cursor);
      if (values.length !== 2 || typeof values[0] !== "string" || typeof values[1] !== "string") throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      after = [values[0], values[1]];
    }
    const page = await listRuns(ctx, auth, { status: query.status, script: query.script, kind: query.kind }, limit, after);
    const handles = await ownerHandles(deps.db, page.runs);
    const data = page.runs.map((r) => serializeRun(r, handles.get(r.scriptOwnerId) ?? "unknown"));
    // Bounded by bytes as well as rows: a shorter page continues after its last run.
    const fit = rowsThatFit(data);
    const last = page.runs[fit - 1];
    const next: [string, string] | null = fit < data.length && last ? [last.createdAt.toISOString(), last.id] : page.next;
    res.json({ data: data.slice(0, fit), next_cursor: next ? deps.cursors.encode(list, next) : null });
  });

  // #21 GET /runs/{run_id}
  defineRoute<{ wait?: string }>(router, deps.auth, 21, async (req, res, { query, params }) => {
    const auth = authOf(res);
    const run = await loadOwnRun(ctx, auth, params["run_id"] ?? "");
    const latest = await waitForRun(ctx, auth, run, normalizeWait(query.wait), clientGone(req, res));
    res.json(await toJson(ctx, latest, auth));
  });

  // #22 GET /runs/{run_id}/results
  defineRoute<{ limit?: string; cursor?: string; format?: "json" | "csv" }>(router, deps.auth, 22, async (_req, res, { query, params }) => {
    const auth = authOf(res);
    const run = await loadOwnRun(ctx, auth, params["run_id"] ?? "");
    assertResultsReadable(run, deps.clock.now());
    if (run.kind === "definition") {
      await definitionResults(deps, run, res, query);
      return;
    }
    if (run.kind === "study") {
      await studyResults(deps.db, run, res, query);
      return;
    }
    if (run.kind !== "indicator") throw new ApiError("not_found", `Run ${run.id} has no results of this kind yet.`);
    if (query.format === "csv") {
      // only the CSV header needs the interface's output names; a JSON page names its columns itself
      await streamOutputsCsv(ctx, run, res, await outputNamesOf(ctx, run.scriptId, run.scriptVersion));
      return;
    }
    const limit = parseLimit(query.limit, PAGE_LIMITS.outputs);
    let offset = 0;
    if (query.cursor) {
      const values = deps.cursors.decode(`results:${run.id}`, query.cursor);
      if (values.length !== 1 || typeof values[0] !== "number" || !Number.isSafeInteger(values[0]) || values[0] < 0) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      offset = values[0];
    }
    const page = await outputsPage(ctx, run, offset, limit);
    sendOutputsPage(res, page, page.next === null ? null : deps.cursors.encode(`results:${run.id}`, [page.next]));
  });

  // #30 GET /runs/{run_id}/drawings
  defineRoute(router, deps.auth, 30, async (_req, res, { params }) => {
    const run = await loadOwnRun(ctx, authOf(res), params["run_id"] ?? "");
    res.json(await runDrawings(deps, run));
  });

  // #31 GET /runs/{run_id}/logs
  defineRoute<{ limit?: string; cursor?: string }>(router, deps.auth, 31, async (_req, res, { query, params }) => {
    const run = await loadOwnRun(ctx, authOf(res), params["run_id"] ?? "");
    res.json(await runLogs(deps, run, query));
  });

  // #23 POST /runs/{run_id}/cancel
  defineRoute(router, deps.auth, 23, async (_req, res, { params }) => {
    const auth = authOf(res);
    const run = await loadOwnRun(ctx, auth, params["run_id"] ?? "");
    const final = await cancelRun(ctx, run);
    res.json(await toJson(ctx, final));
  });
}

async function outputNamesOf(ctx: RunsContext, scriptId: string | null, version: number): Promise<string[]> {
  if (!scriptId) return [];
  const row = await ctx.deps.db.scriptVersion.findUnique({ where: { scriptId_version: { scriptId, version } }, select: { interface: true } });
  const outputs = (row?.interface as { outputs?: Array<{ name: string }> } | undefined)?.outputs ?? [];
  return outputs.map((o) => o.name);
}
