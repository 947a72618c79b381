// Pine's timeframe strings in requests ("1", "60", "240", "D", "1W", "" for the chart's) as the
// bar store's timeframes ("1m" ... "1w"), the context key a request is fetched and found by, and
// the contexts the store does not hold as TradingView builds them (sessionBars): hourly ones of a
// session, several days or weeks, months.

import type { Bars } from "../../types";
import { sessionPeriod } from "../session-periods";
import { parseSession } from "../session-spec";
import { pineTimeframe } from "../timeframe-units";
import { extendedTickerSymbol, namesInstrument, type TickerParts } from "../ticker-id";

const AVAILABLE = "any minutes under a day (1, 5, 15, 30, 60, 120, 240 stored, others built from them), D, W, M";

/**
 * Seconds of one bar of each timeframe the bar store holds: the table of
 * packages/marketdata/src/timeframes.ts, written again because packages/lang imports no other
 * package (.dependency-cruiser.cjs, lang-imports-only-itself).
 */
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

/** Months ("1M" ... "12M"): built from daily bars by the caller (sessionBars), not stored. */
const MONTHS = /^(\d+)M$/;

/** Minutes under a day the store does not hold ("20m", "180m"): built from a stored finer timeframe by the caller (sessionBars). */
const MINUTES = /^(\d+)m$/;

/**
 * Several days or weeks ("2d", "3w"): built from daily or weekly bars by the caller (sessionBars),
 * N trading days or N weeks each (docs/adr/0139-multi-day-and-multi-week-periods.md).
 */
const DAYS = /^(\d+)d$/;
const WEEKS = /^(\d+)w$/;

/**
 * The longest N trading days last, in days: a period starting on a Friday spans a weekend for
 * every five days after it (2D from a Friday ends with Monday, 4 calendar days).
 */
function daysSpan(n: number): number {
  return n + 2 * Math.floor((n + 3) / 5);
}

/**
 * Seconds of one bar of a store timeframe; NaN for any other string. A month counts its longest,
 * 31 days: a context period also ends where the next one starts (align.ts).
 */
export function storeSeconds(tf: string): number {
  const m = MONTHS.exec(tf);
  if (m) return Number(m[1]) * 31 * 86400;
  const minutes = MINUTES.exec(tf);
  if (STORE_SECONDS[tf] !== undefined || minutes) return STORE_SECONDS[tf] ?? Number(minutes![1]) * 60;
  const days = DAYS.exec(tf);
  if (days) return daysSpan(Number(days[1])) * 86400;
  const weeks = WEEKS.exec(tf);
  return weeks ? Number(weeks[1]) * 604800 : NaN;
}

/**
 * Whether a context's store timeframe is lower than the chart's: its bars are intrabars of the
 * chart's bars, and a stored instrument without any at that timeframe gives TradingView's chart
 * bars without intrabars instead of an error (docs/adr/0157-no-stored-intrabars.md).
 */
export function belowChart(tf: string, chart: string): boolean {
  return storeSeconds(tf) < storeSeconds(chart);
}

/** TradingView's largest multipliers of days and weeks. */
const LIMITS = { D: 365, W: 52 } as const;

/**
 * The store timeframe of a Pine timeframe string, or an error message naming what is refused.
 * `""` is the chart's (`chart`, already a store timeframe). Minutes are digits ("60" is 1h), days
 * and weeks `D`/`1D`/`W`/`1W`; months `M`/`3M` (up to 12) are `"1M"`/`"3M"`, built from daily bars;
 * seconds have no bars in the store.
 */
export function storeTimeframe(pine: string, chart: string): { tf: string } | { error: string } {
  const s = pine.trim();
  if (s === "") return { tf: chart };
  if (STORE_SECONDS[s] !== undefined) return { tf: s };
  // "1d", "2w": a lower-case unit is read as Pine's (a store key such as "1m" was matched above)
  const u = pineTimeframe(s.toUpperCase());
  if (u) {
    // "7D" is seven trading days, not a week: days and weeks are matched by their own unit
    if (u.unit === "D" || u.unit === "W") return u.n <= LIMITS[u.unit] ? { tf: `${u.n}${u.unit.toLowerCase()}` } : { error: `timeframe "${pine}": at most ${LIMITS[u.unit]}${u.unit}` };
    const seconds = u.unit === "m" ? u.n * 60 : NaN;
    for (const [tf, sec] of Object.entries(STORE_SECONDS)) if (sec === seconds) return { tf };
    // TradingView builds any count of minutes under a day ("20", "180"); so does the caller, from finer stored bars
    if (u.unit === "m" && u.n > 0 && u.n < 1440) return { tf: `${u.n}m` };
    if (u.unit === "M" && u.n <= 12) return { tf: `${u.n}M` };
    if (u.unit === "S") return { error: `timeframe "${pine}": second bars are not stored, the finest is 1 minute (available: ${AVAILABLE})` };
  }
  return { error: `timeframe "${pine}" is not stored (available: ${AVAILABLE})` };
}

/**
 * The symbol a request names, as the worker resolves it: `""`, the chart's ticker and its ticker
 * identifier (`syminfo.tickerid`, `"NASDAQ:AAPL"` on an AAPL chart) are the chart's own context, named
 * by its ticker; otherwise the text as written (`"NASDAQ:MSFT"` keeps its exchange prefix, matched
 * by the worker against the instrument's: docs/adr/0156-exchange-prefixes.md). An extended ticker
 * identifier (`={"adjustment":"dividends","symbol":"AAPL"}`) names its symbol.
 */
export function requestSymbol(symbol: string | null, chart: TickerParts): string {
  const s = extendedTickerSymbol((symbol ?? "").trim());
  return s === "" || namesInstrument(s, chart) ? chart.ticker : s;
}

