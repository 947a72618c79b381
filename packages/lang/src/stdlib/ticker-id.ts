// TradingView's ticker identifiers, "PREFIX:TICKER" ("NASDAQ:AAPL"): what `syminfo.tickerid`,
// `syminfo.prefix` and `syminfo.ticker` read of an instrument (SymbolInfo's `prefix` and `ticker`),
// what `ticker.new` builds and which requested symbols name the chart's own instrument
// (docs/adr/0156-exchange-prefixes.md).

/** `prefix:ticker`, or the ticker alone when the prefix is empty; na when either is na. */
export function tickerId(prefix: string | null, ticker: string | null): string | null {
  if (prefix === null || ticker === null) return null;
  return prefix === "" ? ticker : `${prefix}:${ticker}`;
}

/** The exchange prefix of a symbol (`"NASDAQ"` of `"NASDAQ:AAPL"`), `""` when it names none; na stays na. */
export function symbolPrefix(symbol: string | null): string | null {
  if (symbol === null) return null;
  const k = symbol.indexOf(":");
  return k < 0 ? "" : symbol.slice(0, k);
}

/** A symbol without its exchange prefix (`"AAPL"` of `"NASDAQ:AAPL"`); na stays na. */
export function symbolTicker(symbol: string | null): string | null {
  if (symbol === null) return null;
  return symbol.slice(symbol.indexOf(":") + 1);
}

/** An instrument's ticker and exchange prefix ("" or absent: none), as SymbolInfo holds them. */
export interface TickerParts {
  ticker: string;
  prefix?: string;
}

/** The instrument's `syminfo.tickerid`: `"NASDAQ:AAPL"`, or the ticker alone without a prefix. */
export function instrumentTickerId(s: TickerParts): string {
  const prefix = s.prefix ?? "";
  return prefix === "" ? s.ticker : `${prefix}:${s.ticker}`;
}

/**
 * Whether a requested symbol names the instrument `s`: its ticker alone, or with its own prefix in
 * any case (`"NASDAQ:AAPL"`, not `"NYSE:AAPL"`), or with any prefix when it has none; the rule by
 * which the worker resolves a symbol to a stored instrument (packages/marketdata ticker-id.ts).
 */
export function namesInstrument(symbol: string, s: TickerParts): boolean {
  if (symbol === s.ticker) return true;
  const k = symbol.indexOf(":");
  if (k < 0 || symbol.slice(k + 1).trim() !== s.ticker) return false;
  const written = symbol.slice(0, k).trim().toUpperCase();
  const own = s.prefix ?? "";
  return written !== "" && (own === "" || written === own.toUpperCase());
}
