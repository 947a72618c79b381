// Dynamic requests discovered in one evaluation (docs/adr/0223): with evaluate()'s `discover`, a
// context neither supplied nor known absent reads as na and is reported in missingContexts, so a
// screener looping over five symbols names all of them at once instead of one per evaluation; the
// evaluation given them computes what a run given every context up front computes, and a context
// looked for and not found stays the bar's runtime error.
//
// Data: the demo daily bars (packages/marketdata/demo, SOURCES.md). Closes read by hand from the
// CSVs, 2012-11-16, 19, 20, 21, 23 (11-22 was Thanksgiving):
//   AAPL 527.68 565.73 560.91 561.7 571.5      MSFT 26.52 26.73 26.71 26.95 27.7
//   GOOG 647.18 668.21 669.97 665.87 667.97    IBM 186.94 190.35 189.2 190.29 193.49
//   SPY (SPY_D.csv) 136.37 139.13 139.19 139.45 141.35
// Their sums per day: 1524.69, 1590.15, 1585.98, 1584.26, 1602.01.
import { readFileSync } from "fs";
import { join } from "path";
import { build, dailyBars, sliceBars, SYMBOL, weeklyBars } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars, MissingContext } from "../../src/stdlib/request";
import type { Bars } from "../../src/types";

const day = (iso: string): number => Date.parse(`${iso}T00:00:00Z`) / 1000;

/** SPY_D.csv (index, date, open, high, low, close, volume), read as a plain loop over its rows. */
function spyDaily(): Bars {
  const rows = readFileSync(join(__dirname, "../../../marketdata/demo/SPY_D.csv"), "utf8").trim().split(/\r?\n/).slice(1).map((l) => l.split(","));
  const col = (k: number): Float64Array => Float64Array.from(rows, (r) => Number(r[k]));
  return { length: rows.length, time: Float64Array.from(rows, (r) => day(r[1]!)), open: col(2), high: col(3), low: col(4), close: col(5), volume: col(6) };
}

const DAILY: Record<string, Bars> = { AAPL: dailyBars("AAPL"), MSFT: dailyBars("MSFT"), GOOG: dailyBars("GOOG"), IBM: dailyBars("IBM"), SPY: spyDaily() };
const between = (b: Bars, from: string, to: string): Bars => sliceBars(b, b.time.indexOf(day(from)), b.time.indexOf(day(to)) + 1);
const CHART = between(DAILY.AAPL!, "2012-11-16", "2012-11-23");
const info = (ticker: string) => ({ ...SYMBOL, ticker });

/** The daily context of `symbol` (its bars from 2012-11-01 to the chart's last day). */
const dailyContext = (symbol: string): ContextBars => ({ symbol, timeframe: "1d", bars: between(DAILY[symbol]!, "2012-11-01", "2012-11-23"), info: info(symbol) });
/**
 * Its weekly context: the weeks of Monday 11-05, 11-12 and 11-19 built from those days, the data
 * ending with Friday 11-23 (so the chart's last bar, that Friday, shows the week it ends: docs/adr/0074).
 */
const weeklyContext = (symbol: string): ContextBars => ({ symbol, timeframe: "1w", bars: weeklyBars(between(DAILY[symbol]!, "2012-11-05", "2012-11-23")), info: info(symbol), dataEnd: day("2012-11-24") });

const SCREENER = (tf: string, symbols = `"AAPL", "MSFT", "GOOG", "IBM", "SPY"`): string => `//@version=6
indicator("screener")
syms = array.from(${symbols})
var t = table.new(position.top_right, 2, 6)
float total = 0.0
for [k, s] in syms
    c = request.security(s, "${tf}", close)
    total += c
    if barstate.islast
        t.cell(0, k, s)
        t.cell(1, k, str.tostring(c))
plot(total, "total")
`;

function evaluateWith(source: string, contexts: ContextBars[], discover?: MissingContext[]): EvaluationResult {
  return evaluate(build(source), CHART, {}, { symbol: SYMBOL, windowStart: 0, contexts, ...(discover ? { discover } : {}) });
}

const values = (r: EvaluationResult): Array<number | null> => Array.from(r.outputs[0]!.values, (v) => (Number.isNaN(v) ? null : Math.round(v * 100) / 100));
const keys = (r: EvaluationResult): string[] => (r.missingContexts ?? []).map((c) => `${c.symbol}@${c.timeframe}`).sort();

test("without discovering, a screener's evaluation stops each bar at its first missing context and names only that one", () => {
  const r = evaluateWith(SCREENER("D"), []);
  // AAPL is the chart's own context; the bar's error at MSFT keeps GOOG, IBM and SPY from being reached
  expect(keys(r)).toEqual(["MSFT@1d"]);
  expect(r.runtimeErrors).toEqual([expect.objectContaining({ message: 'symbol "MSFT" not found: no instrument of that name is stored', count: 5 })]);
});

