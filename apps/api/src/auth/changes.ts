// The writers inside the API (revoke routes, the account page, the web app) tell every API
// process that an account's key lookups changed (docs/adr/0082-key-lookup-cache.md).
import type { AuthChanges } from "@barscript/db";
import { AuthEpochs } from "@barscript/limits";
import type { AppDeps } from "../deps";

export function authChangesOf(deps: Pick<AppDeps, "redis" | "config">): AuthChanges {
  return new AuthEpochs(deps.redis, deps.config.redisPrefix);
}
