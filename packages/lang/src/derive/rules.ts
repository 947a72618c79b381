// Lookback rules of the built-ins (LANGUAGE.md "Warmup"): the bars of history a call needs
// beyond those its inputs need, so that its value matches evaluation from the first bar to 1e-10.
//
//   fixed windows need their length n:        sma wma vwma highest lowest highestbars lowestbars
//       stdev variance dev median mode range percentrank linreg correlation stoch cci rising
//       falling mom roc change alma bb bbw math.sum                     -> n
//   mfi(n)      = n + 1        (typed price change needs the previous bar)
//   cmo(n)      = n + 1        (sums of the last n changes), cog(n) = wpr(n) = n
//   tsi(s, l)   = 12 l + 12 s + 1  (change, then ema(l), then ema(s))
//   swma        = 4            (fixed 4-bar window)
//   hma(n)      = n + floor(sqrt(n))   (wma(n) feeding wma(sqrt n))
//   crossover crossunder cross = 1, ta.tr / tr() = 1 (previous close)
//   pivothigh/pivotlow(l, r) = l + r
//   recursive ones: ema(n) = 12 n (alpha = 2/(n+1): (1-alpha)^(12n) < 1e-10 for n >= 1 ... about),
//       rma(n) = 23 n (alpha = 1/n), rsi(n) = 23 n + 1 (change, then rma),
//       atr(n) = 23 n + 1 (true range needs close[1], then rma),
//       dmi(d, a) = 23 d + 23 a + 1, macd(f, s, g) = 12 max(f, s) + 12 g,
//       kc/kcw(n) = 12 n + 1 (ema of the true range), supertrend(f, n) = 23 n + 1
//   never stop depending on the start (unbounded -> the 5,000 cap): cum, max, min, sar, vwap (function and
//       variable), obv, accdist, barssince, valuewhen, fixnan, bar_index, and `var`/`varip`
//       variables that are reassigned.
//   everything else (math.*, str.*, color.*, array.*, na, nz, inputs, plots) adds 0.
//
// The length arguments must be known at compile time (constants or input defaults); a length
// that is a series makes the call unbounded.

export const UNBOUNDED = Number.POSITIVE_INFINITY;

/** Own lookback from the constant values of the arguments (by parameter name); NaN = unknown. */
export type LookbackRule = (arg: (name: string) => number) => number;

const fixed =
  (param = "length"): LookbackRule =>
  (arg) =>
    arg(param);

export const LOOKBACK_RULES: ReadonlyMap<string, LookbackRule> = new Map<string, LookbackRule>([
  ...[
    "ta.sma", "ta.wma", "ta.vwma", "ta.highest", "ta.lowest", "ta.highestbars", "ta.lowestbars", "ta.stdev", "ta.variance",
    "ta.dev", "ta.median", "ta.mode", "ta.range", "ta.percentrank", "ta.linreg", "ta.correlation", "ta.stoch", "ta.cci",
    "ta.rising", "ta.falling", "ta.mom", "ta.roc", "ta.change", "ta.alma", "ta.bb", "ta.bbw", "math.sum",
  ].map((n): [string, LookbackRule] => [n, fixed()]),
  ["ta.mfi", (a) => a("length") + 1],
  ["ta.cmo", (a) => a("length") + 1],
  ["ta.cog", fixed()],
  ["ta.wpr", fixed()],
  ["ta.tsi", (a) => 12 * a("long_length") + 12 * a("short_length") + 1],
  ["ta.swma", () => 4],
  ["ta.hma", (a) => a("length") + Math.floor(Math.sqrt(a("length")))],
  ["ta.crossover", () => 1],
  ["ta.crossunder", () => 1],
  ["ta.cross", () => 1],
  ["ta.tr", () => 1],
  ["ta.pivothigh", (a) => a("leftbars") + a("rightbars")],
  ["ta.pivotlow", (a) => a("leftbars") + a("rightbars")],
  ["ta.ema", (a) => 12 * a("length")],
  ["ta.rma", (a) => 23 * a("length")],
  ["ta.rsi", (a) => 23 * a("length") + 1],
  ["ta.atr", (a) => 23 * a("length") + 1],
  ["ta.dmi", (a) => 23 * a("diLength") + 23 * a("adxSmoothing") + 1],
  ["ta.macd", (a) => 12 * Math.max(a("fastlen"), a("slowlen")) + 12 * a("siglen")],
  ["ta.kc", (a) => 12 * a("length") + 1],
  ["ta.kcw", (a) => 12 * a("length") + 1],
  ["ta.supertrend", (a) => 23 * a("atrPeriod") + 1],
  ...["ta.cum", "ta.max", "ta.min", "ta.sar", "ta.vwap", "ta.barssince", "ta.valuewhen", "fixnan"].map((n): [string, LookbackRule] => [n, () => UNBOUNDED]),
]);

/** Built-in variables and their lookback. */
export const VARIABLE_LOOKBACK: ReadonlyMap<string, number> = new Map([
  ["bar_index", UNBOUNDED],
  ["ta.vwap", UNBOUNDED],
  ["ta.obv", UNBOUNDED],
  ["ta.accdist", UNBOUNDED],
  ["ta.tr", 1],
]);

/** LANGUAGE.md: warmup is capped at 5,000 bars. */
export const WARMUP_CAP = 5000;
