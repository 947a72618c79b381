// Runs: `run` (with a progress line), `runs`, `run-status`, `cancel`.
import { Option, type Command } from "commander";
import type { Barscript, Run } from "@barscript/sdk";
import { EXIT, exitCodeForFailureKind, RUN_KINDS, type ExitCode } from "@barscript/contracts";
import { progressLine, type Progress } from "../progress";
import { goesOn, onInterrupt } from "../interrupt";
import { plural, reportError, table, type OutputMode } from "../output";
import type { Cli, CommandModule } from "../context";
import { oneOrMore, UsageError, wholeNumber } from "../usage";
import { scriptRef } from "../script-ref";

export interface RunOptions {
  instruments: string[];
  timeframe: string;
  from?: string;
  to?: string;
  bars?: number;
  inputs: Record<string, string | number | boolean>;
  wait: number;
  kind?: RunKind;
}

type Status = Run["status"];
type RunKind = (typeof RUN_KINDS)[number];

/** The line under a page that has more: the command (with its filters) for the next one; empty on the last page. */
export const nextPage = (command: string, cursor: string | null): string => (cursor ? `\nNext page: barscript ${command} --cursor ${cursor}` : "");

/** `k=v` pairs; numbers and booleans typed as such, the rest strings. */
export function parseInputs(pairs: string[]): Record<string, string | number | boolean> {
  const inputs: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new UsageError(`--input expects name=value, got "${pair}"`);
    const raw = pair.slice(at + 1);
    inputs[pair.slice(0, at)] = raw === "true" ? true : raw === "false" ? false : raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return inputs;
}

export function exitCodeForRun(run: Pick<Run, "status" | "failure">): ExitCode {
  if (run.status === "failed" || run.status === "cancelled") return exitCodeForFailureKind(run.failure?.kind ?? "internal");
  return EXIT.ok;
}

const final = (status: Status): boolean => status !== "queued" && status !== "running";

export function statusText(m: OutputMode, status: Status): string {
  return status === "succeeded" ? m.colors.green(status) : status === "failed" ? m.colors.red(status) : status === "cancelled" ? m.colors.yellow(status) : m.colors.cyan(status);
}

export function runsTable(m: OutputMode, runs: Run[]): string {
  return table(m, ["id", "script", "instrument", "tf", "status", "bars", "created"], runs.map((r) => [
    r.id, `${r.script.owner}/${r.script.slug}@${r.script.version}`, r.instrument, r.timeframe,
    statusText(m, r.status) + (r.failure ? ` (${r.failure.kind})` : ""), r.window.bars, r.created_at.replace("T", " ").slice(0, 19),
  ]));
}

/** Polls without holding a heavy place (docs/reference/api.md "Long polls"), up to `waitSeconds`. */
export async function waitForRun(sdk: Barscript, run: Run, waitSeconds: number, onPoll: (run: Run) => void = () => undefined): Promise<Run> {
  const deadline = Date.now() + waitSeconds * 1000;
  let current = run;
  while (!final(current.status) && Date.now() < deadline) {
    const wait = Math.min(60, Math.max(1, Math.ceil((deadline - Date.now()) / 1000)));
    current = await sdk.call("getRun", { path: { run_id: current.id }, query: { wait: String(wait) } });
    onPoll(current);
  }
  return current;
}

async function runOne(cli: Cli, progress: Progress, states: Map<string, string>, started: Map<string, Run>, slug: string, instrument: string, options: RunOptions): Promise<{ run: Run | null; code: ExitCode }> {
  const sdk = cli.sdk();
  try {
    const { owner, slug: name } = scriptRef(slug);
    const body = { script: owner === undefined ? name : { slug: name, owner }, kind: options.kind, instrument, timeframe: options.timeframe, from: options.from, to: options.to, bars: options.bars, inputs: options.inputs, wait: 0 };
    const show = (r: Run): void => { states.set(instrument, `${instrument} ${r.status}`); started.set(instrument, r); progress.update([...states.values()].join(" · ")); };
    show(await sdk.call("createRun", { body }));
    const run = await waitForRun(sdk, started.get(instrument)!, options.wait, show);
    return { run, code: exitCodeForRun(run) };
  } catch (error) {
    states.delete(instrument);
    return { run: null, code: reportError(cli.io, error, Boolean(cli.config().apiKey)) };
  }
}

