// Heikin Ashi bars, the bars `request.security(ticker.heikinashi(symbol), ...)` reads: TradingView's
// non-standard chart of averaged bars (docs "differences" topic). The ticker identifier names the
// standard symbol; the caller that fetches a context builds its Heikin Ashi bars from the symbol's
// stored bars with `heikinAshiBars`.

import type { Bars } from "../types";

const PREFIX = '={"symbol":"';
const SUFFIX = '","type":"HeikinAshi"}';

/** The ticker identifier of `symbol`'s Heikin Ashi bars; na stays na. */
export function heikinAshiTicker(symbol: string | null): string | null {
  return symbol === null ? null : `${PREFIX}${symbol}${SUFFIX}`;
}

/** The standard symbol of a Heikin Ashi ticker identifier, or null for any other symbol. */
export function heikinAshiSymbol(tickerid: string): string | null {
  return tickerid.startsWith(PREFIX) && tickerid.endsWith(SUFFIX) ? tickerid.slice(PREFIX.length, tickerid.length - SUFFIX.length) : null;
}

/**
 * TradingView's `ticker.inherit(from_tickerid, symbol)`: `symbol` with the modifiers and chart type
 * of `from_tickerid`. Modifiers change nothing here (a ticker identifier is the symbol itself,
 * stdlib/syminfo.ts), so what is inherited is the chart type: `symbol`'s Heikin Ashi ticker when
 * `from_tickerid` is one; na stays na.
 */
export function tickerInherit(from: string | null, symbol: string | null): string | null {
  if (from === null || symbol === null) return null;
  return heikinAshiSymbol(from) === null ? symbol : heikinAshiTicker(symbol);
}

/**
 * Heikin Ashi bars of `b` (same times and volumes): close = (open + high + low + close) / 4,
 * open = (previous open + previous close) / 2 and, on the first bar, (open + close) / 2;
 * high and low the extremes of the bar's high or low and the Heikin Ashi open and close. Each open
 * halves the weight of the one before, so bars read further back than a window's first bar settle
 * it (a caller reads some extra bars first).
 */
export function heikinAshiBars(b: Bars): Bars {
  const n = b.length;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    close[i] = (b.open[i]! + b.high[i]! + b.low[i]! + b.close[i]!) / 4;
    open[i] = i === 0 ? (b.open[i]! + b.close[i]!) / 2 : (open[i - 1]! + close[i - 1]!) / 2;
    high[i] = Math.max(b.high[i]!, open[i]!, close[i]!);
    low[i] = Math.min(b.low[i]!, open[i]!, close[i]!);
  }
  return { length: n, time: b.time.slice(), open, high, low, close, volume: b.volume.slice() };
}
