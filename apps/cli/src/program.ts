// The `barscript` program: commands, flags and how each ends (exit codes of SERVICE-SPEC 7).
import { Command, CommanderError } from "commander";
import { BarscriptClient } from "@barscript/client";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { loadCliConfig } from "./config";
import { printJson, reportError, type Io } from "./output";
import { login } from "./commands/login";
import { push, validate } from "./commands/scripts";
import { cancel, parseInputs, results, run } from "./commands/runs";

interface Globals {
  baseUrl?: string;
  apiKey?: string;
}

/** `env` defaults to the process environment (read in config.ts only). */
export async function runCli(argv: string[], io: Io, env?: NodeJS.ProcessEnv): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const program = new Command("barscript")
    .description("Barscript command-line client: scripts, runs and results over the /v1 API")
    .option("--base-url <url>", "API base address ending in /v1 (env BARSCRIPT_URL)")
    .option("--api-key <key>", "API key (env BARSCRIPT_API_KEY; default: the one saved by login)")
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });

  const client = (): { client: BarscriptClient; credentialsPath: string; baseUrl: string } => {
    const config = loadCliConfig(program.opts<Globals>(), env);
    return { client: new BarscriptClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, userAgent: "barscript-cli" }), credentialsPath: config.credentialsPath, baseUrl: config.baseUrl };
  };
  const guarded = (fn: () => Promise<ExitCode>) => async (): Promise<void> => {
    try {
      code = await fn();
    } catch (error) {
      code = reportError(io, error);
    }
  };

  program.command("login").description("sign in through the browser and save a key")
    .option("--client-name <name>", "name shown on the approval page", "barscript CLI")
    .action((opts: { clientName: string }) => guarded(() => { const c = client(); return login(c.client, io, { clientName: opts.clientName, credentialsPath: c.credentialsPath, baseUrl: c.baseUrl }); })());
  program.command("whoami").description("the account of the key")
    .action(() => guarded(async () => { printJson(io, (await client().client.request("GET", "/me")).body); return EXIT.ok; })());
  program.command("validate <path>").description("lint, link and derive a script (a .pine file or a directory)")
    .action((path: string) => guarded(() => validate(client().client, io, path))());
  program.command("push <slug> <path>").description("create the script or save a new version")
    .option("-m, --message <text>", "version message")
    .action((slug: string, path: string, opts: { message?: string }) => guarded(() => push(client().client, io, slug, path, opts.message))());
  program.command("run <slug>").description("run a script over one or more instruments")
    .requiredOption("-i, --instrument <symbols>", "comma-separated symbols")
    .requiredOption("-t, --timeframe <tf>", "1m 5m 15m 30m 1h 2h 4h 1d 1w")
    .option("--from <time>", "RFC 3339").option("--to <time>", "RFC 3339")
    .option("--bars <n>", "bars in the window", (v) => Number(v))
    .option("--input <name=value>", "script input (repeatable)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--wait <seconds>", "wait this long for the run to finish", (v) => Number(v), 120)
    .action((slug: string, opts: { instrument: string; timeframe: string; from?: string; to?: string; bars?: number; input: string[]; wait: number }) => guarded(() => run(client().client, io, slug, {
      instruments: opts.instrument.split(",").map((s) => s.trim()).filter(Boolean), timeframe: opts.timeframe, from: opts.from, to: opts.to, bars: opts.bars, inputs: parseInputs(opts.input), wait: opts.wait,
    }))());
  program.command("results <run_id>").description("a finished run's results").option("--csv", "as CSV")
    .action((runId: string, opts: { csv?: boolean }) => guarded(() => results(client().client, io, runId, opts.csv ?? false))());
  program.command("cancel <run_id>").description("cancel a queued or running run")
    .action((runId: string) => guarded(() => cancel(client().client, io, runId))());

  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw error;
  }
  return code;
}