/**
 * The runtime errors a succeeded run met on some bars (docs/reference/errors.md: they do not fail
 * it, they are in its summary): each message with its bar count, first and last bar, for a person
 * (docs/adr/0306-clients-used-from-outside-three.md). A failed run's errors are its failure's.
 */
export function runtimeErrorLines(m: OutputMode, run: Run, prefix: string): string[] {
  const at = (iso: string): string => iso.replace("T", " ").replace(/(\.\d+)?Z$/, "");
  return (run.summary?.runtime_errors ?? []).map((e) => m.colors.yellow(`${prefix}runtime error on ${plural(e.count, "bar")} (first ${at(e.first_time)}, last ${at(e.last_time)}): ${e.message}`));
}

/**
 * A failed or cancelled run's reason, on stderr like every other failure (stdout keeps the run:
 * its JSON in a pipe, its table on a terminal).
 */
export function reportRunFailures(cli: Cli, runs: Run[]): void {
  for (const r of runs) if (r.failure) cli.io.err(`Error ${r.failure.kind}: run ${r.id} on ${r.instrument} ${r.status}: ${r.failure.message}`);
}

/**
 * The exit of `cancel` and `sweep-cancel`, whose answer is the run or sweep in its final state
 * (docs/reference/api.md): `cancelled` is what was asked, 0. One that had already succeeded or
 * failed is said on stderr, since the call cancelled nothing, and exits as run-status would for it
 * (docs/reference/errors.md: 0 for succeeded, a failure by its kind; docs/adr/0300).
 */
export function cancelOutcome(cli: Cli, noun: "Run" | "Sweep", answer: { id: string; status: Status; failure?: { kind: string } | null }): ExitCode {
  if (answer.status === "cancelled" || !final(answer.status)) return EXIT.ok;
  cli.io.err(`${noun} ${answer.id} had already finished (${answer.status}): nothing was cancelled.`);
  return answer.status === "failed" ? exitCodeForFailureKind(answer.failure?.kind ?? "internal") : EXIT.ok;
}

/** Several instruments: the highest exit code among them (docs/reference/errors.md). */
async function run(cli: Cli, slug: string, options: RunOptions): Promise<ExitCode> {
  const mode = cli.mode();
  const progress = progressLine(cli.io, mode);
  const states = new Map<string, string>();
  const started = new Map<string, Run>();
  const stopListening = onInterrupt(cli.io, progress, () => [...started.values()].filter((r) => !final(r.status))
    .map((r) => goesOn("run", r.id, r.status, ` on ${r.instrument}`, `\`barscript run-status ${r.id} --wait 60\` waits for it again`, `cancel ${r.id}`)));
  const outcomes = await Promise.all(options.instruments.map((instrument) => runOne(cli, progress, states, started, slug, instrument, options)));
  stopListening();
  progress.done();
  const runs = outcomes.flatMap((o) => (o.run ? [o.run] : []));
  if (runs.length > 0) {
    cli.emit(options.instruments.length === 1 ? runs[0] : runs, (m) => [
      runsTable(m, runs),
      ...runs.filter((r) => r.status === "succeeded").flatMap((r) => runtimeErrorLines(m, r, `${r.instrument}: `)),
      ...runs.filter((r) => r.status === "succeeded").map((r) => `Results of ${r.instrument}: barscript results ${r.id}`),
      ...runs.filter((r) => !final(r.status)).map((r) => `${r.instrument} is still ${r.status}: barscript run-status ${r.id} --wait 60`),
    ].join("\n"));
    reportRunFailures(cli, runs);
  }
  return Math.max(EXIT.ok, ...outcomes.map((o) => o.code)) as ExitCode;
}

