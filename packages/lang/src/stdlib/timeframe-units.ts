// Pine's timeframe strings ("30S", "1" minutes, "240", "D"/"1D", "W", "3M"; TradingView's user
// manual, "Timeframe string specifications"), read once here for every reader: the periods of
// session.ts, `timeframe.in_seconds`/`from_seconds` and the store timeframes of requests
// (request/timeframes.ts). The bar store's own table (packages/marketdata/src/timeframes.ts) is
// another package's and the layering keeps them apart (packages/lang imports nothing).

export interface TfUnit {
  unit: "S" | "m" | "D" | "W" | "M";
  n: number;
}

const cache = new Map<string, TfUnit | null>();

/** A timeframe string as unit and multiplier ("240" is 240 minutes, "D" one day), or null when it is not one. */
export function pineTimeframe(tf: string): TfUnit | null {
  const cached = cache.get(tf);
  if (cached !== undefined) return cached;
  const m = /^(\d*)([SDWM]?)$/.exec(tf.trim());
  const n = m ? (m[1] === "" ? 1 : Number(m[1])) : 0;
  // "" alone (no digits, no unit) is the chart's, not a timeframe of its own
  const r: TfUnit | null = m && n > 0 && (m[1] !== "" || m[2] !== "") ? { unit: m[2] === "" ? "m" : (m[2] as TfUnit["unit"]), n } : null;
  if (cache.size > 256) cache.clear();
  cache.set(tf, r);
  return r;
}

/**
 * Seconds of one month: 2628003 (30.4167 days, rounded), and N months N times that, as the reference's
 * `timeframe.in_seconds` remark says ("12M" is 31536036, not 30.4167 days times 12 rounded once).
 */
const MONTH_SECONDS = 2_628_003;
const UNIT_SECONDS: Readonly<Record<TfUnit["unit"], number>> = { S: 1, m: 60, D: 86_400, W: 604_800, M: MONTH_SECONDS };

/** `timeframe.in_seconds(tf)`: seconds of one bar of `tf` (`chart` when `tf` is ""); na for an invalid string. */
export function inSeconds(tf: string | null, chart: string): number {
  const u = pineTimeframe(tf === null || tf.trim() === "" ? chart : tf);
  return u === null ? NaN : u.n * UNIT_SECONDS[u.unit];
}

/** The multipliers TradingView takes for seconds; minutes go to 1440, days to 365, weeks to 52, months to 12. */
const SECOND_STEPS = [1, 5, 10, 15, 30, 45];
const DAY = 86_400;
const WEEK = 604_800;

/**
 * `timeframe.from_seconds(s)` as TradingView's reference states it: the valid timeframe of `s`
 * seconds, else the next larger one (1 second or less "1S", 2-5 "5S", 604,799 "7D"); when `s`
 * is exactly several, the larger unit (604,800 is "1W", 86,400 "1D"); above 366 days "12M".
 */
export function fromSeconds(s: number): string | null {
  if (s !== s) return null;
  if (s <= 45) return `${SECOND_STEPS.find((k) => k >= s) ?? 1}S`;
  if (s < DAY) return String(Math.ceil(s / 60));
  if (s > 366 * DAY) return "12M";
  if (s % MONTH_SECONDS === 0) return `${s / MONTH_SECONDS}M`;
  if (s % WEEK === 0 && s / WEEK <= 52) return `${s / WEEK}W`;
  const days = Math.ceil(s / DAY);
  return days <= 365 ? `${days}D` : "12M";
}

// Multi-day periods ("2D", "5D"): N trading days each, weekends skipped
// (docs/adr/0139-multi-day-and-multi-week-periods.md). An instrument that trades every day (its
// session around the clock, "24x7") counts every day; any other counts Monday to Friday. The count
// starts on Monday 1970-01-05, where multi-week periods start too, so a period does not depend on
// where a run's data begins. Holidays are not known: a weekday without a bar still counts.

/** 1970-01-05, the first Monday after the epoch, in days: weeks (and multi-day counts) start there. */
export const FIRST_MONDAY = 4;

/** Days (since the epoch) of the trading-day period of `n` days holding day `date`: [start, end), end the day after its last trading day. */
export function tradingDaysPeriod(date: number, n: number, everyDay: boolean): { start: number; end: number } {
  if (everyDay) {
    const d = Math.floor((date - FIRST_MONDAY) / n) * n + FIRST_MONDAY;
    return { start: d, end: d + n };
  }
  // weekdays: Monday 0 ... Friday 4; a Saturday or Sunday belongs with the Friday before it
  const week = Math.floor((date - FIRST_MONDAY) / 7);
  const dow = date - FIRST_MONDAY - week * 7;
  const index = week * 5 + Math.min(dow, 4);
  const first = Math.floor(index / n) * n;
  return { start: weekdayDate(first), end: weekdayDate(first + n - 1) + 1 };
}

/** The day (since the epoch) of weekday number `k` counted from Monday 1970-01-05. */
function weekdayDate(k: number): number {
  const week = Math.floor(k / 5);
  return FIRST_MONDAY + week * 7 + (k - week * 5);
}

