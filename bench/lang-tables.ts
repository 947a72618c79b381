// lang: a table cleared and refilled on every bar (a public levels indicator's info table, issue
// 16's survey S24), compiled, beside a hand-written loop doing the same cell work: 18 cells a bar,
// each a fresh record of its text and colours in a grid, the grid cleared first.
// Line: `lang table_refill bars=<n> cells=<c> compiled_ms=<x> handwritten_ms=<y> ratio=<x/y>`.
// The same table written on every bar without table.clear (each cell rewritten where it is):
// `lang table_rewrite bars=<n> cells=<c> compiled_ms=...`.
// Then objects redrawn on every bar (a public levels indicator's label, line and box: the last
// bar's deleted, new ones made, one field of each moved), beside a hand-written loop keeping the
// same records in capped lists: `lang drawing_redraw bars=<n> objects=<k> compiled_ms=...`.
// Medians of RUNS timed runs after WARMUP untimed ones, the two taking turns.
import { evaluate } from "../packages/lang/src/evaluate";
import { buildProgram as build, timeInTurns } from "./_lang-program";
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

// table_refill's script without its table.clear
const REWRITE = SCRIPT.replace(/^table\.clear\(.*\n/m, "");

const REDRAW = `//@version=6
indicator("levels", overlay = true)
var label lb = na
var line ln = na
var box bx = na
label.delete(lb)
line.delete(ln)
box.delete(bx)
lb := label.new(bar_index, high, str.tostring(close), color = color.blue, style = label.style_label_down, textcolor = color.white)
ln := line.new(bar_index - 10, low, bar_index, high, color = color.red, width = 2)
bx := box.new(bar_index - 5, high, bar_index, low, border_color = color.orange, bgcolor = color.new(color.yellow, 80))
label.set_xy(lb, bar_index, close)
line.set_x2(ln, bar_index + 5)
box.set_right(bx, bar_index + 5)
plot(close)`;

function risingBars(n: number): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  return { length: n, time: col((i) => 1.5e9 + i * 86_400), open: col((i) => 10 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 100) };
}


interface Cell {
  text: string;
  bgcolor: number;
  halign: string;
}

/** The same cells as plain records in a grid: cleared (unless `keep`), then written, on every bar. */
function handWritten(bars: Bars, keep = false): number {
  const grid: Array<Cell | undefined> = new Array<Cell | undefined>(2 * ROWS);
  for (let i = 0; i < bars.length; i++) {
    if (!keep) grid.fill(undefined);
    for (let r = 0; r < ROWS; r++) {
      grid[r * 2] = { text: `row ${String(r)}`, bgcolor: 0xff787b86, halign: "center" };
      grid[r * 2 + 1] = { text: String(bars.close[i]! + r), bgcolor: 0xff787b86, halign: "left" };
    }
  }
  return grid.filter((c) => c !== undefined).length;
}

interface Obj {
  deleted: boolean;
  f: Record<string, unknown>;
}

/** The same objects as records in a list per kind (at most 50 each): the last bar's deleted, three new, a field of each moved. */
function handRedrawn(bars: Bars): number {
  const lists: Obj[][] = [[], [], []];
  let made: Obj[] = [];
  const add = (k: number, f: Record<string, unknown>): Obj => {
    const o = { deleted: false, f };
    const l = lists[k]!;
    l.push(o);
    if (l.length > 50) l.shift()!.deleted = true;
    return o;
  };
  for (let i = 0; i < bars.length; i++) {
    for (let k = 0; k < made.length; k++) {
      const o = made[k]!;
      if (o.deleted) continue;
      o.deleted = true;
      lists[k]!.splice(lists[k]!.indexOf(o), 1);
    }
    const [h, l, c] = [bars.high[i]!, bars.low[i]!, bars.close[i]!];
    made = [
      add(0, { x: i, y: h, text: String(c), color: 0x2962ff00, style: "style_label_down", textcolor: 0xffffff00, size: "size.normal" }),
      add(1, { x1: i - 10, y1: l, x2: i, y2: h, color: 0xf2364500, width: 2, style: "line.style_solid" }),
      add(2, { left: i - 5, top: h, right: i, bottom: l, border_color: 0xff980000, bgcolor: 0xffeb3b50, border_width: 1 }),
    ];
    made[0]!.f.x = i;
    made[0]!.f.y = c;
    made[1]!.f.x2 = i + 5;
    made[2]!.f.right = i + 5;
  }
  return lists.reduce((n, l) => n + l.length, 0);
}


/** Medians of the compiled and hand-written runs, taking turns. */
function timed(compiled: () => void, hand: () => void): [number, number] {
  const [c, h] = timeInTurns([compiled, hand], WARMUP, RUNS);
  return [c!, h!];
}

/** table_refill's evaluation and its hand-written counterpart, built once (a profile drives them). */
export function tableRefillCase(): { compiled: () => void; byHand: () => void } {
  const bars = risingBars(N);
  const prog = build(SCRIPT);
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1D" };
  return { compiled: () => void evaluate(prog, bars, {}, { symbol, windowStart: 0 }), byHand: () => void handWritten(bars) };
}

export async function run(): Promise<string[]> {
  const bars = risingBars(N);
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1D" };
  const prog = build(SCRIPT);
  let cells = 0;
  const [compiled, hand] = timed(() => (cells = evaluate(prog, bars, {}, { symbol, windowStart: 0 }).drawings.tables[0]?.cells.length ?? 0), () => void handWritten(bars));
  const rewrite = build(REWRITE);
  let kept = 0;
  const [wc, wh] = timed(() => (kept = evaluate(rewrite, bars, {}, { symbol, windowStart: 0 }).drawings.tables[0]?.cells.length ?? 0), () => void handWritten(bars, true));
  const redraw = build(REDRAW);
  let objects = 0;
  const [rc, rh] = timed(() => {
    const d = evaluate(redraw, bars, {}, { symbol, windowStart: 0 }).drawings;
    objects = d.labels.length + d.lines.length + d.boxes.length;
  }, () => void handRedrawn(bars));
  return Promise.resolve([
    `lang table_refill bars=${String(N)} cells=${String(cells)} compiled_ms=${compiled.toFixed(2)} handwritten_ms=${hand.toFixed(2)} ratio=${(compiled / hand).toFixed(2)}`,
    `lang table_rewrite bars=${String(N)} cells=${String(kept)} compiled_ms=${wc.toFixed(2)} handwritten_ms=${wh.toFixed(2)} ratio=${(wc / wh).toFixed(2)}`,
    `lang drawing_redraw bars=${String(N)} objects=${String(objects)} compiled_ms=${rc.toFixed(2)} handwritten_ms=${rh.toFixed(2)} ratio=${(rc / rh).toFixed(2)}`,
  ]);
}
