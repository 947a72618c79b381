// When the trading days of a daily, weekly or monthly context begin, for aligning an intraday
// chart with it (docs/adr/0245-intraday-charts-see-their-trading-day.md). The store dates such bars
// at 00:00 UTC of their first trading day; an intraday chart bar belongs to the trading day of its
// exchange: from local midnight in the exchange's zone (pre-market included: an open point of the ADR), or from the
// session's open the evening before for an overnight session (docs/adr/0075). A US equity's
// post-market bar at 19:30 New York in winter (00:30 UTC of the next date) is that day's, not the
// next's. An instrument around the clock, or without a session, keeps the UTC dates.

import { parseSession } from "../session-spec";
import { sessionBound, tradingDays } from "../session-periods";
import { local, zone } from "../time-zones";

const DAY_S = 86_400;
/** Store timeframes of days, weeks and months ("1d", "2w", "3M"). */
const LONG = /^\d+[dwM]$/;

/** Unix seconds of wall-clock midnight of the UTC-dated day `daySeconds` in `tz`. */
function localMidnight(daySeconds: number, tz: string): number {
  const loc = daySeconds * 1000;
  const z = zone(tz);
  return (loc - z.offset(loc - z.offset(loc))) / 1000;
}

/**
 * The start (Unix seconds) of the trading period dated `start` (00:00 UTC) and ending at `end`:
 * local midnight of that date, or the session's open the evening before when it opens earlier
 * (an overnight session); null when the dates stay as they are.
 */
export type PeriodStart = (start: number, end: number) => number;

export function tradingPeriodStart(session: string | undefined, tz: string | undefined): PeriodStart | null {
  if (session === undefined || tz === undefined) return null;
  const s = parseSession(session);
  if (s === null || s.always) return null;
  return (start, end) => {
    const midnight = localMidnight(start, tz);
    const open = sessionBound(start * 1000, end * 1000, false, session, tz) / 1000;
    return open === open && open < midnight ? open : midnight;
  };
}

/**
 * A long (day or longer) context's bar opens moved to the start of their trading periods, and the
 * end of its stored data, for an intraday chart's alignment; null when nothing moves (the chart
 * is daily or longer, the context intraday, or the instrument trades around the clock).
 */
export function tradingPeriodTimes(
  ctxTime: Float64Array,
  ctxTf: string,
  chartSeconds: number,
  session: string | undefined,
  tz: string | undefined,
  dataEnd: number | undefined,
  ctxEnd: ((start: number) => number) | null,
): { time: Float64Array; dataEnd: number | undefined; end: ((start: number) => number) | null } | null {
  // only a chart of minutes or seconds (a timeframe the store does not name, "1D", is not one)
  if (!(chartSeconds < DAY_S) || !LONG.test(ctxTf)) return null;
  const startOf = tradingPeriodStart(session, tz);
  if (startOf === null) return null;
  const m = ctxTime.length;
  const time = new Float64Array(m);
  const original = new Map<number, number>();
  for (let j = 0; j < m; j++) {
    const s = ctxTime[j]!;
    const e = ctxEnd ? ctxEnd(s) : j + 1 < m ? ctxTime[j + 1]! : s + DAY_S;
    time[j] = startOf(s, e);
    original.set(time[j]!, s);
  }
  // The data end is an instant (the finest series' last close), compared with the chart bar's close
  // as it is; at 00:00 UTC it may be a daily store's date boundary, whose trading day ended earlier
  // east of UTC, at local midnight: the earlier of the two (docs/adr/0270).
  const moved = dataEnd === undefined ? undefined : dataEnd % DAY_S === 0 ? Math.min(dataEnd, startOf(dataEnd, dataEnd + DAY_S)) : dataEnd;
  // a period of several trading days ends where the trading day after its last begins
  const end = ctxEnd
    ? (start: number): number => {
        const s = original.get(start);
        if (s === undefined) return NaN;
        const e = ctxEnd(s);
        return startOf(e, e + DAY_S);
      }
    : null;
  return { time, dataEnd: moved, end };
}

/**
 * When the chart's next bar would open after its bar opening at `open` (Unix seconds) and lasting
 * `chartSeconds`, by the instrument's session: the next trading day's open (on a daily or longer
 * chart, its date at 00:00 UTC) for a bar that reaches its trading day's session close, else the
 * bar's close. The run's last bar has no next bar: a context period that this open does not fall
 * in is closed by that bar, as TradingView's period closes at the session's close on its last
 * trading day (docs/adr/0295). null: the instrument trades around the clock or has no session.
 */
export function nextSessionOpen(chartSeconds: number, session: string | undefined, tz: string | undefined): ((open: number) => number) | null {
  if (session === undefined || tz === undefined) return null;
  const trades = tradingDays(session);
  if (trades === null) return null;
  if (chartSeconds >= DAY_S) {
    // dated days: the first trading date from the bar's close on
    return (open) => {
      let day = Math.floor((open + chartSeconds) / DAY_S);
      for (let k = 0; k < 7 && !trades(day); k++) day++;
      return day * DAY_S;
    };
  }
  return (open) => {
    const close = open + chartSeconds;
    // the trading day of the bar's open, and the session's close that day
    const day = Math.floor(local(open * 1000, tz) / (DAY_S * 1000));
    const sessionClose = sessionBound(day * DAY_S * 1000, (day + 1) * DAY_S * 1000, true, session, tz) / 1000;
    if (!trades(day) || !(open < sessionClose && close >= sessionClose)) return close;
    for (let next = day + 1; next <= day + 8; next++) {
      if (trades(next)) return sessionBound(next * DAY_S * 1000, (next + 1) * DAY_S * 1000, false, session, tz) / 1000;
    }
    return close;
  };
}
