// API keys (docs/reference/endpoints.md "ApiKey"): secrets are `bsk_` + 43 base62 characters (256 random bits);
// only their SHA-256 (hex) and first 12 characters are stored. At most 20 keys per account not
// counting expired or revoked ones, enforced under a lock of the account row so that concurrent
// creations never pass it.
import { createHash } from "node:crypto";
import type { Db } from "../client";
import { query, statement } from "../sql";
import type { ApiKey } from "../generated/client";
import { authChange, type AuthChanges } from "./auth-changes";
import { AccountsError } from "./errors";
import { newId, randomBase62 } from "./random";

export const KEY_SCOPES = ["read", "scripts:write", "runs:write"] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const MAX_LIVE_KEYS = 20;
export const KEY_PREFIX_LENGTH = 12;
const SECRET_PATTERN = /^bsk_[0-9A-Za-z]{43}$/;

export function generateKeySecret(): string {
  return `bsk_${randomBase62(43)}`;
}

export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function isKeyScope(value: string): value is KeyScope {
  return (KEY_SCOPES as readonly string[]).includes(value);
}

/** `read,runs:write` -> scopes, deduplicated, in the canonical order; refuses unknown or none. */
export function parseScopes(text: string): KeyScope[] {
  const given = text.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
  const unknown = given.filter((s) => !isKeyScope(s));
  if (unknown.length > 0) throw new AccountsError("invalid_scopes", `unknown scope ${unknown.map((s) => `"${s}"`).join(", ")} (scopes: ${KEY_SCOPES.join(", ")})`);
  if (given.length === 0) throw new AccountsError("invalid_scopes", `at least one scope is needed (scopes: ${KEY_SCOPES.join(", ")})`);
  return KEY_SCOPES.filter((s) => given.includes(s));
}

export interface CreateKeyInput {
  accountId: string;
  name: string;
  scopes: readonly KeyScope[];
  /** null: never expires. A time in the past makes an already-expired key. */
  expiresAt: Date | null;
}

export interface CreatedKey {
  /** Shown once; never stored. */
  secret: string;
  key: ApiKey;
}

