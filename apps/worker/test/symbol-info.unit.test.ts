// The SymbolInfo of a stored instrument: asset classes in TradingView's syminfo.type names and the
// base currency of pairs, as docs/adr/0106-instrument-facts-in-syminfo.md lists them (written out
// here by hand, not read from the table under test).
import { baseCurrency, symbolInfo } from "../src/runs/symbol-info";

const stored = { symbol: "X", timezone: "UTC", name: "N", currency: "USD" };

test("each stored asset class has TradingView's type name", () => {
  const types = ["equity", "etf", "crypto", "fx", "index", "future"].map((assetClass) => symbolInfo({ ...stored, assetClass }, "1d").type);
  expect(types).toEqual(["stock", "fund", "crypto", "forex", "index", "futures"]);
});

test("the base currency of a crypto or forex pair is its ticker before the quote currency; other instruments have none", () => {
  expect(baseCurrency("BTC-USD", "crypto", "USD")).toBe("BTC");
  expect(baseCurrency("BTCUSDT", "crypto", "USDT")).toBe("BTC");
  expect(baseCurrency("EURJPY", "fx", "JPY")).toBe("EUR");
  expect(baseCurrency("EUR/USD", "fx", "USD")).toBe("EUR");
  expect(baseCurrency("AAPL", "equity", "USD")).toBe("");
  expect(baseCurrency("6C1!", "future", "USD")).toBe("");
  expect(baseCurrency("USD", "fx", "USD")).toBe("");
  expect(baseCurrency("XBTEUR", "crypto", "USD")).toBe("");
});

test("the whole SymbolInfo of a stored instrument; without its descriptive facts, none are given", () => {
  expect(symbolInfo({ symbol: "BTC-USD", timezone: "UTC", session: "24x7", name: "Bitcoin / US Dollar", assetClass: "crypto", currency: "USD" }, "4h")).toEqual({
    ticker: "BTC-USD", timezone: "UTC", mintick: 0.01, timeframe: "4h", session: "24x7", description: "Bitcoin / US Dollar", type: "crypto", currency: "USD", basecurrency: "BTC",
  });
  expect(symbolInfo({ symbol: "AAPL", timezone: "America/New_York" }, "1d")).toEqual({ ticker: "AAPL", timezone: "America/New_York", mintick: 0.01, timeframe: "1d" });
});

test("the exchange gives TradingView's prefix (syminfo.prefix, syminfo.tickerid): NYSE Arca's is AMEX, an unknown exchange none (docs/adr/0156)", () => {
  const prefix = (exchange: string): string | undefined => symbolInfo({ symbol: "X", timezone: "UTC", exchange }, "1d").prefix;
  expect(["NASDAQ", "NYSE", "NYSE Arca", "Coinbase", ""].map(prefix)).toEqual(["NASDAQ", "NYSE", "AMEX", "COINBASE", ""]);
  expect(symbolInfo({ symbol: "X", timezone: "UTC" }, "1d").prefix).toBeUndefined();
});
