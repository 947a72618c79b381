// The order of checks (docs/reference/api.md), one Express middleware for every keyed route, in order:
//  1 failed-key guard per IP (429 rate_limited, Retry-After 60)
//  2 no Authorization header (401)      3 wrong, expired or revoked key (401, recorded as a failed check)
//  4 waitlist (403 forbidden)           5 Free, no API access (403 plan_limit)
//  6 requests a minute (429 rate_limited, Retry-After 10; the call is counted once rows 1-5 pass,
//    unless row 6 refuses it)           7 scope (403 forbidden_scope; already counted)
// `any-key` (revoke) runs rows 1-3; `account` (webhooks, unknown /v1 paths) rows 1-6.
// Key lookups (key, account, plan) are cached per process and used only while the account's auth
// epochs, read in the same Redis round trip as rows 1 and 6, are unchanged: every writer bumps them
// after its commit, so a revoked key is dead at once everywhere (docs/adr/0082-key-lookup-cache.md).
import type { Request, RequestHandler, Response } from "express";
import { ApiError, type Scope } from "@barscript/contracts";
import { findKeyForAuthByHash, keyHashOf, type Db, type KeyForAuth } from "@barscript/db";
import { FAILED_KEY_RETRY_AFTER, type KeyedHit, type Limits } from "@barscript/limits";
import type { Logger } from "pino";
import type { AuthPlugin, GuardKind } from "../http/auth-plugin";
import { toCaller } from "./caller";
import { heavyCalls } from "./heavy";
import { KeyCache } from "./key-cache";
import { LastUsedTracker } from "./last-used";

export const RATE_LIMITED_RETRY_AFTER = 10;

export interface AuthChainDeps {
  db: Db;
  limits: Limits;
  clock?: { now(): Date };
  logger?: Logger;
  /** How often `last_used_at` is written (ms); default 5 s. */
  lastUsedFlushMs?: number;
  /** The cache of key lookups; default: 30 s safety TTL (tests pass their own). */
  keyCache?: KeyCache;
}

