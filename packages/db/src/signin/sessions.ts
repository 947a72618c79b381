// Web sessions of the sign-in pages: a random token lives in the browser's cookie, only its
// SHA-256 in web_sessions, with an expiry. Signing out deletes the row.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../client";
import type { WebSession } from "../generated/client";
import type { AccountWithPlan } from "../accounts/accounts";
import { newId } from "../accounts/random";

export const SESSION_TTL_SECONDS = 14 * 24 * 3600;

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export async function createWebSession(db: Db, accountId: string, now: Date): Promise<{ token: string; session: WebSession }> {
  // Sessions of this account that have run out are of no use to anyone: drop them here.
  await db.webSession.deleteMany({ where: { accountId, expiresAt: { lte: now } } });
  const token = randomBytes(32).toString("base64url");
  const session = await db.webSession.create({
    data: {
      id: newId("ses"),
      tokenHash: hashSessionToken(token),
      accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
    },
  });
  return { token, session };
}

export interface ActiveSession {
  session: WebSession;
  account: AccountWithPlan;
}

/** The live session a cookie token names, with its account; null when unknown or expired. */
export async function findWebSession(db: Db, token: string, now: Date): Promise<ActiveSession | null> {
  if (token.length === 0 || token.length > 200) return null;
  const row = await db.webSession.findUnique({ where: { tokenHash: hashSessionToken(token) }, include: { account: { include: { plan: true } } } });
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  const { account, ...session } = row;
  return { session, account };
}

export async function deleteWebSession(db: Db, sessionId: string): Promise<void> {
  await db.webSession.deleteMany({ where: { id: sessionId } });
}
