// Sweeps: `sweep` (a definition over a grid of inputs on several instruments, with a progress
// line, then the ranked table), `sweeps`, `sweep-results`, `sweep-cancel` (docs/reference/api.md #32-#36).
import type { Command } from "commander";
import type { AnswerOf, Barscript } from "@barscript/sdk";
import { EXIT, exitCodeForFailureKind, type ExitCode } from "@barscript/contracts";
import { progressLine } from "../progress";
import { goesOn, onInterrupt } from "../interrupt";
import { table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";
import { oneOrMore, UsageError, wholeNumber, wholeNumbers } from "../usage";
import { scriptRef } from "../script-ref";
import { cancelOutcome, nextPage, parseInputs, statusText } from "./runs";

type Sweep = AnswerOf<"getSweep">;
type Rows = AnswerOf<"getSweepResults">;

/** `name=v1,v2,...` into the grid; values typed as --input values are. */
export function parseGrid(pairs: string[]): Record<string, Array<string | number | boolean>> {
  const grid: Record<string, Array<string | number | boolean>> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--grid expects name=value,value,..., got "${pair}"`);
    const name = pair.slice(0, at);
    grid[name] = pair.slice(at + 1).split(",").map((v) => parseInputs([`${name}=${v.trim()}`])[name]!);
  }
  return grid;
}

const final = (s: Sweep): boolean => s.status !== "queued" && s.status !== "running";

function exitCodeOf(s: Sweep): ExitCode {
  return s.status === "failed" || s.status === "cancelled" ? exitCodeForFailureKind(s.failure?.kind ?? "internal") : EXIT.ok;
}

async function waitForSweep(sdk: Barscript, sweep: Sweep, seconds: number, onPoll: (s: Sweep) => void): Promise<Sweep> {
  const deadline = Date.now() + seconds * 1000;
  let current = sweep;
  while (!final(current) && Date.now() < deadline) {
    const wait = Math.min(60, Math.max(1, Math.ceil((deadline - Date.now()) / 1000)));
    current = await sdk.call("getSweep", { path: { sweep_id: current.id }, query: { wait: String(wait) } });
    onPoll(current);
  }
  return current;
}

const fmt = (v: number | null | undefined, digits: number): string => (v === null || v === undefined ? "-" : Number(v.toFixed(digits)).toString());

/** Rank, inputs, events, then per horizon count, mean, t and Holm's p. */
export function rowsTable(m: OutputMode, rows: Rows["data"]): string {
  const horizons = rows[0]?.horizons.map((h) => h.h) ?? [];
  const head = ["#", "inputs", "events", ...horizons.flatMap((h) => [`h${h} n`, `h${h} mean`, `h${h} t`, `h${h} p_adj`])];
  return table(m, head, rows.map((r) => [
    r.rank, Object.entries(r.inputs).map(([k, v]) => `${k}=${String(v)}`).join(" "), r.events,
    ...r.horizons.flatMap((h) => [h.count, fmt(h.mean, 5), fmt(h.t_stat, 2), fmt(h.p_adjusted, 4)]),
  ]));
}

function sweepLine(m: OutputMode, s: Sweep): string {
  const progress = `${s.progress.done}/${s.progress.total}`;
  return `${s.id} ${s.definition.owner}/${s.definition.slug}@${s.definition.version} on ${s.instruments.join(",")} ${s.timeframe}: ${statusText(m, s.status)} ${progress}${s.failure ? ` (${s.failure.kind}: ${s.failure.message})` : ""}`;
}

/**
 * A failed or cancelled sweep's reason on stderr, `Error <kind>: ...`, as a run's is
 * (reportRunFailures): stdout keeps the sweep (docs/adr/0306-clients-used-from-outside-three.md).
 */
function reportSweepFailure(cli: Cli, s: Sweep): void {
  if (s.failure) cli.io.err(`Error ${s.failure.kind}: sweep ${s.id} ${s.status}: ${s.failure.message}`);
}

interface SweepFlags {
  instrument: string; timeframe: string; grid: string[]; input: string[]; horizons: number[]; events?: string; cooldown?: number;
  from?: string; to?: string; bars?: number; wait: number; sort?: string; top: string;
}

async function sweep(cli: Cli, slug: string, o: SweepFlags): Promise<ExitCode> {
  const sdk = cli.sdk();
  const mode = cli.mode();
  const { owner, slug: name } = scriptRef(slug);
  const body = {
    definition: owner === undefined ? name : { slug: name, owner }, instruments: o.instrument.split(",").map((s) => s.trim()).filter(Boolean), timeframe: o.timeframe,
    from: o.from, to: o.to, bars: o.bars, inputs: parseInputs(o.input), grid: parseGrid(o.grid),
    horizons: o.horizons, events: o.events ? o.events.split(",").map((e) => e.trim()) : undefined, cooldown: o.cooldown,
  };
  const progress = progressLine(cli.io, mode);
  let s: Sweep;
  let latest: Sweep | undefined;
  const stopListening = onInterrupt(cli.io, progress, () => (latest && !final(latest) ? [goesOn("sweep", latest.id, latest.status, "", `\`barscript sweep-results ${latest.id}\` reads it once it has finished`, `sweep-cancel ${latest.id}`)] : []));
  try {
    s = await sdk.call("createSweep", { body });
    const show = (x: Sweep): void => { latest = x; progress.update(`${x.id} ${x.status} ${x.progress.done}/${x.progress.total} evaluations`); };
    show(s);
    s = await waitForSweep(sdk, s, o.wait, show);
  } finally {
    stopListening();
    progress.done();
  }
  if (s.status !== "succeeded") {
    cli.emit(s, (m) => `${sweepLine(m, s)}${final(s) ? "" : `\nStill ${s.status}: barscript sweep-results ${s.id} once it has finished`}`);
    reportSweepFailure(cli, s);
    return exitCodeOf(s);
  }
  const rows = await sdk.call("getSweepResults", { path: { sweep_id: s.id }, query: { sort: o.sort, limit: o.top } });
  cli.emit({ sweep: s, rows: rows.data }, (m) => `${sweepLine(m, s)}\n${rowsTable(m, rows.data)}${rows.next_cursor ? `\nMore rows: barscript sweep-results ${s.id} --limit 1000` : ""}`);
  return EXIT.ok;
}

