// A run's results (`results`) and a definition's events (`collect`, `events`): one page, a page
// from a cursor, or every page (`--all`, the pages' items joined in order); JSON, CSV or a table.
import { Option, type Command } from "commander";
import { pageItems, type Barscript } from "@barscript/sdk";
import { EXIT, type ExitCode } from "@barscript/contracts";
import { plural, table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";
import { oneOrMore, UsageError, wholeNumber } from "../usage";
import { exitCodeForRun, parseInputs, reportRunFailures, runsTable, waitForRun } from "./runs";
import { kindOption, scriptRef, type ScriptKind } from "../script-ref";
import { studyTables } from "../study";

interface PageFlags {
  all?: boolean;
  limit?: string;
  cursor?: string;
  format?: "json" | "csv";
}

type Row = Record<string, unknown>;

/** A bar's open time in Unix seconds (an output row's `t`) as the RFC 3339 time every other table shows. */
const barTime = (t: number): string => new Date(t * 1000).toISOString().replace(".000Z", "Z");

/**
 * Up to 50 rows for a person; the rest are counted (JSON and CSV give everything). An output row's
 * `t` is shown as a time, as events and log lines show theirs (docs/adr/0316-clients-used-from-outside-four.md).
 */
function rowsTable(m: OutputMode, rows: Row[]): string {
  if (rows.length === 0) return "(no rows)";
  const head = Object.keys(rows[0] ?? {});
  const shown = rows.slice(0, 50).map((r) => head.map((h) => {
    const v = r[h];
    if (h === "t" && typeof v === "number") return barTime(v);
    return typeof v === "number" ? String(Number(v.toFixed(6))) : v === null ? "na" : typeof v === "object" ? JSON.stringify(v) : String(v);
  }));
  return `${table(m, head.map((h) => (h === "t" ? "time" : h)), shown)}${rows.length > 50 ? `\n… ${plural(rows.length - 50, "more row", "more rows")} (--json or --format csv for all)` : ""}`;
}

function validate(flags: PageFlags): void {
  if (flags.all && (flags.cursor || flags.limit)) throw new UsageError("--all reads every page: it takes neither --cursor nor --limit");
}

async function results(cli: Cli, runId: string, flags: PageFlags): Promise<ExitCode> {
  validate(flags);
  const sdk = cli.sdk();
  const path = { run_id: runId };
  if (flags.format === "csv") {
    cli.io.out(await sdk.text("getRunResults", { path, query: { format: "csv" } }));
    return EXIT.ok;
  }
  if (flags.all) {
    const first = await sdk.call("getRunResults", { path });
    const field = "study" in first ? null : "outputs" in first ? "outputs" : "events";
    const next = "next_cursor" in first ? first.next_cursor : null;
    const items = field === null ? [] : [...pageItems(first), ...(next ? await sdk.all("getRunResults", { path, query: { cursor: next } }) : [])];
    const all = field === null ? first : { [field]: items, next_cursor: null };
    cli.emit(all, (m) => ("study" in first ? studyTables(m, first.study) : rowsTable(m, items as Row[])));
    return EXIT.ok;
  }
  const page = await sdk.call("getRunResults", { path, query: { limit: flags.limit, cursor: flags.cursor } });
  const next = "next_cursor" in page ? page.next_cursor : null;
  cli.emit(page, (m) => ("study" in page ? studyTables(m, page.study) : `${rowsTable(m, pageItems(page) as Row[])}${next ? `\nNext page: barscript results ${runId}${flags.limit ? ` --limit ${flags.limit}` : ""} --cursor ${next}` : ""}`));
  return EXIT.ok;
}

type EventFlags = PageFlags & { instrument?: string; timeframe?: string; from?: string; to?: string; name?: string; run?: string; kind?: ScriptKind };

async function events(cli: Cli, sdk: Barscript, ref: string, flags: EventFlags): Promise<ExitCode> {
  validate(flags);
  const { owner, slug } = scriptRef(ref);
  const filters = { instrument: flags.instrument, timeframe: flags.timeframe, from: flags.from, to: flags.to, name: flags.name, run_id: flags.run, kind: flags.kind, owner };
  if (flags.format === "csv") {
    cli.io.out(await sdk.text("listEvents", { path: { slug }, query: { ...filters, format: "csv" } }));
    return EXIT.ok;
  }
  const page = flags.all
    ? { events: await sdk.all("listEvents", { path: { slug }, query: filters }), next_cursor: null }
    : await sdk.call("listEvents", { path: { slug }, query: { ...filters, limit: flags.limit, cursor: flags.cursor } });
  // the command that reads the next page, with the filters of this one (a cursor belongs to its list)
  const again = [`events ${ref}`, ...Object.entries({ instrument: flags.instrument, timeframe: flags.timeframe, from: flags.from, to: flags.to, name: flags.name, run: flags.run, kind: flags.kind, limit: flags.limit }).flatMap(([k, v]) => (v ? [`--${k} ${v}`] : []))].join(" ");
  const shown = page.events.slice(0, 50);
  cli.emit(page, (m) => [
    // the run column tells apart the same bar's event kept by two collects over overlapping
    // windows (each run keeps its own), which looked like one row printed twice (docs/adr/0363)
    table(m, ["time", "name", "instrument", "tf", "price", "message", "run"], shown.map((e) => [e.time, e.name, e.instrument, e.timeframe, e.price, e.message, e.run_id]), "(no events)"),
    // the rows of the page past the first 50 are counted, not left out unsaid (docs/adr/0306)
    ...(page.events.length > shown.length ? [`… ${plural(page.events.length - shown.length, "more event")} in this page (--json or --format csv for all)`] : []),
    ...(page.next_cursor ? [`Next page: barscript ${again} --cursor ${page.next_cursor}`] : []),
  ].join("\n"));
  return EXIT.ok;
}

const pageOptions = (command: Command): Command => command
  .option("--all", "every page, joined")
  .option("--limit <n>", "items in the page", oneOrMore("--limit"))
  .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
  // an unknown format is refused (it was answered as JSON), with the code of every usage mistake
  .addOption(new Option("--format <format>", "json or csv (csv holds every row)").choices(["json", "csv"]));

export const resultCommands: CommandModule = (program: Command, cli: Cli) => {
  pageOptions(program.command("results <run_id>").description("a finished run's outputs, events or study result"))
    .action(cli.action((runId: string, flags: PageFlags) => results(cli, runId, flags)));
  pageOptions(program.command("events <slug>").description("a definition's collected events (<owner>/<slug>: your runs' events of a public definition)"))
    .option("-i, --instrument <symbol>", "only this instrument").option("-t, --timeframe <tf>", "only this timeframe")
    // the API's time filters (#17): events at or after --from, at or before --to (RFC 3339)
    .option("--from <time>", "only events at or after this time (RFC 3339)").option("--to <time>", "only events at or before this time (RFC 3339)")
    .option("--name <event>", "only events of this name").option("--run <run_id>", "only this run's events")
    .addOption(kindOption())
    .action(cli.action((slug: string, flags: EventFlags) => events(cli, cli.sdk(), slug, flags)));
  program.command("collect <slug>").description("run a definition over history and keep its events (<owner>/<slug> collects a public one)")
    .requiredOption("-i, --instrument <symbol>", "symbol, e.g. AAPL").requiredOption("-t, --timeframe <tf>", "1m 5m 15m 30m 1h 2h 4h 1d 1w")
    .option("--from <time>", "RFC 3339").option("--to <time>", "RFC 3339").option("--bars <n>", "bars in the window (default: the latest 50,000)", wholeNumber("--bars"))
    .option("--input <name=value>", "definition input (repeatable)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--wait <seconds>", "wait this long for it to finish", wholeNumber("--wait"), 120)
    .addOption(kindOption())
    .action(cli.action(async (ref: string, o: { instrument: string; timeframe: string; from?: string; to?: string; bars?: number; input: string[]; wait: number; kind?: ScriptKind }) => {
      const sdk = cli.sdk();
      const { owner, slug } = scriptRef(ref);
      const inputs = o.input.length > 0 ? parseInputs(o.input) : undefined;
      const started = await sdk.call("collectEvents", { path: { slug }, query: { owner, kind: o.kind }, body: { instrument: o.instrument, timeframe: o.timeframe, from: o.from, to: o.to, bars: o.bars, inputs } });
      const run = await waitForRun(sdk, started, o.wait);
      const kept = run.summary?.events;
      cli.emit(run, (m) => `${runsTable(m, [run])}${kept !== undefined ? `\n${plural(kept, "event")} kept: barscript events ${ref}${o.kind ? ` --kind ${o.kind}` : ""}` : ""}`);
      reportRunFailures(cli, [run]);
      return exitCodeForRun(run);
    }));
};
