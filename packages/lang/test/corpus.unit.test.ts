// The compatibility corpus: scripts this project wrote in the style of popular public indicators
// (test/corpus, README.md there), run as a user's would be: validate() with no outside library,
// then compile() + evaluate() over real bars (AAPL and SPY daily, and for a few SPY one-minute
// bars, from packages/marketdata/demo) with the default inputs. Every output of every script, and every event of the definitions, is compared
// with corpus/expected.ts, which computes them with plain loops from each indicator's published
// definition (never with packages/lang). A second test evaluates the last 300 bars again from
// only `warmup_bars` bars before them: docs/reference/language.md ("Warmup") promises the same
// numbers whatever the window.

import { readdirSync, readFileSync, statSync } from "fs";
import { join } from "path";
import { compile, evaluate, validate, type EvaluationResult, type SourceFile } from "../src/index";
import type { Bars, Resolver } from "../src/types";
import { dailyBars, SYMBOL, sliceBars } from "./back/harness";
import { EXPECTED, INTRADAY, INTRADAY_ONLY, FIVE_MINUTE, type Expected } from "./corpus/expected";
import type { ContextBars } from "../src/stdlib/request";
import { readSpyMinutes } from "./corpus/spy-minutes";
import { fiveMinuteBars, weekly } from "./corpus/bar-groups";

const DIR = join(__dirname, "corpus");

/** Another symbol some scripts request (`request.security("MSFT", ...)`): MSFT's daily bars and their weeks. */
const msft = dailyBars("MSFT");
const OTHER: ContextBars[] = [
  { symbol: "MSFT", timeframe: "1d", bars: msft, info: { ...SYMBOL, ticker: "MSFT" } },
  { symbol: "MSFT", timeframe: "1w", bars: weekly(msft), info: { ...SYMBOL, ticker: "MSFT", timeframe: "1w" } },
];

/**
 * The weeks of a chart's bars, grouped once per series (the AAPL and SPY weeks were grouped again
 * for each of the 200 scripts, a second of the file's time). The expected values group their own.
 */
const weeksCache = new Map<Bars, Bars>();
function weeksOfBars(on: Bars): Bars {
  let weeks = weeksCache.get(on);
  if (!weeks) weeksCache.set(on, (weeks = weekly(on)));
  return weeks;
}

/** What a run would fetch for `request.security(syminfo.tickerid, "W", ...)`: the chart's own weeks (and the other symbol's bars). */
const contextsCache = new Map<Bars, ContextBars[]>();
function weeksOf(on: Bars, ticker: string): ContextBars[] {
  let contexts = contextsCache.get(on);
  if (!contexts) contextsCache.set(on, (contexts = [{ symbol: ticker, timeframe: "1w", bars: weeksOfBars(on), info: { ...SYMBOL, ticker, timeframe: "1w" } }, ...OTHER]));
  return contexts;
}

/**
 * The same for a run whose window starts at bar `from`: as the worker reads a context with the
 * chart's warmup count, the weeks from `warmup` weeks before the window's first week.
 */
function weeksForWindow(on: Bars, from: number, warmup: number, ticker: string): ContextBars[] {
  const weeks = weeksOfBars(on);
  const first = weeks.time.findLastIndex((t) => t <= on.time[from]!);
  const cut = Math.max(0, first - warmup);
  const bars = { length: weeks.length - cut, time: weeks.time.slice(cut), open: weeks.open.slice(cut), high: weeks.high.slice(cut), low: weeks.low.slice(cut), close: weeks.close.slice(cut), volume: weeks.volume.slice(cut) };
  return [{ symbol: ticker, timeframe: "1w", bars, info: { ...SYMBOL, ticker, timeframe: "1w" } }, ...OTHER];
}
const noLibraries: Resolver = { resolve: async () => null };
const bars = dailyBars("AAPL");

/** SPY daily (packages/marketdata/demo/SPY_D.csv: an index column, then date,open,high,low,close,volume). */
function spyDaily(): Bars {
  const rows = readFileSync(join(__dirname, "../../marketdata/demo/SPY_D.csv"), "utf8")
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => line.split(","));
  const col = (k: number): Float64Array => Float64Array.from(rows, (r) => Number(r[k]));
  return { length: rows.length, time: Float64Array.from(rows, (r) => Date.parse(`${r[1]}T00:00:00Z`) / 1000), open: col(2), high: col(3), low: col(4), close: col(5), volume: col(6) };
}
const spy = spyDaily();

/** SPY one-minute bars of January 2011 (times read as UTC). */
const spy1m = readSpyMinutes();

