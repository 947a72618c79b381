// lang: a script that requests another symbol and a higher timeframe (request.security) beside a
// UDT and an array, evaluated over 50,000 synthetic minute bars, against a hand-written
// typed-array loop computing the same three columns (the other symbol's spread averaged over 20
// bars, the hourly SMA(5) on TradingView's lookahead-off rule, and a running mean in a UDT).
// Line: `lang request_mtf compiled_ms=<x> handwritten_ms=<y> ratio=<x/y> context_bars=<n> maxdiff=<d>`.
// The compiled time includes the script's runs over both contexts (the other symbol's 50,000 minute
// bars and the 834 hourly bars): the work TradingView's model does. Medians of 15 runs after 3 untimed,
// taking turns.
import { parse } from "../packages/lang/src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../packages/lang/src/check";
import { compile, evaluate, type Program } from "../packages/lang/src/evaluate";
import type { ContextBars } from "../packages/lang/src/stdlib/request";
import type { Bars } from "../packages/lang/src/types";

const N = 50_000;
const RUNS = 15;
const WARMUP = 3;

const SCRIPT = `//@version=6
indicator("mtf spread")
type Stat
    float sum
    int n
var Stat st = Stat.new(0.0, 0)
var a = array.new<float>()
other = request.security("OTH", "1", close)
hourly = request.security("", "60", ta.sma(close, 5))
spread = close - other
a.push(spread)
if a.size() > 20
    a.shift()
st.sum += spread
st.n += 1
plot(a.avg(), "avg")
plot(hourly, "hourly")
plot(st.sum / st.n, "mean")
`;

function minuteBars(n: number, seed0: number): Bars {
  let seed = seed0;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const b: Bars = { length: n, time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.004));
    b.time[i] = 1.5e9 - (1.5e9 % 3600) + i * 60;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p);
    b.low[i] = Math.min(o, p);
    b.volume[i] = 1000;
  }
  return b;
}

/** Hourly bars of minute bars (hour-aligned): the close is the hour's last minute's. */
function hourly(m: Bars): Bars {
  const rows: number[][] = [];
  for (let i = 0; i < m.length; i++) {
    const h = m.time[i]! - (m.time[i]! % 3600);
    const last = rows[rows.length - 1];
    if (last && last[0] === h) {
      last[2] = Math.max(last[2]!, m.high[i]!);
      last[3] = Math.min(last[3]!, m.low[i]!);
      last[4] = m.close[i]!;
    } else rows.push([h, m.open[i]!, m.high[i]!, m.low[i]!, m.close[i]!, m.volume[i]!]);
  }
  const col = (k: number) => Float64Array.from(rows, (r) => r[k]!);
  return { length: rows.length, time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

function handwritten(chart: Bars, other: Bars, hours: Bars): Float64Array[] {
  const n = chart.length;
  const avg = new Float64Array(n);
  const hv = new Float64Array(n);
  const mean = new Float64Array(n);
  // hourly SMA(5) over the hours, then each minute sees the last hour closed by its own close
  const sma = new Float64Array(hours.length).fill(NaN);
  let s = 0;
  for (let j = 0; j < hours.length; j++) {
    s += hours.close[j]!;
    if (j >= 5) s -= hours.close[j - 5]!;
    if (j >= 4) sma[j] = s / 5;
  }
  const ring = new Float64Array(20);
  let count = 0;
  let sum = 0;
  let cum = 0;
  let p = -1;
  for (let i = 0; i < n; i++) {
    const spread = chart.close[i]! - other.close[i]!;
    if (count === 20) sum -= ring[i % 20]!;
    ring[i % 20] = spread;
    sum += spread;
    if (count < 20) count++;
    avg[i] = sum / count;
    const t = chart.time[i]!;
    while (p + 1 < hours.length && hours.time[p + 1]! <= t) p++;
    const closed = t + 60 >= hours.time[p]! + 3600;
    const j = closed ? p : p - 1;
    hv[i] = j >= 0 ? sma[j]! : NaN;
    cum += spread;
    mean[i] = cum / (i + 1);
  }
  return [avg, hv, mean];
}

function build(source: string): Program {
  const p = parse("main.pine", source);
  const sink = new DiagnosticSink();
  checkFile(p.script, makeContext("main.pine", 6, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  const errors = [...p.diagnostics, ...sink.list].filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return compile({ script: p.script });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function maxDiff(a: Float64Array[], b: Float64Array[]): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) {
    for (let i = 0; i < a[k]!.length; i++) {
      const x = a[k]![i]!;
      const y = b[k]![i]!;
      const d = x !== x || y !== y ? (x !== x && y !== y ? 0 : Infinity) : Math.abs(x - y);
      if (d > m) m = d;
    }
  }
  return m;
}

export async function run(): Promise<string[]> {
  const chart = minuteBars(N, 12345);
  const other = minuteBars(N, 777);
  const hours = hourly(chart);
  const contexts: ContextBars[] = [
    { symbol: "OTH", timeframe: "1m", bars: other, info: { ticker: "OTH", timezone: "UTC", mintick: 0.01, timeframe: "1m" } },
    { symbol: "SYN", timeframe: "1h", bars: hours, info: { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" } },
  ];
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1m" };
  const prog = build(SCRIPT);
  const fs: Array<() => unknown> = [() => evaluate(prog, chart, {}, { symbol, windowStart: 0, contexts }), () => handwritten(chart, other, hours)];
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
  const result = evaluate(prog, chart, {}, { symbol, windowStart: 0, contexts });
  const diff = maxDiff(result.outputs.map((o) => o.values), handwritten(chart, other, hours));
  const [c, h] = [median(times[0]!), median(times[1]!)];
  return [`lang request_mtf compiled_ms=${c.toFixed(2)} handwritten_ms=${h.toFixed(2)} ratio=${(c / h).toFixed(2)} context_bars=${result.barsEvaluated - N} maxdiff=${diff.toExponential(1)}`];
}