export const sweepCommands: CommandModule = (program: Command, cli: Cli) => {
  program.command("sweep <definition>").description("a definition over a grid of inputs on one or more instruments, ranked by what follows its events (<owner>/<slug> sweeps a public one)")
    .requiredOption("-i, --instrument <symbols>", "comma-separated symbols (1-20), e.g. AAPL,MSFT")
    .requiredOption("-t, --timeframe <tf>", "1m 5m 15m 30m 1h 2h 4h 1d 1w")
    .requiredOption("-g, --grid <name=v1,v2,...>", "values of one input (repeatable; at most 500 combinations)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--input <name=value>", "a fixed input (repeatable)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--horizons <list>", "bars after each event, e.g. 1,5,20", wholeNumbers("--horizons"), [1, 5, 20])
    .option("--events <names>", "only these events (comma-separated)")
    .option("--cooldown <bars>", "leave out an event closer than this after a kept one", wholeNumber("--cooldown"))
    .option("--from <time>", "RFC 3339").option("--to <time>", "RFC 3339")
    .option("--bars <n>", "bars in each instrument's window", wholeNumber("--bars"))
    .option("--sort <h<N>:<stat>>", "rank by this, e.g. h5:t_stat or h20:p_adjusted")
    .option("--top <n>", "rows to show", oneOrMore("--top"), "20")
    .option("--wait <seconds>", "wait this long for the sweep to finish", wholeNumber("--wait"), 600)
    .action(cli.action((slug: string, opts: SweepFlags) => sweep(cli, slug, opts)));
  program.command("sweeps").description("your sweeps, newest first")
    .option("--status <status>", "queued, running, succeeded, failed or cancelled")
    .option("--limit <n>", "at most this many", oneOrMore("--limit"), "20")
    .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
    .action(cli.action(async (opts: { status?: Sweep["status"]; limit: string; cursor?: string }) => {
      const page = await cli.sdk().call("listSweeps", { query: { status: opts.status, limit: opts.limit, cursor: opts.cursor } });
      cli.emit(page, (m) => `${page.data.length === 0 ? "(none)" : page.data.map((s) => sweepLine(m, s)).join("\n")}${nextPage(["sweeps", ...(opts.status ? ["--status", opts.status] : []), ...(opts.limit !== "20" ? ["--limit", opts.limit] : [])].join(" "), page.next_cursor)}`);
      return EXIT.ok;
    }));
  program.command("sweep-results <sweep_id>").description("a finished sweep's ranked rows")
    .option("--sort <h<N>:<stat>>", "rank by this, e.g. h5:t_stat")
    .option("--limit <n>", "rows", oneOrMore("--limit"), "100")
    .option("--cursor <cursor>", "the rows after a previous page (its next_cursor)")
    .action(cli.action(async (id: string, opts: { sort?: string; limit: string; cursor?: string }) => {
      const rows = await cli.sdk().call("getSweepResults", { path: { sweep_id: id }, query: { sort: opts.sort, limit: opts.limit, cursor: opts.cursor } });
      cli.emit(rows, (m) => `${rowsTable(m, rows.data)}${rows.next_cursor ? `\nNext page: barscript sweep-results ${id}${opts.sort ? ` --sort ${opts.sort}` : ""}${opts.limit !== "100" ? ` --limit ${opts.limit}` : ""} --cursor ${rows.next_cursor}` : ""}`);
      return EXIT.ok;
    }));
  program.command("sweep-cancel <sweep_id>").description("cancel a queued or running sweep")
    .action(cli.action(async (id: string) => {
      const s = await cli.sdk().call("cancelSweep", { path: { sweep_id: id } });
      cli.emit(s, (m) => sweepLine(m, s));
      const code = cancelOutcome(cli, "Sweep", s);
      if (s.status === "failed") reportSweepFailure(cli, s);
      return code;
    }));
};
