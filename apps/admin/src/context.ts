// What every admin command gets: a lazily opened database and the output streams.
// Command groups live in ./commands/<group>.ts and export `register(program, ctx)`.
import type { Command } from "commander";
import type { Db } from "@barscript/db";

export interface AdminContext {
  /** Opened on first use from DATABASE_URL; closed by main when the command ends. */
  db(): Db;
  /** DATABASE_URL as the commands' database was opened with (seed steps may open their own). */
  databaseUrl(): string;
  /** One line to stdout (results). */
  out(line: string): void;
}

export type RegisterCommands = (program: Command, ctx: AdminContext) => void;

/** A refusal of bad input: main prints its message as one line and exits non-zero. */
export class UsageError extends Error {
  override name = "UsageError";
}