export interface AuthChain extends AuthPlugin {
  readonly lastUsed: LastUsedTracker;
  readonly keyCache: KeyCache;
  /** Writes pending `last_used_at` values and stops the timer. Call on shutdown. */
  close(): Promise<void>;
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

const BEARER = /^Bearer ([^\s]+)$/i;

/** A good key of an admitted account with API access: the calls whose lookup may be cached. */
function usual(found: KeyForAuth, now: Date): boolean {
  return !found.key.revokedAt && !(found.key.expiresAt && found.key.expiresAt.getTime() <= now.getTime())
    && found.account.status !== "waitlist" && found.plan.apiAccess;
}

/** A lookup shared by the calls that use it from the cache: nothing may change it. */
function frozen(found: KeyForAuth): KeyForAuth {
  Object.freeze(found.key.scopes);
  Object.freeze(found.key);
  Object.freeze(found.account);
  Object.freeze(found.plan);
  return Object.freeze(found);
}

/**
 * The bearer challenge with RFC 6750 section 3.1's error: `invalid_token` on a 401 for a key that
 * is wrong, revoked or expired, `insufficient_scope` and the scope needed on a 403
 * `forbidden_scope` (docs/adr/0287); a call without a key gets the bare challenge (docs/adr/0279).
 */
function bearerChallenge(params: string): string {
  return `Bearer realm="barscript", ${params}`;
}

function rateHeaders(res: Response, limit: number, remaining: number, reset: number): void {
  res.setHeader("RateLimit-Limit", String(limit));
  res.setHeader("RateLimit-Remaining", String(remaining));
  res.setHeader("RateLimit-Reset", String(reset));
}

export function createAuthChain(deps: AuthChainDeps): AuthChain {
  const { db, limits } = deps;
  const clock = deps.clock ?? { now: () => new Date() };
  const lastUsed = new LastUsedTracker(db, deps.logger, deps.lastUsedFlushMs);
  const keyCache = deps.keyCache ?? new KeyCache();

  /** `invalid`: a key was sent and is wrong, revoked or expired (RFC 6750 section 3.1's `invalid_token`); else the header is not a bearer key. */
  async function refuseKey(ip: string, message: string, invalid = true): Promise<never> {
    await limits.failedKeys.recordFailure(ip);
    throw new ApiError("unauthorized", message, invalid ? { headers: { "WWW-Authenticate": bearerChallenge('error="invalid_token"') } } : {});
  }

  const blockedError = (): ApiError =>
    new ApiError("rate_limited", `Too many failed API key checks from this address; try again in ${FAILED_KEY_RETRY_AFTER} seconds.`, { retryAfter: FAILED_KEY_RETRY_AFTER });

  // Rows 1 and 6 of the usual call in one Redis round trip, with the same rules and answers as the rows one by one below.
  function admit(kind: GuardKind, found: KeyForAuth, answer: KeyedHit, now: Date, res: Response): void {
    if (answer.state === "stale") throw new Error("auth-hit-4 answered stale to a call that expected no epochs");
    if (answer.state === "blocked") throw blockedError();
    const hit = answer.hit;
    lastUsed.touch(found.key.id, now);
    res.locals["auth"] = toCaller(found);
    rateHeaders(res, hit.limit, hit.remaining, hit.resetSeconds);
    if (!hit.allowed) {
      throw new ApiError("rate_limited", `Past the plan's ${hit.limit} requests a minute; try again shortly.`, { retryAfter: RATE_LIMITED_RETRY_AFTER });
    }
    checkScope(kind, found);
  }

  const rateAccount = (found: KeyForAuth): { id: string; plan: { requestsPerMinute: number } } =>
    ({ id: found.account.id, plan: { requestsPerMinute: found.plan.requestsPerMinute } });

  async function check(kind: GuardKind, req: Request, res: Response): Promise<void> {
    const ip = clientIp(req);
    const header = req.headers.authorization;
    const secret = header === undefined ? undefined : BEARER.exec(header.trim())?.[1];
    const hash = secret ? keyHashOf(secret) : null;
    const now = clock.now();
    const counted = kind !== "any-key";

    // A cached lookup, used only if the account's epochs are still those it was kept under (else
    // nothing is counted, and the epochs just read serve the Postgres read below).
    if (hash !== null && counted) {
      const kept = keyCache.lookup(hash, now.getTime());
      if (kept && usual(kept.found, now)) {
        const answer = await limits.hitRequestForKey(ip, rateAccount(kept.found), kept.epochs, true);
        if (answer.state !== "stale") return admit(kind, kept.found, answer, now, res);
        keyCache.keep(hash, answer.epochs, null, now.getTime());
      }
    }

    // Epochs read by an earlier call, taken before the read: the lookup may be kept under them.
    const before = hash === null ? undefined : keyCache.epochsBefore(hash);
    // The key is read first (a read, with no effect); its answer is used only in the rows' order.
    let lookupError: unknown = null;
    const found = hash ? await findKeyForAuthByHash(db, hash).catch((error: unknown) => { lookupError = error; return null; }) : null;

    if (hash !== null && found && counted && usual(found, now)) {
      const answer = await limits.hitRequestForKey(ip, rateAccount(found), before ?? null, false);
      keyCache.keep(hash, answer.epochs, before === answer.epochs ? frozen(found) : null, now.getTime());
      return admit(kind, found, answer, now, res);
    }

    // Row 1: the IP's failed key checks, whatever key (or none) this call sends.
    if (await limits.failedKeys.isBlocked(ip)) throw blockedError();
    if (lookupError !== null) throw lookupError;
    // Row 2: no header at all (not a failed check).
    if (header === undefined) throw new ApiError("unauthorized", "No API key: send `Authorization: Bearer <API_KEY>`.");
    // Row 3: the key itself.
    if (!secret) return refuseKey(ip, "The Authorization header is not `Bearer <API_KEY>`.", false);
    if (!found) return refuseKey(ip, "The API key is wrong: no such key.");
    if (found.key.revokedAt) return refuseKey(ip, `The API key was revoked at ${found.key.revokedAt.toISOString()}.`);
    if (found.key.expiresAt && found.key.expiresAt.getTime() <= now.getTime()) {
      return refuseKey(ip, `The API key expired at ${found.key.expiresAt.toISOString()}.`);
    }
    lastUsed.touch(found.key.id, now);
    res.locals["auth"] = toCaller(found);
    if (kind === "any-key") return;
    // Row 4, row 5.
    if (found.account.status === "waitlist") {
      throw new ApiError("forbidden", "The account is on the waitlist; the API opens once it is admitted.");
    }
    if (!found.plan.apiAccess) {
      throw new ApiError("plan_limit", `The ${found.plan.name} plan has no API access; move to a plan with API access.`);
    }
    // Row 6: counted from here on, unless this row refuses the call.
    const hit = await limits.hitRequest({ id: found.account.id, plan: { requestsPerMinute: found.plan.requestsPerMinute } });
    rateHeaders(res, hit.limit, hit.remaining, hit.resetSeconds);
    if (!hit.allowed) {
      throw new ApiError("rate_limited", `Past the plan's ${hit.limit} requests a minute; try again shortly.`, { retryAfter: RATE_LIMITED_RETRY_AFTER });
    }
    checkScope(kind, found);
  }

  // Row 7.
  function checkScope(kind: GuardKind, found: KeyForAuth): void {
    if (kind !== "account" && kind !== "no-key" && kind !== "any-key" && !found.key.scopes.includes(kind satisfies Scope)) {
      throw new ApiError("forbidden_scope", `This endpoint needs a key with the \`${kind}\` scope.`, {
        headers: { "WWW-Authenticate": bearerChallenge(`error="insufficient_scope", scope="${kind}"`) },
      });
    }
  }

  const guards = new Map<GuardKind, RequestHandler>();
  return {
    lastUsed,
    keyCache,
    guard(kind) {
      if (kind === "no-key") return (_req, _res, next) => next();
      let guard = guards.get(kind);
      if (!guard) {
        guard = async (req, res, next) => {
          await check(kind, req, res);
          next();
        };
        guards.set(kind, guard);
      }
      return guard;
    },
    heavy: () => heavyCalls(limits, deps.logger),
    close: () => lastUsed.close(),
  };
}
