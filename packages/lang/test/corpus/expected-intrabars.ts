// Expected outputs of the scripts reading one-minute intrabars, over SPY five-minute bars built
// from the one-minute bars of January 2011 (each five-minute bar is exactly the minutes opening
// inside it, which request.security_lower_tf returns in time order). Shares no code with
// packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import * as r from "./reference";
import { readSpyMinutes } from "./spy-minutes";

type Series = r.Series;
const nans = (n: number): Series => new Float64Array(n).fill(NaN);

let cache: Bars | null = null;
const oneMinute = (): Bars => (cache ??= readSpyMinutes());

/** Per chart bar, the indices of the minutes opening in [its open, its open + 5 minutes). */
function intrabars(chart: Bars, m: Bars): number[][] {
  const out: number[][] = [];
  let k = 0;
  for (let i = 0; i < chart.length; i++) {
    const from = chart.time[i]!;
    const to = from + 300;
    while (k < m.length && m.time[k]! < from) k++;
    const list: number[] = [];
    while (k < m.length && m.time[k]! < to) list.push(k++);
    out.push(list);
  }
  return out;
}

function volumeDelta(b: Bars): Record<string, Series> {
  const m = oneMinute();
  const inside = intrabars(b, m);
  const delta = nans(b.length);
  const count = nans(b.length);
  const range = nans(b.length);
  const cum = nans(b.length);
  let total = 0;
  inside.forEach((ks, i) => {
    let up = 0;
    let down = 0;
    for (const k of ks) {
      if (m.close[k]! > m.open[k]!) up += m.volume[k]!;
      else if (m.close[k]! < m.open[k]!) down += m.volume[k]!;
    }
    delta[i] = up - down;
    total += up - down;
    cum[i] = total;
    count[i] = ks.length;
    const closes = ks.map((k) => m.close[k]!);
    range[i] = ks.length > 0 ? Math.max(...closes) - Math.min(...closes) : NaN;
  });
  return { volume_delta: delta, delta_average: r.sma(delta, 12), intrabars: count, intrabar_close_range: range, cumulative_delta: cum };
}

/** The same delta from a tuple request, with the intrabars' high-low range and first-open-to-last-close move. */
function tupleDelta(b: Bars): Record<string, Series> {
  const m = oneMinute();
  const inside = intrabars(b, m);
  const { volume_delta, intrabars: count } = volumeDelta(b);
  const range = nans(b.length);
  const move = nans(b.length);
  inside.forEach((ks, i) => {
    if (ks.length === 0) return;
    range[i] = Math.max(...ks.map((k) => m.high[k]!)) - Math.min(...ks.map((k) => m.low[k]!));
    move[i] = m.close[ks[ks.length - 1]!]! - m.open[ks[0]!]!;
  });
  return { volume_delta: volume_delta!, intrabars: count!, intrabar_range: range, intrabar_move: move };
}

export const INTRABAR_SCRIPTS: string[] = ["intrabar_volume_delta.pine", "intrabar_tuple_delta.pine"];

export const INTRABARS: Record<string, Check> = {
  "intrabar_volume_delta.pine": (b) => ({ outputs: volumeDelta(b) }),
  "intrabar_tuple_delta.pine": (b) => ({ outputs: tupleDelta(b) }),
};
