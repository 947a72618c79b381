// Who is calling, as the check chain found it: the lead's AuthContext plus the account and the
// plan figures the limits need, all from the one key lookup of this request (never cached).
import type { Response } from "express";
import type { KeyForAuth } from "@barscript/db";
import type { AuthContext } from "../http/auth-plugin";

export interface Caller extends AuthContext {
  account: KeyForAuth["account"];
  plan: KeyForAuth["plan"];
  key: KeyForAuth["key"];
}

export function callerOf(res: Response): Caller {
  const caller = res.locals["auth"] as Caller | undefined;
  if (!caller) throw new Error("route reached without its guard");
  return caller;
}

export function toCaller(found: KeyForAuth): Caller {
  return {
    accountId: found.account.id,
    handle: found.account.handle,
    keyId: found.key.id,
    scopes: found.key.scopes,
    planName: found.plan.name,
    account: found.account,
    plan: found.plan,
    key: found.key,
  };
}
