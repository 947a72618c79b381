// `account create | admit | plan` (docs/reference/api.md "Operators").
import type { Command } from "commander";
import { admitAccount, createAccount, setAccountPlan, type AccountWithPlan } from "@barscript/db";
import type { AdminContext } from "../context";

function describe(account: AccountWithPlan): string {
  return `${account.email} handle=${account.handle} id=${account.id} status=${account.status} plan=${account.planName}`;
}

export function registerAccountCommands(program: Command, ctx: AdminContext): void {
  const account = program.command("account").description("create accounts, admit them, set their plans");

  account
    .command("create")
    .description("create an account (on the waitlist unless --admit, which puts it on --plan, else free)")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--password <password>", "at least 12 characters; stored as a scrypt hash")
    .option("--handle <handle>", "public name, ^[a-z0-9][a-z0-9-]{1,38}$ (default: random words)")
    .option("--plan <name>", "plan name (default free)")
    .option("--admit", "active at once instead of on the waitlist", false)
    .action(async (opts: { email: string; password: string; handle?: string; plan?: string; admit: boolean }) => {
      const created = await createAccount(ctx.db(), {
        email: opts.email,
        password: opts.password,
        ...(opts.handle !== undefined ? { handle: opts.handle } : {}),
        ...(opts.plan !== undefined ? { plan: opts.plan } : {}),
        admit: opts.admit,
      });
      ctx.out(`created ${describe(created)}`);
    });

  account
    .command("admit")
    .description("move an account off the waitlist onto free")
    .requiredOption("--email <email>", "the account's email")
    .action(async (opts: { email: string }) => {
      ctx.out(`admitted ${describe(await admitAccount(ctx.db(), opts.email))}`);
    });

  account
    .command("plan")
    .description("set an account's plan")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--plan <name>", "plan name")
    .action(async (opts: { email: string; plan: string }) => {
      ctx.out(`updated ${describe(await setAccountPlan(ctx.db(), opts.email, opts.plan))}`);
    });
}