/** The same month in five-minute bars, for scripts that read one-minute intrabars. */
const spy5m = fiveMinuteBars(spy1m);
const fiveSymbol = { ...SYMBOL, ticker: "SPY", timeframe: "5m" };
const MINUTES: ContextBars[] = [{ symbol: "SPY", timeframe: "1m", bars: spy1m, info: { ...SYMBOL, ticker: "SPY", timeframe: "1m" } }];

/** A corpus entry: a `.pine` file (the script alone) or a folder (`main.pine` and the files it imports), named with a trailing `/`. */
const entries = readdirSync(DIR)
  .filter((f) => f.endsWith(".pine") || statSync(join(DIR, f)).isDirectory())
  .map((f) => (f.endsWith(".pine") ? f : `${f}/`))
  .sort();
/** Entries run over daily bars; the session scripts (INTRADAY_ONLY) mean something only within a day. */
const daily = entries.filter((e) => !INTRADAY_ONLY.includes(e) && !FIVE_MINUTE.includes(e));
const minuteSymbol = { ...SYMBOL, ticker: "SPY", timeframe: "1m" };

function sources(entry: string): SourceFile[] {
  if (!entry.endsWith("/")) return [{ path: "main.pine", content: readFileSync(join(DIR, entry), "utf8") }];
  const dir = join(DIR, entry);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".pine"))
    .map((f) => ({ path: f, content: readFileSync(join(dir, f), "utf8") }));
}

interface Built {
  program: ReturnType<typeof compile>;
  warmup: number;
  result: EvaluationResult;
}

async function build(entry: string): Promise<Built> {
  const v = await validate(sources(entry), { resolver: noLibraries });
  const errors = v.diagnostics.filter((d) => d.severity === "error");
  if (!v.valid || !v.checked || !v.interface) throw new Error(`${entry} is invalid: ${JSON.stringify(errors)}`);
  const program = compile(v.checked, v.interface);
  const result = INTRADAY_ONLY.includes(entry)
    ? evaluate(program, spy1m, {}, { symbol: minuteSymbol, windowStart: 0 })
    : FIVE_MINUTE.includes(entry)
      ? evaluate(program, spy5m, {}, { symbol: fiveSymbol, windowStart: 0, contexts: MINUTES })
      : evaluate(program, bars, {}, { symbol: SYMBOL, windowStart: 0, contexts: weeksOf(bars, "AAPL") });
  return { program, warmup: v.interface.warmup_bars, result };
}

const cache = new Map<string, Promise<Built>>();
function built(entry: string): Promise<Built> {
  let p = cache.get(entry);
  if (!p) cache.set(entry, (p = build(entry)));
  return p;
}

function column(r: EvaluationResult, name: string): Float64Array {
  const o = r.outputs.find((x) => x.name === name);
  if (!o) throw new Error(`no output ${name} (have ${r.outputs.map((x) => x.name).join(", ")})`);
  return o.values;
}

/** The same numbers to 1e-9 relative; na (NaN) only where na is expected. */
function mismatches(actual: ArrayLike<number>, expected: ArrayLike<number>, label: string): string {
  let bad = 0;
  let first = "";
  for (let i = 0; i < expected.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    const ok = (Number.isNaN(a) && Number.isNaN(e)) || Math.abs(a - e) <= 1e-9 * Math.max(1, Math.abs(e));
    if (!ok) {
      if (bad === 0) first = `${label}[${i}]: got ${a}, expected ${e}`;
      bad++;
    }
  }
  return bad === 0 ? "" : `${bad} mismatches, first ${first}`;
}

/** Every output (or event) of `entry` over `bars` against the independent computation. */
function compare(entry: string, result: EvaluationResult, on: Bars): void {
  expect(result.runtimeErrors).toEqual([]);
  const expected = EXPECTED[entry]!(on);
  if (expected.events) {
    const byTime = new Map(Array.from(on.time, (t, i) => [t, i]));
    expect(result.events.map((e) => [byTime.get(e.time), e.name])).toEqual(expected.events);
    // Each event's price is its bar's close (one assertion for all: an expect per event cost more than the comparison).
    expect(result.events.filter((e) => !Object.is(e.price, on.close[byTime.get(e.time)!]))).toEqual([]);
    expect(expected.events.length).toBeGreaterThan(0);
  } else {
    const outputs = expected.outputs!;
    expect(result.outputs.map((o) => o.name).sort()).toEqual(Object.keys(outputs).sort());
    const problems = Object.entries(outputs)
      .map(([name, values]) => mismatches(column(result, name), values, name))
      .filter((m) => m !== "");
    expect(problems).toEqual([]);
    // The comparison is not vacuous: each output has values (marks such as crosses are sparse).
    for (const o of result.outputs) expect(o.values.filter(Number.isFinite).length).toBeGreaterThanOrEqual(20);
  }
  compareDrawings(result, expected, on);
}

