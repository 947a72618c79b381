// Browser sign-in (docs/reference/api.md "Sign-in", RFC 8628's flow): a client starts an authorization and
// polls with its device code; a signed-in person approves or denies it by its user code on
// /device; the key is created when the approved code is exchanged, once.
// Every time comes from the caller's clock so that expiry can be tested.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../client";
import type { DeviceAuthorization } from "../generated/client";
import { AccountsError, uniqueViolation } from "../accounts/errors";
import { createApiKey, type CreatedKey, type KeyScope } from "../accounts/keys";
import { newId } from "../accounts/random";
import { generateUserCode } from "./user-codes";

export const DEVICE_CODE_TTL_SECONDS = 900;
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
/** What each slow_down adds to the code's interval. */
export const SLOW_DOWN_STEP_SECONDS = 5;
export const DEFAULT_CLIENT_NAME = "Unnamed client";

export function hashDeviceCode(deviceCode: string): string {
  return createHash("sha256").update(deviceCode, "utf8").digest("hex");
}

export interface StartedDeviceAuthorization {
  /** Shown once to the client; only its SHA-256 is stored. */
  deviceCode: string;
  /** Bare, e.g. `BCDFGHJK`. */
  userCode: string;
  expiresIn: number;
  interval: number;
  authorization: DeviceAuthorization;
}

export async function startDeviceAuthorization(
  db: Db,
  input: { clientName?: string | undefined; scopes: readonly KeyScope[]; now: Date },
): Promise<StartedDeviceAuthorization> {
  const deviceCode = randomBytes(32).toString("base64url");
  const clientName = input.clientName?.trim() || DEFAULT_CLIENT_NAME;
  for (let attempt = 0; ; attempt++) {
    const userCode = generateUserCode();
    try {
      const authorization = await db.deviceAuthorization.create({
        data: {
          id: newId("dev"),
          deviceCodeHash: hashDeviceCode(deviceCode),
          userCode,
          clientName,
          scopes: [...input.scopes],
          intervalSecs: DEVICE_POLL_INTERVAL_SECONDS,
          expiresAt: new Date(input.now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
          createdAt: input.now,
        },
      });
      return { deviceCode, userCode, expiresIn: DEVICE_CODE_TTL_SECONDS, interval: DEVICE_POLL_INTERVAL_SECONDS, authorization };
    } catch (error) {
      // A user code still held by an old row: draw another (20^8 codes, so this is rare).
      if (uniqueViolation(error) === null || attempt >= 5) throw error;
    }
  }
}

/** A code a person can still approve or deny: pending and not expired; null otherwise. */
export async function findPendingByUserCode(db: Db, userCode: string, now: Date): Promise<DeviceAuthorization | null> {
  return db.deviceAuthorization.findFirst({ where: { userCode, status: "pending", expiresAt: { gt: now } } });
}

export type DecideInput =
  | { userCode: string; accountId: string; now: Date; approve: false }
  | { userCode: string; accountId: string; now: Date; approve: true; keyName: string; keyExpiresAt: Date | null };

/** Approves or denies a pending code; false when it is no longer pending (decided, expired, unknown). */
export async function decideDeviceAuthorization(db: Db, input: DecideInput): Promise<boolean> {
  const data = input.approve
    ? { status: "approved" as const, accountId: input.accountId, keyName: input.keyName, keyExpiresAt: input.keyExpiresAt }
    : { status: "denied" as const, accountId: input.accountId };
  const result = await db.deviceAuthorization.updateMany({
    where: { userCode: input.userCode, status: "pending", expiresAt: { gt: input.now } },
    data,
  });
  return result.count === 1;
}

export type PollResult =
  | { kind: "unknown" }
  | { kind: "expired" }
  | { kind: "slow_down"; interval: number }
  | { kind: "pending" }
  | { kind: "denied"; reason: "denied" | "key_limit" }
  | { kind: "issued"; created: CreatedKey };

/**
 * One poll of `POST /auth/token`. Order: unknown code; expired or already exchanged; polled
 * sooner than the code's interval after the previous poll (slow_down, which adds 5 s to the
 * interval); then the person's decision. The key is created at exchange, once.
 */
export async function pollDeviceAuthorization(db: Db, deviceCode: string, now: Date): Promise<PollResult> {
  const found = await db.deviceAuthorization.findUnique({ where: { deviceCodeHash: hashDeviceCode(deviceCode) } });
  if (!found) return { kind: "unknown" };
  if (found.status === "exchanged" || found.expiresAt.getTime() <= now.getTime()) return { kind: "expired" };

  // Recording the poll and the interval check are one statement, so concurrent polls of one
  // code cannot both pass the interval.
  const onTime = await db.$executeRaw`
    UPDATE device_authorizations SET "lastPolledAt" = ${now}
    WHERE id = ${found.id}
      AND ("lastPolledAt" IS NULL OR "lastPolledAt" <= ${now}::timestamptz - make_interval(secs => "intervalSecs"))`;
  if (onTime === 0) {
    const rows = await db.$queryRaw<Array<{ interval: number }>>`
      UPDATE device_authorizations SET "lastPolledAt" = ${now}, "intervalSecs" = "intervalSecs" + ${SLOW_DOWN_STEP_SECONDS}
      WHERE id = ${found.id} RETURNING "intervalSecs" AS interval`;
    return { kind: "slow_down", interval: rows[0]?.interval ?? found.intervalSecs + SLOW_DOWN_STEP_SECONDS };
  }

  if (found.status === "denied") return { kind: "denied", reason: "denied" };
  if (found.status === "pending") return { kind: "pending" };
  return exchange(db, found.id);
}

async function exchange(db: Db, id: string): Promise<PollResult> {
  // Claim the approved code first (single use even under concurrent polls), then create the key.
  const claimed = await db.deviceAuthorization.updateMany({ where: { id, status: "approved" }, data: { status: "exchanged" } });
  if (claimed.count === 0) {
    const now = await db.deviceAuthorization.findUnique({ where: { id }, select: { status: true } });
    return now?.status === "denied" ? { kind: "denied", reason: "denied" } : { kind: "expired" };
  }
  const row = await db.deviceAuthorization.findUniqueOrThrow({ where: { id } });
  if (!row.accountId || !row.keyName) throw new Error(`device authorization ${id} approved without an account or key name`);
  try {
    const created = await createApiKey(db, {
      accountId: row.accountId,
      name: row.keyName,
      scopes: row.scopes as KeyScope[],
      expiresAt: row.keyExpiresAt,
    });
    await db.deviceAuthorization.update({ where: { id }, data: { apiKeyId: created.key.id } });
    return { kind: "issued", created };
  } catch (error) {
    if (error instanceof AccountsError && error.reason === "key_limit") {
      // The account cannot hold another key: this code is refused for good.
      await db.deviceAuthorization.update({ where: { id }, data: { status: "denied" } });
      return { kind: "denied", reason: "key_limit" };
    }
    // Anything else (e.g. the database went away): hand the code back so a later poll can retry.
    await db.deviceAuthorization.updateMany({ where: { id, status: "exchanged", apiKeyId: null }, data: { status: "approved" } }).catch(() => undefined);
    throw error;
  }
}
