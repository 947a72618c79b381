// What the lang benches share: a script compiled the way the service compiles it (a check error
// stops the bench), and the medians of functions timed in turns, so that load from other processes
// and garbage collection left by one fall on all alike.
import { parse } from "../packages/lang/src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../packages/lang/src/check";
import { compile, type Program } from "../packages/lang/src/evaluate";

/** The compiled program of a v6 script `source` (its own header included). */
export function buildProgram(source: string): Program {
  const p = parse("main.pine", source);
  const sink = new DiagnosticSink();
  checkFile(p.script, makeContext("main.pine", 6, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  const errors = [...p.diagnostics, ...sink.list].filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return compile({ script: p.script });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

/** Median milliseconds of each function over `runs` timed turns after `warmup` untimed ones (the first to run rotates). */
export function timeInTurns(fs: Array<() => unknown>, warmup: number, runs: number): number[] {
  const times: number[][] = fs.map(() => []);
  for (let k = 0; k < warmup; k++) for (const f of fs) f();
  for (let k = 0; k < runs; k++) {
    for (let m = 0; m < fs.length; m++) {
      const j = (k + m) % fs.length;
      const t = performance.now();
      fs[j]!();
      times[j]!.push(performance.now() - t);
    }
  }
  return times.map(median);
}

/** Largest |a - b| over every column and bar; Infinity when one is na and the other is not, or the shapes differ. */
export function maxDiff(a: Float64Array[], b: Float64Array[]): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x.length !== y.length) return Infinity;
    for (let i = 0; i < x.length; i++) {
      const d = x[i]! !== x[i]! || y[i]! !== y[i]! ? (x[i]! !== x[i]! && y[i]! !== y[i]! ? 0 : Infinity) : Math.abs(x[i]! - y[i]!);
      if (d > m) m = d;
    }
  }
  return m;
}
