// Whether a symbol's prefix names a stored instrument, by TradingView's prefix of its exchange
// (docs/adr/0156-exchange-prefixes.md): "NASDAQ:AAPL", "AMEX:SPY" (an NYSE Arca ETF) and
// "COINBASE:BTCUSD" are TradingView's symbols of instruments on NASDAQ, NYSE Arca and Coinbase.
import { prefixMatches } from "../src/ticker-id";

test("a prefix names an instrument of its own exchange in any case, none of another; any, for an instrument without exchange", () => {
  expect(prefixMatches("NASDAQ", "NASDAQ")).toBe(true);
  expect(prefixMatches("nasdaq", "NASDAQ")).toBe(true);
  expect(prefixMatches("AMEX", "NYSE Arca")).toBe(true);
  expect(prefixMatches("COINBASE", "Coinbase")).toBe(true);
  expect(prefixMatches("NYSE", "NASDAQ")).toBe(false);
  expect(prefixMatches("NYSE ARCA", "NYSE Arca")).toBe(false);
  expect(prefixMatches("", "NASDAQ")).toBe(false);
  expect(prefixMatches(null, "NASDAQ")).toBe(true);
  expect(prefixMatches("TVC", "")).toBe(true);
});
