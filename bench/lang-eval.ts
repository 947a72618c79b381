// lang: whole-window evaluation of compiled scripts against a hand-written typed-array loop
// computing the same values, and the `technicalindicators` package, over 50,000 synthetic bars.
// Lines: `lang <case> compiled_ms=<x> handwritten_ms=<y> ratio=<x/y> technicalindicators_ms=<z> maxdiff=<d>`.
// Medians of RUNS timed runs after WARMUP untimed ones. Compiled and hand-written runs take turns
// (which goes first alternates) so that load from other processes on the machine, and garbage
// collection left by the other, fall on both alike; technicalindicators, whose number arrays
// leave far more garbage, is timed on its own afterwards. Every baseline's result is kept and
// compared with the compiled script's outputs (maxdiff: the largest absolute difference over all
// bars and outputs, na matching na), so V8 cannot drop the work and both compute the same values.
import { ATR, BollingerBands, EMA, MACD, RSI, SMA } from "technicalindicators";
import { evaluate, type Program } from "../packages/lang/src/evaluate";
import { buildProgram, maxDiff, timeInTurns } from "./_lang-program";
import type { Bars } from "../packages/lang/src/types";

const N = 50_000;
const RUNS = 21;
const WARMUP = 3;

function syntheticBars(n: number): Bars {
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const b: Bars = { length: n, time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let p = 100;
  for (let i = 0; i < n; i++) {
    const o = p;
    p = Math.max(1, p * (1 + (rnd() - 0.5) * 0.04));
    b.time[i] = 1.5e9 + i * 60;
    b.open[i] = o;
    b.close[i] = p;
    b.high[i] = Math.max(o, p) * (1 + rnd() * 0.01);
    b.low[i] = Math.min(o, p) * (1 - rnd() * 0.01);
    b.volume[i] = 1000 + rnd() * 1000;
  }
  return b;
}

/** The compiled program of a bench body under a v6 indicator header. */
function build(body: string): Program {
  return buildProgram(`//@version=6\nindicator("bench")\n${body}`);
}

// ----- hand-written baselines: straightforward typed-array loops -------------------------------

/** Pine's EMA/RMA smoothing with factor `a`: na inputs skipped, seeded with the SMA of the first `n` values. */
function smoothLoop(x: Float64Array, n: number, a: number, out: Float64Array): Float64Array {
  let sum = 0;
  let seen = 0;
  let prev = NaN;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (v !== v) {
      out[i] = prev;
      continue;
    }
    if (seen < n) {
      sum += v;
      seen++;
      if (seen === n) prev = sum / n;
    } else prev = a * v + (1 - a) * prev;
    out[i] = prev;
  }
  return out;
}

function emaLoop(x: Float64Array, n: number, out = new Float64Array(x.length)): Float64Array {
  return smoothLoop(x, n, 2 / (n + 1), out);
}

function rmaLoop(x: Float64Array, n: number, out = new Float64Array(x.length)): Float64Array {
  return smoothLoop(x, n, 1 / n, out);
}

function rsiLoop(c: Float64Array, n: number): Float64Array {
  const up = new Float64Array(c.length);
  const dn = new Float64Array(c.length);
  up[0] = dn[0] = NaN;
  for (let i = 1; i < c.length; i++) {
    const d = c[i]! - c[i - 1]!;
    up[i] = Math.max(d, 0);
    dn[i] = Math.max(-d, 0);
  }
  const u = rmaLoop(up, n);
  const d = rmaLoop(dn, n);
  const out = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) out[i] = 100 - 100 / (1 + u[i]! / d[i]!);
  return out;
}

function macdLoop(c: Float64Array): Float64Array {
  const f = emaLoop(c, 12);
  const s = emaLoop(c, 26);
  const m = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) m[i] = f[i]! - s[i]!;
  const sig = emaLoop(m, 9);
  const h = new Float64Array(c.length);
  for (let i = 0; i < c.length; i++) h[i] = m[i]! - sig[i]!;
  return h;
}

function bbLoop(c: Float64Array, n: number, mult: number): Float64Array {
  const up = new Float64Array(c.length).fill(NaN);
  for (let i = n - 1; i < c.length; i++) {
    let s = 0;
    for (let k = i - n + 1; k <= i; k++) s += c[k]!;
    const m = s / n;
    let ss = 0;
    for (let k = i - n + 1; k <= i; k++) ss += (c[k]! - m) * (c[k]! - m);
    up[i] = m + mult * Math.sqrt(ss / n);
  }
  return up;
}

