// The web app calls /v1 with the browser's sign-in session instead of an API key (ADR 0036).
// A call is a session call when it has no Authorization header and carries `X-CSRF-Token`:
// the session cookie (HttpOnly, SameSite=Lax) names the account, the header must be the
// session's CSRF token (an HMAC only our pages can hand out), and an Origin, when sent, must be
// this service. Cross-site pages can neither read the token nor send the header without a CORS
// preflight we never grant, so they cannot make such a call.
// Rows of the check chain for a session: the waitlist refuses (403 forbidden) as for a key;
// API access and requests a minute are API-key rules and do not apply (the app is part of every
// plan); scopes are all three (the person is signed in); heavy calls and long polls take the
// plan's leases, at least one of each, so a Free account can use the app.
import type { Request, RequestHandler, Response } from "express";
import { ApiError } from "@barscript/contracts";
import { findWebSession, type ActiveSession } from "@barscript/db";
import type { AuthChain } from "../auth/chain";
import type { Caller } from "../auth/caller";
import type { GuardKind } from "../http/auth-plugin";
import { readCookie, sameToken, SESSION_COOKIE, signCsrf } from "../pages/session";
import type { AppDeps } from "../deps";

export const CSRF_HEADER = "x-csrf-token";
const ALL_SCOPES = ["read", "scripts:write", "runs:write"];

type SessionDeps = Pick<AppDeps, "db" | "clock"> & { config: Pick<AppDeps["config"], "appSecret" | "publicUrl"> };

/** True when this request is the web app's (a session call), not an API client's. */
export function isSessionCall(req: Request): boolean {
  return req.headers.authorization === undefined && req.headers[CSRF_HEADER] !== undefined;
}

/** Who started a run: `app` for the web app's session calls, else `api`. */
export function runSource(res: Response): "api" | "app" {
  return res.locals["appSession"] === true ? "app" : "api";
}

function sameOrigin(req: Request, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const own = new Set([new URL(publicUrl).origin, `${req.protocol}://${req.get("host") ?? ""}`]);
  return own.has(origin);
}

export function sessionCaller(active: ActiveSession): Caller {
  const { account, session } = active;
  const plan = account.plan;
  return {
    accountId: account.id,
    handle: account.handle,
    keyId: `session:${session.id}`,
    scopes: [...ALL_SCOPES],
    planName: plan.name,
    account: { id: account.id, handle: account.handle, email: account.email, status: account.status, createdAt: account.createdAt },
    plan: {
      name: plan.name,
      apiAccess: plan.apiAccess,
      requestsPerMinute: plan.requestsPerMinute,
      concurrentHeavy: Math.max(1, plan.concurrentHeavy),
      concurrentWaits: Math.max(1, plan.concurrentWaits),
      concurrentRuns: plan.concurrentRuns,
      computeUnitsPerMonth: Number(plan.computeUnitsPerMonth),
      runTimeLimitSeconds: plan.runTimeLimitSeconds,
      historyStart: plan.historyStart,
    },
    key: { id: `session:${session.id}`, name: "web app session", scopes: [...ALL_SCOPES], expiresAt: session.expiresAt, revokedAt: null },
  };
}

/** Checks a session call and returns its caller; throws the spec's errors. */
export async function authenticateSession(deps: SessionDeps, req: Request): Promise<Caller> {
  if (!sameOrigin(req, deps.config.publicUrl)) throw new ApiError("forbidden", "This call came from another site's page.");
  const token = readCookie(req, SESSION_COOKIE);
  const active = token ? await findWebSession(deps.db, token, deps.clock.now()) : null;
  if (!active) throw new ApiError("unauthorized", "Not signed in, or the session ended: sign in again at /login.");
  const given = String(req.headers[CSRF_HEADER]);
  if (!sameToken(signCsrf(deps.config.appSecret, `session:${active.session.id}`), given)) {
    throw new ApiError("forbidden", "The X-CSRF-Token header does not match this session; reload the page.");
  }
  if (active.account.status === "waitlist") {
    throw new ApiError("forbidden", "The account is on the waitlist; the app opens once it is admitted.");
  }
  return sessionCaller(active);
}

/** The check chain, with session calls of the web app answered by the session instead of a key. */
export function withAppSessions(chain: AuthChain, deps: SessionDeps): AuthChain {
  const guards = new Map<GuardKind, RequestHandler>();
  return {
    ...chain,
    guard(kind) {
      const keyed = chain.guard(kind);
      // Sign-in endpoints take no key, and revoking "the key used" needs a key.
      if (kind === "no-key" || kind === "any-key") return keyed;
      let guard = guards.get(kind);
      if (!guard) {
        guard = async (req, res, next) => {
          if (!isSessionCall(req)) return keyed(req, res, next);
          res.locals["auth"] = await authenticateSession(deps, req);
          res.locals["appSession"] = true;
          next();
        };
        guards.set(kind, guard);
      }
      return guard;
    },
  };
}
