// `account create | admit | plan | list | show` (docs/reference/api.md "Operators",
// docs/operations.md "Operator CLI").
import type { Command } from "commander";
import { admitAccount, createAccount, findAccountByEmail, setAccountPlan, type AccountWithPlan } from "@barscript/db";
import { UsageError, authChangesOf, emit, type AdminContext, type JsonOption } from "../context";
import { accountLine, accountView, keyState, parseLimit } from "../views";

interface ListOptions extends JsonOption {
  waitlist?: boolean;
  plan?: string;
  limit?: string;
}

async function listAccounts(ctx: AdminContext, opts: ListOptions): Promise<void> {
  const limit = parseLimit(opts.limit);
  if (opts.plan !== undefined && !(await ctx.db().plan.findUnique({ where: { name: opts.plan } }))) {
    throw new UsageError(`no plan named "${opts.plan}"`);
  }
  const accounts = await ctx.db().account.findMany({
    where: { ...(opts.waitlist ? { status: "waitlist" as const } : {}), ...(opts.plan !== undefined ? { planName: opts.plan } : {}) },
    // The waitlist is admitted first come, first served: oldest first; everything else newest first.
    orderBy: opts.waitlist ? [{ createdAt: "asc" }, { id: "asc" }] : [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  emit(ctx, opts, { accounts: accounts.map(accountView) }, () => (accounts.length === 0 ? ["no accounts"] : accounts.map(accountLine)));
}

async function showAccount(ctx: AdminContext, opts: JsonOption & { email: string }): Promise<void> {
  const db = ctx.db();
  const account = await findAccountByEmail(db, opts.email);
  const now = new Date();
  const [keys, scripts, runs] = await Promise.all([
    db.apiKey.findMany({ where: { accountId: account.id } }),
    db.script.count({ where: { ownerId: account.id } }),
    db.run.groupBy({ by: ["status"], where: { accountId: account.id }, _count: { _all: true } }),
  ]);
  const keyCounts = { live: 0, expired: 0, revoked: 0 };
  for (const k of keys) keyCounts[keyState(k, now)] += 1;
  const runCounts = Object.fromEntries(runs.map((r) => [r.status, r._count._all]));
  const p = account.plan;
  const view = {
    ...accountView(account),
    plan: { name: p.name, api_access: p.apiAccess, requests_per_minute: p.requestsPerMinute, concurrent_runs: p.concurrentRuns, compute_units_per_month: p.computeUnitsPerMonth, run_time_limit_seconds: p.runTimeLimitSeconds },
    keys: keyCounts,
    scripts,
    runs: runCounts,
  };
  emit(ctx, opts, view, () => [
    accountLine(account),
    `plan ${p.name}: api_access=${String(p.apiAccess)} requests_per_minute=${p.requestsPerMinute} concurrent_runs=${p.concurrentRuns} compute_units_per_month=${p.computeUnitsPerMonth} run_time_limit=${p.runTimeLimitSeconds}s`,
    `keys live=${keyCounts.live} expired=${keyCounts.expired} revoked=${keyCounts.revoked}; scripts=${scripts}; runs ${Object.entries(runCounts).map(([k, v]) => `${k}=${v}`).join(" ") || "none"}`,
  ]);
}

function describe(account: AccountWithPlan): string {
  return `${account.email} handle=${account.handle} id=${account.id} status=${account.status} plan=${account.planName}`;
}

export function registerAccountCommands(program: Command, ctx: AdminContext): void {
  const account = program.command("account").description("create, list and show accounts, admit them, set their plans");

  account
    .command("list")
    .description("accounts, newest first (--waitlist: the waitlist, oldest first)")
    .option("--waitlist", "only accounts on the waitlist", false)
    .option("--plan <name>", "only accounts on this plan")
    .option("--limit <n>", "at most this many (1-1000, default 50)")
    .option("--json", "one JSON document", false)
    .action((opts: ListOptions) => listAccounts(ctx, opts));

  account
    .command("show")
    .description("one account: plan, keys, scripts and runs counted")
    .requiredOption("--email <email>", "the account's email")
    .option("--json", "one JSON document", false)
    .action((opts: JsonOption & { email: string }) => showAccount(ctx, opts));

  account
    .command("create")
    .description("create an account (on the waitlist unless --admit, which puts it on --plan, else free)")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--password <password>", "at least 12 characters; stored as a scrypt hash")
    .option("--handle <handle>", "public name, ^[a-z0-9][a-z0-9-]{1,38}$ (default: random words)")
    .option("--plan <name>", "plan name (default free)")
    .option("--admit", "active at once instead of on the waitlist", false)
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { email: string; password: string; handle?: string; plan?: string; admit: boolean }) => {
      const created = await createAccount(ctx.db(), {
        email: opts.email,
        password: opts.password,
        ...(opts.handle !== undefined ? { handle: opts.handle } : {}),
        ...(opts.plan !== undefined ? { plan: opts.plan } : {}),
        admit: opts.admit,
      });
      emit(ctx, opts, accountView(created), () => [`created ${describe(created)}`]);
    });

  account
    .command("admit")
    .description("move an account off the waitlist onto free")
    .requiredOption("--email <email>", "the account's email")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { email: string }) => {
      const admitted = await admitAccount(ctx.db(), authChangesOf(ctx), opts.email);
      emit(ctx, opts, accountView(admitted), () => [`admitted ${describe(admitted)}`]);
    });

  account
    .command("plan")
    .description("set an account's plan")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--plan <name>", "plan name")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { email: string; plan: string }) => {
      const updated = await setAccountPlan(ctx.db(), authChangesOf(ctx), opts.email, opts.plan);
      emit(ctx, opts, accountView(updated), () => [`updated ${describe(updated)}`]);
    });
}