test("discovering, one evaluation names every symbol of the loop; given them, the values are the five closes' sums, as with every context up front", () => {
  const first = evaluateWith(SCREENER("D"), [], []);
  expect(keys(first)).toEqual(["GOOG@1d", "IBM@1d", "MSFT@1d", "SPY@1d"]);
  // the contexts read as na while discovering: no runtime error, and the sums are na
  expect(first.runtimeErrors).toEqual([]);
  expect(values(first)).toEqual([null, null, null, null, null]);

  const contexts = ["MSFT", "GOOG", "IBM", "SPY"].map(dailyContext);
  const second = evaluateWith(SCREENER("D"), contexts, []);
  expect(second.missingContexts).toBeUndefined();
  expect(second.runtimeErrors).toEqual([]);
  expect(values(second)).toEqual([1524.69, 1590.15, 1585.98, 1584.26, 1602.01]);
  // the chart's 5 bars, its own context read in place (5), and each of the four contexts' 16
  // trading days of 11-01 ... 11-23 are evaluated
  expect(second.barsEvaluated).toBe(5 + 5 + 4 * 16);

  const upFront = evaluateWith(SCREENER("D"), contexts);
  expect(values(upFront)).toEqual(values(second));
  expect(upFront.barsEvaluated).toBe(second.barsEvaluated);
  expect(upFront.drawings).toEqual(second.drawings);
});

test("a weekly screener discovers its five weekly contexts at once; a week's close shows on its last chart day", () => {
  const first = evaluateWith(SCREENER("W"), [], []);
  expect(keys(first)).toEqual(["AAPL@1w", "GOOG@1w", "IBM@1w", "MSFT@1w", "SPY@1w"]);
  const second = evaluateWith(SCREENER("W"), ["AAPL", "MSFT", "GOOG", "IBM", "SPY"].map(weeklyContext), []);
  expect(second.missingContexts).toBeUndefined();
  expect(second.runtimeErrors).toEqual([]);
  // Friday 11-16 ends the week of 11-12 (closes of 11-16: 1524.69); 11-19 ... 11-21 still show it;
  // Friday 11-23, the data's last day, shows the week of 11-19 (closes of 11-23: 1602.01)
  expect(values(second)).toEqual([1524.69, 1524.69, 1524.69, 1524.69, 1602.01]);
});

test("a symbol looked for and not found stays the runtime error of every bar that reads it; discovering, it was na", () => {
  const source = SCREENER("D", `"MSFT", "NOPE", "IBM"`);
  const first = evaluateWith(source, [], []);
  expect(keys(first)).toEqual(["IBM@1d", "MSFT@1d", "NOPE@1d"]);
  expect(first.runtimeErrors).toEqual([]);
  const second = evaluateWith(source, ["MSFT", "IBM"].map(dailyContext), [{ symbol: "NOPE", timeframe: "1d" }]);
  expect(second.runtimeErrors).toEqual([expect.objectContaining({ message: 'symbol "NOPE" not found: no instrument of that name is stored', count: 5 })]);
  // the error ends each bar before its plot: the sums are na, as in a run that knew NOPE absent from the start
  expect(values(second)).toEqual([null, null, null, null, null]);
  expect(keys(second)).toEqual(["NOPE@1d"]);
  const strict = evaluateWith(source, ["MSFT", "IBM"].map(dailyContext));
  expect(strict.runtimeErrors).toEqual(second.runtimeErrors);
});

test("a value read as na while discovering can steer the script to another symbol: the next evaluation names it", () => {
  const source = `//@version=6
indicator("pick")
pick = request.security("MSFT", "D", close) < request.security("IBM", "D", close) ? "GOOG" : "SPY"
plot(request.security(pick, "D", close), "picked")
`;
  // na < na is false: SPY while MSFT and IBM are unknown
  expect(keys(evaluateWith(source, [], []))).toEqual(["IBM@1d", "MSFT@1d", "SPY@1d"]);
  const known = ["MSFT", "IBM", "SPY"].map(dailyContext);
  // MSFT (26.52 ...) is below IBM (186.94 ...) on every day: GOOG, not yet supplied
  const second = evaluateWith(source, known, []);
  expect(keys(second)).toEqual(["GOOG@1d"]);
  const third = evaluateWith(source, [...known, dailyContext("GOOG")], []);
  expect(third.missingContexts).toBeUndefined();
  expect(values(third)).toEqual([647.18, 668.21, 669.97, 665.87, 667.97]);
});

test("a lower timeframe read while discovering is an empty array, and its context is named", () => {
  const r = evaluateWith(`//@version=6\nindicator("l")\nsym = close > 0 ? "MSFT" : "IBM"\nplot(array.size(request.security_lower_tf(sym, "60", close)), "n")\nplot(request.security(sym, "D", close), "c")\n`, [], []);
  expect(r.runtimeErrors).toEqual([]);
  expect(keys(r)).toEqual(["MSFT@1d", "MSFT@1h"]);
  expect(values(r)).toEqual([0, 0, 0, 0, 0]);
});