export const runCommands: CommandModule = (program: Command, cli: Cli) => {
  program.command("run <slug>").description("run a script over one or more instruments and wait for it (<owner>/<slug> runs a public one, e.g. core/rsi)")
    .requiredOption("-i, --instrument <symbols>", "comma-separated symbols, e.g. AAPL,MSFT")
    .requiredOption("-t, --timeframe <tf>", "1m 5m 15m 30m 1h 2h 4h 1d 1w")
    .option("--from <time>", "RFC 3339").option("--to <time>", "RFC 3339")
    .option("--bars <n>", "bars in the window", wholeNumber("--bars"))
    .option("--input <name=value>", "script input (repeatable)", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--wait <seconds>", "wait this long for the run to finish", wholeNumber("--wait"), 120)
    // a library is imported, never run: the run request takes the run kinds (docs/adr/0363)
    .addOption(new Option("--kind <kind>", "which of your scripts of this slug, when a study shares it with another script").choices(RUN_KINDS))
    .action(cli.action((slug: string, opts: { instrument: string; timeframe: string; from?: string; to?: string; bars?: number; input: string[]; wait: number; kind?: RunKind }) => run(cli, slug, {
      instruments: opts.instrument.split(",").map((s) => s.trim()).filter(Boolean), timeframe: opts.timeframe, from: opts.from, to: opts.to, bars: opts.bars, inputs: parseInputs(opts.input), wait: opts.wait, kind: opts.kind,
    })));
  program.command("runs").description("your runs, newest first")
    .option("--status <status>", "queued, running, succeeded, failed or cancelled")
    .option("--script <slug>", "runs of one script: a slug, or <owner>/<slug> (core/rsi)")
    .addOption(new Option("--kind <kind>", "runs of one kind").choices(RUN_KINDS))
    .option("--limit <n>", "at most this many", oneOrMore("--limit"), "20")
    .option("--cursor <cursor>", "the page after a previous one (its next_cursor)")
    .action(cli.action(async (opts: { status?: Status; script?: string; kind?: RunKind; limit: string; cursor?: string }) => {
      const page = await cli.sdk().call("listRuns", { query: { status: opts.status, script: opts.script, kind: opts.kind, limit: opts.limit, cursor: opts.cursor } });
      const again = ["runs", ...(opts.status ? ["--status", opts.status] : []), ...(opts.script ? ["--script", opts.script] : []), ...(opts.kind ? ["--kind", opts.kind] : []), ...(opts.limit !== "20" ? ["--limit", opts.limit] : [])].join(" ");
      cli.emit(page, (m) => `${runsTable(m, page.data)}${nextPage(again, page.next_cursor)}`);
      return EXIT.ok;
    }));
  program.command("run-status <run_id>").alias("status").description("one run: status, window, summary")
    .option("--wait <seconds>", "wait up to this long for it to finish", wholeNumber("--wait"), 0)
    .action(cli.action(async (runId: string, opts: { wait: number }) => {
      const sdk = cli.sdk();
      const run = await waitForRun(sdk, await sdk.call("getRun", { path: { run_id: runId } }), opts.wait);
      cli.emit(run, (m) => [
        runsTable(m, [run]),
        ...(run.summary ? [`${plural(run.summary.bars_evaluated, "bar")} evaluated, ${run.summary.events !== undefined ? `${plural(run.summary.events, "event")}, ` : ""}${plural(run.summary.compute_units, "compute unit")}, ${run.summary.duration}s`] : []),
        ...(run.status === "succeeded" ? runtimeErrorLines(m, run, "") : []),
      ].join("\n"));
      reportRunFailures(cli, [run]);
      return exitCodeForRun(run);
    }));
  program.command("cancel <run_id>").description("cancel a queued or running run")
    .action(cli.action(async (runId: string) => {
      const run = await cli.sdk().call("cancelRun", { path: { run_id: runId } });
      cli.emit(run, (m) => runsTable(m, [run]));
      const code = cancelOutcome(cli, "Run", run);
      if (run.status === "failed") reportRunFailures(cli, [run]);
      return code;
    }));
};
