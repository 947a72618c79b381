// Bars grouped into longer bars, as the bar store builds them: daily bars into weeks (Monday
// 00:00 UTC; the weekly contexts the corpus test supplies and the weeks the expected values are
// computed over) and one-minute bars into five-minute bars (the chart of the intrabar scripts).
// Plain loops over the rows, sharing no code with packages/lang.
import type { Bars } from "../../src/types";
import { weekOf, type Series } from "./reference";

/** Monday 00:00 UTC of the week holding `t` (reference.ts's weekOf counts weeks from Monday 1969-12-29, three days before the epoch). */
const weekStart = (t: number): number => weekOf(t) * 7 * 86400 - 3 * 86400;

/** One bar per period, `startOf(t)` a bar's period: first open, highest high, lowest low, last close, summed volume. */
function groupBars(d: Bars, startOf: (t: number) => number): Bars {
  const rows: number[][] = [];
  for (let i = 0; i < d.length; i++) {
    const start = startOf(d.time[i]!);
    const last = rows[rows.length - 1];
    if (last && last[0] === start) {
      last[2] = Math.max(last[2]!, d.high[i]!);
      last[3] = Math.min(last[3]!, d.low[i]!);
      last[4] = d.close[i]!;
      last[5]! += d.volume[i]!;
    } else rows.push([start, d.open[i]!, d.high[i]!, d.low[i]!, d.close[i]!, d.volume[i]!]);
  }
  const col = (k: number): Series => Float64Array.from(rows, (row) => row[k]!);
  return { length: rows.length, time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

export function weekly(d: Bars): Bars {
  return groupBars(d, weekStart);
}

/** Five-minute bars, each from the minutes opening in it. */
export function fiveMinuteBars(m: Bars): Bars {
  return groupBars(m, (t) => Math.floor(t / 300) * 300);
}