/** The key of one requested context: symbol and store timeframe. */
export function contextKey(symbol: string, tf: string): string {
  return `${symbol}@${tf}`;
}

/**
 * The store's hourly timeframes (1h, 2h, 4h) are UTC blocks; TradingView's start at the session's
 * open (docs/adr/0075-session-anchored-periods.md). For an instrument whose periods differ (any
 * but around the clock in UTC), the finer store timeframe to build them from: the largest that
 * divides the period and the minute of each range's start and end (the open, a break's edges); null when the store's bars already are
 * TradingView's. Minutes the store does not hold ("20m") are built the same way, also around the clock in UTC; months from daily
 * bars. `perBar`: how many source bars one bar holds at most.
 */
export function sessionSource(tf: string, session: string | null, tz: string): { timeframe: string; perBar: number } | null {
  const seconds = storeSeconds(tf);
  if (MONTHS.test(tf)) return { timeframe: "1d", perBar: seconds / 86400 };
  const days = DAYS.exec(tf);
  if (days && tf !== "1d") return { timeframe: "1d", perBar: Number(days[1]) };
  const weeks = WEEKS.exec(tf);
  if (weeks && tf !== "1w") return { timeframe: "1w", perBar: Number(weeks[1]) };
  const stored = STORE_SECONDS[tf] !== undefined;
  if (stored && !(seconds >= 3600 && seconds < 86400)) return null;
  if (!(seconds < 86400)) return null;
  const s = parseSession(session);
  const utc = tz === "UTC" || tz === "Etc/UTC";
  if (stored && (s === null || s.always) && utc) return null;
  // every range's start and end (a session with a break starts periods again after it)
  const edges = s === null || s.always ? [0] : s.ranges.flat();
  // the store's 2- and 4-hour bars are UTC blocks: periods in UTC can be made of them (an
  // instrument stored from 4-hour bars has no finer ones), periods in another zone of hours at most
  for (const m of utc ? [240, 120, 60, 30, 15, 5, 1] : [60, 30, 15, 5, 1]) {
    if (edges.some((e) => e % m !== 0) || (seconds / 60) % m !== 0) continue;
    const source = Object.keys(STORE_SECONDS).find((k) => STORE_SECONDS[k] === m * 60)!;
    return source === tf ? null : { timeframe: source, perBar: seconds / (m * 60) };
  }
  return null;
}

/** The Pine period of a store timeframe of months, days or weeks ("3M", "2D", "3W"); null for minutes. */
function longPeriod(tf: string): string | null {
  if (MONTHS.test(tf)) return tf;
  const d = DAYS.exec(tf) ?? WEEKS.exec(tf);
  return d ? `${d[1]}${tf.endsWith("d") ? "D" : "W"}` : null;
}

/**
 * The close (Unix seconds) of the context bar of `tf` opening at `start`, where its length varies
 * (several days: N trading days, docs/adr/0139-multi-day-and-multi-week-periods.md; months: the
 * calendar's, from the 1st at 00:00 UTC); null where it is the timeframe's length or the next bar's
 * open (storeSeconds).
 */
export function periodEnd(tf: string, session: string | undefined): ((start: number) => number) | null {
  const months = MONTHS.exec(tf);
  if (months) return (start) => (sessionPeriod(start * 1000, tf, null, "UTC")?.end ?? NaN) / 1000;
  if (!DAYS.test(tf) || tf === "1d") return null;
  const period = longPeriod(tf)!;
  const anchor = parseSession(session ?? null)?.always === true ? "24x7" : null;
  return (start) => (sessionPeriod(start * 1000, period, anchor, "UTC")?.end ?? NaN) / 1000;
}

/**
 * Bars of `tf` (a store timeframe) built from finer bars as TradingView builds them: periods of
 * session-periods.ts (`sessionPeriod`, from the session's open in `tz`), each dated at its open, with the
 * first open, highest high, lowest low, last close and summed volume of the bars inside it.
 */
export function sessionBars(fine: Bars, tf: string, session: string | null, tz: string): Bars {
  // months, days and weeks are built from daily or weekly bars, which are dated at 00:00 UTC; days
  // count every day for an instrument trading around the clock (its anchor is the same as none's)
  const long = longPeriod(tf);
  const period = long ?? String(storeSeconds(tf) / 60);
  const anchor = long === null ? session : parseSession(session)?.always === true ? "24x7" : null;
  const zone = long === null ? tz : "UTC";
  const n = fine.length;
  const out = { time: new Float64Array(n), open: new Float64Array(n), high: new Float64Array(n), low: new Float64Array(n), close: new Float64Array(n), volume: new Float64Array(n) };
  let k = -1;
  for (let i = 0; i < n; i++) {
    const start = (sessionPeriod(fine.time[i]! * 1000, period, anchor, zone)?.start ?? NaN) / 1000;
    if (k < 0 || start !== out.time[k]) {
      k++;
      out.time[k] = start;
      out.open[k] = fine.open[i]!;
      out.high[k] = fine.high[i]!;
      out.low[k] = fine.low[i]!;
      out.volume[k] = 0;
    } else {
      out.high[k] = Math.max(out.high[k]!, fine.high[i]!);
      out.low[k] = Math.min(out.low[k]!, fine.low[i]!);
    }
    out.close[k] = fine.close[i]!;
    out.volume[k] = out.volume[k]! + fine.volume[i]!;
  }
  const m = k + 1;
  return { length: m, time: out.time.slice(0, m), open: out.open.slice(0, m), high: out.high.slice(0, m), low: out.low.slice(0, m), close: out.close.slice(0, m), volume: out.volume.slice(0, m) };
}
