// lang: a table cleared and refilled on every bar (a public levels indicator's info table, issue
// 16's survey S24), compiled, beside a hand-written loop doing the same cell work: 18 cells a bar,
// each a fresh record of its text and colours in a grid, the grid cleared first.
// Line: `lang table_refill bars=<n> cells=<c> compiled_ms=<x> handwritten_ms=<y> ratio=<x/y>`.
// Medians of RUNS timed runs after WARMUP untimed ones, the two taking turns.
import { parse } from "../packages/lang/src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../packages/lang/src/check";
import { compile, evaluate, type Program } from "../packages/lang/src/evaluate";
import type { Bars } from "../packages/lang/src/types";

const N = 5_000;
const ROWS = 9;
const RUNS = 11;
const WARMUP = 2;

const SCRIPT = `//@version=6
indicator("info table")
var table t = table.new(position.top_right, 2, ${String(ROWS)})
table.clear(t, 0, 0, 1, ${String(ROWS - 1)})
for r = 0 to ${String(ROWS - 1)}
    table.cell(t, 0, r, "row " + str.tostring(r), bgcolor = color.silver, text_halign = text.align_center)
    table.cell(t, 1, r, str.tostring(close + r), bgcolor = color.silver)
plot(close)`;

function risingBars(n: number): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  return { length: n, time: col((i) => 1.5e9 + i * 86_400), open: col((i) => 10 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 100) };
}

function build(source: string): Program {
  const p = parse("main.pine", source);
  const sink = new DiagnosticSink();
  checkFile(p.script, makeContext("main.pine", 6, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  const errors = [...p.diagnostics, ...sink.list].filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return compile({ script: p.script });
}

interface Cell {
  text: string;
  bgcolor: number;
  halign: string;
}

/** The same cells as plain records in a grid: cleared, then written, on every bar. */
function handWritten(bars: Bars): number {
  const grid: Array<Cell | undefined> = new Array<Cell | undefined>(2 * ROWS);
  for (let i = 0; i < bars.length; i++) {
    grid.fill(undefined);
    for (let r = 0; r < ROWS; r++) {
      grid[r * 2] = { text: `row ${String(r)}`, bgcolor: 0xff787b86, halign: "center" };
      grid[r * 2 + 1] = { text: String(bars.close[i]! + r), bgcolor: 0xff787b86, halign: "left" };
    }
  }
  return grid.filter((c) => c !== undefined).length;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

export async function run(): Promise<string[]> {
  const bars = risingBars(N);
  const prog = build(SCRIPT);
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1D" };
  let cells = 0;
  const fs: Array<() => void> = [() => (cells = evaluate(prog, bars, {}, { symbol, windowStart: 0 }).drawings.tables[0]?.cells.length ?? 0), () => void handWritten(bars)];
  const times: number[][] = [[], []];
  for (let k = 0; k < WARMUP; k++) for (const f of fs) f();
  for (let k = 0; k < RUNS; k++) {
    for (let m = 0; m < 2; m++) {
      const j = (k + m) % 2;
      const t = performance.now();
      fs[j]!();
      times[j]!.push(performance.now() - t);
    }
  }
  const [compiled, hand] = [median(times[0]!), median(times[1]!)];
  return Promise.resolve([`lang table_refill bars=${String(N)} cells=${String(cells)} compiled_ms=${compiled.toFixed(2)} handwritten_ms=${hand.toFixed(2)} ratio=${(compiled / hand).toFixed(2)}`]);
}
