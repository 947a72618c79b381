// Whole scripts over real daily bars against independent straightforward implementations
// (plain loops over arrays, written here from the Pine definitions), plus per-call-site state,
// events and the warmup property.
import { build, dailyBars, run, sliceBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";

const aapl = dailyBars("AAPL");
const close = Array.from(aapl.close);
const high = Array.from(aapl.high);
const low = Array.from(aapl.low);

function smaRef(x: number[], n: number): number[] {
  return x.map((_, i) => (i < n - 1 ? NaN : x.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n));
}
function expRef(x: number[], n: number, alpha: number): number[] {
  const out: number[] = [];
  const seen: number[] = [];
  let prev = NaN;
  for (const v of x) {
    if (Number.isNaN(v)) {
      out.push(prev);
      continue;
    }
    if (Number.isNaN(prev)) {
      seen.push(v);
      if (seen.length === n) prev = seen.reduce((a, b) => a + b, 0) / n;
    } else prev = alpha * v + (1 - alpha) * prev;
    out.push(prev);
  }
  return out;
}
const emaRef = (x: number[], n: number) => expRef(x, n, 2 / (n + 1));
const rmaRef = (x: number[], n: number) => expRef(x, n, 1 / n);
function rsiRef(x: number[], n: number): number[] {
  const up = x.map((v, i) => (i === 0 ? NaN : Math.max(v - x[i - 1]!, 0)));
  const dn = x.map((v, i) => (i === 0 ? NaN : Math.max(x[i - 1]! - v, 0)));
  const u = rmaRef(up, n);
  const d = rmaRef(dn, n);
  return u.map((a, i) => 100 - 100 / (1 + a / d[i]!));
}
function stdevRef(x: number[], n: number): number[] {
  const m = smaRef(x, n);
  return x.map((_, i) => {
    if (i < n - 1) return NaN;
    let s = 0;
    for (let k = i - n + 1; k <= i; k++) s += (x[k]! - m[i]!) ** 2;
    return Math.sqrt(s / n);
  });
}

function expectSeries(actual: Float64Array, expected: number[], rel = 1e-9): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    const a = actual[i]!;
    if (Number.isNaN(e)) {
      expect(a).toBeNaN();
      continue;
    }
    expect(Math.abs(a - e)).toBeLessThanOrEqual(rel * Math.max(1, Math.abs(e)));
  }
}

describe("whole scripts over AAPL daily bars", () => {
  test("a public-style RSI + Bollinger + MACD + ATR indicator matches plain-loop references", () => {
    const r = run(
      `//@version=6
indicator("Composite", overlay = false)
len = input.int(14, "RSI length", minval = 1)
src = input.source(close, "Source")
rsi = ta.rsi(src, len)
[basis, upper, lower] = ta.bb(close, 20, 2.0)
[macdLine, signalLine, hist] = ta.macd(close, 12, 26, 9)
atr = ta.atr(14)
plot(rsi, "RSI")
plot(upper, "BB upper")
plot(hist, "MACD hist")
plot(atr, "ATR")
`,
      aapl,
    );
    expect(r.outputs.map((o) => o.name)).toEqual(["rsi", "bb_upper", "macd_hist", "atr"]);
    expectSeries(r.outputs[0]!.values, rsiRef(close, 14));
    const m = smaRef(close, 20);
    const sd = stdevRef(close, 20);
    expectSeries(r.outputs[1]!.values, m.map((v, i) => v + 2 * sd[i]!));
    const macd = emaRef(close, 12).map((v, i) => v - emaRef(close, 26)[i]!);
    const sig = emaRef(macd, 9);
    expectSeries(r.outputs[2]!.values, macd.map((v, i) => v - sig[i]!));
    const tr = close.map((_, i) => (i === 0 ? high[0]! - low[0]! : Math.max(high[i]! - low[i]!, Math.abs(high[i]! - close[i - 1]!), Math.abs(low[i]! - close[i - 1]!))));
    expectSeries(r.outputs[3]!.values, rmaRef(tr, 14));
    expect(r.runtimeErrors).toEqual([]);
  });

  test("inputs are overridable per run", () => {
    const src = `//@version=6
indicator("RSI")
len = input.int(14, "Length")
plot(ta.rsi(close, len), "rsi")`;
    const r = evaluate(build(src), aapl, { len: 7 }, { symbol: SYMBOL, windowStart: 0 });
    expectSeries(r.outputs[0]!.values, rsiRef(close, 7));
  });

  test("a stateful call inside a user function keeps one state per call site", () => {
    const r = run(
      `//@version=6
indicator("Two sites")
avg(x) => ta.sma(x, 5)
plot(avg(close), "a")
plot(avg(high), "b")`,
      aapl,
    );
    expectSeries(r.outputs[0]!.values, smaRef(close, 5));
    expectSeries(r.outputs[1]!.values, smaRef(high, 5));
  });

  test("history, var, loops, if/switch expressions and strings", () => {
    const r = run(
      `//@version=6
indicator("Control flow")
var float total = 0.0
total += close
up = close > close[1]
streak = 0
for i = 0 to 4
    if close[i] > close[i + 1]
        streak += 1
label = switch
    streak >= 4 => "strong"
    streak >= 2 => "mild"
    => "weak"
score = if label == "strong"
    2
else if label == "mild"
    1
else
    0
plot(total - total[1], "delta")
plot(score, "score")
plot(up ? 1 : 0, "up")`,
      aapl,
    );
    const delta = r.outputs[0]!.values;
    for (let i = 1; i < 50; i++) expect(delta[i]).toBeCloseTo(close[i]!, 9);
    for (let i = 10; i < 60; i++) {
      let streak = 0;
      for (let k = 0; k <= 4; k++) if (close[i - k]! > close[i - k - 1]!) streak++;
      expect(r.outputs[1]!.values[i]).toBe(streak >= 4 ? 2 : streak >= 2 ? 1 : 0);
      expect(r.outputs[2]!.values[i]).toBe(close[i]! > close[i - 1]! ? 1 : 0);
    }
  });
});

