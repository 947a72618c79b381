// Plain views of accounts, keys and runs for the operator CLI: one JSON shape (snake_case, ISO
// times, as the API answers) and one text line per row, the line built from the JSON.
import type { ApiKeyModel as ApiKey, Run } from "@barscript/db";
import { UsageError } from "./context";

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export interface AccountRow {
  id: string;
  email: string;
  handle: string;
  status: string;
  planName: string;
  createdAt: Date;
}

export function accountView(a: AccountRow): Record<string, unknown> {
  return { id: a.id, email: a.email, handle: a.handle, status: a.status, plan: a.planName, created_at: iso(a.createdAt) };
}

export const accountLine = (a: AccountRow): string =>
  `${a.email} handle=${a.handle} id=${a.id} status=${a.status} plan=${a.planName} created=${a.createdAt.toISOString()}`;

export function keyState(k: ApiKey, now: Date): "live" | "revoked" | "expired" {
  if (k.revokedAt !== null) return "revoked";
  if (k.expiresAt !== null && k.expiresAt.getTime() <= now.getTime()) return "expired";
  return "live";
}

/** Never the secret nor its hash: the prefix is what the owner sees too. */
export function keyView(k: ApiKey, now: Date): Record<string, unknown> {
  return {
    id: k.id, name: k.name, prefix: k.prefix, scopes: k.scopes, state: keyState(k, now),
    created_at: iso(k.createdAt), last_used_at: iso(k.lastUsedAt), expires_at: iso(k.expiresAt), revoked_at: iso(k.revokedAt),
  };
}

export const keyLine = (k: ApiKey, now: Date): string =>
  `${k.id} prefix=${k.prefix} name=${JSON.stringify(k.name)} scopes=${k.scopes.join(",")} state=${keyState(k, now)} created=${k.createdAt.toISOString()} last_used=${k.lastUsedAt?.toISOString() ?? "never"}`;

export type RunRow = Pick<Run, "id" | "status" | "kind" | "scriptSlug" | "scriptVersion" | "instrument" | "timeframe" | "failureKind" | "createdAt" | "startedAt" | "finishedAt"> & { account: { handle: string; email: string } };

export function runView(r: RunRow): Record<string, unknown> {
  return {
    id: r.id, status: r.status, kind: r.kind, account: { handle: r.account.handle, email: r.account.email },
    script: { slug: r.scriptSlug, version: r.scriptVersion }, instrument: r.instrument, timeframe: r.timeframe, failure: r.failureKind,
    created_at: iso(r.createdAt), started_at: iso(r.startedAt), finished_at: iso(r.finishedAt),
  };
}

export const runLine = (r: RunRow): string =>
  `${r.id} status=${r.status}${r.failureKind ? ` failure=${r.failureKind}` : ""} kind=${r.kind} account=${r.account.handle} script=${r.scriptSlug}@${r.scriptVersion} ${r.instrument} ${r.timeframe} created=${r.createdAt.toISOString()}`;

/** `--limit`: 1-1000, default 50. */
export function parseLimit(text: string | undefined): number {
  if (text === undefined) return 50;
  const n = Number(text);
  if (!/^\d+$/.test(text.trim()) || n < 1 || n > 1000) throw new UsageError(`--limit must be a whole number from 1 to 1000, got "${text}"`);
  return n;
}
