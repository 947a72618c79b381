// Pine's timeframe strings in requests ("1", "60", "240", "D", "1W", "" for the chart's) as the
// bar store's timeframes ("1m" ... "1w"), and the context key a request is fetched and found by.

/** Seconds of one bar of each timeframe the bar store holds. */
const STORE_SECONDS: Readonly<Record<string, number>> = {
  "1m": 60,
  "5m": 300,
  "15m": 900,
  "30m": 1800,
  "1h": 3600,
  "2h": 7200,
  "4h": 14400,
  "1d": 86400,
  "1w": 604800,
};

/** Seconds of one bar of a store timeframe; NaN for any other string. */
export function storeSeconds(tf: string): number {
  return STORE_SECONDS[tf] ?? NaN;
}

/**
 * The store timeframe of a Pine timeframe string, or an error message naming what is refused.
 * `""` is the chart's (`chart`, already a store timeframe). Minutes are digits ("60" is 1h), days
 * and weeks `D`/`1D`/`W`/`1W`; months and seconds have no bars in the store.
 */
export function storeTimeframe(pine: string, chart: string): { tf: string } | { error: string } {
  const s = pine.trim();
  if (s === "") return { tf: chart };
  if (STORE_SECONDS[s] !== undefined) return { tf: s };
  const m = /^(\d*)([SDWM]?)$/i.exec(s);
  if (m) {
    const n = m[1] === "" ? 1 : Number(m[1]);
    const unit = (m[2] ?? "").toUpperCase();
    const seconds = unit === "" ? n * 60 : unit === "D" ? n * 86400 : unit === "W" ? n * 604800 : NaN;
    if (unit === "" && m[1] === "") return { error: `timeframe "${pine}" is not valid` };
    for (const [tf, sec] of Object.entries(STORE_SECONDS)) if (sec === seconds) return { tf };
    if (unit === "M") return { error: `timeframe "${pine}": monthly bars are not stored (available: 1, 5, 15, 30, 60, 120, 240, D, W)` };
    if (unit === "S") return { error: `timeframe "${pine}": second bars are not stored (available: 1, 5, 15, 30, 60, 120, 240, D, W)` };
  }
  return { error: `timeframe "${pine}" is not stored (available: 1, 5, 15, 30, 60, 120, 240, D, W)` };
}

/**
 * The symbol a request names, as the worker resolves it: `""` and the chart's own ticker are the
 * chart's; otherwise the text as written (`"NASDAQ:MSFT"` keeps its exchange prefix, matched by
 * the worker against the instrument's exchange).
 */
export function requestSymbol(symbol: string | null, chartTicker: string): string {
  const s = (symbol ?? "").trim();
  return s === "" ? chartTicker : s;
}

/** The key of one requested context: symbol and store timeframe. */
export function contextKey(symbol: string, tf: string): string {
  return `${symbol}@${tf}`;
}
