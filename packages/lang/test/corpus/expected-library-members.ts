// Expected outputs of the scripts that use a library's constants inside its functions, its enum
// through the import alias and its exported methods, and of a map walked by key-value pairs:
// reference.ts's loops and plain JavaScript. Shares no code with packages/lang.
import type { Bars } from "../../src/types";
import type { Check } from "./expected";
import * as r from "./reference";
import { STRUCTURES } from "./expected-structures";

type Series = r.Series;
const nans = (n: number): Series => new Float64Array(n).fill(NaN);

/**
 * EMA(10) / EMA(40) crosses counted by kind, with the last signal's side and its open return.
 * The library writes `crossover ? buy : crossunder ? sell : none`: ta.crossunder runs only on bars
 * without a crossover, so its "previous" values are those of its previous run (Pine's built-ins
 * keep their own history, updated when called).
 */
function signalTracker(b: Bars): Record<string, Series> {
  const fast = r.ema(b.close, 10);
  const slow = r.ema(b.close, 40);
  const out = { buys: nans(b.length), sells: nans(b.length), last_signal: nans(b.length), open_signal_return: nans(b.length) };
  let buys = 0;
  let sells = 0;
  let lastBuy = NaN;
  let lastSell = NaN;
  let side = 0;
  let underFast = NaN;
  let underSlow = NaN;
  const crossunder = (i: number): boolean => {
    const was = underFast >= underSlow;
    underFast = fast[i]!;
    underSlow = slow[i]!;
    return fast[i]! < slow[i]! && was;
  };
  for (let i = 0; i < b.length; i++) {
    const c = b.close[i]!;
    if (r.crossover(fast, slow, i)) {
      buys++;
      lastBuy = c;
      side = 1;
    } else if (crossunder(i)) {
      sells++;
      lastSell = c;
      side = -1;
    }
    out.buys[i] = buys;
    out.sells[i] = sells;
    out.last_signal[i] = side;
    out.open_signal_return[i] = side === 1 ? c / lastBuy - 1 : side === -1 ? 1 - c / lastSell : NaN;
  }
  return out;
}

export const LIBRARY_MEMBERS: Record<string, Check> = {
  // the same computations as library_levels/ and map_level_touches.pine, written differently
  "library_levels_in_function/": STRUCTURES["library_levels/"]!,
  "map_level_touches_pairs.pine": STRUCTURES["map_level_touches.pine"]!,
  "library_signals_enum/": (b) => ({ outputs: signalTracker(b) }),
  "library_signals_method/": (b) => ({ outputs: signalTracker(b) }),
};
