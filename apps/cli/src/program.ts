// The `barscript` program: global flags, then every command module of commands/index.ts.
import { Command, CommanderError, Help, Option } from "commander";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { COMMANDS } from "./commands";
import { createCli } from "./context";
import type { Io } from "./output";
import { commanderRefusal } from "./usage";
import { VERSION } from "./version";

/** `env` is the process environment (main.ts reads it through config.ts); `cwd` where paths start. */
/**
 * `-v, --version` is the CLI's version only before any command, and not an option commander
 * knows: commander takes a program's options after the command too, so `pull my-rsi --version 1`
 * printed the CLI's version and pulled nothing (docs/adr/0316-clients-used-from-outside-four.md).
 * The root's help still lists it.
 */
const VERSION_FLAGS = ["-v", "--version"];
const versionHelp = new Option("-v, --version", "output the version number");

/**
 * An argument given as "" (`barscript results ""`, an unset shell variable) names nothing: refused
 * as invalid_request like any other malformed argument, before any call. It reached the SDK, whose
 * "path parameter `run_id` is required" came out as `Error: ...` without a code.
 */
function refuseEmptyArguments(command: Command): void {
  command.registeredArguments.forEach((argument, i) => {
    const values: unknown[] = ([] as unknown[]).concat(command.processedArgs[i] ?? []);
    if (values.some((v) => typeof v === "string" && v.trim() === "")) command.error(`error: argument '${argument.name()}' is empty`, { code: "barscript.emptyArgument" });
  });
}

export async function runCli(argv: string[], io: Io, env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<ExitCode> {
  if (VERSION_FLAGS.includes(argv[0] ?? "")) {
    io.out(VERSION);
    return EXIT.ok;
  }
  const program: Command = new Command("barscript")
    .description("Barscript: write Pine v6 scripts, run them over market data, read results")
    .configureHelp({
      visibleOptions(this: Help, cmd: Command): Option[] {
        const shown = Help.prototype.visibleOptions.call(this, cmd);
        return cmd === program ? [versionHelp, ...shown] : shown;
      },
    })
    .option("--base-url <url>", "API base address ending in /v1 (env BARSCRIPT_URL)")
    .option("--api-key <key>", "API key (env BARSCRIPT_API_KEY; default: the one saved by login)")
    .option("--json", "JSON on stdout (the default when stdout is not a terminal)")
    .option("--no-color", "no colour (also NO_COLOR=1)")
    .addHelpText("after", `
Examples:
  $ barscript login
  $ barscript init my-rsi && barscript validate my-rsi
  $ barscript push my-rsi my-rsi
  $ barscript run my-rsi -i AAPL,MSFT -t 1d --bars 500 --input len=21
  $ barscript results run_... --all --json > points.json

Output is a table on a terminal and JSON in a pipe (or with --json).
Exit codes: 0 ok, 1 script invalid, 2 run failed, 3 key or plan, 4 usage or not found, 5 retry later.`)
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s), outputError: (s, write) => write(commanderRefusal(s)) });
  const cli = createCli(program, io, env, cwd);
  for (const register of COMMANDS) register(program, cli);
  program.hook("preAction", (_root, command) => refuseEmptyArguments(command));
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return cli.exitCode();
}
