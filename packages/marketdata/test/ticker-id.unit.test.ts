// TradingView's exchange prefixes of stored exchanges and the split of a symbol written with one
// (docs/adr/0156-exchange-prefixes.md). The prefixes are those TradingView's symbols carry:
// "NASDAQ:AAPL", "NYSE:IBM", "AMEX:SPY" (an NYSE Arca ETF), "COINBASE:BTCUSD", "BINANCE:BTCUSDT".
import { exchangePrefix, prefixMatches, splitTickerId } from "../src/ticker-id";

test("a stored exchange's prefix: its name in capitals, NYSE Arca and NYSE American as AMEX, none for no exchange", () => {
  const stored = ["NASDAQ", "NYSE", "NYSE Arca", "NYSEARCA", "NYSE American", "Coinbase", "Binance", "cme mini", "", "  "];
  expect(stored.map(exchangePrefix)).toEqual(["NASDAQ", "NYSE", "AMEX", "AMEX", "AMEX", "COINBASE", "BINANCE", "CME_MINI", "", ""]);
});

test("a symbol splits at its first ':'; one without names no prefix", () => {
  expect(splitTickerId("NASDAQ:AAPL")).toEqual({ prefix: "NASDAQ", ticker: "AAPL" });
  expect(splitTickerId("AAPL")).toEqual({ prefix: null, ticker: "AAPL" });
  expect(splitTickerId(":AAPL")).toEqual({ prefix: "", ticker: "AAPL" });
});

test("a prefix names an instrument of its own exchange in any case, none of another; any, for an instrument without exchange", () => {
  expect(prefixMatches("NASDAQ", "NASDAQ")).toBe(true);
  expect(prefixMatches("nasdaq", "NASDAQ")).toBe(true);
  expect(prefixMatches("AMEX", "NYSE Arca")).toBe(true);
  expect(prefixMatches("NYSE", "NASDAQ")).toBe(false);
  expect(prefixMatches("NYSE ARCA", "NYSE Arca")).toBe(false);
  expect(prefixMatches(null, "NASDAQ")).toBe(true);
  expect(prefixMatches("TVC", "")).toBe(true);
});
