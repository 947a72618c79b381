// The runs bench with debug timing spans (and optionally CPU profiles) of the API and workers,
// summarized per span: `npx tsx bench/_runs-profile.ts [--cpu-prof] [--level=error] [--quick] [--env=NAME=value] [outdir]`
// (--quick: 2 e2e runs and 40 throughput runs, for the composite and results cases; --composite=N:
// only the composite case, N measured runs, each run's figures printed). Prints the bench
// lines, then the median of each span; the raw process logs go to <outdir> (default
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
    const add = (k: string, v: number | undefined): void => {
      if (v === undefined) return;
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
  const quick = args.includes("--quick");
  const composite = args.find((a) => a.startsWith("--composite="));
  const lines = await benchRuns({
    ...(quick ? { e2eRuns: 2, throughputRuns: 40 } : {}),
    ...(composite ? { compositeOnly: Number(composite.slice("--composite=".length)) } : {}),
    logLevel: args.find((a) => a.startsWith("--level="))?.slice("--level=".length) ?? "debug",
    extraEnv: { ...(cpuProf ? { NODE_OPTIONS: `--import ${join(__dirname, "_cpu-prof.mjs")}`, CPU_PROF_DIR: dir } : {}), ...extraEnv(args) },
    onOutput: (name, output) => {
      writeFileSync(join(dir, `${name}.log`), output);
      summaries.push(...summarize(name, output));
    },
  });
  for (const line of [...lines, ...summaries]) console.log(line);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`bench: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
