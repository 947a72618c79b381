// What a run knows about the instruments it may request: the chart's and those of the supplied
// contexts. Used by the request host for `input.symbol`'s ticker identifier and a `currency`
// argument's check.

import type { SymbolInfo } from "../../types";
import { namesInstrument } from "../ticker-id";
import type { ContextBars } from "./contexts";

/**
 * `input.symbol`'s value: TradingView returns the chosen symbol "paired with its exchange prefix"
 * (its reference), so a symbol written without one that names a known instrument (the chart's, or
 * one of the supplied contexts) is its ticker identifier, `"NASDAQ:AAPL"` for `"AAPL"`. `""` (the
 * chart's symbol), a symbol with a prefix or an extended identifier, and one naming no known
 * instrument stay as written (docs/adr/0272).
 */
export function tickerIdIn(written: string | null, chart: SymbolInfo | null, contexts: Iterable<ContextBars>): string | null {
  if (written === null) return null;
  const s = written.trim();
  if (s === "" || s.includes(":") || s.startsWith("=")) return written;
  if (chart !== null && namesInstrument(s, chart)) return chart.prefix ? `${chart.prefix}:${s}` : written;
  for (const c of contexts) if (c.symbol === s && c.info.prefix) return `${c.info.prefix}:${s}`;
  return written;
}

/** The quote currency of the instrument `symbol` names (null when its facts do not say), or undefined when no known instrument is it (its context is not fetched yet). */
export function quoteCurrencyIn(symbol: string, chart: SymbolInfo, contexts: Iterable<ContextBars>): string | null | undefined {
  if (symbol === chart.ticker) return chart.currency || null;
  for (const c of contexts) if (c.symbol === symbol) return c.info.currency || null;
  return undefined;
}
