// What an account has used (docs/reference/endpoints.md "Usage"): scripts and definitions that exist, and the current
// UTC calendar month's events and compute units from usage_counters.
import type { Db } from "../client";

export interface UsagePeriod {
  start: Date;
  /** Exclusive: the first instant of the next month. */
  end: Date;
}

export function monthOf(now: Date): UsagePeriod {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

export interface UsageCounts {
  period: UsagePeriod;
  /** Every script the account owns, of any kind (definitions included). */
  scripts: number;
  definitions: number;
  events: number;
  computeUnits: number;
}

export async function countUsage(db: Db, accountId: string, now: Date = new Date()): Promise<UsageCounts> {
  const period = monthOf(now);
  const [scripts, definitions, counter] = await Promise.all([
    db.script.count({ where: { ownerId: accountId } }),
    db.script.count({ where: { ownerId: accountId, kind: "definition" } }),
    db.usageCounter.findUnique({ where: { accountId_period: { accountId, period: period.start } } }),
  ]);
  return { period, scripts, definitions, events: Number(counter?.events ?? 0), computeUnits: Number(counter?.computeUnits ?? 0) };
}
