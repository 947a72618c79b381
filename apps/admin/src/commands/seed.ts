// `seed` (plans and the core library, what every deployment needs before its first account) and
// `demo` (demo instruments and an admitted demo account, for trying the service). Both are
// idempotent: they create what is absent and leave what an operator changed alone, so compose,
// Kubernetes and `npm run up` run them on every start (docs/operations.md "Seeding").
import type { Command } from "commander";
import { AccountsError, createAccount, findAccountByEmail, poolOf, randomBase62, runSeed, type AccountWithPlan, type Db } from "@barscript/db";
import { seedDemoInstruments } from "@barscript/marketdata";
import type { AdminContext } from "../context";
import { describeImport } from "./instruments";

/** Seeds started at once (every API pod's init container) take turns: one creates, the rest find. */
const SEED_LOCK_ID = 7_274_201;

async function underSeedLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const pool = poolOf(db);
  if (!pool) return work();
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SEED_LOCK_ID]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SEED_LOCK_ID]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

export const DEMO_ACCOUNT = { email: "demo@example.com", handle: "demo", plan: "pro" } as const;

interface DemoOptions {
  email: string;
  handle: string;
  plan: string;
  password?: string;
}

async function existing(ctx: AdminContext, email: string): Promise<AccountWithPlan | null> {
  try {
    return await findAccountByEmail(ctx.db(), email);
  } catch (error) {
    if (error instanceof AccountsError && error.reason === "unknown_account") return null;
    throw error;
  }
}

export function registerSeedCommands(program: Command, ctx: AdminContext): void {
  program
    .command("seed")
    .description("create the plans and the core script library if absent (idempotent; run after migrating)")
    .action(async () => {
      const db = ctx.db();
      await underSeedLock(db, () => runSeed({ db, databaseUrl: ctx.databaseUrl(), log: (line) => ctx.out(line) }));
    });

  program
    .command("demo")
    .description("import the demo instruments and create an admitted demo account if absent (idempotent)")
    .option("--email <email>", "the demo account's email", DEMO_ACCOUNT.email)
    .option("--handle <handle>", "the demo account's handle", DEMO_ACCOUNT.handle)
    .option("--plan <name>", "the demo account's plan", DEMO_ACCOUNT.plan)
    .option("--password <password>", "its sign-in password (default: a random one that is not shown; keys are made with key create)")
    .action((opts: DemoOptions) => underSeedLock(ctx.db(), async () => {
      for (const result of await seedDemoInstruments(ctx.db())) ctx.out(describeImport(result));
      const found = await existing(ctx, opts.email);
      if (found) {
        ctx.out(`account ${found.email} exists (handle=${found.handle} status=${found.status} plan=${found.planName})`);
        return;
      }
      const password = opts.password ?? randomBase62(24);
      const created = await createAccount(ctx.db(), { email: opts.email, password, handle: opts.handle, plan: opts.plan, admit: true });
      ctx.out(`created account ${created.email} (handle=${created.handle} status=${created.status} plan=${created.planName}); make a key: key create --email ${created.email} --scopes read,scripts:write,runs:write`);
    }));
}
