// What every command gets: where to write, how (JSON or human), the SDK with the configured key,
// and a wrapper that turns a refusal into its exit code. A command file registers itself with
// `(program, cli) => void` (commands/index.ts lists them).
import type { Command } from "commander";
import { Barscript } from "@barscript/sdk";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { loadCliConfig, type CliConfig } from "./config";
import { outputMode, printJson, reportError, type Io, type OutputMode } from "./output";
import { UsageError } from "./usage";

export interface GlobalFlags {
  baseUrl?: string;
  apiKey?: string;
  json?: boolean;
  color?: boolean;
}

export interface Cli {
  io: Io;
  env: NodeJS.ProcessEnv;
  /** Where the person ran the command: paths they give are relative to it. */
  cwd: string;
  config(): CliConfig;
  flags(): GlobalFlags;
  sdk(): Barscript;
  mode(): OutputMode;
  /** `--json` given explicitly (not only implied by a pipe). */
  jsonRequested(): boolean;
  /** JSON (machines, pipes) or the human text `human` renders. */
  emit(value: unknown, human: (mode: OutputMode) => string): void;
  /** Runs a command body; a thrown refusal prints `Error <code>: message` and sets its exit code. */
  action<A extends unknown[]>(body: (...args: A) => Promise<ExitCode>): (...args: A) => Promise<void>;
  exitCode(): ExitCode;
}

/**
 * A base address that is not an http(s) URL is the person's typing, refused before any call as
 * invalid_request (exit 4), as the connector refuses it at start: it was sent, retried three times
 * and answered `Error network` with the retry-later exit 5.
 */
function checkBaseUrl(baseUrl: string): void {
  let protocol = "";
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    // not a URL at all: refused below
  }
  if (protocol !== "http:" && protocol !== "https:") throw new UsageError(`the API base address "${baseUrl}" (--base-url or BARSCRIPT_URL) is not an http(s) URL, e.g. http://localhost:8080/v1`);
}

export type CommandModule = (program: Command, cli: Cli) => void;

export function createCli(program: Command, io: Io, env: NodeJS.ProcessEnv, cwd: string): Cli {
  let code: ExitCode = EXIT.ok;
  const flags = (): GlobalFlags => program.opts<GlobalFlags>();
  const cli: Cli = {
    io,
    env,
    cwd,
    config: () => loadCliConfig(flags(), env),
    flags,
    sdk: () => {
      const config = cli.config();
      checkBaseUrl(config.baseUrl);
      return new Barscript({ baseUrl: config.baseUrl, apiKey: config.apiKey, userAgent: "barscript-cli" });
    },
    mode: () => outputMode(io, flags(), env),
    jsonRequested: () => flags().json === true,
    emit: (value, human) => {
      const mode = cli.mode();
      if (mode.json) printJson(io, value);
      else io.out(human(mode));
    },
    action: (body) => async (...args) => {
      try {
        code = await body(...args);
      } catch (error) {
        code = reportError(io, error, Boolean(cli.config().apiKey));
      }
    },
    exitCode: () => code,
  };
  return cli;
}
