// #30 drawings and #31 logs of a run (docs/adr/0063-drawings-as-data.md, 0064-run-logs.md):
// readable as results are (409 until the run succeeded, 410 once expired); drawings only for
// indicator runs.
import { ApiError } from "@barscript/contracts";
import { readRunArtifacts, type Run, type StoredLogLine } from "@barscript/db";
import type { AppDeps } from "../deps";
import { parseLimit, type PageLimits } from "../http/cursor";
import { assertResultsReadable } from "./results";

export const LOG_PAGE: PageLimits = { default: 100, most: 1_000 };

const NO_DRAWINGS = { labels: [], lines: [], boxes: [], polylines: [], tables: [] };

export async function runDrawings(deps: AppDeps, run: Run): Promise<unknown> {
  if (run.kind !== "indicator") throw new ApiError("not_found", `Run ${run.id} is a ${run.kind} run: only indicator runs have drawings.`);
  assertResultsReadable(run, deps.clock.now());
  const row = await readRunArtifacts(deps.db, run.id);
  // runs finished before drawings were kept have none
  return row?.drawings ?? NO_DRAWINGS;
}

export async function runLogs(deps: AppDeps, run: Run, query: { limit?: string; cursor?: string }): Promise<{ data: StoredLogLine[]; next_cursor: string | null }> {
  if (run.kind !== "indicator" && run.kind !== "definition") throw new ApiError("not_found", `Run ${run.id} is a ${run.kind} run: it keeps no log lines.`);
  assertResultsReadable(run, deps.clock.now());
  const limit = parseLimit(query.limit, LOG_PAGE);
  let offset = 0;
  if (query.cursor) {
    const values = deps.cursors.decode(`logs:${run.id}`, query.cursor);
    if (values.length !== 1 || typeof values[0] !== "number" || !Number.isSafeInteger(values[0]) || values[0] < 0) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
    offset = values[0];
  }
  const lines = (await readRunArtifacts(deps.db, run.id))?.logs ?? [];
  const data = lines.slice(offset, offset + limit);
  const next = offset + limit < lines.length ? offset + limit : null;
  return { data, next_cursor: next === null ? null : deps.cursors.encode(`logs:${run.id}`, [next]) };
}
