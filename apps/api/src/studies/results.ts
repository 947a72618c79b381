// GET /runs/{id}/results of a study run: `{ study }` in one response (docs/reference/language.md "Studies"),
// at most 1 MB (the worker refuses to keep a larger one: the run fails `script`). No pages and no
// CSV. The caller has checked ownership and that the results are readable (succeeded, not expired).
import type { Response } from "express";
import type { Db } from "@barscript/db";
import { ApiError } from "@barscript/contracts";
import type { Run } from "@barscript/db";

export const MAX_STUDY_RESPONSE_BYTES = 1024 * 1024;

export async function studyResults(db: Db, run: Run, res: Response, query: { format?: string | undefined; cursor?: string | undefined }): Promise<void> {
  if (query.format === "csv") throw new ApiError("invalid_request", "Study results come as one JSON object `{ study }`; `format=csv` is for indicator and definition runs.");
  if (query.cursor) throw new ApiError("invalid_request", "Study results come in one response; they have no pages, so no `cursor`.");
  const row = await db.studyResult.findUnique({ where: { runId: run.id } });
  if (!row) throw new ApiError("not_found", `The results of run ${run.id} are no longer kept.`, { status: 410 });
  // The worker keeps the object as its JSON text (key order of `group` as the group() calls).
  const text = typeof row.result === "string" ? `{"study":${row.result}}` : JSON.stringify({ study: row.result });
  if (Buffer.byteLength(text, "utf8") > MAX_STUDY_RESPONSE_BYTES) throw new Error(`study result of ${run.id} is over 1 MB`);
  res.status(200).type("application/json").send(text);
}
