// Accounts, keys and market data for end-to-end tests, made through the product's own code
// (the accounts service and the import path operators use), never by writing rows by hand.
import { join } from "node:path";
import { createAccount, createApiKey, type Db } from "@barscript/db";
import { DEMO_DIR, importFile } from "@barscript/marketdata";

export interface TestAccount {
  id: string;
  handle: string;
  key: string;
}

export async function accountWithKey(db: Db, handle: string, plan = "pro", scopes: Array<"read" | "scripts:write" | "runs:write"> = ["read", "scripts:write", "runs:write"]): Promise<TestAccount> {
  const account = await createAccount(db, { email: `${handle}@example.com`, password: "a long enough password", handle, plan, admit: true });
  const { secret } = await createApiKey(db, { accountId: account.id, name: "test", scopes, expiresAt: null });
  return { id: account.id, handle: account.handle, key: secret };
}

/** AAPL daily, 2000-03-01..2013-03-01 (3,270 bars), from the shipped demo file. */
export async function importAapl(db: Db): Promise<void> {
  await importFile(db, {
    symbol: "AAPL", timeframe: "1d", file: join(DEMO_DIR, "AAPL.csv"), format: "bokeh",
    meta: { name: "Apple Inc.", exchange: "NASDAQ", assetClass: "equity", currency: "USD", timezone: "America/New_York" },
  });
}
