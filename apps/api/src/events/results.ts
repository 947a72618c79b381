// GET /runs/{id}/results of a definition run: its events, `{ events, next_cursor }` pages
// (default 100, at most 1,000) or CSV in Event order. The caller has checked ownership and that
// the results are readable (succeeded, not expired).
import type { Response } from "express";
import type { Run } from "@barscript/db";
import type { AppDeps } from "../deps";
import { sendEventsPage, streamEventsCsv } from "./service";

export async function definitionResults(deps: AppDeps, run: Run, res: Response, query: { limit?: string | undefined; cursor?: string | undefined; format?: "json" | "csv" | undefined }): Promise<void> {
  const filter = { accountId: run.accountId, runId: run.id };
  if (query.format === "csv") {
    await streamEventsCsv(deps, res, filter, run.id);
    return;
  }
  await sendEventsPage(deps, res, filter, `results:${run.id}:events`, query);
}