function atrLoop(b: Bars, n: number): Float64Array {
  const tr = new Float64Array(b.length);
  tr[0] = b.high[0]! - b.low[0]!;
  for (let i = 1; i < b.length; i++) {
    const pc = b.close[i - 1]!;
    tr[i] = Math.max(b.high[i]! - b.low[i]!, Math.abs(b.high[i]! - pc), Math.abs(b.low[i]! - pc));
  }
  return rmaLoop(tr, n);
}

function smaLoop(c: Float64Array, n: number): Float64Array {
  const out = new Float64Array(c.length).fill(NaN);
  for (let i = n - 1; i < c.length; i++) {
    let s = 0;
    for (let k = i - n + 1; k <= i; k++) s += c[k]!;
    out[i] = s / n;
  }
  return out;
}

const COMPOSITE_LENGTHS = [5, 8, 10, 13, 14, 20, 21, 26, 30, 34];

function compositeScript(): string {
  const lines: string[] = [];
  COMPOSITE_LENGTHS.forEach((n, k) => {
    lines.push(`plot(ta.sma(close, ${n}), "sma${k}")`, `plot(ta.ema(close, ${n}), "ema${k}")`, `plot(ta.rsi(close, ${n}), "rsi${k}")`);
  });
  return lines.join("\n");
}

function compositeLoop(b: Bars): Float64Array[] {
  const out: Float64Array[] = [];
  for (const n of COMPOSITE_LENGTHS) out.push(smaLoop(b.close, n), emaLoop(b.close, n), rsiLoop(b.close, n));
  return out;
}

function compositeTi(c: number[]): void {
  for (const n of COMPOSITE_LENGTHS) {
    SMA.calculate({ period: n, values: c });
    EMA.calculate({ period: n, values: c });
    RSI.calculate({ period: n, values: c });
  }
}


/** Median milliseconds of each function, timed in turns (the first to run rotates). */
function timeInterleaved(fs: Array<() => unknown>): number[] {
  return timeInTurns(fs, WARMUP, RUNS);
}


export async function run(): Promise<string[]> {
  const bars = syntheticBars(N);
  const c = Array.from(bars.close);
  const h = Array.from(bars.high);
  const l = Array.from(bars.low);
  const symbol = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1m" };
  const cases: Array<[string, string, () => Float64Array | Float64Array[], () => unknown]> = [
    ["rsi14", `plot(ta.rsi(close, 14), "rsi")`, () => rsiLoop(bars.close, 14), () => RSI.calculate({ period: 14, values: c })],
    ["ema20", `plot(ta.ema(close, 20), "ema")`, () => emaLoop(bars.close, 20), () => EMA.calculate({ period: 20, values: c })],
    ["macd", `[m, s, hist] = ta.macd(close, 12, 26, 9)\nplot(hist, "hist")`, () => macdLoop(bars.close), () => MACD.calculate({ values: c, fastPeriod: 12, slowPeriod: 26, signalPeriod: 9, SimpleMAOscillator: false, SimpleMASignal: false })],
    ["bb20", `[b, u, lo] = ta.bb(close, 20, 2)\nplot(u, "upper")`, () => bbLoop(bars.close, 20, 2), () => BollingerBands.calculate({ period: 20, values: c, stdDev: 2 })],
    ["atr14", `plot(ta.atr(14), "atr")`, () => atrLoop(bars, 14), () => ATR.calculate({ period: 14, high: h, low: l, close: c })],
    ["composite30", compositeScript(), () => compositeLoop(bars), () => compositeTi(c)],
  ];
  const lines: string[] = [];
  for (const [name, body, hand, ti] of cases) {
    const prog = build(body);
    let result = evaluate(prog, bars, {}, { symbol, windowStart: 0 });
    let expected = hand();
    const [compiled, handwritten] = timeInterleaved([() => (result = evaluate(prog, bars, {}, { symbol, windowStart: 0 })), () => (expected = hand())]) as [number, number];
    const [tiMs] = timeInterleaved([ti]) as [number];
    const cols = Array.isArray(expected) ? expected : [expected];
    const diff = maxDiff(result.outputs.map((o) => o.values), cols);
    lines.push(`lang ${name} compiled_ms=${compiled.toFixed(2)} handwritten_ms=${handwritten.toFixed(2)} ratio=${(compiled / handwritten).toFixed(2)} technicalindicators_ms=${tiMs.toFixed(2)} maxdiff=${diff.toExponential(1)}`);
  }
  return lines;
}
