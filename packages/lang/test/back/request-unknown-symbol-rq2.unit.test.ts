// A request naming a symbol no instrument is stored under: TradingView's reference of
// request.security says that when "the specified symbol is not found" the script halts with a
// runtime error (na with `ignore_invalid_symbol = true`). The bar's error says so, naming the symbol
// as written, and apart from a stored instrument without bars at the timeframe, which keeps
// `no <tf> bars of "<symbol>"` (docs/adr/0348). Demo bars: packages/marketdata/demo/AAPL.csv (its
// SOURCES.md); the scripts are ours.
import { build, dailyBars, SYMBOL } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars } from "../../src/types";

const AAPL = dailyBars("AAPL");
const FIVE: Bars = { length: 5, time: AAPL.time.slice(0, 5), open: AAPL.open.slice(0, 5), high: AAPL.high.slice(0, 5), low: AAPL.low.slice(0, 5), close: AAPL.close.slice(0, 5), volume: AAPL.volume.slice(0, 5) };
const EMPTY: Bars = { length: 0, time: new Float64Array(), open: new Float64Array(), high: new Float64Array(), low: new Float64Array(), close: new Float64Array(), volume: new Float64Array() };
const info = (ticker: string, timeframe: string) => ({ ticker, timezone: "America/New_York", mintick: 0.01, timeframe });

function runOn(body: string, contexts: ContextBars[] = [], prefix?: string): EvaluationResult {
  return evaluate(build(`//@version=6\nindicator("r")\n${body}`), FIVE, {}, { symbol: { ...SYMBOL, ...(prefix ? { prefix } : {}) }, windowStart: 0, contexts });
}

describe("a symbol no instrument is stored under", () => {
  test("its request is each bar's runtime error saying the symbol is not found", () => {
    const r = runOn(`plot(request.security("TVC:VIX", "D", close))`);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['symbol "TVC:VIX" not found: no instrument of that name is stored', 5]]);
  });

  test("another exchange's prefix of a stored ticker is not found either, in request.security_lower_tf too", () => {
    // the chart is NASDAQ:AAPL
    const r = runOn(`a = request.security_lower_tf("NYSE:AAPL", "1", close)\nplot(a.size())`, [], "NASDAQ");
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['symbol "NYSE:AAPL" not found: no instrument of that name is stored', 5]]);
  });

  test("ignore_invalid_symbol = true: na, no error", () => {
    const r = runOn(`plot(request.security("TVC:VIX", "D", close, ignore_invalid_symbol = true))`);
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values).every(Number.isNaN)).toBe(true);
  });

  test("a stored instrument without bars at the timeframe keeps saying which bars it lacks, as does the chart's own", () => {
    const syn: ContextBars = { symbol: "SYN", timeframe: "1w", bars: EMPTY, info: info("SYN", "1w") };
    const r = runOn(`plot(request.security("SYN", "W", close))`, [syn]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['no 1w bars of "SYN"', 5]]);
    const own = runOn(`plot(request.security("NASDAQ:AAPL", "W", close))`, [], "NASDAQ");
    expect(own.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['no 1w bars of "AAPL"', 5]]);
  });
});
