// Keys an account holds toward its cap of 20 (neither expired nor revoked), for the pages that
// tell a person why they cannot approve another sign-in. The cap itself is enforced by createApiKey.
import type { Db } from "../client";

export async function countLiveKeys(db: Db, accountId: string, now: Date): Promise<number> {
  return db.apiKey.count({ where: { accountId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
}
