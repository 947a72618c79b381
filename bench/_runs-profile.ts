// The runs bench with debug timing spans (and optionally CPU profiles) of the API and workers,
// summarized per span: `npx tsx bench/_runs-profile.ts [--cpu-prof] [--level=error] [--quick] [--env=NAME=value] [outdir]`
// (--quick: 2 e2e runs and 40 throughput runs, for the composite and results cases; --composite=N:
// only the composite case, N measured runs, each run's figures printed, and the medians of its
// steps over the measured runs, each run's API and worker spans joined by its id). Prints the
// bench lines, then the median of each span; the raw process logs go to <outdir> (default
// /tmp/runs-profile). See docs/performance.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchRuns } from "./runs";

interface Line {
  msg?: string;
  ms?: Record<string, number>;
  noted?: Record<string, number>;
  total?: number;
  pickupMs?: number;
  bars?: number;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[Math.floor((s.length - 1) / 2)] as number);
}

function summarize(name: string, output: string): string[] {
  const groups = new Map<string, Map<string, number[]>>();
  for (const text of output.split("\n")) {
    if (!text.startsWith("{")) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      continue;
    }
    if (!line.ms || !line.msg) continue;
    const group = `${line.msg} bars=${String(line.bars)}`;
    let g = groups.get(group);
    if (!g) groups.set(group, (g = new Map()));
    const add = (k: string, v: number | null | undefined): void => {
      // a span NaN was logged as null (JSON)
      if (typeof v !== "number") return;
      const list = g?.get(k) ?? [];
      list.push(v);
      g?.set(k, list);
    };
    for (const [k, v] of Object.entries(line.ms)) add(k, v);
    for (const [k, v] of Object.entries(line.noted ?? {})) add(`thread.${k}`, v);
    add("total", line.total);
    add("pickupMs", line.pickupMs);
  }
  const out: string[] = [];
  for (const [msg, g] of groups) {
    const n = Math.max(...[...g.values()].map((l) => l.length));
    out.push(`${name} "${msg}" n=${n} median ms: ${[...g].map(([k, l]) => `${k}=${median(l).toFixed(1)}`).join(" ")}`);
  }
  return out;
}

interface RunLine {
  msg?: string;
  time?: number;
  /** When the run's spans began (epoch ms, packages/queue spans.ts). */
  start?: number;
  id?: string;
  runId?: string;
  bars?: number;
  ms?: Record<string, number>;
  noted?: Record<string, number>;
  total?: number;
  pickupMs?: number;
}

function runLines(output: string, msg: string, bars: number): RunLine[] {
  const out: RunLine[] = [];
  for (const text of output.split("\n")) {
    if (!text.startsWith("{") || !text.includes(msg)) continue;
    try {
      const line = JSON.parse(text) as RunLine;
      if (line.msg === msg && line.bars === bars) out.push(line);
    } catch {
      // not a log line
    }
  }
  return out;
}

const sum = (r: Record<string, number> | undefined, keys: readonly string[]): number => keys.reduce((a, k) => a + (r?.[k] ?? 0), 0);

/** When span `name` of the line ended (epoch ms; NaN when it has no start or no such span). */
function endOf(line: RunLine, name: string): number {
  let at = line.start ?? NaN;
  for (const [k, ms] of Object.entries(line.ms ?? {})) {
    at += ms;
    if (k === name) return at;
  }
  return NaN;
}

/**
 * The composite's steps, medians over its measured runs (the first `warmups` by the API's clock
 * left out): each run's API spans joined with the spans of the worker that ran it.
 */
function compositeSteps(outputs: ReadonlyMap<string, string>, bars: number, warmups: number): string[] {
  const workers = new Map<string, RunLine>();
  for (const [name, output] of outputs) if (name.startsWith("worker")) for (const l of runLines(output, "run timings", bars)) if (l.runId) workers.set(l.runId, l);
  const api = runLines(outputs.get("api") ?? "", "POST /runs timings", bars).sort((a, b) => (a.time ?? 0) - (b.time ?? 0)).slice(warmups);
  const steps: Array<[string, (a: RunLine, w: RunLine) => number]> = [
    ["API before the enqueue's answer (script .. insert, enqueue, wait lease)", (a) => sum(a.ms, ["script", "instrument", "plan", "window", "insert", "enqueue", "waitLease"])],
    ["queue pickup", (_a, w) => w.pickupMs ?? 0],
    ["worker before the evaluation (load, slot, running, bars)", (_a, w) => sum(w.ms, ["load", "slot", "running", "bars"])],
    ["hand-off to the thread and back", (_a, w) => sum(w.noted, ["queued", "reply"])],
    ["evaluation in the thread", (_a, w) => w.noted?.eval ?? 0],
    ["write after the evaluation (usage, write)", (_a, w) => sum(w.ms, ["usage", "write"])],
    ["publish, release", (_a, w) => sum(w.ms, ["publish", "release"])],
    ["API answer", (a) => sum(a.ms, ["answer", "waitRelease"])],
    // the streamed chunks on the server (epoch ms noted by the stream; NaN when the run did not stream)
    ["stream: first chunk handed over to the server's first INSERT answer", (_a, w) => (w.noted?.firstStored ?? NaN) - (w.noted?.firstHanded ?? NaN)],
    ["stream: the server's first to last INSERT answer", (_a, w) => (w.noted?.lastStored ?? NaN) - (w.noted?.firstStored ?? NaN)],
    ["stream: last INSERT answer to the end of the write (the move, the commit and its WAL flush)", (_a, w) => endOf(w, "write") - (w.noted?.lastStored ?? NaN)],
    ["worker total", (_a, w) => w.total ?? 0],
    ["API total", (a) => a.total ?? 0],
  ];
  const joined = api.flatMap((a) => {
    const w = a.id === undefined ? undefined : workers.get(a.id);
    return w ? [{ a, w }] : [];
  });
  return steps.map(([name, f]) => `composite step (median of ${joined.length} runs) ${name}: ${median(joined.map(({ a, w }) => f(a, w))).toFixed(1)} ms`);
}

