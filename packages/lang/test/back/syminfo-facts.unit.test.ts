// syminfo.description, syminfo.type, syminfo.currency and syminfo.basecurrency read the facts the
// caller gives in SymbolInfo: the chart's instrument's on the chart, the requested instrument's
// inside request.security (as syminfo.tickerid does); docs/adr/0106-instrument-facts-in-syminfo.md.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const bars: Bars = { length: 2, time: Float64Array.of(1.6e9, 1.6e9 + 86_400), open: Float64Array.of(10, 11), high: Float64Array.of(11, 12), low: Float64Array.of(9, 10), close: Float64Array.of(10, 11.5), volume: Float64Array.of(100, 100) };

const AAPL: SymbolInfo = { ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d", description: "Apple Inc.", type: "stock", currency: "USD", basecurrency: "" };
const BTC: SymbolInfo = { ticker: "BTC-USD", timezone: "UTC", mintick: 0.01, timeframe: "1d", description: "Bitcoin / US Dollar", type: "crypto", currency: "USD", basecurrency: "BTC" };

const FACTS = 'syminfo.description + "|" + syminfo.type + "|" + syminfo.currency + "|" + syminfo.basecurrency';

function logsOf(source: string, symbol: SymbolInfo, contexts = [{ symbol: "BTC-USD", timeframe: "1d", bars, info: BTC }]): string[] {
  const r = evaluate(build(source), bars, {}, { symbol, windowStart: 0, contexts });
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message);
}

test("the chart's instrument's facts", () => {
  const src = `//@version=6\nindicator("s")\nif barstate.islast\n    log.info(${FACTS})\n    log.info(syminfo.type == "stock" and syminfo.basecurrency == "" ? "equity" : "other")\nplot(close)`;
  expect(logsOf(src, AAPL)).toEqual(["Apple Inc.|stock|USD|", "equity"]);
  expect(logsOf(src, BTC)).toEqual(["Bitcoin / US Dollar|crypto|USD|BTC", "other"]);
});

test("inside request.security, the requested instrument's facts; the chart's outside", () => {
  const src = `//@version=6\nindicator("s")\nf = request.security("BTC-USD", "1D", ${FACTS})\nif barstate.islast\n    log.info(f)\n    log.info(${FACTS})\nplot(close)`;
  expect(logsOf(src, AAPL)).toEqual(["Bitcoin / US Dollar|crypto|USD|BTC", "Apple Inc.|stock|USD|"]);
});

test("a caller that gives no facts: the ticker as description, empty strings", () => {
  const src = `//@version=6\nindicator("s")\nif barstate.islast\n    log.info(${FACTS})\nplot(close)`;
  expect(logsOf(src, { ticker: "XYZ", timezone: "UTC", mintick: 0.01, timeframe: "1d" }, [])).toEqual(["XYZ|||"]);
});

test("currency.* are TradingView's currency codes, comparable with syminfo.currency", () => {
  const src = `//@version=6\nindicator("s")\nif barstate.islast\n    log.info(syminfo.currency == currency.USD ? "usd" : "other")\n    log.info(currency.EUR + "," + currency.BTC + "," + currency.NONE)\nplot(close)`;
  expect(logsOf(src, AAPL)).toEqual(["usd", "EUR,BTC,NONE"]);
});

test("syminfo.prefix(symbol) and syminfo.ticker(symbol) split a symbol at its exchange prefix; the variables keep their meaning", () => {
  // TradingView's "FINRA Daily Short Sale Volume" builds "FINRA:<ticker>_SHORT_VOLUME" from syminfo.ticker(userSymbol)
  const src = `//@version=6
indicator("s")
string s = input.symbol("NASDAQ:MSFT")
if barstate.islast
    log.info(syminfo.prefix(s) + "|" + syminfo.ticker(s))
    log.info(str.format("FINRA:{0}_SHORT_VOLUME", syminfo.ticker("NYSE:IBM")))
    log.info("[" + syminfo.prefix("AAPL") + "]" + syminfo.ticker("AAPL"))
    log.info(syminfo.ticker + "|[" + syminfo.prefix + "]")
plot(close)`;
  expect(logsOf(src, AAPL)).toEqual(["NASDAQ|MSFT", "FINRA:IBM_SHORT_VOLUME", "[]AAPL", "AAPL|[]"]);
});
