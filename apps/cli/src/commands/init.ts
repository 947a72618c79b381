// `barscript init [dir]`: a script folder to start from: main.pine (a working RSI indicator) and
// a README with the commands that check, save, run and read it.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import type { Command } from "commander";
import { EXIT, type ExitCode } from "@barscript/contracts";
import type { Cli, CommandModule } from "../context";

const MAIN = `//@version=6
indicator("RSI with bands")
len = input.int(14, "Length", minval = 1)
r = ta.rsi(close, len)
plot(r, "rsi")
plot(70, "upper")
plot(30, "lower")
`;

const readme = (slug: string): string => `# ${slug}

A Barscript indicator (Pine Script v6 dialect): the RSI of the close with 70/30 bands.

\`\`\`sh
barscript validate .                        # check it: compiler-style diagnostics
barscript push ${slug} .                    # save it (a new version on each push)
barscript run ${slug} -i AAPL -t 1d --bars 500
barscript results <run_id> --all --json     # every point; --format csv for a spreadsheet
\`\`\`

Inputs are set per run: \`--input len=21\`. The language: \`barscript docs\`, then \`barscript docs <topic>\`.
`;

function init(cli: Cli, dir: string | undefined, force: boolean): ExitCode {
  const target = resolve(cli.cwd, dir ?? ".");
  const slug = basename(target).toLowerCase().replace(/[^a-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "my-script";
  const files = { "main.pine": MAIN, "README.md": readme(slug) };
  const existing = Object.keys(files).filter((name) => existsSync(join(target, name)));
  if (existing.length > 0 && !force) {
    cli.io.err(`Error conflict: ${existing.join(", ")} already in ${target}; pass --force to overwrite.`);
    return EXIT.usage;
  }
  mkdirSync(target, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(target, name), text);
  cli.emit({ dir: target, slug, files: Object.keys(files) }, (m) => `${m.colors.green("✓")} Created ${Object.keys(files).join(" and ")} in ${target}\nNext: barscript validate ${dir ?? "."} && barscript push ${slug} ${dir ?? "."}`);
  return EXIT.ok;
}

export const initCommand: CommandModule = (program: Command, cli: Cli) => {
  program.command("init [dir]").description("start a script folder: main.pine (an example indicator) and a README")
    .option("--force", "overwrite main.pine and README.md when present")
    .action(cli.action(async (dir: string | undefined, opts: { force?: boolean }) => init(cli, dir, opts.force === true)));
};
