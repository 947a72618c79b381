// TradingView's ta library (docs/adr/0138-tradingview-ta-relative-volume.md): relativeVolume, the
// volume since the start of a period of another timeframe beside the average volume at the same
// time into the last periods, written from the definitions the library and its RelativeValue
// library publish. Periods are those of timeframe.change and time(timeframe) (stdlib/session.ts).

import { BAR, taFunction, UNBOUNDED, update } from "../../../builtins/record";
import { PERIOD_SESSION, sessionTimeAt } from "../../session";
import { tfChange } from "../../time";

/** One period's values (cumulative or not) and the times of its bars, from its start (`time(timeframe)`). */
interface Period {
  start: number;
  times: number[];
  data: number[];
}

/**
 * The value of `p` at `offset` ms into it: at its last bar opening at or before `start + offset`
 * (RelativeValue's binary_search_leftmost). A period whose first bar opens later gives -1 there,
 * which the library reads with `array.get(-1)`: its last value.
 */
function valueAt(p: Period, offset: number): number {
  const target = p.start + offset;
  let lo = 0;
  let hi = p.times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (p.times[mid]! <= target) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? p.data[p.data.length - 1]! : p.data[found]!;
}

/**
 * The state of `ta.relativeVolume`: `[currVol, pastVol, currVol / pastVol]`. `currVol` is the
 * volume summed since the period's first bar (`isCumulative`, RelativeValue's calcCumulativeSeries:
 * 0 before the first period change, an na volume na until the next) or the bar's volume; `pastVol`
 * the mean, over the last `length` finished periods (the first, partial one included), of each
 * one's value at the current bar's time into its period (averageAtTime): na before a period has
 * finished (0 / 0). `adjustRealtime` changes only unconfirmed bars, and every bar of a run is
 * confirmed.
 */
export class RelativeVolume {
  sum = 0;
  past: Period[] = [];
  current: Period | null = null;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  update(volume: number, time: number, anchor: boolean, periodStart: number, length: number, isCumulative: boolean): number {
    if (anchor) this.sum = 0;
    this.sum += volume;
    const src = isCumulative ? this.sum : volume;
    if (this.current === null) this.current = { start: periodStart, times: [], data: [] };
    if (anchor) {
      this.past.push(this.current);
      if (this.past.length > length) this.past.shift();
      this.current = { start: periodStart, times: [], data: [] };
    }
    this.current.times.push(time);
    this.current.data.push(src);
    const offset = time - this.current.start;
    let total = 0;
    for (const p of this.past) total += valueAt(p, offset);
    const pastVol = this.past.length === 0 ? NaN : total / this.past.length;
    this.r1 = pastVol;
    this.r2 = pastVol === 0 ? NaN : src / pastVol;
    return (this.r0 = src);
  }
}

export const taRelativeVolume = taFunction({
  sig: "relativeVolume(length: simple int, anchorTimeframe: simple string = \"D\", isCumulative: simple bool = true, adjustRealtime: simple bool = true): series [float, float, float]",
  doc: "TradingView's ta library: relative volume `[currVol, pastVol, currVol / pastVol]`: the volume since the last change of `anchorTimeframe` (the bar's volume when `isCumulative` is false) and the average, over the last `length` periods of `anchorTimeframe`, of that volume at the same time into each period.",
  lookback: () => UNBOUNDED,
  emit: update(RelativeVolume, (b) => {
    const tf = b.a("anchorTimeframe", '"D"');
    const anchor = `${b.fn(tfChange)}(${tf}, $rt.tf.period, $T[$i] * 1000, $i > 0 ? $T[$i - 1] * 1000 : NaN, $rt.barZone, ${PERIOD_SESSION})`;
    const start = `${b.fn(sessionTimeAt)}($T, $i, 0, 0, $rt.barSeconds(), ${tf}, null, $rt.timezone, false, ${PERIOD_SESSION}, $rt.barZone, $rt.sessionSpec, $rt.timezone)`;
    return [BAR.volume, `(${BAR.time} * 1000)`, anchor, start, b.a("length"), b.a("isCumulative", "true")];
  }),
});
