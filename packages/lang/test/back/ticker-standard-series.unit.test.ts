// ticker.standard and ticker.new as TradingView's own correlation heatmap (v6) uses them: each
// symbol of a list standardized in a loop (a series string), and `ticker.new(syminfo.prefix,
// syminfo.tickerid)` to rebuild the chart's identifier. TradingView's reference: ticker.standard
// "creates a ticker to request data from a standard chart that is unaffected by modifiers like
// extended session, dividend adjustment, currency conversion, and the calculations of non-standard
// chart types: Heikin Ashi, Renko"; the stored bars are the standard chart's, so the identifier is
// the symbol itself (docs/adr/0117, 0183).
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2024, 0, 2) / 1000;
const bars: Bars = { length: 2, time: Float64Array.of(T0, T0 + 86_400), open: Float64Array.of(10, 11), high: Float64Array.of(11, 12), low: Float64Array.of(9, 10), close: Float64Array.of(10, 11), volume: Float64Array.of(100, 100) };
const AAPL: SymbolInfo = { ticker: "AAPL", prefix: "NASDAQ", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" };

function logsOf(body: string): string[] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol: AAPL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.filter((l) => l.time === T0).map((l) => l.message);
}

describe("ticker.standard", () => {
  test("takes a series string: each symbol of a list, standardized in a loop, is itself", () => {
    const src = `for s in str.split("NASDAQ:MSFT, IBM", ",")
    log.info(ticker.standard(str.trim(s)))`;
    expect(logsOf(src)).toEqual(["NASDAQ:MSFT", "IBM"]);
  });

  test("of a Heikin Ashi or an extended identifier is the symbol under it", () => {
    const src = `log.info(ticker.standard(ticker.heikinashi("NASDAQ:MSFT")))
log.info(ticker.standard('={"session":"extended","symbol":"NYSE:IBM"}'))`;
    expect(logsOf(src)).toEqual(["NASDAQ:MSFT", "NYSE:IBM"]);
  });
});

describe("ticker.new of a ticker that already names its exchange", () => {
  test("is that ticker: ticker.new(syminfo.prefix, syminfo.tickerid) is the chart's identifier", () => {
    expect(logsOf(`log.info(ticker.new(syminfo.prefix, syminfo.tickerid) + "|" + ticker.new("NYSE", "IBM"))`)).toEqual(["NASDAQ:AAPL|NYSE:IBM"]);
  });

  test("requested, it reads the chart's own bars", () => {
    const r = evaluate(build(`//@version=6\nindicator("t")\nplot(request.security(ticker.new(syminfo.prefix, syminfo.tickerid), "D", close * 2))`), bars, {}, { symbol: AAPL, windowStart: 0 });
    expect(r.missingContexts).toBeUndefined();
    expect(Array.from(r.outputs[0]!.values)).toEqual([20, 22]);
  });
});
