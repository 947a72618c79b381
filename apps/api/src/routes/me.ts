// GET /v1/me (#1): the Account of the key's account, from the same lookup the check chain made.
import type { Router } from "express";
import type { AppDeps } from "../deps";
import { callerOf } from "../auth/caller";
import { defineRoute } from "../http/define-route";

export function registerMe(router: Router, deps: AppDeps): void {
  defineRoute(router, deps.auth, 1, (_req, res) => {
    const { account, plan } = callerOf(res);
    res.json({
      id: account.id,
      handle: account.handle,
      email: account.email,
      status: account.status,
      plan: { name: plan.name, api_access: plan.apiAccess },
      created_at: account.createdAt.toISOString(),
    });
  });
}
