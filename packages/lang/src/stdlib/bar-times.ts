// Times of the run's bars beyond `time` and `time_close` (stdlib/time.ts): the last bar's open
// time and the trading day a bar belongs to. A run's last bar is the last chart bar, as
// `last_bar_index` (builtins/core.ts) counts it.

import { builtinVariable } from "../builtins/record";
import { sessionPeriod } from "./session-periods";
import { parseSession } from "./session-spec";

const DAY_MS = 86_400_000;

/**
 * `time_tradingday` (ms): 00:00 UTC of the trading day the bar at `ms` belongs to. Intraday, the
 * day of the instrument's session in its zone (an overnight session's day is the one after it
 * opens); daily bars are dated at 00:00 UTC of their day already; a longer bar (closing at
 * `closeMs`) gives its last trading day: its last day the session trades on, Monday to Friday
 * unless the session runs around the clock (holidays are not known).
 */
export function tradingDayTime(ms: number, closeMs: number, intraday: boolean, multiplier: number, daily: boolean, session: string, tz: string): number {
  if (ms !== ms) return NaN;
  if (intraday) return sessionPeriod(ms, "1D", session, tz)?.start ?? NaN;
  if (daily && multiplier === 1) return Math.floor(ms / DAY_MS) * DAY_MS;
  const first = Math.floor(ms / DAY_MS);
  let day = Math.floor((closeMs - 1) / DAY_MS);
  const always = parseSession(session)?.always === true;
  // 1970-01-01 was a Thursday: (day + 4) % 7 is 0 on Sundays, 6 on Saturdays
  while (!always && day > first && ((day + 4) % 7 === 0 || (day + 4) % 7 === 6)) day--;
  return day * DAY_MS;
}

export const timeTradingday = builtinVariable({
  name: "time_tradingday",
  type: "series int",
  doc: "00:00 UTC of the trading day the bar belongs to, in Unix milliseconds (on weekly and monthly bars, their last trading day).",
  emit: (b) => `${b.fn(tradingDayTime)}($T[$i] * 1000, $rt.timeClose($i), $rt.tf.isintraday, $rt.tf.multiplier, $rt.tf.isdaily, $rt.sessionSpec, $rt.timezone)`,
});

export const lastBarTime = builtinVariable({
  name: "last_bar_time",
  type: "series int",
  doc: "The open time of the run's last bar, in Unix milliseconds (as `time` reads it).",
  emit: "($TV[$rt.n - 1] * 1000)",
});
