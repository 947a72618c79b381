// Test harness of the back end: source text -> checked tree -> Program -> evaluation.
import { readFileSync } from "fs";
import { join } from "path";
import { parse } from "../../src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../../src/check";
import { compile, evaluate, type EvaluationResult, type Program } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { groupBarsOf } from "../support/demo-bars";

export const SYMBOL: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" };

/** Parses and checks a script, failing the test on an error diagnostic, then compiles it. */
export function build(source: string): Program {
  const p = parse("main.pine", source);
  const errors = p.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(`parse: ${JSON.stringify(errors)}`);
  const sink = new DiagnosticSink();
  const ctx = makeContext("main.pine", p.script.version, sink, new IdCounters());
  checkFile(p.script, ctx, { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  const bad = sink.list.filter((d) => d.severity === "error");
  if (bad.length > 0) throw new Error(`check: ${JSON.stringify(bad)}`);
  return compile({ script: p.script });
}

export function run(source: string, bars: Bars, windowStart = 0, inputs: Record<string, unknown> = {}): EvaluationResult {
  return evaluate(build(source), bars, inputs, { symbol: SYMBOL, windowStart });
}

/** Daily bars of a demo instrument, packages/marketdata/demo/<name>.csv (Yahoo layout; its SOURCES.md gives origin and licence). */
export function dailyBars(name: string): Bars {
  const text = readFileSync(join(__dirname, "../../../marketdata/demo", `${name}.csv`), "utf8").trim();
  const lines = text.split(/\r?\n/).slice(1);
  const rows = lines.map((l) => l.split(","));
  rows.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
  const col = (k: number) => Float64Array.from(rows, (r) => Number(r[k]));
  return {
    length: rows.length,
    time: Float64Array.from(rows, (r) => Date.parse(`${r[0]}T00:00:00Z`) / 1000),
    open: col(1),
    high: col(2),
    low: col(3),
    close: col(4),
    volume: col(5),
  };
}

export function sliceBars(b: Bars, from: number, to = b.length): Bars {
  return {
    length: to - from,
    time: b.time.slice(from, to),
    open: b.open.slice(from, to),
    high: b.high.slice(from, to),
    low: b.low.slice(from, to),
    close: b.close.slice(from, to),
    volume: b.volume.slice(from, to),
  };
}

/** Monday 2024-01-01 00:00 UTC, the first of risingBars (Unix seconds). */
export const RISING_T0 = Date.UTC(2024, 0, 1) / 1000;

/** `n` daily bars from RISING_T0 whose values tests work by hand: open = close = 10 + i, high = close + 1, low = close - 1, volume 1. */
export function risingBars(n: number): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => f(i));
  return { length: n, time: col((i) => RISING_T0 + i * 86_400), open: col((i) => 10 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 1) };
}

/** Daily bars from RISING_T0 with these closes: open = close, high = close + 1, low = close - 1, volume 100. */
export function closeBars(closes: readonly number[]): Bars {
  const col = (f: (c: number, i: number) => number) => Float64Array.from(closes, f);
  return { length: closes.length, time: col((_c, i) => RISING_T0 + i * 86_400), open: col((c) => c), high: col((c) => c + 1), low: col((c) => c - 1), close: col((c) => c), volume: col(() => 100) };
}

/** The release-notes tests' bars (1.7e9 s on, one a day) with these closes: open = close - 1, high = close + 2, low = close - 2, volume 100. */
export function releaseNotesBars(closes: readonly number[]): Bars {
  const col = (f: (c: number, i: number) => number) => Float64Array.from(closes, f);
  return { length: closes.length, time: col((_c, i) => 1.7e9 + i * 86400), open: col((c) => c - 1), high: col((c) => c + 2), low: col((c) => c - 2), close: col((c) => c), volume: col(() => 100) };
}

/** Each output's values by its title, after running `source` on `bars`. */
export function valuesByTitle(source: string, bars: Bars): Record<string, number[]> {
  return Object.fromEntries(run(source, bars).outputs.map((o) => [o.title, Array.from(o.values)]));
}

