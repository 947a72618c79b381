import { z } from "zod";

/**
 * DATABASE_URL as every process reads it: a postgres:// or postgresql:// URL (another scheme, or a
 * bare host:port, failed only at the first query; docs/adr/0367).
 */
export const databaseUrlSetting = z
  .string()
  .url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" })
  .default("postgresql://postgres@127.0.0.1:5432/barscript");

const schema = z.object({ DATABASE_URL: databaseUrlSetting });

/**
 * The environment with empty values dropped: every process reads `VAR=` (in a .env, or
 * `PORT= npm run api`) as unset, as dotenv and `npm run up` treat it, so a variable with a default
 * takes it and a required one is reported missing (docs/configuration.md).
 */
export function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ""));
}

/** For tools that need only the database (migrate, admin). Services use their own config. */
export function loadDbConfig(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string } {
  const parsed = schema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid configuration: ${String(issue?.path[0] ?? "DATABASE_URL")}: ${issue?.message ?? "invalid"}`);
  }
  return { databaseUrl: parsed.data.DATABASE_URL };
}
