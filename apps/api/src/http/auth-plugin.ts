// The seam between routing and the order of checks of docs/reference/api.md (implemented in ../auth).
// Routes never authenticate themselves: `defineRoute` asks the plugin for the guard of the
// endpoint's row set and, for the five heavy calls, a heavy-call lease.
import type { RequestHandler, Response } from "express";
import type { Guard } from "@barscript/contracts";

/** Who is calling, set by the guard on `res.locals.auth`. */
export interface AuthContext {
  accountId: string;
  handle: string;
  keyId: string;
  scopes: string[];
  planName: string;
}

/** `account` = rows 1-6 with no scope (unknown /v1 paths, webhooks). */
export type GuardKind = Guard | "account";

export interface AuthPlugin {
  guard(kind: GuardKind): RequestHandler;
  /** Takes a heavy-call lease for the account, released when the answer finishes. */
  heavy(): RequestHandler;
}

export function authOf(res: Response): AuthContext {
  const auth = res.locals["auth"] as AuthContext | undefined;
  if (!auth) throw new Error("route reached without its guard");
  return auth;
}
