// `key create` (docs/reference/api.md "Operators"): prints the new secret alone on stdout.
import type { Command } from "commander";
import { createApiKey, findAccountByEmail, parseScopes } from "@barscript/db";
import { UsageError, type AdminContext } from "../context";

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
  const key = program.command("key").description("create API keys");

  key
    .command("create")
    .description("create an API key and print its secret alone on stdout")
    .requiredOption("--email <email>", "the account's email")
    .requiredOption("--scopes <list>", "comma-separated: read,scripts:write,runs:write")
    .option("--name <name>", "a name for the key", "admin")
    .option("--expires-in-days <days>", "expire after this many days")
    .option("--expires-at <time>", "expire at this RFC 3339 time (a past time makes an expired key)")
    .action(async (opts: { email: string; scopes: string; name: string; expiresInDays?: string; expiresAt?: string }) => {
      const scopes = parseScopes(opts.scopes);
      const expiresAt = parseExpiry(opts, new Date());
      const account = await findAccountByEmail(ctx.db(), opts.email);
      const created = await createApiKey(ctx.db(), { accountId: account.id, name: opts.name, scopes, expiresAt });
      ctx.out(created.secret);
    });
}