export async function createApiKey(db: Db, input: CreateKeyInput): Promise<CreatedKey> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw new AccountsError("invalid_key_name", "a key name must be 1 to 100 characters");
  if (input.scopes.length === 0 || !input.scopes.every((s) => isKeyScope(s))) throw new AccountsError("invalid_scopes", `scopes must be some of ${KEY_SCOPES.join(", ")}`);
  if (input.expiresAt && Number.isNaN(input.expiresAt.getTime())) throw new AccountsError("invalid_expiry", "the expiry is not a valid time");
  const secret = generateKeySecret();
  const key = await db.$transaction(
    async (tx) => {
      // The account row is the lock: concurrent creations for one account run one at a time.
      const locked = await tx.$queryRaw<Array<{ id: string }>>`SELECT id FROM accounts WHERE id = ${input.accountId} FOR UPDATE`;
      if (locked.length === 0) throw new AccountsError("unknown_account", `no account ${input.accountId}`);
      const alreadyExpired = input.expiresAt !== null && input.expiresAt.getTime() <= Date.now();
      if (!alreadyExpired) {
        const rows = await tx.$queryRaw<Array<{ live: number }>>`
          SELECT count(*)::int AS live FROM api_keys
          WHERE "accountId" = ${input.accountId} AND "revokedAt" IS NULL AND ("expiresAt" IS NULL OR "expiresAt" > now())`;
        if ((rows[0]?.live ?? 0) >= MAX_LIVE_KEYS) {
          throw new AccountsError("key_limit", `the account already holds ${MAX_LIVE_KEYS} keys that are neither expired nor revoked`);
        }
      }
      return tx.apiKey.create({
        data: {
          id: newId("key"),
          accountId: input.accountId,
          name,
          prefix: secret.slice(0, KEY_PREFIX_LENGTH),
          secretHash: hashKeySecret(secret),
          scopes: [...input.scopes],
          expiresAt: input.expiresAt,
        },
      });
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  return { secret, key };
}

/** What the check chain needs about a key, its account and plan: one query, joined. */
export interface KeyForAuth {
  key: { id: string; name: string; scopes: string[]; expiresAt: Date | null; revokedAt: Date | null };
  account: { id: string; handle: string; email: string; status: "waitlist" | "active"; createdAt: Date };
  plan: {
    name: string;
    apiAccess: boolean;
    requestsPerMinute: number;
    concurrentHeavy: number;
    concurrentWaits: number;
    concurrentRuns: number;
    /** The rest of the plan a run start needs, so it reads no plan row of its own. */
    computeUnitsPerMonth: number;
    runTimeLimitSeconds: number;
    historyStart: Date | null;
  };
}

interface KeyAuthRow {
  key_id: string;
  key_name: string;
  scopes: string[] | null;
  expires_at: Date | null;
  revoked_at: Date | null;
  account_id: string;
  handle: string;
  email: string;
  status: "waitlist" | "active";
  account_created_at: Date;
  plan_name: string;
  api_access: boolean;
  requests_per_minute: number;
  concurrent_heavy: number;
  concurrent_waits: number;
  concurrent_runs: number;
  compute_units_per_month: number;
  run_time_limit_seconds: number;
  history_start: Date | null;
}

/** On every keyed request: a prepared statement on the client's pool (packages/db/src/sql.ts). */
const KEY_FOR_AUTH = statement("key_for_auth", `
    SELECT k.id AS key_id, k.name AS key_name, k.scopes, k."expiresAt" AS expires_at, k."revokedAt" AS revoked_at,
           a.id AS account_id, a.handle, a.email, a.status::text AS status, a."createdAt" AS account_created_at,
           p.name AS plan_name, p."apiAccess" AS api_access, p."requestsPerMinute" AS requests_per_minute,
           p."concurrentHeavy" AS concurrent_heavy, p."concurrentWaits" AS concurrent_waits, p."concurrentRuns" AS concurrent_runs,
           p."computeUnitsPerMonth" AS compute_units_per_month, p."runTimeLimitSeconds" AS run_time_limit_seconds, p."historyStart" AS history_start
    FROM api_keys k
    JOIN accounts a ON a.id = k."accountId"
    JOIN plans p ON p.name = a."planName"
    WHERE k."secretHash" = $1`);

/** The SHA-256 a presented secret is stored under; null when it cannot be a key. */
export function keyHashOf(secret: string): string | null {
  return SECRET_PATTERN.test(secret) ? hashKeySecret(secret) : null;
}

/** Looks a presented secret up by its SHA-256; null when no key has it (or it cannot be one). */
export async function findKeyForAuth(db: Db, secret: string): Promise<KeyForAuth | null> {
  const hash = keyHashOf(secret);
  return hash === null ? null : findKeyForAuthByHash(db, hash);
}

/** findKeyForAuth for a hash from keyHashOf. */
export async function findKeyForAuthByHash(db: Db, hash: string): Promise<KeyForAuth | null> {
  const rows = await query<KeyAuthRow>(db, KEY_FOR_AUTH, [hash]);
  const row = rows[0];
  if (!row) return null;
  return {
    key: { id: row.key_id, name: row.key_name, scopes: row.scopes ?? [], expiresAt: row.expires_at, revokedAt: row.revoked_at },
    account: { id: row.account_id, handle: row.handle, email: row.email, status: row.status, createdAt: row.account_created_at },
    plan: {
      name: row.plan_name,
      apiAccess: row.api_access,
      requestsPerMinute: row.requests_per_minute,
      concurrentHeavy: row.concurrent_heavy,
      concurrentWaits: row.concurrent_waits,
      concurrentRuns: row.concurrent_runs,
      computeUnitsPerMonth: Number(row.compute_units_per_month),
      runTimeLimitSeconds: row.run_time_limit_seconds,
      historyStart: row.history_start,
    },
  };
}

/**
 * Revokes a key at once, on every API process (`changes` drops their cached lookups of the
 * account); false when it was already revoked (or is not the account's).
 */
export async function revokeApiKey(db: Db, changes: AuthChanges, accountId: string, keyId: string, at: Date = new Date()): Promise<boolean> {
  const result = await authChange(changes, accountId, () => db.apiKey.updateMany({ where: { id: keyId, accountId, revokedAt: null }, data: { revokedAt: at } }));
  return result.count === 1;
}

export interface KeyPageInput {
  limit: number;
  /** Keyset position: the last row of the previous page. */
  after?: { createdAt: Date; id: string };
}

/** The account's keys, newest first, keyset-paginated. `next` is the position after the page, or null. */
export async function listApiKeys(db: Db, accountId: string, page: KeyPageInput): Promise<{ keys: ApiKey[]; next: { createdAt: Date; id: string } | null }> {
  const after = page.after;
  const rows = await db.apiKey.findMany({
    where: after
      ? { accountId, OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }
      : { accountId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: page.limit + 1,
  });
  const keys = rows.slice(0, page.limit);
  const last = keys[keys.length - 1];
  return { keys, next: rows.length > page.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/** Writes `last_used_at` for many keys in one statement (never moves a time backwards). */
export async function recordKeysUsed(db: Db, used: ReadonlyMap<string, Date>): Promise<void> {
  if (used.size === 0) return;
  const ids = [...used.keys()];
  const times = ids.map((id) => (used.get(id) as Date).toISOString());
  await db.$executeRaw`
    UPDATE api_keys AS k SET "lastUsedAt" = v.at
    FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${times}::timestamptz[]) AS at) AS v
    WHERE k.id = v.id AND (k."lastUsedAt" IS NULL OR k."lastUsedAt" < v.at)`;
}
