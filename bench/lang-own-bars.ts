// lang: a market-structure script of the shape of public "smart money" indicators (pivots, break
// of structure lines and labels, fair value gap boxes kept in arrays and deleted when filled) whose
// gap test reads the previous bars through `request.security(syminfo.tickerid, tf, ...)` with a
// timeframe input left empty: the chart's own bars. Its drawings keep the request slice from
// being taken (codegen/slice.ts), so a run over that context would be a second whole run;
// docs/adr/0194 evaluates such an expression in place. Baseline, in the same run: the same script
// with the request's expression written without the request (`[c1, o1, h0, l0, h2, l2] = prev()`).
// Line: `lang request_own_bars compiled_ms=<x> inline_ms=<y> ratio=<x/y> maxdiff=<d>` (maxdiff: the
// outputs of both compared, na matching na). Medians of RUNS timed runs after WARMUP untimed ones,
// taking turns, over N synthetic daily bars.
import { evaluate, type Program } from "../packages/lang/src/evaluate";
import { buildProgram as build, maxDiff, median } from "./_lang-program";
import type { Bars } from "../packages/lang/src/types";

const N = 20_000;
const RUNS = 11;
const WARMUP = 2;

const REQUEST = "request.security(syminfo.tickerid, gapTf, prev())";

function script(gapSource: string): string {
  return `//@version=6
indicator("structure and gaps", overlay = true, max_lines_count = 500, max_labels_count = 500, max_boxes_count = 500)
len = input.int(5, "Pivot length", minval = 1)
gapTf = input.timeframe("", "Gap timeframe")
extendBars = input.int(20, "Gap extension")

prev() => [close[1], open[1], high, low, high[2], low[2]]

var float lastHigh = na
var float lastLow = na
var int lastHighBar = na
var int lastLowBar = na
var int trend = 0
var bullGaps = array.new_box()
var bearGaps = array.new_box()

ph = ta.pivothigh(high, len, len)
pl = ta.pivotlow(low, len, len)
if not na(ph)
    lastHigh := ph
    lastHighBar := bar_index - len
if not na(pl)
    lastLow := pl
    lastLowBar := bar_index - len

if not na(lastHigh) and ta.crossover(close, lastHigh)
    line.new(lastHighBar, lastHigh, bar_index, lastHigh, color = color.teal)
    label.new(int(math.avg(lastHighBar, bar_index)), lastHigh, trend < 0 ? "CHoCH" : "BOS", style = label.style_label_down, textcolor = color.teal, color = color(na))
    trend := 1
    lastHigh := na
if not na(lastLow) and ta.crossunder(close, lastLow)
    line.new(lastLowBar, lastLow, bar_index, lastLow, color = color.red)
    label.new(int(math.avg(lastLowBar, bar_index)), lastLow, trend > 0 ? "CHoCH" : "BOS", style = label.style_label_up, textcolor = color.red, color = color(na))
    trend := -1
    lastLow := na

[c1, o1, h0, l0, h2, l2] = ${gapSource}
move = math.abs(c1 - o1) / o1 * 100
threshold = ta.cum(move) / (bar_index + 1)
if l0 > h2 and c1 > h2 and move > threshold
    bullGaps.unshift(box.new(bar_index - 1, l0, bar_index + extendBars, h2, bgcolor = color.new(color.teal, 80), border_color = color(na)))
if h0 < l2 and c1 < l2 and move > threshold
    bearGaps.unshift(box.new(bar_index - 1, l2, bar_index + extendBars, h0, bgcolor = color.new(color.red, 80), border_color = color(na)))
int filled = 0
for bx in bullGaps
    if low < bx.get_bottom()
        bx.delete()
        filled += 1
for bx in bearGaps
    if high > bx.get_top()
        bx.delete()
        filled += 1
while bullGaps.size() > 50
    bullGaps.pop().delete()
while bearGaps.size() > 50
    bearGaps.pop().delete()

plot(trend, "trend")
plot(filled, "filled")
plot(h2, "two bars back high")
plot(threshold, "threshold")
`;
}

function dailyBars(n: number): Bars {
  let seed = 4242;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const b: Bars = { length: n, time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.05));
    b.time[i] = 1e9 + i * 86400;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p) * (1 + rnd() * 0.02);
    b.low[i] = Math.min(o, p) * (1 - rnd() * 0.02);
    b.volume[i] = 1000 + rnd() * 1000;
  }
  return b;
}

const SYMBOL = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1d" };

function timed(program: Program, bars: Bars): { ms: number; outputs: Float64Array[] } {
  const t0 = performance.now();
  const r = evaluate(program, bars, {}, { symbol: SYMBOL, windowStart: 0 });
  const ms = performance.now() - t0;
  if (r.runtimeErrors.length > 0) throw new Error(JSON.stringify(r.runtimeErrors));
  return { ms, outputs: r.outputs.map((o) => o.values) };
}

export async function run(): Promise<string[]> {
  const bars = dailyBars(N);
  const requested = build(script(REQUEST));
  const inline = build(script("prev()"));
  const a: number[] = [];
  const b: number[] = [];
  let diff = 0;
  for (let k = 0; k < WARMUP + RUNS; k++) {
    let x: ReturnType<typeof timed>;
    let y: ReturnType<typeof timed>;
    if (k % 2 === 0) {
      x = timed(requested, bars);
      y = timed(inline, bars);
    } else {
      y = timed(inline, bars);
      x = timed(requested, bars);
    }
    diff = Math.max(diff, maxDiff(x.outputs, y.outputs));
    if (k >= WARMUP) {
      a.push(x.ms);
      b.push(y.ms);
    }
  }
  const ms = median(a);
  const base = median(b);
  return [`lang request_own_bars compiled_ms=${ms.toFixed(1)} inline_ms=${base.toFixed(1)} ratio=${(ms / base).toFixed(2)} maxdiff=${diff}`];
}