describe("definitions", () => {
  test("alertcondition gives named events with Pine placeholders rendered, capped at maxEvents", () => {
    const src = `//@version=6
definition("RSI oversold")
r = ta.rsi(close, 14)
plot(r, "rsi")
alertcondition(ta.crossunder(r, 30), "oversold", "RSI {{plot_0}} on {{ticker}} at {{close}}")`;
    const prog = build(src);
    const full = evaluate(prog, aapl, {}, { symbol: SYMBOL, windowStart: 0 });
    const rsi = rsiRef(close, 14);
    const expected = rsi.flatMap((v, i) => (i > 0 && v < 30 && rsi[i - 1]! >= 30 ? [i] : []));
    expect(full.events.length).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(5);
    const first = full.events[0]!;
    expect(first.name).toBe("oversold");
    expect(first.time).toBe(aapl.time[expected[0]!]);
    expect(first.price).toBe(close[expected[0]!]);
    expect(first.message).toMatch(/^RSI \d+(\.\d+)? on AAPL at \d+(\.\d+)?$/);
    const capped = evaluate(prog, aapl, {}, { symbol: SYMBOL, windowStart: 0, maxEvents: 3 });
    expect(capped.events.length).toBe(3);
    expect(capped.eventsDropped).toBe(expected.length - 3);
  });
});

describe("warmup: the same values whatever the start", () => {
  test("a recursive script started warmup bars earlier agrees on the overlap to 1e-10", () => {
    const src = `//@version=6
indicator("Warm")
[m, s, h] = ta.macd(close, 12, 26, 9)
plot(ta.rsi(close, 14), "rsi")
plot(h, "hist")
plot(ta.atr(14), "atr")
plot(ta.stdev(close, 20)[1] - ta.sma(close, 20), "dev")`;
    const prog = build(src);
    const warmup = 23 * 14 + 12 * (26 + 9);
    const b = 2000;
    const full = evaluate(prog, aapl, {}, { symbol: SYMBOL, windowStart: b });
    const partBars = sliceBars(aapl, b - warmup);
    const part = evaluate(prog, partBars, {}, { symbol: SYMBOL, windowStart: warmup });
    expect(part.windowBars).toBe(full.windowBars);
    for (let o = 0; o < full.outputs.length; o++) {
      const x = full.outputs[o]!.values;
      const y = part.outputs[o]!.values;
      for (let i = 0; i < x.length; i++) {
        if (Number.isNaN(x[i]!)) expect(y[i]).toBeNaN();
        else expect(Math.abs(x[i]! - y[i]!)).toBeLessThanOrEqual(1e-10 * Math.max(1e-300, Math.abs(x[i]!)) + 1e-12);
      }
    }
  });
});
