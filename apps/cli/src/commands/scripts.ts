// Scripts: `validate`, `push`, `scripts`, `pull`, `versions`, `rename`, `delete`.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Command } from "commander";
import { ClientError, type Diagnostic } from "@barscript/sdk";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { displayPath, formatDiagnostics } from "../diagnostics";
import { readScriptFiles, type ScriptFile } from "../files";
import { plural, table } from "../output";
import type { Cli, CommandModule } from "../context";
import { kindOption, type ScriptKind } from "../script-ref";
import { oneOrMore } from "../usage";

const when = (time: string | null | undefined): string => (time ? time.replace("T", " ").replace(/\.\d+Z$|Z$/, "") : "");

/** Prints diagnostics on stderr as a compiler does; returns whether any is an error. */
function printDiagnostics(cli: Cli, target: string, files: ScriptFile[], diagnostics: Diagnostic[]): boolean {
  const isFile = statSync(target).isFile();
  for (const text of formatDiagnostics(diagnostics, files, (file) => displayPath(target, isFile, file, cli.cwd), cli.mode().errColors)) cli.io.err(text);
  return diagnostics.some((d) => d.severity === "error");
}

async function validate(cli: Cli, path: string): Promise<ExitCode> {
  const target = resolve(cli.cwd, path);
  const files = readScriptFiles(target, path);
  const answer = await cli.sdk().call("validateScript", { body: { files } });
  printDiagnostics(cli, target, files, answer.diagnostics);
  // An invalid script is reported like a compiler's: on stderr only. Its JSON goes to stdout
  // when --json asks for it, not merely because stdout is a pipe.
  if (!answer.valid) {
    if (cli.jsonRequested()) cli.emit(answer, () => "");
    return EXIT.scriptInvalid;
  }
  cli.emit(answer, (m) => `${m.colors.green("✓")} valid: ${plural(answer.interface?.outputs.length ?? 0, "output")}, ${plural(answer.interface?.events.length ?? 0, "event")}, warmup ${plural(answer.interface?.warmup_bars ?? 0, "bar")}`);
  return EXIT.ok;
}

/** Creates the script, or saves a new version based on the latest one. */
async function push(cli: Cli, slug: string, path: string, message: string | undefined, kind: ScriptKind | undefined): Promise<ExitCode> {
  const sdk = cli.sdk();
  const target = resolve(cli.cwd, path);
  const files = readScriptFiles(target, path);
  let latest: number | null = null;
  try {
    latest = (await sdk.call("getScript", { path: { slug }, query: { kind } })).latest_version;
  } catch (error) {
    if (!(error instanceof ClientError) || error.code !== "not_found") throw error;
  }
  try {
    const script = latest === null
      ? await sdk.call("createScript", { body: { slug, kind, files, message } })
      : await sdk.call("updateScript", { path: { slug }, query: { kind }, body: { files, base_version: latest, message } });
    cli.emit(script, (m) => `${m.colors.green("✓")} ${script.slug} version ${script.latest_version} (${script.kind})`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ClientError && error.diagnostics) printDiagnostics(cli, target, files, error.diagnostics as Diagnostic[]);
    throw error;
  }
}

interface PullFlags { version?: string; kind?: ScriptKind; force?: boolean }