/** Each mark's [name, start, end] (ms after `origin`), in the order the spans were marked. */
function markedSpans(line: RunLine, origin: number): Array<[string, number, number]> {
  const out: Array<[string, number, number]> = [];
  let at = (line.start ?? NaN) - origin;
  for (const [name, ms] of Object.entries(line.ms ?? {})) {
    out.push([name, at, at + ms]);
    at += ms;
  }
  return out;
}

/**
 * One composite request on one timeline (ms after the API began it): the API's and the worker's
 * spans by their start times (one clock on one machine), the sandbox thread's inside the worker's
 * `sandbox` span, and the streamed chunks' first hand-over and the server's first and last
 * answers. The request shown is the one of median API total among the measured ones.
 */
function compositeTimeline(outputs: ReadonlyMap<string, string>, bars: number, warmups: number): string[] {
  const workers = new Map<string, RunLine>();
  for (const [name, output] of outputs) if (name.startsWith("worker")) for (const l of runLines(output, "run timings", bars)) if (l.runId) workers.set(l.runId, l);
  const api = runLines(outputs.get("api") ?? "", "POST /runs timings", bars).sort((a, b) => (a.time ?? 0) - (b.time ?? 0)).slice(warmups);
  const joined = api.flatMap((a) => {
    const w = a.id === undefined ? undefined : workers.get(a.id);
    return w && a.start !== undefined && w.start !== undefined ? [{ a, w }] : [];
  });
  if (joined.length === 0) return [];
  const { a, w } = [...joined].sort((x, y) => (x.a.total ?? 0) - (y.a.total ?? 0))[(joined.length - 1) >> 1] as { a: RunLine; w: RunLine };
  const origin = a.start as number;
  const rows: Array<[number, number, string]> = [];
  for (const [name, from, to] of markedSpans(a, origin)) rows.push([from, to, `api ${name}`]);
  const workerSpans = markedSpans(w, origin);
  for (const [name, from, to] of workerSpans) rows.push([from, to, `worker ${name}`]);
  const sandbox = workerSpans.find(([name]) => name === "sandbox");
  const n = w.noted ?? {};
  if (sandbox) {
    let at = sandbox[1];
    for (const k of ["queued", "compile", "eval"]) {
      if (n[k] === undefined) continue;
      rows.push([at, at + n[k], `  thread ${k}`]);
      at += n[k];
    }
    if (n.reply !== undefined) rows.push([sandbox[2] - n.reply, sandbox[2], "  thread reply (result to the main thread)"]);
  }
  for (const [k, label] of [["firstHanded", "first chunk handed to the stream"], ["opened", "the stream's connection taken"], ["firstStored", "server answered the first chunk INSERT"], ["lastStored", "server answered the last chunk INSERT"]] as const) {
    if (typeof n[k] === "number") rows.push([n[k] - origin, n[k] - origin, `  ${label}`]);
  }
  rows.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const pad = (x: number): string => x.toFixed(1).padStart(7);
  return [
    `composite timeline (request ${a.id}, API total ${String(a.total)} ms, worker pickup ${String(w.pickupMs)} ms, chunks streamed ${String(n.streamed)}, stored when the result came back ${String(n.storedAtResult)}); ms after the API began it:`,
    ...rows.map(([from, to, label]) => `  ${pad(from)} ${pad(to)} ${pad(to - from)}  ${label}`),
  ];
}

/** `--env=NAME=value` arguments: extra environment of the spawned processes. */
function extraEnv(args: readonly string[]): Record<string, string> {
  const pairs = args.filter((a) => a.startsWith("--env=")).map((a) => a.slice("--env=".length).split("="));
  return Object.fromEntries(pairs.map(([k, ...v]) => [k as string, v.join("=")]));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const cpuProf = args.includes("--cpu-prof");
  const dir = args.find((a) => !a.startsWith("--")) ?? "/tmp/runs-profile";
  mkdirSync(dir, { recursive: true });
  const summaries: string[] = [];
  const outputs = new Map<string, string>();
  const quick = args.includes("--quick");
  const composite = args.find((a) => a.startsWith("--composite="));
  const lines = await benchRuns({
    ...(quick ? { e2eRuns: 2, throughputRuns: 40 } : {}),
    ...(composite ? { compositeOnly: Number(composite.slice("--composite=".length)) } : {}),
    logLevel: args.find((a) => a.startsWith("--level="))?.slice("--level=".length) ?? "debug",
    extraEnv: { ...(cpuProf ? { NODE_OPTIONS: `--import ${join(__dirname, "_cpu-prof.mjs")}`, CPU_PROF_DIR: dir } : {}), ...extraEnv(args) },
    onOutput: (name, output) => {
      writeFileSync(join(dir, `${name}.log`), output);
      outputs.set(name, output);
      summaries.push(...summarize(name, output));
    },
  });
  // the composite case's two warm-up runs are left out of its steps, as of its figures
  const bars = Number(/composite_spy bars=(\d+)/.exec(lines.join("\n"))?.[1] ?? NaN);
  const steps = composite && Number.isFinite(bars) ? [...compositeSteps(outputs, bars, 2), ...compositeTimeline(outputs, bars, 2)] : [];
  for (const line of [...lines, ...summaries, ...steps]) console.log(line);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
