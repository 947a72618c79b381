// For the scripts, library and docs HTTP tests: the real app (createApp with the real check
// chain) on this file's database and Redis prefix; accounts and keys through the accounts
// service, the core library through its real seed step.
import { createAccount, createApiKey, type Db, type KeyScope } from "@barscript/db";
import { startAppHarness, type AppHarness } from "./support/app-harness";

export type ScriptsHarness = AppHarness;

export function startScriptsHarness(): Promise<ScriptsHarness> {
  return startAppHarness({ lastUsedFlushMs: 200 });
}

export interface Member {
  id: string;
  handle: string;
  /** read, scripts:write, runs:write */
  key: string;
  readKey: string;
  writeKey: string;
}

export async function member(db: Db, handle: string, plan = "business"): Promise<Member> {
  const a = await createAccount(db, { email: `${handle}@example.com`, password: "a-long-password", handle, plan, admit: true });
  const make = async (scopes: KeyScope[]): Promise<string> => (await createApiKey(db, { accountId: a.id, name: scopes.join("+"), scopes, expiresAt: null })).secret;
  return { id: a.id, handle: a.handle, key: await make(["read", "scripts:write", "runs:write"]), readKey: await make(["read"]), writeKey: await make(["scripts:write"]) };
}