/** A coordinate's bar index (from its RFC 3339 time), -1 when it is none of the bars. */
function barOf(on: Bars, iso: string | null): number {
  return iso === null ? -1 : on.time.indexOf(Date.parse(iso) / 1000);
}

/** Prices to 1e-9 relative, as the outputs. */
function near(a: number | null, e: number): boolean {
  return a !== null && Math.abs(a - e) <= 1e-9 * Math.max(1, Math.abs(e));
}

/** The labels, lines and boxes left after the last bar and the log lines, when the entry lists them. */
function compareDrawings(result: EvaluationResult, expected: Expected, on: Bars): void {
  const d = result.drawings;
  if (expected.labels) {
    expect(d.labels.map((l) => [barOf(on, l.time), l.text])).toEqual(expected.labels.map(([bar, , text]) => [bar, text]));
    expect(d.labels.filter((l, k) => !near(l.price, expected.labels![k]![1]))).toEqual([]);
  }
  if (expected.lines) {
    expect(d.lines.map((l) => [barOf(on, l.time1), barOf(on, l.time2)])).toEqual(expected.lines.map(([a, , b]) => [a, b]));
    expect(d.lines.filter((l, k) => !near(l.price1, expected.lines![k]![1]) || !near(l.price2, expected.lines![k]![3]))).toEqual([]);
  }
  if (expected.boxes) {
    expect(d.boxes.map((x) => [barOf(on, x.time1), barOf(on, x.time2), x.text])).toEqual(expected.boxes.map(([a, , b, , text]) => [a, b, text]));
    expect(d.boxes.filter((x, k) => !near(x.top, expected.boxes![k]![1]) || !near(x.bottom, expected.boxes![k]![3]))).toEqual([]);
  }
  if (expected.logs) {
    const byTime = new Map(Array.from(on.time, (t, i) => [t, i]));
    expect(result.logs.map((l) => [byTime.get(l.time), l.level, l.message])).toEqual(expected.logs);
    expect(expected.logs.length).toBeGreaterThan(0);
  }
}

describe("compatibility corpus", () => {
  it("holds at least 160 scripts, each with its expected values", () => {
    expect(entries.length).toBeGreaterThanOrEqual(160);
    expect(entries).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(daily)("%s: every output (or event) equals the independent computation over AAPL daily", async (entry) => {
    const { result } = await built(entry);
    compare(entry, result, bars);
  });

  it.each(daily)("%s: and over SPY daily (5,241 bars, 1999-2020)", async (entry) => {
    const { program } = await built(entry);
    compare(entry, evaluate(program, spy, {}, { symbol: { ...SYMBOL, ticker: "SPY" }, windowStart: 0, contexts: weeksOf(spy, "SPY") }), spy);
  });

  it.each(INTRADAY)("%s: and over SPY one-minute bars (January 2011, 14,180 bars)", async (entry) => {
    const { program } = await built(entry);
    compare(entry, evaluate(program, spy1m, {}, { symbol: minuteSymbol, windowStart: 0 }), spy1m);
  });

  it.each(INTRADAY_ONLY)("%s: every output equals the independent computation over SPY one-minute bars", async (entry) => {
    const { result } = await built(entry);
    compare(entry, result, spy1m);
  });

  it.each(FIVE_MINUTE)("%s: every output equals the independent computation over SPY five-minute bars with their one-minute intrabars", async (entry) => {
    const { result } = await built(entry);
    compare(entry, result, spy5m);
  });

  it.each(entries)("%s: the last 300 bars are the same from warmup_bars bars before them", async (entry) => {
    const full = await built(entry);
    if (full.warmup >= 5000) return; // starts at the first bar of history: nothing to cut
    const minutes = INTRADAY_ONLY.includes(entry);
    const five = FIVE_MINUTE.includes(entry);
    const on = minutes ? spy1m : five ? spy5m : bars;
    const windowFrom = on.length - 300;
    const start = Math.max(0, windowFrom - full.warmup);
    const symbol = minutes ? minuteSymbol : five ? fiveSymbol : SYMBOL;
    const contexts = minutes ? [] : five ? MINUTES : weeksForWindow(bars, windowFrom, full.warmup, "AAPL");
    const cut = evaluate(full.program, sliceBars(on, start), {}, { symbol, windowStart: windowFrom - start, contexts });
    const problems = full.result.outputs.map((o) => mismatches(column(cut, o.name), o.values.subarray(windowFrom), o.name)).filter((m) => m !== "");
    expect(problems).toEqual([]);
    const tailEvents = full.result.events.filter((e) => e.time >= on.time[windowFrom]!);
    expect(cut.events.map((e) => [e.time, e.name])).toEqual(tailEvents.map((e) => [e.time, e.name]));
  });
});
