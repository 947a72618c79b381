// TradingView's ta library (docs/adr/0155-tradingview-ta-intrabar-volume.md): requestUpAndDownVolume
// and requestVolumeDelta, which request intrabars inside the library. A call is a
// request.security_lower_tf site of the chart's symbol at `lowerTimeframe` (the derived Interface
// names that context, derive/requests.ts): while the script runs over the intrabars (capture) the
// site records each intrabar's signed volume, and the chart's run sums the chart bar's intrabars.

import { BAR, taFunction, UNBOUNDED, type CallEmit } from "../../../builtins/record";
import type { PineArray } from "../../array";
import { RequestSite } from "../../request/site";
import { PERIOD_SESSION } from "../../session";
import { tfChange } from "../../time";

/** The library's functions that request the chart symbol's intrabars at their `lowerTimeframe`, by their name in the library (derive/requests.ts finds their contexts). */
export const INTRABAR_REQUEST_NAMES: ReadonlySet<string> = new Set(["requestUpAndDownVolume", "requestVolumeDelta"]);

/** The same as built-ins: request sites, like `request.*` calls (codegen/slice.ts). */
export const INTRABAR_LIBRARY_FUNCTIONS: ReadonlySet<string> = new Set([...INTRABAR_REQUEST_NAMES].map((n) => `ta.${n}`));

/**
 * An intrabar's volume signed by its direction: up (positive) when it closes above its open, down
 * (negative) below it; an intrabar with close == open is up when it closes above the previous
 * intrabar's close, down below it, and otherwise keeps the previous intrabar's direction (up
 * before any). Na volume gives na, which the sums below leave out.
 */
export class IntrabarDirection {
  up = true;
  signed(open: number, close: number, prevClose: number, volume: number): number {
    if (close > open) this.up = true;
    else if (close < open) this.up = false;
    else if (close > prevClose) this.up = true;
    else if (close < prevClose) this.up = false;
    return this.up ? volume : -volume;
  }
}

/** The signed volumes of the chart bar's intrabars (na ones left out); none when there are none. */
function signedVolumes(values: PineArray | null): number[] {
  if (values === null) return [];
  const out: number[] = [];
  for (const v of values.v) if (typeof v === "number" && v === v) out.push(v);
  return out;
}

/** The state of `ta.requestUpAndDownVolume`: `[upVolume, downVolume, upVolume + downVolume]`, the down volume negative. */
export class UpAndDownVolume {
  direction = new IntrabarDirection();
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  update(values: PineArray | null): number {
    let up = 0;
    let down = 0;
    for (const v of signedVolumes(values)) {
      if (v > 0) up += v;
      else down += v;
    }
    this.r1 = down;
    this.r2 = up + down;
    return (this.r0 = up);
  }
}

/**
 * The state of `ta.requestVolumeDelta`: `[openVolume, maxVolume, minVolume, lastVolume]` of the
 * volume delta accumulated since the start of the `cumulativePeriod` period (each chart bar its
 * own period by default): the bar opens at 0 on a period's first bar and at the previous bar's
 * last value otherwise; the signed intrabar volumes are added in time order, and the high and low
 * are the extremes of that running sum, its opening value included.
 */
export class VolumeDelta {
  direction = new IntrabarDirection();
  last = 0;
  r0 = NaN;
  r1 = NaN;
  r2 = NaN;
  r3 = NaN;
  update(values: PineArray | null, newPeriod: boolean): number {
    const open = newPeriod ? 0 : this.last;
    let sum = open;
    let hi = open;
    let lo = open;
    for (const v of signedVolumes(values)) {
      sum += v;
      if (sum > hi) hi = sum;
      if (sum < lo) lo = sum;
    }
    this.last = sum;
    this.r1 = hi;
    this.r2 = lo;
    this.r3 = sum;
    return (this.r0 = open);
  }
}

/**
 * The code of a call: in a context's capture run, the site records the intrabar's signed volume
 * (the call's own values there are of no intrabars: nothing reads them); in the chart's run, the state reads the site's values
 * on the chart bar's intrabars (request.security_lower_tf of the chart's symbol: a timeframe
 * higher than the chart's is its runtime error).
 */
function emitIntrabar(b: CallEmit, impl: typeof UpAndDownVolume | typeof VolumeDelta, extra: string): string {
  const st = b.state(impl);
  const req = b.state(RequestSite);
  const id = `${req}, ${JSON.stringify(`${req}|${impl.name}`)}`;
  const signed = `${st}.direction.signed(${BAR.open}, ${BAR.close}, $i > 0 ? $C[$i - 1] : NaN, ${BAR.volume})`;
  const read = `$rt.req.lowerTf(${id}, $i, "", ${b.a("lowerTimeframe")}, false, false)`;
  // `state.update(...)` first: codegen reads a destructured tuple from that state's r0, r1, ...
  return `${st}.update($rt.req.capturing ? ($rt.req.captureNum(${id}, $i, $C.length, ${signed}), null) : ${read}${extra})`;
}

export const taRequestUpAndDownVolume = taFunction({
  sig: "requestUpAndDownVolume(lowerTimeframe: simple string): series [float, float, float]",
  doc: "TradingView's ta library: `[upVolume, downVolume, delta]` of the chart bar from its intrabars of `lowerTimeframe`: an intrabar's volume is up when it closes above its open, down (negative) below it, else by its close against the previous intrabar's close, else as the previous intrabar.",
  lookback: () => UNBOUNDED,
  emit: (b) => emitIntrabar(b, UpAndDownVolume, ""),
});

export const taRequestVolumeDelta = taFunction({
  sig: 'requestVolumeDelta(lowerTimeframe: simple string, cumulativePeriod: simple string = ""): series [float, float, float, float]',
  doc: "TradingView's ta library: `[openVolume, maxVolume, minVolume, lastVolume]` of the volume delta (up minus down intrabar volume of `lowerTimeframe`, as `requestUpAndDownVolume`) accumulated since the start of the `cumulativePeriod` period (`\"\"`: each chart bar alone): the open is 0 on a period's first bar, else the previous bar's last value; the high and low are the running sum's extremes within the bar.",
  lookback: () => UNBOUNDED,
  emit: (b) => {
    const tf = b.a("cumulativePeriod", '""');
    const anchor = `${b.fn(tfChange)}(${tf}, $rt.tf.period, $T[$i] * 1000, $i > 0 ? $T[$i - 1] * 1000 : NaN, $rt.barZone, ${PERIOD_SESSION})`;
    return emitIntrabar(b, VolumeDelta, `, ${anchor}`);
  },
});
