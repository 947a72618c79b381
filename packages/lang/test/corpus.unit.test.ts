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
import { EXPECTED, INTRADAY, weekly } from "./corpus/expected";
import type { ContextBars } from "../src/stdlib/request";

const DIR = join(__dirname, "corpus");

/** What a run would fetch for `request.security(syminfo.tickerid, "W", ...)`: the chart's own weeks. */
function weeksOf(on: Bars, ticker: string): ContextBars[] {
  return [{ symbol: ticker, timeframe: "1w", bars: weekly(on), info: { ...SYMBOL, ticker, timeframe: "1w" } }];
}

/**
 * The same for a run whose window starts at bar `from`: as the worker reads a context with the
 * chart's warmup count, the weeks from `warmup` weeks before the window's first week.
 */
function weeksForWindow(on: Bars, from: number, warmup: number, ticker: string): ContextBars[] {
  const weeks = weekly(on);
  const first = weeks.time.findLastIndex((t) => t <= on.time[from]!);
  const cut = Math.max(0, first - warmup);
  const bars = { length: weeks.length - cut, time: weeks.time.slice(cut), open: weeks.open.slice(cut), high: weeks.high.slice(cut), low: weeks.low.slice(cut), close: weeks.close.slice(cut), volume: weeks.volume.slice(cut) };
  return [{ symbol: ticker, timeframe: "1w", bars, info: { ...SYMBOL, ticker, timeframe: "1w" } }];
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

/** SPY one-minute bars of January 2011 (nt-spy-minute-2011.csv: `YYYYMMDD HHMMSS;o;h;l;c;v`, times read as UTC). */
function spyMinutes(): Bars {
  const rows = readFileSync(join(__dirname, "../../marketdata/demo/nt-spy-minute-2011.csv"), "utf8")
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(";"));
  const time = (stamp: string): number => {
    const [d, t] = stamp.split(" ") as [string, string];
    return Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4, 6)) / 1000;
  };
  const col = (k: number): Float64Array => Float64Array.from(rows, (r) => Number(r[k]));
  return { length: rows.length, time: Float64Array.from(rows, (r) => time(r[0]!)), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}
const spy1m = spyMinutes();

/** A corpus entry: a `.pine` file (the script alone) or a folder (`main.pine` and the files it imports), named with a trailing `/`. */
const entries = readdirSync(DIR)
  .filter((f) => f.endsWith(".pine") || statSync(join(DIR, f)).isDirectory())
  .map((f) => (f.endsWith(".pine") ? f : `${f}/`))
  .sort();

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
  const result = evaluate(program, bars, {}, { symbol: SYMBOL, windowStart: 0, contexts: weeksOf(bars, "AAPL") });
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
    for (const e of result.events) expect(e.price).toBe(on.close[byTime.get(e.time)!]);
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
}

describe("compatibility corpus", () => {
  it("holds at least 40 scripts, each with its expected values", () => {
    expect(entries.length).toBeGreaterThanOrEqual(40);
    expect(entries).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(entries)("%s: every output (or event) equals the independent computation over AAPL daily", async (entry) => {
    const { result } = await built(entry);
    compare(entry, result, bars);
  });

  it.each(entries)("%s: and over SPY daily (5,241 bars, 1999-2020)", async (entry) => {
    const { program } = await built(entry);
    compare(entry, evaluate(program, spy, {}, { symbol: { ...SYMBOL, ticker: "SPY" }, windowStart: 0, contexts: weeksOf(spy, "SPY") }), spy);
  });

  it.each(INTRADAY)("%s: and over SPY one-minute bars (January 2011, 14,180 bars)", async (entry) => {
    const { program } = await built(entry);
    compare(entry, evaluate(program, spy1m, {}, { symbol: { ...SYMBOL, ticker: "SPY", timeframe: "1m" }, windowStart: 0 }), spy1m);
  });

  it.each(entries)("%s: the last 300 bars are the same from warmup_bars bars before them", async (entry) => {
    const full = await built(entry);
    if (full.warmup >= 5000) return; // starts at the first bar of history: nothing to cut
    const windowFrom = bars.length - 300;
    const start = Math.max(0, windowFrom - full.warmup);
    const cut = evaluate(full.program, sliceBars(bars, start), {}, { symbol: SYMBOL, windowStart: windowFrom - start, contexts: weeksForWindow(bars, windowFrom, full.warmup, "AAPL") });
    const problems = full.result.outputs.map((o) => mismatches(column(cut, o.name), o.values.subarray(windowFrom), o.name)).filter((m) => m !== "");
    expect(problems).toEqual([]);
    const tailEvents = full.result.events.filter((e) => e.time >= bars.time[windowFrom]!);
    expect(cut.events.map((e) => [e.time, e.name])).toEqual(tailEvents.map((e) => [e.time, e.name]));
  });
});
