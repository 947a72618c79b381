// What every admin command gets: a lazily opened database and the output streams.
// Command groups live in ./commands/<group>.ts and export `register(program, ctx)`.
import type { Command } from "commander";
import type { Redis } from "ioredis";
import type { AuthChanges, Db } from "@barscript/db";
import { AuthEpochs } from "@barscript/limits";
import type { AdminRedisConfig } from "./config";

export interface AdminContext {
  /** Opened on first use from DATABASE_URL; closed by main when the command ends. */
  db(): Db;
  /** DATABASE_URL as the commands' database was opened with (seed steps may open their own). */
  databaseUrl(): string;
  /** Opened on first use from REDIS_URL (commands that touch the queues); closed by main. */
  redis(): { connection: Redis; config: AdminRedisConfig };
  /** One line to stdout (results). */
  out(line: string): void;
}

/** How this CLI's writes of keys, accounts and plans reach the API processes' key caches (docs/adr/0082-key-lookup-cache.md). */
export function authEpochsOf(ctx: AdminContext): AuthEpochs {
  const { connection, config } = ctx.redis();
  return new AuthEpochs(connection, config.redisPrefix);
}

export function authChangesOf(ctx: AdminContext): AuthChanges {
  return authEpochsOf(ctx);
}

/** `--json`: one JSON document on stdout instead of lines, for scripts. */
export interface JsonOption {
  json?: boolean;
}

/** Prints `value` as JSON with --json, else each line of `lines()`. */
export function emit(ctx: AdminContext, opts: JsonOption, value: unknown, lines: () => string[]): void {
  if (opts.json) ctx.out(JSON.stringify(value, null, 2));
  else for (const line of lines()) ctx.out(line);
}

export type RegisterCommands = (program: Command, ctx: AdminContext) => void;

/** A refusal of bad input: main prints its message as one line and exits non-zero. */
export class UsageError extends Error {
  override name = "UsageError";
}
