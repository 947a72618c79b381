// Bars grouped into longer bars, as the bar store builds them: daily bars into weeks (Monday
// 00:00 UTC; the weekly contexts the corpus test supplies and the weeks the expected values are
// computed over) and one-minute bars into five-minute bars (the chart of the intrabar scripts).
// Plain loops over the rows, sharing no code with packages/lang.
import type { Bars } from "../../src/types";
import { groupBarsOf } from "../support/demo-bars";
import { weekOf } from "./reference";

/** Monday 00:00 UTC of the week holding `t` (reference.ts's weekOf counts weeks from Monday 1969-12-29, three days before the epoch). */
const weekStart = (t: number): number => weekOf(t) * 7 * 86400 - 3 * 86400;


export function weekly(d: Bars): Bars {
  return groupBarsOf(d, weekStart).bars;
}

/** Five-minute bars, each from the minutes opening in it. */
export function fiveMinuteBars(m: Bars): Bars {
  return groupBarsOf(m, (t) => Math.floor(t / 300) * 300).bars;
}
