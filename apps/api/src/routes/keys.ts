// GET /v1/keys (#3): the account's keys, newest first, in signed keyset pages; never a secret.
import type { Router } from "express";
import { ApiError } from "@barscript/contracts";
import { listApiKeys } from "@barscript/db";
import type { AppDeps } from "../deps";
import { callerOf } from "../auth/caller";
import { defineRoute } from "../http/define-route";
import { PAGE_LIMITS, parseLimit } from "../http/cursor";
import { apiKeyJson } from "./device";

const LIST = "keys";

export function registerKeys(router: Router, deps: AppDeps): void {
  defineRoute<{ limit?: string; cursor?: string }>(router, deps.auth, 3, async (_req, res, { query }) => {
    const caller = callerOf(res);
    const limit = parseLimit(query.limit, PAGE_LIMITS.keys);
    let after: { createdAt: Date; id: string } | undefined;
    if (query.cursor) {
      const [createdAt, id] = deps.cursors.decode(`${LIST}:${caller.accountId}`, query.cursor);
      const at = typeof createdAt === "string" ? new Date(createdAt) : new Date(Number.NaN);
      if (typeof id !== "string" || Number.isNaN(at.getTime())) throw new ApiError("invalid_request", "Parameter `cursor` is not a cursor this list issued.");
      after = { createdAt: at, id };
    }
    const page = await listApiKeys(deps.db, caller.accountId, after ? { limit, after } : { limit });
    res.json({
      data: page.keys.map(apiKeyJson),
      next_cursor: page.next ? deps.cursors.encode(`${LIST}:${caller.accountId}`, [page.next.createdAt.toISOString(), page.next.id]) : null,
    });
  });
}
