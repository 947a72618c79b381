// Every name of the language contract's second batch (the table in second-batch-names.ts, written
// out by hand) validates with no error diagnostic, compiles and evaluates over real bars: AAPL
// daily (a few hundred bars, with weekly AAPL and daily MSFT requestable) or SPY hourly built from
// its minutes (the minutes requestable). The names refused by design are refused with their code
// and a message naming the missing data or the v6 spelling.
import { compile, evaluate, type EvaluationResult } from "../../src/evaluate";
import { validate } from "../../src/validate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, Diagnostic, SymbolInfo } from "../../src/types";
import { NO_SCRIPTS } from "../front/harness";
import { dailyBars, sliceBars, weeklyBars } from "./harness";
import { groupBarsOf, readNinjaTraderMinutes } from "../support/demo-bars";
import { NAME_CASES, REFUSED_CASES, type Chart, type NameCase } from "./second-batch-names";

const AAPL = dailyBars("AAPL");
const MSFT = dailyBars("MSFT");
const DAILY: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d", session: "0930-1600" };
const HOURLY: SymbolInfo = { ticker: "SPY", timezone: "UTC", mintick: 0.01, timeframe: "1h", session: "24x7" };

/** Hours of the demo's SPY minutes (March 2011, read as UTC). */
const hourly = (m: Bars): Bars => groupBarsOf(m, (t) => Math.floor(t / 3600) * 3600).bars;


const DAILY_BARS = sliceBars(AAPL, AAPL.length - 400);
const MINUTES = readNinjaTraderMinutes("nt-spy-minute-2011-03.csv");
const HOURLY_BARS = hourly(MINUTES);
const info = (s: SymbolInfo, ticker: string, timeframe: string): SymbolInfo => ({ ...s, ticker, timeframe });
const SETUP: Record<Chart, { bars: Bars; symbol: SymbolInfo; contexts: ContextBars[] }> = {
  daily: {
    bars: DAILY_BARS,
    symbol: DAILY,
    contexts: [
      { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(AAPL), info: info(DAILY, "AAPL", "1w") },
      { symbol: "MSFT", timeframe: "1d", bars: MSFT, info: info(DAILY, "MSFT", "1d") },
      // the worker matches an exchange prefix against the instrument and supplies the context under the text requested
      { symbol: "NASDAQ:MSFT", timeframe: "1d", bars: MSFT, info: info(DAILY, "MSFT", "1d") },
    ],
  },
  hourly: { bars: HOURLY_BARS, symbol: HOURLY, contexts: [{ symbol: "SPY", timeframe: "1m", bars: MINUTES, info: info(HOURLY, "SPY", "1m") }] },
};

const source = (body: string): string => (body.startsWith("//@version") ? body : `//@version=6\nindicator("n", overlay = true)\n${body}`);
const errorsOf = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.severity === "error");

async function runCase(c: NameCase): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source(c.body) }], { resolver: NO_SCRIPTS });
  const errors = errorsOf(v.diagnostics);
  if (errors.length > 0 || !v.checked) throw new Error(`${c.name} is refused: ${errors.map((d) => `${d.code}: ${d.message}`).join("; ")}`);
  const program = compile(v.checked, v.interface ?? undefined);
  const s = SETUP[c.chart ?? "daily"];
  return evaluate(program, s.bars, {}, { symbol: s.symbol, windowStart: 0, contexts: s.contexts, now: Date.UTC(2026, 0, 1) });
}

test("the table names each name once and covers the contract's families", () => {
  const names = NAME_CASES.map((c) => c.name);
  expect(new Set(names).size).toBe(names.length);
  for (const family of ["request.", "barmerge.", "timeframe.", "syminfo.", "session.", "input.", "map.", "matrix.", "array.", "display.", "ta.", "math.", "label.", "line.", "box.", "table.", "polyline.", "linefill.", "chart.point.", "chart.", "log."]) {
    expect(names.some((n) => n.startsWith(family))).toBe(true);
  }
  expect(DAILY_BARS.length).toBe(400);
  expect(HOURLY_BARS.length).toBeGreaterThan(200);
});

describe.each(NAME_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  test("validates, compiles and evaluates over real bars", async () => {
    const r = await runCase(c);
    expect(r.barsEvaluated).toBeGreaterThanOrEqual(SETUP[c.chart ?? "daily"].bars.length);
    if (c.runtimeError) expect(r.runtimeErrors.map((e) => e.message).join("\n")).toMatch(c.runtimeError);
    else expect(r.runtimeErrors).toEqual([]);
    // A value (not na everywhere) on the bars, unless the script only draws or logs or asks for na.
    if (r.outputs.length > 0 && !c.allNa) expect(Array.from(r.outputs[0]!.values).some((x) => !Number.isNaN(x))).toBe(true);
  });
});

describe.each(REFUSED_CASES.map((c) => [c.name, c] as const))("%s (refused by design)", (_name, c) => {
  test("is refused with a message that says why or names the v6 spelling", async () => {
    const v = await validate([{ path: "main.pine", content: source(c.body) }], { resolver: NO_SCRIPTS });
    const errors = errorsOf(v.diagnostics);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((d) => d.message).join("\n")).toMatch(c.message);
    if (c.code) expect(errors.map((d) => d.code)).toContain(c.code);
  });
});
