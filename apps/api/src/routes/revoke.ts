// POST /v1/auth/revoke (#28): rows 1-3 of the check chain only (a waitlisted or Free account can
// always revoke), then the key used is revoked at once: the next call with it, on any instance,
// answers 401 (the revoke bumps the account's auth epoch, docs/adr/0082-key-lookup-cache.md).
import type { Router } from "express";
import { revokeApiKey } from "@barscript/db";
import type { AppDeps } from "../deps";
import { callerOf } from "../auth/caller";
import { authChangesOf } from "../auth/changes";
import { defineRoute } from "../http/define-route";

export function registerRevoke(router: Router, deps: AppDeps): void {
  defineRoute(router, deps.auth, 28, async (_req, res) => {
    const caller = callerOf(res);
    await revokeApiKey(deps.db, authChangesOf(deps), caller.accountId, caller.keyId, deps.clock.now());
    res.status(204).end();
  });
}
