// The SymbolInfo a script is evaluated with (syminfo.*), built in this one place from the stored
// instrument: the chart's (protocol.ts evalTask) and each requested context's (requests.ts).
// Asset classes become TradingView's `syminfo.type` names: docs/adr/0106-instrument-facts-in-syminfo.md;
// exchanges its prefixes (`syminfo.prefix`, `syminfo.tickerid`): docs/adr/0156-exchange-prefixes.md.
// Loaded by the sandbox threads (protocol.ts): it imports nothing but the language package.
import { exchangePrefix, type SymbolInfo } from "@barscript/lang";

/** What the worker read of an instrument; the descriptive facts are absent where a caller did not read them. */
export interface InstrumentFacts {
  symbol: string;
  timezone: string;
  /** Regular trading hours in `timezone` ("0930-1600", "24x7"). */
  session?: string;
  name?: string;
  /** The stored asset class (prisma/schema.prisma AssetClass). */
  assetClass?: string;
  currency?: string;
  /** The stored exchange ("NASDAQ", "NYSE Arca", "" when not known). */
  exchange?: string;
}

/** The stored asset classes in TradingView's `syminfo.type` names (an ETF is a "fund" there). */
const PINE_TYPE: Readonly<Record<string, string>> = {
  equity: "stock",
  etf: "fund",
  crypto: "crypto",
  fx: "forex",
  index: "index",
  future: "futures",
};

/** Classes whose tickers are pairs "<base><separator?><quote>" (BTC-USD, EURUSD). */
const PAIR_CLASSES = new Set(["crypto", "fx"]);

/** No tick size is stored: a cent, as before this module. */
const MINTICK = 0.01;

/**
 * `syminfo.basecurrency`: for a crypto or forex pair whose ticker ends in its quote currency, the
 * ticker before it without a separator ("BTC" for BTC-USD); "" for every other instrument, as
 * TradingView gives "" for a stock.
 */
export function baseCurrency(symbol: string, assetClass: string, currency: string): string {
  if (!PAIR_CLASSES.has(assetClass) || currency === "") return "";
  const ticker = symbol.toUpperCase();
  const quote = currency.toUpperCase();
  if (!ticker.endsWith(quote) || ticker.length === quote.length) return "";
  return ticker.slice(0, ticker.length - quote.length).replace(/[-/_.]+$/, "");
}

/** The instrument's facts at `timeframe`, as the script reads them. */
export function symbolInfo(i: InstrumentFacts, timeframe: string): SymbolInfo {
  const info: SymbolInfo = { ticker: i.symbol, timezone: i.timezone, mintick: MINTICK, timeframe };
  if (i.session !== undefined) info.session = i.session;
  if (i.name !== undefined) info.description = i.name;
  if (i.currency !== undefined) info.currency = i.currency;
  if (i.exchange !== undefined) info.prefix = exchangePrefix(i.exchange);
  if (i.assetClass !== undefined) {
    info.type = PINE_TYPE[i.assetClass] ?? "";
    info.basecurrency = baseCurrency(i.symbol, i.assetClass, i.currency ?? "");
  }
  return info;
}
