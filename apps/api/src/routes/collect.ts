// #16 POST /scripts/{slug}/collect: a definition run over history, started like POST /runs
// (same window rules, caps and queue cap, source `api`) with the run request minus `script`;
// without a window it covers the latest 50,000 bars the plan reaches. Answers 202 Run.
import type { RequestHandler, Router } from "express";
import type { CollectRequestSchema } from "@barscript/contracts";
import type { z } from "zod";
import type { AppDeps } from "../deps";
import { authOf } from "../http/auth-plugin";
import { setLocation } from "../http/location";
import { defineRoute } from "../http/define-route";
import { runsContext } from "../runs/context";
import { normalizeWait } from "../runs/params";
import { startRun, toJson, waitForRun } from "../runs/service";
import { rawInputs } from "../runs/inputs";
import { DEFAULT_COLLECT_BARS } from "@barscript/marketdata";
import { clientGone } from "./runs";

type CollectRequest = z.infer<typeof CollectRequestSchema>;

/** docs/reference/api.md "Long polls": `wait` normalized before the body is validated, as on POST /runs. */
const normalizeBodyWait: RequestHandler = (req, res, next) => {
  const body = req.body as Record<string, unknown> | undefined;
  const isObject = body !== null && typeof body === "object" && !Array.isArray(body);
  const wait = isObject ? normalizeWait(body["wait"]) : 0;
  if (isObject && "wait" in body) body["wait"] = wait;
  res.locals["wait"] = wait;
  next();
};

export function registerCollectRoutes(router: Router, deps: AppDeps): void {
  const ctx = runsContext(deps);
  defineRoute<{ owner?: string; kind?: "indicator" | "definition" | "study" | "library" }, CollectRequest>(
    router,
    deps.auth,
    16,
    async (req, res, { query, params, body }) => {
      const auth = authOf(res);
      const started = await startRun(
        ctx,
        auth,
        {
          script: { slug: params["slug"] ?? "", owner: query.owner },
          kind: query.kind,
          instrument: body.instrument,
          timeframe: body.timeframe,
          from: body.from,
          to: body.to,
          bars: body.bars,
          inputs: rawInputs(req.body),
        },
        { idempotencyKey: null, source: "api", defaultBars: DEFAULT_COLLECT_BARS, requireKind: "definition" },
      );
      const run = await waitForRun(ctx, auth, started.run, (res.locals["wait"] as number | undefined) ?? 0, clientGone(req, res));
      setLocation(res, deps.config.publicUrl, ["runs", run.id]);
      res.status(202).json(await toJson(ctx, run));
    },
    { beforeHeavy: normalizeBodyWait },
  );
}
