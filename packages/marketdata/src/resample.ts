// Resampling to a larger timeframe: UTC-aligned buckets (weeks from Monday 00:00 UTC), open of
// the first bar, highest high, lowest low, close of the last bar, summed volume. A bucket with no
// source bar produces no bar: gaps stay gaps.
import { allocBars, sliceBars, type BarColumns } from "./bars";
import { alignTime, timeframeIndex, type Timeframe } from "./timeframes";

export function resample(source: BarColumns, from: Timeframe, to: Timeframe): BarColumns {
  if (timeframeIndex(to) <= timeframeIndex(from)) {
    throw new Error(`resample: ${to} is not larger than ${from}`);
  }
  const n = source.length;
  const out = allocBars(n);
  let k = -1;
  let bucket = NaN;
  for (let i = 0; i < n; i++) {
    const t = source.time[i] as number;
    const b = alignTime(t, to);
    const o = source.open[i] as number;
    const h = source.high[i] as number;
    const l = source.low[i] as number;
    const c = source.close[i] as number;
    const v = source.volume[i] as number;
    if (b !== bucket) {
      k++;
      bucket = b;
      out.time[k] = b;
      out.open[k] = o;
      out.high[k] = h;
      out.low[k] = l;
      out.close[k] = c;
      out.volume[k] = v;
    } else {
      if (h > (out.high[k] as number)) out.high[k] = h;
      if (l < (out.low[k] as number)) out.low[k] = l;
      out.close[k] = c;
      out.volume[k] = (out.volume[k] as number) + v;
    }
  }
  return sliceBars(out, 0, k + 1);
}
