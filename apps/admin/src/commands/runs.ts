// `runs list | cancel` (docs/operations.md "Operator CLI"). A cancel takes the path of the API's
// own (POST /v1/runs/{id}/cancel): the flag first, a queued run out of the queue and cancelled,
// a running one told over its channel to stop, and marked cancelled here if no worker does
// within the grace period.
import type { Command } from "commander";
import { failure, finishRun, findRun, requestCancel, type Run, type RunMessage, type RunStatusName } from "@barscript/db";
import { publishCancel, runChannel, runsQueue } from "@barscript/queue";
import { UsageError, emit, type AdminContext, type JsonOption } from "../context";
import { parseLimit, runLine, runView, type RunRow } from "../views";

const STATUSES: readonly RunStatusName[] = ["queued", "running", "succeeded", "failed", "cancelled"];
const FINAL: readonly RunStatusName[] = ["succeeded", "failed", "cancelled"];
/** How long a running run's worker gets to stop it before the CLI marks it cancelled. */
export const CANCEL_GRACE_MS = 3_000;

const ROW = { id: true, status: true, kind: true, scriptSlug: true, scriptVersion: true, instrument: true, timeframe: true, failureKind: true, createdAt: true, startedAt: true, finishedAt: true, account: { select: { handle: true, email: true } } } as const;

interface ListOptions extends JsonOption {
  status?: string;
  account?: string;
  limit?: string;
}

async function accountIdOf(ctx: AdminContext, given: string): Promise<string> {
  const text = given.trim();
  const found = await ctx.db().account.findFirst({ where: text.includes("@") ? { email: text.toLowerCase() } : { handle: text.toLowerCase() }, select: { id: true } });
  if (!found) throw new UsageError(`no account with ${text.includes("@") ? "email" : "handle"} ${text}`);
  return found.id;
}

async function listRuns(ctx: AdminContext, opts: ListOptions): Promise<void> {
  const limit = parseLimit(opts.limit);
  if (opts.status !== undefined && !STATUSES.includes(opts.status as RunStatusName)) {
    throw new UsageError(`--status must be one of ${STATUSES.join(", ")}, got "${opts.status}"`);
  }
  const accountId = opts.account === undefined ? undefined : await accountIdOf(ctx, opts.account);
  const runs: RunRow[] = await ctx.db().run.findMany({
    where: { ...(opts.status !== undefined ? { status: opts.status as RunStatusName } : {}), ...(accountId !== undefined ? { accountId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: ROW,
  });
  emit(ctx, opts, { runs: runs.map(runView) }, () => (runs.length === 0 ? ["no runs"] : runs.map(runLine)));
}

const isFinal = (run: Pick<Run, "status">): boolean => FINAL.includes(run.status);

async function cancel(ctx: AdminContext, runId: string): Promise<{ before: RunStatusName }> {
  const db = ctx.db();
  const run = /^run_[0-9A-Za-z]{24}$/.test(runId) ? await findRun(db, runId) : null;
  if (!run) throw new UsageError(`no run ${JSON.stringify(runId)}`);
  if (isFinal(run)) return { before: run.status };
  const { connection, config } = ctx.redis();
  const publish = (message: RunMessage): Promise<number> => connection.publish(runChannel(config.redisPrefix, run.id), JSON.stringify(message));
  const cancelled = { status: "cancelled" as const, failure: failure("cancelled", "The run was cancelled by an operator.", false), summary: { bars: run.windowBars, warmup_bars: 0, bars_evaluated: 0, compute_units: 0, runtime_errors: [], duration: 0 } };
  await requestCancel(db, run.id);
  if (run.status === "queued") {
    const queue = runsQueue(connection, config.redisPrefix);
    try {
      // A job a worker holds cannot be removed: then the flag and the message stop it.
      await queue.remove(run.id).catch(() => 0);
    } finally {
      await queue.close();
    }
    if (await finishRun(db, run.id, ["queued"], cancelled, new Date())) {
      await publish({ type: "status", status: "cancelled" });
      return { before: "queued" };
    }
  }
  await publishCancel(connection, config.redisPrefix, run.id);
  const deadline = Date.now() + CANCEL_GRACE_MS;
  while (Date.now() < deadline) {
    const latest = await findRun(db, run.id);
    if (!latest || isFinal(latest)) return { before: run.status };
    await new Promise((r) => setTimeout(r, 100));
  }
  // No worker answered (it died, or is cut off): cancelled all the same.
  if (await finishRun(db, run.id, ["queued", "running"], cancelled, new Date())) await publish({ type: "status", status: "cancelled" });
  return { before: run.status };
}

export function registerRunsCommands(program: Command, ctx: AdminContext): void {
  const runs = program.command("runs").description("list runs and cancel them");

  runs
    .command("list")
    .description("runs, newest first")
    .option("--status <status>", `only runs in this state: ${STATUSES.join(", ")}`)
    .option("--account <email or handle>", "only this account's runs")
    .option("--limit <n>", "at most this many (1-1000, default 50)")
    .option("--json", "one JSON document", false)
    .action((opts: ListOptions) => listRuns(ctx, opts));

  runs
    .command("cancel")
    .description("cancel a queued or running run (a finished run is left as it is)")
    .requiredOption("--run <id>", "the run's id (run_...)")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { run: string }) => {
      const { before } = await cancel(ctx, opts.run.trim());
      const after = await ctx.db().run.findUniqueOrThrow({ where: { id: opts.run.trim() }, select: ROW });
      const changed = !FINAL.includes(before) && after.status === "cancelled";
      emit(ctx, opts, { cancelled: changed, run: runView(after) }, () => [`${changed ? "cancelled" : `not cancelled (was ${before})`} ${runLine(after)}`]);
    });
}
