// Browser sign-in for clients (docs/reference/api.md "Sign-in", no key): start an authorization,
// then poll it until the person approves or denies it on /device. Starts are throttled per IP
// (more than 10 in 10 minutes: 429 rate_limited, Retry-After until the oldest leaves the log).
import type { RequestHandler, Router } from "express";
import { z } from "zod";
import { ApiError, DeviceRequestSchema, SCOPES, TokenRequestSchema } from "@barscript/contracts";
import { formatUserCode, pollDeviceAuthorization, startDeviceAuthorization, type ApiKeyModel as ApiKey } from "@barscript/db";
import { RollingWindow } from "@barscript/limits";
import { clientIp } from "../auth";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/define-route";

export const SIGNIN_STARTS_LIMIT = 10;
export const SIGNIN_STARTS_WINDOW_MS = 10 * 60_000;

/** The ApiKey object (docs/reference/endpoints.md), no secret. */
export function apiKeyJson(key: ApiKey): Record<string, unknown> {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

function startsThrottle(deps: AppDeps): RequestHandler {
  const starts = new RollingWindow(deps.redis, `${deps.config.redisPrefix}limits:signin-starts:`, SIGNIN_STARTS_WINDOW_MS);
  return async (req, res, next) => {
    const hit = await starts.hit(clientIp(req), SIGNIN_STARTS_LIMIT);
    if (hit.allowed) return next();
    const retryAfter = Math.max(1, hit.resetSeconds);
    next(new ApiError("rate_limited", `Too many sign-ins started from this address; try again in ${retryAfter} seconds.`, { retryAfter }));
  };
}

export function registerDeviceRoutes(router: Router, deps: AppDeps): void {
  // Every field of the start body is optional, so a bodyless start is an empty one.
  router.post("/auth/device", startsThrottle(deps), (req, _res, next) => {
    if (req.body === undefined) req.body = {};
    next();
  });

  defineRoute<Record<string, unknown>, z.infer<typeof DeviceRequestSchema>>(router, deps.auth, 26, async (_req, res, { body }) => {
    const started = await startDeviceAuthorization(deps.db, {
      clientName: body.client_name,
      scopes: body.scopes ?? [...SCOPES],
      now: deps.clock.now(),
    });
    const verificationUri = `${deps.config.publicUrl}/device`;
    const userCode = formatUserCode(started.userCode);
    res.status(200).json({
      device_code: started.deviceCode,
      user_code: userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${userCode}`,
      expires_in: started.expiresIn,
      interval: started.interval,
    });
  });

  defineRoute<Record<string, unknown>, z.infer<typeof TokenRequestSchema>>(router, deps.auth, 27, async (_req, res, { body }) => {
    const result = await pollDeviceAuthorization(deps.db, body.device_code, deps.clock.now());
    switch (result.kind) {
      case "unknown":
        throw new ApiError("invalid_request", "Field `device_code`: no sign-in has this device code.");
      case "expired":
        throw new ApiError("expired_token", "This sign-in expired or was already used; start a new one.");
      case "slow_down":
        throw new ApiError("slow_down", `Polled too soon; wait at least ${result.interval} seconds between polls.`,);
      case "pending":
        throw new ApiError("authorization_pending", "The sign-in has not been approved or denied yet; keep polling.");
      case "denied":
        throw new ApiError(
          "access_denied",
          result.reason === "key_limit"
            ? "The account already holds 20 API keys; revoke one at /account and sign in again."
            : "The sign-in was denied.",
        );
      case "issued":
        res.status(200).json({ api_key: result.created.secret, key: apiKeyJson(result.created.key) });
        return;
    }
  });
}
