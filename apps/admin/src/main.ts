// barscript-admin: the operator CLI (`npm run admin -- <command>`). Every command group is a
// module in ./commands exporting a register function; bad input exits 1 with a one-line reason.
import { Command, CommanderError } from "commander";
import { AccountsError, createDb, loadDbConfig, type Db } from "@barscript/db";
import type { Redis } from "ioredis";
import { createRedis } from "@barscript/queue";
import { loadAdminRedisConfig, type AdminRedisConfig } from "./config";
import { UsageError, type AdminContext, type RegisterCommands } from "./context";
import { registerAccountCommands } from "./commands/account";
import { registerKeyCommands } from "./commands/key";
import { registerInstrumentCommands } from "./commands/instruments";
import { registerSeedCommands } from "./commands/seed";
import { registerRunsCommands } from "./commands/runs";

const GROUPS: RegisterCommands[] = [registerSeedCommands, registerAccountCommands, registerKeyCommands, registerInstrumentCommands, registerRunsCommands];

/**
 * Commander answers a group named without its command (`account`, or nothing at all) with the
 * whole help on stderr; bad input gets one line instead, naming the commands to choose from.
 * Every other message (unknown option, missing value) is already one line and passes through.
 */
export function oneLineErrors(text: string): string {
  if (!text.startsWith("Usage:")) return text;
  const usage = /^Usage: (.+?) \[options\]/.exec(text)?.[1] ?? "barscript-admin";
  const commands = /\nCommands:\n([\s\S]*)$/.exec(text)?.[1] ?? "";
  const names = [...commands.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]).filter((name) => name !== "help");
  return `barscript-admin: missing command: ${usage} <${names.join("|")}> (see --help)\n`;
}

/** Where a command's environment comes from and its output goes: the process's own, or a caller's (tests run commands in-process). */
export interface AdminIo {
  /** The variables commands read (DATABASE_URL, REDIS_URL, REDIS_PREFIX); the process's environment when absent. */
  env?: NodeJS.ProcessEnv;
  stdout(text: string): void;
  stderr(text: string): void;
}

const PROCESS_IO: AdminIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

export function buildProgram(ctx: AdminContext, io: AdminIo = PROCESS_IO): Command {
  const program = new Command("barscript-admin")
    .description("Barscript operator commands")
    .showHelpAfterError(false)
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(oneLineErrors(text)) })
    .exitOverride();
  for (const register of GROUPS) register(program, ctx);
  return program;
}

function reasonOf(error: unknown): string {
  if (error instanceof AccountsError || error instanceof UsageError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? "failed";
}

/** Runs one command (`args`: what follows `barscript-admin`); answers its exit code: 0, or 1 with a one-line reason on stderr. */
export async function runAdmin(args: string[], io: AdminIo = PROCESS_IO): Promise<number> {
  let db: Db | undefined;
  let redis: { connection: Redis; config: AdminRedisConfig } | undefined;
  const ctx: AdminContext = {
    db() {
      db ??= createDb(loadDbConfig(io.env).databaseUrl, { max: 2 });
      return db;
    },
    databaseUrl: () => loadDbConfig(io.env).databaseUrl,
    redis() {
      if (!redis) {
        const config = loadAdminRedisConfig(io.env);
        redis = { connection: createRedis(config.redisUrl, "command"), config };
      }
      return redis;
    },
    out(line) {
      io.stdout(`${line}\n`);
    },
  };
  const program = buildProgram(ctx, io);
  try {
    await program.parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    // Commander has already printed its own one-line message (unknown option, missing value).
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 1;
    io.stderr(`barscript-admin: ${reasonOf(error)}\n`);
    return 1;
  } finally {
    await db?.$disconnect();
    redis?.connection.disconnect();
  }
}

if (require.main === module) {
  void runAdmin(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
