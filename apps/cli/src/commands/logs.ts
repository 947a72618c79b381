// `barscript logs <run_id>`: a run's log.info / log.warning / log.error lines (GET /v1/runs/{id}/logs):
// one page, a page from a cursor, or every page (`--all`, at most the 1,000 lines a run keeps).
import type { Command } from "commander";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";
import { oneOrMore, UsageError } from "../usage";

interface LogLine {
  time: string | null;
  level: string;
  message: string;
}

interface Flags {
  all?: boolean;
  limit?: string;
  cursor?: string;
}

function linesTable(m: OutputMode, lines: LogLine[], next: string | null, again: string): string {
  if (lines.length === 0) return "(no log lines)";
  return `${table(m, ["time", "level", "message"], lines.map((l) => [l.time ?? "na", l.level, l.message]))}${next ? `\nNext page: barscript ${again} --cursor ${next}` : ""}`;
}

async function logs(cli: Cli, runId: string, flags: Flags): Promise<ExitCode> {
  if (flags.all && (flags.cursor || flags.limit)) throw new UsageError("--all reads every page: it takes neither --cursor nor --limit");
  const sdk = cli.sdk();
  const path = { run_id: runId };
  const page = flags.all
    ? { data: (await sdk.all("getRunLogs", { path })) as LogLine[], next_cursor: null }
    : ((await sdk.call("getRunLogs", { path, query: { limit: flags.limit, cursor: flags.cursor } })) as { data: LogLine[]; next_cursor: string | null });
  // the command for the next page keeps the page size asked
  cli.emit(page, (m) => linesTable(m, page.data, page.next_cursor, `logs ${runId}${flags.limit ? ` --limit ${flags.limit}` : ""}`));
  return EXIT.ok;
}

export const logsCommand: CommandModule = (program: Command, cli: Cli) => {
  program.command("logs <run_id>").description("a run's log.info / warning / error lines (its first 1,000)")
    .option("--all", "every page, joined")
    .option("--limit <n>", "lines in the page (100 by default, at most 1,000)", oneOrMore("--limit"))
    .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
    .action(cli.action((runId: string, flags: Flags) => logs(cli, runId, flags)));
};