async function pull(cli: Cli, slug: string, dir: string | undefined, flags: PullFlags): Promise<ExitCode> {
  const { version, kind } = flags;
  const script = await cli.sdk().call("getScript", { path: { slug }, query: { version, kind } });
  const target = resolve(cli.cwd, dir ?? slug);
  // A file already there with other text is the person's work (edits not pushed yet): kept unless
  // --force, as init keeps its files (docs/adr/0316-clients-used-from-outside-four.md).
  const differing = (script.files ?? []).filter((f) => {
    const path = join(target, f.path);
    return existsSync(path) && readFileSync(path, "utf8") !== f.content;
  }).map((f) => f.path);
  if (differing.length > 0 && !flags.force) {
    cli.io.err(`Error conflict: ${differing.join(", ")} in ${target} ${differing.length === 1 ? "differs" : "differ"} from ${slug} version ${version ?? script.latest_version}; pass --force to overwrite.`);
    return EXIT.usage;
  }
  for (const file of script.files ?? []) {
    const path = join(target, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
  // the version written: the one asked for, else the latest (the answer names only the latest)
  cli.emit({ slug, version: Number(version ?? script.latest_version), dir: target, files: (script.files ?? []).map((f) => f.path) }, () => `Wrote ${plural((script.files ?? []).length, "file")} of ${slug} to ${target}`);
  return EXIT.ok;
}

export const scriptCommands: CommandModule = (program: Command, cli: Cli) => {
  program.command("validate <path>").description("lint, link and derive a script (a .pine file or a folder); compiler-style diagnostics on stderr")
    .action(cli.action((path: string) => validate(cli, path)));
  program.command("push <slug> <path>").description("create the script or save a new version from a .pine file or a folder")
    .option("-m, --message <text>", "version message")
    .addOption(kindOption())
    .action(cli.action((slug: string, path: string, opts: { message?: string; kind?: ScriptKind }) => push(cli, slug, path, opts.message, opts.kind)));
  program.command("scripts").description("your scripts")
    .option("--kind <kind>", "indicator, definition, study or library")
    .action(cli.action(async (opts: { kind?: "indicator" | "definition" | "study" | "library" }) => {
      const scripts = await cli.sdk().all("listScripts", { query: { kind: opts.kind } });
      cli.emit({ data: scripts, next_cursor: null }, (m) => table(m, ["slug", "kind", "version", "visibility", "updated"], scripts.map((s) => [s.slug, s.kind, s.latest_version, s.visibility, when(s.updated_at)])));
      return EXIT.ok;
    }));
  program.command("pull <slug> [dir]").description("write a script's files into a folder (default ./<slug>)")
    .option("--version <n>", "an older version", oneOrMore("--version"))
    .option("--force", "overwrite files of the folder that differ")
    .addOption(kindOption())
    .action(cli.action((slug: string, dir: string | undefined, opts: PullFlags) => pull(cli, slug, dir, opts)));
  program.command("versions <slug>").description("a script's saved versions")
    .addOption(kindOption())
    .action(cli.action(async (slug: string, opts: { kind?: ScriptKind }) => {
      const versions = await cli.sdk().all("listScriptVersions", { path: { slug }, query: { kind: opts.kind } });
      cli.emit({ data: versions, next_cursor: null }, (m) => table(m, ["version", "saved", "message", "digest"], versions.map((v) => [v.version, when(v.created_at), v.message, v.digest.slice(0, 12)])));
      return EXIT.ok;
    }));
  program.command("rename <slug> <new-slug>").description("rename a script (versions, runs and events are kept)")
    .addOption(kindOption())
    .action(cli.action(async (slug: string, next: string, opts: { kind?: ScriptKind }) => {
      const script = await cli.sdk().call("editScript", { path: { slug }, query: { kind: opts.kind }, body: { slug: next } });
      cli.emit(script, () => `Renamed ${slug} to ${script.slug}`);
      return EXIT.ok;
    }));
  program.command("delete <slug>").description("delete a script with its versions")
    .option("-y, --yes", "do not ask (required when not on a terminal)")
    .addOption(kindOption())
    .action(cli.action(async (slug: string, opts: { yes?: boolean; kind?: ScriptKind }) => {
      if (!opts.yes) {
        cli.io.err(`Error invalid_request: deleting ${slug} cannot be undone; pass --yes to confirm.`);
        return EXIT.usage;
      }
      await cli.sdk().call("deleteScript", { path: { slug }, query: { kind: opts.kind } });
      cli.emit({ deleted: slug }, () => `Deleted ${slug}`);
      return EXIT.ok;
    }));
};
