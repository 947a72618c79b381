// Accounts (docs/reference/endpoints.md "Account", "Plans", operator CLI): created on the waitlist unless admitted,
// admitted onto free, moved between plans. Shared by the admin CLI, the API and the sign-up pages.
import type { Db } from "../client";
import type { Account, Plan } from "../generated/client";
import { authChange, type AuthChanges } from "./auth-changes";
import { AccountsError, uniqueViolation } from "./errors";
import { checkHandle, randomHandle } from "./handles";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords";
import { newId } from "./random";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AccountWithPlan = Account & { plan: Plan };

export interface CreateAccountInput {
  email: string;
  password: string;
  /** Generated from random words when omitted. */
  handle?: string;
  /** The plan an admitted account starts on (default `free`). */
  plan?: string;
  /** Active at once instead of on the waitlist. */
  admit?: boolean;
}

export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized.length > 254 || !EMAIL_PATTERN.test(normalized)) throw new AccountsError("invalid_email", `"${email}" is not an email address`);
  return normalized;
}

async function requirePlan(db: Db, name: string): Promise<Plan> {
  const plan = await db.plan.findUnique({ where: { name } });
  if (!plan) {
    const names = (await db.plan.findMany({ select: { name: true }, orderBy: { name: "asc" } })).map((p) => p.name);
    throw new AccountsError("unknown_plan", `no plan named "${name}" (plans: ${names.join(", ")})`);
  }
  return plan;
}

export async function createAccount(db: Db, input: CreateAccountInput): Promise<AccountWithPlan> {
  const email = normalizeEmail(input.email);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw new AccountsError("invalid_password", `password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (input.handle !== undefined) checkHandle(input.handle);
  const plan = await requirePlan(db, input.plan ?? "free");
  if (await db.account.findUnique({ where: { email }, select: { id: true } })) {
    throw new AccountsError("email_taken", `an account with email ${email} already exists`);
  }
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    const handle = input.handle ?? randomHandle();
    try {
      return await db.account.create({
        data: { id: newId("acc"), email, handle, passwordHash, status: input.admit ? "active" : "waitlist", planName: plan.name },
        include: { plan: true },
      });
    } catch (error) {
      const fields = uniqueViolation(error);
      if (!fields) throw error;
      if (fields.includes("email")) throw new AccountsError("email_taken", `an account with email ${email} already exists`);
      if (input.handle !== undefined) throw new AccountsError("handle_taken", `handle "${handle}" is taken`);
      if (attempt >= 20) throw new AccountsError("handle_taken", "could not find a free handle; pass --handle");
    }
  }
}

export async function findAccountByEmail(db: Db, email: string): Promise<AccountWithPlan> {
  const normalized = normalizeEmail(email);
  const account = await db.account.findUnique({ where: { email: normalized }, include: { plan: true } });
  if (!account) throw new AccountsError("unknown_account", `no account with email ${normalized}`);
  return account;
}

/** Moves a waitlisted account off the waitlist onto `free`. */
export async function admitAccount(db: Db, changes: AuthChanges, email: string): Promise<AccountWithPlan> {
  const account = await findAccountByEmail(db, email);
  const updated = await authChange(changes, account.id, () => db.account.updateMany({ where: { id: account.id, status: "waitlist" }, data: { status: "active", planName: "free" } }));
  if (updated.count === 0) {
    throw new AccountsError("not_on_waitlist", `account ${account.email} is not on the waitlist (active on plan ${account.planName})`);
  }
  return db.account.findUniqueOrThrow({ where: { id: account.id }, include: { plan: true } });
}

export async function setAccountPlan(db: Db, changes: AuthChanges, email: string, planName: string): Promise<AccountWithPlan> {
  const account = await findAccountByEmail(db, email);
  const plan = await requirePlan(db, planName);
  return authChange(changes, account.id, () => db.account.update({ where: { id: account.id }, data: { planName: plan.name }, include: { plan: true } }));
}
