// /v1/webhooks and /v1/webhooks/* (#29), any method: rows 1-6 of the check chain (the call is
// counted), then 501 not_implemented whatever the key's scopes.
import type { RequestHandler, Router } from "express";
import { ApiError } from "@barscript/contracts";
import type { AppDeps } from "../deps";

const notImplemented: RequestHandler = () => {
  throw new ApiError("not_implemented", "Webhooks are announced but not implemented; the service sends no outbound notifications.");
};

export function registerWebhooks(router: Router, deps: AppDeps): void {
  const guard = deps.auth.guard("account");
  router.all("/webhooks", guard, notImplemented);
  router.all("/webhooks/*rest", guard, notImplemented);
}
