// ta.* (LANGUAGE.md item 10): every function is stateful (one state per call site). Length
// qualifiers follow Pine v6's reference: `simple int` where Pine needs the length before the
// first bar (recursive averages), `series int` where it may change per bar.

import type { TableBuilder } from "./signature";

export function addTa(t: TableBuilder): void {
  const f = (sig: string, doc: string): void => t.fn(`ta.${sig}`, doc, true);
  f("sma(source: series float, length: series int): series float", "Simple moving average: the mean of the last `length` values.");
  f("ema(source: series float, length: simple int): series float", "Exponential moving average (alpha = 2 / (length + 1)), seeded with the SMA of the first `length` values.");
  f("rma(source: series float, length: simple int): series float", "Wilder's moving average (alpha = 1 / length), seeded with the SMA of the first `length` values.");
  f("wma(source: series float, length: series int): series float", "Weighted moving average with linearly decreasing weights.");
  f("vwma(source: series float, length: series int): series float", "Volume-weighted moving average: sma(source * volume) / sma(volume).");
  f("hma(source: series float, length: simple int): series float", "Hull moving average: wma(2 * wma(src, len/2) - wma(src, len), floor(sqrt(len))).");
  f("alma(series: series float, length: series int, offset: simple float, sigma: simple float, floor: simple bool = false): series float", "Arnaud Legoux moving average (Gaussian weights centred at `offset`).");
  f("swma(source: series float): series float", "Symmetrically weighted moving average over 4 bars (weights 1/6, 2/6, 2/6, 1/6).");
  f("atr(length: simple int): series float", "Average true range: rma of the true range.");
  f("tr(handle_na: simple bool = false): series float", "True range; on the first bar high - low.");
  f("highest(source: series float, length: series int): series float", "Highest value of the last `length` bars.");
  f("highest(length: series int): series float", "Highest `high` of the last `length` bars.");
  f("lowest(source: series float, length: series int): series float", "Lowest value of the last `length` bars.");
  f("lowest(length: series int): series float", "Lowest `low` of the last `length` bars.");
  f("highestbars(source: series float, length: series int): series int", "Offset (<= 0) to the highest value of the last `length` bars.");
  f("highestbars(length: series int): series int", "Offset (<= 0) to the highest `high` of the last `length` bars.");
  f("lowestbars(source: series float, length: series int): series int", "Offset (<= 0) to the lowest value of the last `length` bars.");
  f("lowestbars(length: series int): series int", "Offset (<= 0) to the lowest `low` of the last `length` bars.");
  f("pivothigh(source: series float, leftbars: series int, rightbars: series int): series float", "The pivot high `rightbars` bars ago, or na.");
  f("pivothigh(leftbars: series int, rightbars: series int): series float", "The pivot high of `high` `rightbars` bars ago, or na.");
  f("pivotlow(source: series float, leftbars: series int, rightbars: series int): series float", "The pivot low `rightbars` bars ago, or na.");
  f("pivotlow(leftbars: series int, rightbars: series int): series float", "The pivot low of `low` `rightbars` bars ago, or na.");
  f("crossover(source1: series float, source2: series float): series bool", "True when `source1` crosses above `source2` on this bar.");
  f("crossunder(source1: series float, source2: series float): series bool", "True when `source1` crosses below `source2` on this bar.");
  f("cross(source1: series float, source2: series float): series bool", "True when the two series cross on this bar.");
  f("stdev(source: series float, length: series int, biased: series bool = true): series float", "Standard deviation of the last `length` values (population form when biased).");
  f("variance(source: series float, length: series int, biased: series bool = true): series float", "Variance of the last `length` values (population form when biased).");
  f("dev(source: series float, length: series int): series float", "Mean absolute deviation from the SMA over `length` values.");
  f("rsi(source: series float, length: simple int): series float", "Relative strength index: 100 - 100 / (1 + rma(up) / rma(down)).");
  f("change(source: series T, length: series int = 1): series T", "`source - source[length]` (for bools: whether it changed).");
  f("mom(source: series float, length: series int): series float", "Momentum: `source - source[length]`.");
  f("roc(source: series float, length: series int): series float", "Rate of change: 100 * (source - source[length]) / source[length].");
  f("cum(source: series float): series float", "Cumulative sum of `source` since the first bar.");
  f("percentrank(source: series float, length: series int): series float", "Percent of the previous `length` values that are <= the current one.");
  f("barssince(condition: series bool): series int", "Bars since `condition` was last true (na before it ever was).");
  f("valuewhen(condition: series bool, source: series T, occurrence: simple int): series T", "`source` on the `occurrence`-th most recent bar where `condition` was true.");
  f("dmi(diLength: simple int, adxSmoothing: simple int): series [float, float, float]", "Directional movement index: [+DI, -DI, ADX].");
  f("stoch(source: series float, high: series float, low: series float, length: series int): series float", "Stochastic: 100 * (source - lowest(low)) / (highest(high) - lowest(low)).");
  f("cci(source: series float, length: series int): series float", "Commodity channel index: (src - sma) / (0.015 * dev).");
  f("mfi(series: series float, length: series int): series float", "Money flow index over `length` bars.");
  f("macd(source: series float, fastlen: simple int, slowlen: simple int, siglen: simple int): series [float, float, float]", "MACD: [macd line, signal line, histogram].");
  f("bb(series: series float, length: series int, mult: simple float): series [float, float, float]", "Bollinger bands: [middle, upper, lower].");
  f("bbw(series: series float, length: series int, mult: simple float): series float", "Bollinger band width: 100 * (upper - lower) / middle.");
  f("kc(series: series float, length: simple int, mult: simple float, useTrueRange: simple bool = true): series [float, float, float]", "Keltner channels: [middle, upper, lower] around an EMA.");
  f("kcw(series: series float, length: simple int, mult: simple float, useTrueRange: simple bool = true): series float", "Keltner channel width: (upper - lower) / middle.");
  f("linreg(source: series float, length: series int, offset: simple int): series float", "Linear regression value at `offset` over the last `length` values.");
  f("correlation(source1: series float, source2: series float, length: series int): series float", "Pearson correlation of the two series over `length` bars.");
  f("supertrend(factor: series float, atrPeriod: simple int): series [float, int]", "Supertrend: [line, direction (-1 up, 1 down)].");
  f("vwap(source: series float): series float", "Volume-weighted average price since the start of the session.");
  f("sar(start: simple float, inc: simple float, max: simple float): series float", "Parabolic stop and reverse.");
  f("median(source: series float, length: series int): series float", "Median of the last `length` values.");
  f("mode(source: series float, length: series int): series float", "Most frequent of the last `length` values (the smallest on ties).");
  f("range(source: series float, length: series int): series float", "highest - lowest of the last `length` values.");
  f("rising(source: series float, length: series int): series bool", "True when `source` is greater than each of its previous `length` values.");
  f("falling(source: series float, length: series int): series bool", "True when `source` is less than each of its previous `length` values.");
  f("cmo(series: series float, length: series int): series float", "Chande momentum oscillator: 100 * (sum of gains - sum of losses) / (sum of gains + sum of losses) over `length` bars.");
  f("cog(source: series float, length: series int): series float", "Center of gravity: -sum(source[i] * (i + 1)) / sum(source) over `length` bars.");
  f("tsi(source: series float, short_length: simple int, long_length: simple int): series float", "True strength index, in [-1, 1]: double-smoothed (EMA of `long_length`, then of `short_length`) momentum over double-smoothed absolute momentum.");
  f("wpr(length: series int): series float", "Williams %R: 100 * (close - highest(high)) / (highest(high) - lowest(low)) over `length` bars.");
  f("max(source: series float): series float", "The highest value of `source` since the first bar (na ignored).");
  f("min(source: series float): series float", "The lowest value of `source` since the first bar (na ignored).");
  t.variable("ta.tr", "series float", "True range (na on the first bar).");
  t.variable("ta.vwap", "series float", "vwap(hlc3).");
  t.variable("ta.obv", "series float", "On-balance volume.");
  t.variable("ta.accdist", "series float", "Accumulation/distribution.");
  t.fn("math.sum(source: series float, length: series int): series float", "Sum of the last `length` values.", true);
}
