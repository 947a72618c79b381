// `key create | list | revoke | reload` (docs/reference/api.md "Operators", docs/operations.md "Operator CLI"); create prints the new secret alone on stdout.
import type { Command } from "commander";
import { createApiKey, findAccountByEmail, parseScopes, revokeApiKey } from "@barscript/db";
import { UsageError, authChangesOf, authEpochsOf, emit, type AdminContext, type JsonOption } from "../context";
import { keyLine, keyView } from "../views";

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})(T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2})))?$/i;

/** The fields of an RFC 3339 text are real (Date would roll 2030-02-30 over to March 2). */
function realFields(match: RegExpExecArray): boolean {
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  if (match[4] === undefined) return true;
  const inRange = (text: string | undefined, most: number): boolean => text === undefined || Number(text) <= most;
  return inRange(match[5], 23) && inRange(match[6], 59) && inRange(match[7], 59) && inRange(match[10], 23) && inRange(match[11], 59);
}

const DAY_MS = 86_400_000;

export function parseExpiry(opts: { expiresInDays?: string; expiresAt?: string }, now: Date): Date | null {
  if (opts.expiresInDays !== undefined && opts.expiresAt !== undefined) {
    throw new UsageError("give --expires-in-days or --expires-at, not both");
  }
  if (opts.expiresInDays !== undefined) {
    const days = Number(opts.expiresInDays);
    if (!/^\d+(\.\d+)?$/.test(opts.expiresInDays.trim()) || !(days > 0)) {
      throw new UsageError(`--expires-in-days must be a positive number of days, got "${opts.expiresInDays}"`);
    }
    return new Date(now.getTime() + days * DAY_MS);
  }
  if (opts.expiresAt !== undefined) {
    const text = opts.expiresAt.trim();
    const at = new Date(/T/i.test(text) ? text : `${text}T00:00:00Z`);
    const match = RFC3339.exec(text);
    if (!match || !realFields(match) || Number.isNaN(at.getTime())) {
      throw new UsageError(`--expires-at must be an RFC 3339 time (e.g. 2030-01-01T00:00:00Z), got "${opts.expiresAt}"`);
    }
    return at;
  }
  return null;
}

export function registerKeyCommands(program: Command, ctx: AdminContext): void {
  const key = program.command("key").description("create, list and revoke API keys; reload them on every API process");

  key
    .command("list")
    .description("an account's keys, newest first (prefix, scopes, state; never a secret)")
    .requiredOption("--email <email>", "the account's email")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { email: string }) => {
      const account = await findAccountByEmail(ctx.db(), opts.email);
      const keys = await ctx.db().apiKey.findMany({ where: { accountId: account.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
      const now = new Date();
      emit(ctx, opts, { account: { email: account.email, handle: account.handle }, keys: keys.map((k) => keyView(k, now)) }, () => (keys.length === 0 ? [`${account.email} has no keys`] : keys.map((k) => keyLine(k, now))));
    });

  key
    .command("revoke")
    .description("revoke a key at once: its next call is refused")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--key <id or prefix>", "the key's id (key_...) or its prefix (bsk_...)")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption & { email: string; key: string }) => {
      const account = await findAccountByEmail(ctx.db(), opts.email);
      const given = opts.key.trim();
      const found = await ctx.db().apiKey.findMany({ where: { accountId: account.id, OR: [{ id: given }, { prefix: given }] } });
      if (found.length === 0) throw new UsageError(`${account.email} has no key with id or prefix "${given}"`);
      if (found.length > 1) throw new UsageError(`prefix "${given}" names ${found.length} keys of ${account.email}; give the key id`);
      const target = found[0] as (typeof found)[number];
      const revoked = await revokeApiKey(ctx.db(), authChangesOf(ctx), account.id, target.id);
      const after = await ctx.db().apiKey.findUniqueOrThrow({ where: { id: target.id } });
      emit(ctx, opts, { revoked, key: keyView(after, new Date()) }, () => [`${revoked ? "revoked" : "already revoked"} ${keyLine(after, new Date())}`]);
    });

  key
    .command("create")
    .description("create an API key and print its secret alone on stdout")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--scopes <list>", "comma-separated: read,scripts:write,runs:write")
    .option("--name <name>", "a name for the key", "admin")
    .option("--expires-in-days <days>", "expire after this many days")
    .option("--expires-at <time>", "expire at this RFC 3339 time (a past time makes an expired key)")
    .option("--json", "one JSON document: the key as key list shows it, and its secret", false)
    .action(async (opts: JsonOption & { email: string; scopes: string; name: string; expiresInDays?: string; expiresAt?: string }) => {
      const scopes = parseScopes(opts.scopes);
      const expiresAt = parseExpiry(opts, new Date());
      const account = await findAccountByEmail(ctx.db(), opts.email);
      const created = await createApiKey(ctx.db(), { accountId: account.id, name: opts.name, scopes, expiresAt });
      emit(ctx, opts, { secret: created.secret, key: keyView(created.key, new Date()) }, () => [created.secret]);
    });

  key
    .command("reload")
    .description("every API process reads every key, account and plan again (after editing a plan's figures with SQL)")
    .option("--json", "one JSON document", false)
    .action(async (opts: JsonOption) => {
      await authEpochsOf(ctx).everythingChanged();
      emit(ctx, opts, { reloaded: true }, () => ["every API process reads keys, accounts and plans again from their next call"]);
    });
}