/** The time of risingBars' bar `i` as the API writes bar times (RFC 3339, no fraction). */
export const risingBarTime = (i: number): string => new Date((RISING_T0 + i * 86_400) * 1000).toISOString().replace(".000Z", "Z");

/** A v6 indicator importing TradingView's ta library as `alias`, `body`'s `ta.` calls renamed to it (the library's tests run each body under `ta` and another alias). */
export const taLibraryScript = (body: string, alias: string): string => `//@version=6\nindicator("x")\nimport TradingView/ta/12 as ${alias}\n${body.replaceAll("ta.", `${alias}.`)}`;

/** Outputs by name with each value rounded to 9 decimals (na stays null), to compare with values worked by hand as fractions. */
export const roundedTo9 = (out: Record<string, Array<number | null>>): Record<string, Array<number | null>> =>
  Object.fromEntries(Object.entries(out).map(([k, vs]) => [k, vs.map((v) => (v === null ? null : Math.round(v * 1e9) / 1e9))]));

/**
 * Weeks of daily bars from Monday 00:00 UTC, as the bar store's 1w bars, written as a plain loop
 * (the tests' independent reference for request.security of "W"); `weekOf[i]` is the week of day i.
 */
export function weeklyBarsOf(d: Bars): { bars: Bars; weekOf: number[] } {
  const { bars, groupOf } = groupBarsOf(d, (t) => t - ((new Date(t * 1000).getUTCDay() + 6) % 7) * 86_400);
  return { bars, weekOf: groupOf };
}

export const weeklyBars = (d: Bars): Bars => weeklyBarsOf(d).bars;

/** AAPL's daily bars, their weeks and the weekly request context built from them (aaplWeeks). */
export interface AaplWeeks {
  daily: Bars;
  weeks: { bars: Bars; weekOf: number[] };
  context: ContextBars;
  /** `f` of the week daily bar `i` reads with lookahead off (closedWeekOf), na before the first. */
  weekly: (i: number, f: (w: number) => number) => number;
  /** A script evaluated on the daily bars with the weekly context, failing the test on a runtime error. */
  run: (script: string) => EvaluationResult;
}

/** AAPL's daily bars, their weeks (weeklyBarsOf) and those weeks as a `request.security(..., "W", ...)` context. */
export function aaplWeeks(): AaplWeeks {
  const daily = dailyBars("AAPL");
  const weeks = weeklyBarsOf(daily);
  const context: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: weeks.bars, info: { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
  const weekly = (i: number, f: (w: number) => number): number => {
    const w = closedWeekOf(weeks.weekOf, i);
    return w < 0 ? NaN : f(w);
  };
  const run = (script: string): EvaluationResult => {
    const r = evaluate(build(script), daily, {}, { symbol: SYMBOL, windowStart: 0, contexts: [context] });
    expect(r.runtimeErrors).toEqual([]);
    return r;
  };
  return { daily, weeks, context, weekly, run };
}

/** The week daily bar `i` reads with lookahead off: its own on the week's last day, else the one before (-1: none yet). */
export function closedWeekOf(weekOf: readonly number[], i: number): number {
  const w = weekOf[i]!;
  return weekOf[i + 1] === w ? w - 1 : w;
}

/**
 * Output `k` of `r` against `expected(i)` on bars 0 to `count - 1`: within 1e-8, na where the
 * expected value is na; the first five differences are reported, and more than 100 values must be checked.
 */
export function expectOutputBars(r: EvaluationResult, expected: (i: number) => number, count: number, k = 0): void {
  const values = r.outputs[k]!.values;
  const wrong: Array<[number, number, number]> = [];
  let checked = 0;
  for (let i = 0; i < count; i++) {
    const e = expected(i);
    const v = values[i]!;
    if (Number.isNaN(e) ? !Number.isNaN(v) : !(Math.abs(v - e) < 1e-8)) wrong.push([i, v, e]);
    if (!Number.isNaN(e)) checked++;
  }
  expect(wrong.slice(0, 5)).toEqual([]);
  expect(checked).toBeGreaterThan(100);
}
