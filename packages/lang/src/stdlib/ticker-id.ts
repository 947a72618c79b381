// TradingView's ticker identifiers, "PREFIX:TICKER" ("NASDAQ:AAPL"): the prefix of an instrument's
// exchange, what `syminfo.tickerid`, `syminfo.prefix` and `syminfo.ticker` read of an instrument
// (SymbolInfo's `prefix` and `ticker`), what `ticker.new` builds and which symbols name an instrument,
// the chart's own here and a stored one in packages/marketdata (docs/adr/0156-exchange-prefixes.md).

/**
 * Exchanges TradingView lists under another prefix than their name: NYSE Arca's ETFs (SPY) and
 * NYSE American's listings are "AMEX:SPY" there.
 */
const TRADINGVIEW_PREFIXES: Readonly<Record<string, string>> = {
  NYSE_ARCA: "AMEX",
  NYSEARCA: "AMEX",
  ARCA: "AMEX",
  NYSE_AMERICAN: "AMEX",
  NYSE_MKT: "AMEX",
};

/**
 * TradingView's exchange prefix of an instrument on `exchange`: the exchange's name in capitals with
 * anything but letters, digits and `_` as `_` ("NASDAQ", "NYSE", "COINBASE"), or the prefix
 * TradingView lists it under ("NYSE Arca" is "AMEX"); "" for an instrument with no exchange.
 */
export function exchangePrefix(exchange: string): string {
  const name = exchange
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return TRADINGVIEW_PREFIXES[name] ?? name;
}

/** The keys of TradingView's extended ticker identifier whose modifiers are accepted and not applied (docs/adr/0117-ticker-modifiers.md). */
const EXTENDED_KEYS: ReadonlySet<string> = new Set(["symbol", "session", "adjustment", "backadjustment", "settlement-as-close"]);

/**
 * The symbol of TradingView's extended ticker identifier, `={"adjustment":"dividends","symbol":"AAPL"}`,
 * which public scripts write for a dividend-adjusted or extended-hours request: its `symbol`, the
 * modifiers accepted and not applied as ticker.modify's are (docs/adr/0183-extended-ticker-identifiers.md).
 * Any other text, and an identifier with another key (a currency, a chart type), is returned as it is.
 */
export function extendedTickerSymbol(symbol: string): string {
  if (!symbol.startsWith("={")) return symbol;
  let parsed: unknown;
  try {
    parsed = JSON.parse(symbol.slice(1));
  } catch {
    return symbol;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return symbol;
  const fields = parsed as Record<string, unknown>;
  const known = Object.keys(fields).every((k) => EXTENDED_KEYS.has(k));
  return known && typeof fields.symbol === "string" ? fields.symbol.trim() : symbol;
}

/** A symbol split at its first ":" (`prefix` null when it has none); both parts trimmed. */
export function splitTickerId(symbol: string): { prefix: string | null; ticker: string } {
  const k = symbol.indexOf(":");
  return k < 0 ? { prefix: null, ticker: symbol.trim() } : { prefix: symbol.slice(0, k).trim(), ticker: symbol.slice(k + 1).trim() };
}

/**
 * Whether a prefix as written (null: none) names an instrument whose own prefix is `own`: none, or
 * `own` in any case; any, for an instrument without one ("" names none).
 */
export function prefixNames(written: string | null, own: string): boolean {
  if (written === null) return true;
  return written !== "" && (own === "" || written.toUpperCase() === own.toUpperCase());
}

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
  const { prefix, ticker } = splitTickerId(symbol);
  return ticker === s.ticker && prefixNames(prefix, s.prefix ?? "");
}
