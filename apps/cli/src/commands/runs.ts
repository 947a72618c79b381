// `barscript run`, `results`, `cancel`: runs over one or more instruments.
import type { BarscriptClient } from "@barscript/client";
import { EXIT, exitCodeForFailureKind, type ExitCode } from "@barscript/contracts";
import { printJson, reportError, type Io } from "../output";

export interface RunOptions {
  instruments: string[];
  timeframe: string;
  from?: string;
  to?: string;
  bars?: number;
  inputs: Record<string, string | number | boolean>;
  wait: number;
}

interface Run {
  id: string;
  status: string;
  failure?: { kind: string; message: string };
}

/** `k=v` pairs; numbers and booleans typed as such, the rest strings. */
export function parseInputs(pairs: string[]): Record<string, string | number | boolean> {
  const inputs: Record<string, string | number | boolean> = {};
  for (const pair of pairs) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new Error(`--input expects name=value, got "${pair}"`);
    const raw = pair.slice(at + 1);
    inputs[pair.slice(0, at)] = raw === "true" ? true : raw === "false" ? false : raw.trim() !== "" && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  }
  return inputs;
}

export function exitCodeForRun(run: Run): ExitCode {
  if (run.status === "failed" || run.status === "cancelled") return exitCodeForFailureKind(run.failure?.kind ?? "internal");
  return EXIT.ok;
}

async function runOne(client: BarscriptClient, io: Io, slug: string, instrument: string, options: RunOptions): Promise<ExitCode> {
  try {
    const body = { script: slug, instrument, timeframe: options.timeframe, from: options.from, to: options.to, bars: options.bars, inputs: options.inputs, wait: 0 };
    let { body: run } = await client.request<Run>("POST", "/runs", { body, retry: "start-run" });
    // Then poll without holding a heavy place (docs/reference/api.md "Long polls").
    const deadline = Date.now() + options.wait * 1000;
    while ((run.status === "queued" || run.status === "running") && Date.now() < deadline) {
      const wait = Math.min(60, Math.ceil((deadline - Date.now()) / 1000));
      run = (await client.request<Run>("GET", `/runs/${run.id}`, { query: { wait } })).body;
    }
    printJson(io, run);
    return exitCodeForRun(run);
  } catch (error) {
    return reportError(io, error);
  }
}

/** Several instruments: the highest exit code among them (docs/reference/errors.md). */
export async function run(client: BarscriptClient, io: Io, slug: string, options: RunOptions): Promise<ExitCode> {
  const codes = await Promise.all(options.instruments.map((instrument) => runOne(client, io, slug, instrument, options)));
  return Math.max(EXIT.ok, ...codes) as ExitCode;
}

export async function results(client: BarscriptClient, io: Io, runId: string, csv: boolean): Promise<ExitCode> {
  if (csv) {
    const { body } = await client.request<string>("GET", `/runs/${runId}/results`, { query: { format: "csv" }, text: true });
    io.out(body);
    return EXIT.ok;
  }
  const { body } = await client.request("GET", `/runs/${runId}/results`);
  printJson(io, body);
  return EXIT.ok;
}

export async function cancel(client: BarscriptClient, io: Io, runId: string): Promise<ExitCode> {
  const { body } = await client.request("POST", `/runs/${runId}/cancel`);
  printJson(io, body);
  return EXIT.ok;
}
