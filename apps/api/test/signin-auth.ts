// TEMPORARY until apps/api/src/auth lands: a guard that refuses every keyed call.
import { ApiError } from "@barscript/contracts";
import type { AppDeps } from "../src/deps";
import type { AuthPlugin } from "../src/http/auth-plugin";

export function createTestAuth(_deps: Omit<AppDeps, "auth">): AuthPlugin {
  return {
    guard: () => (_req, _res, next) => next(new ApiError("unauthorized", "no auth plugin yet")),
    heavy: () => (_req, _res, next) => next(),
  };
}
