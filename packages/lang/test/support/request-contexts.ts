// Shared set-up of the request.security tests: the AAPL and MSFT demo bars (packages/marketdata/demo,
// see its SOURCES.md), AAPL's weeks and MSFT's days as request contexts, a script run on the AAPL
// daily chart with them, and an output read on a date.
import { build, dailyBars, SYMBOL, weeklyBars } from "../back/harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

export const AAPL: Bars = dailyBars("AAPL");
export const MSFT: Bars = dailyBars("MSFT");

const info = (ticker: string, timeframe: string): SymbolInfo => ({ ticker, timezone: "America/New_York", mintick: 0.01, timeframe });
export const AAPL_W: ContextBars = { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(AAPL), info: info("AAPL", "1w") };
export const MSFT_D: ContextBars = { symbol: "MSFT", timeframe: "1d", bars: MSFT, info: info("MSFT", "1d") };

/** Runs `src` (a script body under `//@version=6` and `indicator`) on `bars` with `contexts`. */
export function runOn(src: string, bars: Bars = AAPL, contexts: ContextBars[] = [AAPL_W, MSFT_D], windowStart = 0): EvaluationResult {
  return evaluate(build(`//@version=6\nindicator("r")\n${src}`), bars, {}, { symbol: SYMBOL, windowStart, contexts });
}

/** Output k on the chart bar of `date`. */
export function at(r: EvaluationResult, date: string, k = 0): number {
  const t = Date.parse(`${date}T00:00:00Z`) / 1000;
  const i = r.times.indexOf(t);
  if (i < 0) throw new Error(`no bar on ${date}`);
  return r.outputs[k]!.values[i]!;
}
