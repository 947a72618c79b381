// For the check-chain tests: the real app (createApp) on this file's database and Redis prefix,
// accounts on chosen plans, and keys made through the accounts service.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAccount, createApiKey, type Db, type KeyScope } from "@barscript/db";
import { importFile } from "@barscript/marketdata";
import { startAppHarness, type AppHarness } from "./support/app-harness";

export type AuthHarness = AppHarness;

export function startAuthHarness(): Promise<AuthHarness> {
  return startAppHarness({ lastUsedFlushMs: 200 });
}

let made = 0;

/** An account (admitted unless `waitlist`) on `plan`; its id and email. */
export async function account(db: Db, plan: string, options: { waitlist?: boolean } = {}): Promise<{ id: string; email: string; handle: string }> {
  made += 1;
  const tag = `${process.pid}-${made}-${Math.random().toString(36).slice(2, 7)}`;
  const a = await createAccount(db, { email: `a-${tag}@example.com`, password: "a-long-password", handle: `a-${tag}`, plan, admit: !options.waitlist });
  return { id: a.id, email: a.email, handle: a.handle };
}

export async function key(db: Db, accountId: string, scopes: KeyScope[] = ["read", "scripts:write", "runs:write"], expiresAt: Date | null = null): Promise<string> {
  return (await createApiKey(db, { accountId, name: "test", scopes, expiresAt })).secret;
}

/** A plan made for a test (operators can add plans): small figures make limits quick to reach. */
export async function tinyPlan(db: Db, name: string, figures: { requestsPerMinute?: number; concurrentHeavy?: number; concurrentWaits?: number; concurrentRuns?: number } = {}): Promise<string> {
  await db.plan.create({
    data: {
      name, apiAccess: true, requestsPerMinute: figures.requestsPerMinute ?? 5, concurrentHeavy: figures.concurrentHeavy ?? 1,
      concurrentWaits: figures.concurrentWaits ?? 1, concurrentRuns: figures.concurrentRuns ?? 1, historyStart: null,
      scriptsCap: 10, definitionsCap: 2, eventsPerMonth: 1000, computeUnitsPerMonth: 1000, runTimeLimitSeconds: 30,
    },
  });
  return name;
}

/** Instruments `[symbol, name]` (NASDAQ equities in New York), each given the daily bars of `csv` through the real import. */
export async function importDailyInstruments(db: Db, instruments: ReadonlyArray<readonly [string, string]>, csv: string): Promise<void> {
  const file = join(mkdtempSync(join(tmpdir(), "bs-instr-")), "bars.csv");
  writeFileSync(file, csv);
  for (const [symbol, name] of instruments) {
    await importFile(db, { symbol, timeframe: "1d", file, meta: { name, exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" } });
  }
}
