// How each built-in call becomes JavaScript. An emitter gets its arguments bound to the
// parameters of the built-in table's signature (already compiled to JS expressions) and returns
// a JS expression. Names here are fixed strings: no user text becomes a property name.

export interface Bound {
  /** The compiled argument for a parameter, or `dflt` when it was not passed. */
  a(name: string, dflt?: string): string;
  has(name: string): boolean;
  /** Compiled variadic arguments. */
  rest(): string[];
  /** A new per-call-site state of `rt.<ctor>` (e.g. "ta.Sma"); returns the JS expression holding it. */
  st(ctor: string, args?: string): string;
  /** A hoisted reference to a fixed runtime function (`math.sign` -> `$rt.math.sign`). */
  fn(path: string): string;
  /** The string value of a literal argument, when it is one. */
  lit(name: string): string | number | boolean | null;
}

export type Emitter = (b: Bound) => string;

const H = "$H[$i]";
const L = "$L[$i]";
const C = "$C[$i]";
const V = "$V[$i]";

const upd = (ctor: string, args: (b: Bound) => string): Emitter => (b) => `${b.st(ctor)}.update(${args(b)})`;

export const EMITTERS: Readonly<Record<string, Emitter>> = {
  // ta.* (stateful)
  "ta.sma": upd("ta.Sma", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.ema": upd("ta.Ema", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.rma": upd("ta.Rma", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.wma": upd("ta.Wma", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.vwma": upd("ta.Vwma", (b) => `${b.a("source")}, ${V}, ${b.a("length")}`),
  "ta.hma": upd("ta.Hma", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.alma": upd("ta.Alma", (b) => `${b.a("series")}, ${b.a("length")}, ${b.a("offset")}, ${b.a("sigma")}, ${b.a("floor", "false")}`),
  "ta.swma": upd("ta.Swma", (b) => b.a("source")),
  "ta.atr": upd("ta.Atr", (b) => `${H}, ${L}, ${C}, ${b.a("length")}`),
  "ta.tr": upd("ta.Tr", (b) => `${H}, ${L}, ${C}, ${b.a("handle_na", "false")}`),
  "ta.highest": upd("ta.Highest", (b) => `${b.a("source", H)}, ${b.a("length")}`),
  "ta.lowest": upd("ta.Lowest", (b) => `${b.a("source", L)}, ${b.a("length")}`),
  "ta.highestbars": (b) => `(${b.st("ta.Highest")}.update(${b.a("source", H)}, ${b.a("length")}), ${b.st("ta.Highest")}.offset)`,
  "ta.lowestbars": (b) => `(${b.st("ta.Lowest")}.update(${b.a("source", L)}, ${b.a("length")}), ${b.st("ta.Lowest")}.offset)`,
  "ta.pivothigh": upd("ta.PivotHigh", (b) => `${b.a("source", H)}, ${b.a("leftbars")}, ${b.a("rightbars")}`),
  "ta.pivotlow": upd("ta.PivotLow", (b) => `${b.a("source", L)}, ${b.a("leftbars")}, ${b.a("rightbars")}`),
  "ta.crossover": upd("ta.Crossover", (b) => `${b.a("source1")}, ${b.a("source2")}`),
  "ta.crossunder": upd("ta.Crossunder", (b) => `${b.a("source1")}, ${b.a("source2")}`),
  "ta.cross": upd("ta.CrossAny", (b) => `${b.a("source1")}, ${b.a("source2")}`),
  "ta.stdev": upd("ta.Stdev", (b) => `${b.a("source")}, ${b.a("length")}, ${b.a("biased", "true")}`),
  "ta.variance": upd("ta.Variance", (b) => `${b.a("source")}, ${b.a("length")}, ${b.a("biased", "true")}`),
  "ta.dev": upd("ta.Dev", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.rsi": upd("ta.Rsi", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.change": upd("ta.Change", (b) => `${b.a("source")}, ${b.a("length", "1")}`),
  "ta.mom": upd("ta.Change", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.roc": upd("ta.Roc", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.cum": upd("ta.Cum", (b) => b.a("source")),
  "ta.percentrank": upd("ta.PercentRank", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.barssince": upd("ta.Barssince", (b) => b.a("condition")),
  "ta.valuewhen": upd("ta.Valuewhen", (b) => `${b.a("condition")}, ${b.a("source")}, ${b.a("occurrence", "0")}`),
  "ta.stoch": upd("ta.Stoch", (b) => `${b.a("source")}, ${b.a("high")}, ${b.a("low")}, ${b.a("length")}`),
  "ta.cci": upd("ta.Cci", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.mfi": upd("ta.Mfi", (b) => `${b.a("series")}, ${V}, ${b.a("length")}`),
  "ta.cmo": upd("ta.Cmo", (b) => `${b.a("series", b.a("source", "NaN"))}, ${b.a("length")}`),
  "ta.cog": upd("ta.Cog", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.tsi": upd("ta.Tsi", (b) => `${b.a("source")}, ${b.a("short_length")}, ${b.a("long_length")}`),
  "ta.wpr": upd("ta.Wpr", (b) => `${H}, ${L}, ${C}, ${b.a("length")}`),
  "ta.bbw": upd("ta.Bbw", (b) => `${b.a("series")}, ${b.a("length")}, ${b.a("mult")}`),
  "ta.kcw": upd("ta.Kcw", (b) => `${b.a("series")}, ${H}, ${L}, ${C}, ${b.a("length")}, ${b.a("mult")}, ${b.a("useTrueRange", "true")}`),
  "ta.linreg": upd("ta.Linreg", (b) => `${b.a("source")}, ${b.a("length")}, ${b.a("offset", "0")}`),
  "ta.correlation": upd("ta.Correlation", (b) => `${b.a("source1")}, ${b.a("source2")}, ${b.a("length")}`),
  "ta.vwap": upd("ta.Vwap", (b) => `${b.a("source")}, ${V}, $T[$i], ${b.has("anchor") ? `(${b.a("anchor")} ? 1 : 0)` : "-1"}, ${b.a("stdev_mult", "1")}`),
  "ta.sar": upd("ta.Sar", (b) => `${H}, ${L}, ${C}, ${b.a("start")}, ${b.a("inc")}, ${b.a("max")}`),
  "ta.median": upd("ta.Median", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.mode": upd("ta.Mode", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.range": upd("ta.Range", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.rising": upd("ta.Rising", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.falling": upd("ta.Falling", (b) => `${b.a("source")}, ${b.a("length")}`),
  "ta.max": upd("ta.AllTimeMax", (b) => b.a("source")),
  "ta.min": upd("ta.AllTimeMin", (b) => b.a("source")),
  // tuple-valued: the statement form reads .r0/.r1/.r2 (see TUPLE_BUILTINS)
  "ta.macd": upd("ta.Macd", (b) => `${b.a("source")}, ${b.a("fastlen")}, ${b.a("slowlen")}, ${b.a("siglen")}`),
  "ta.bb": upd("ta.Bb", (b) => `${b.a("series")}, ${b.a("length")}, ${b.a("mult")}`),
  "ta.kc": upd("ta.Kc", (b) => `${b.a("series")}, ${H}, ${L}, ${C}, ${b.a("length")}, ${b.a("mult")}, ${b.a("useTrueRange", "true")}`),
  "ta.dmi": upd("ta.Dmi", (b) => `${H}, ${L}, ${C}, ${b.a("diLength")}, ${b.a("adxSmoothing")}`),
  "ta.supertrend": upd("ta.Supertrend", (b) => `${H}, ${L}, ${C}, ${b.a("factor")}, ${b.a("atrPeriod")}`),
  fixnan: upd("math.FixNan", (b) => b.a("source")),
  "math.random": (b) => `${b.st("math.Random")}.next(${b.a("min", "0")}, ${b.a("max", "1")}, ${b.a("seed", "undefined")})`,
  "math.sum": upd("ta.Sum", (b) => `${b.a("source")}, ${b.a("length")}`),

  // casts: int truncates toward zero (na stays na), bool is false for 0 and na (Pine v6), the
  // others keep the value; `string(na)` is the string na (null), not a number
  int: (b) => `(Math.trunc(${b.a("x")}) + 0)`, // + 0: no negative zero (Pine ints have none)
  float: (b) => b.a("x"),
  bool: (b) => (b.a("x") === "NaN" ? "false" : `$rt.bool(${b.a("x")})`),
  string: (b) => (b.a("x") === "NaN" ? "null" : b.a("x")),
  color: (b) => b.a("x"),

  // na handling
  na: (b) => `$rt.isNa(${b.a("x")})`,
  nz: (b) => `$rt.nz(${b.a("source")}, ${b.a("replacement", "0")})`,

  // math (pure)
  "math.abs": (b) => `Math.abs(${b.a("number")})`,
  "math.sign": (b) => `${b.fn("math.sign")}(${b.a("number")})`,
  "math.ceil": (b) => `Math.ceil(${b.a("number")})`,
  "math.floor": (b) => `Math.floor(${b.a("number")})`,
  "math.round": (b) => (b.has("precision") ? `${b.fn("math.round")}(${b.a("number")}, ${b.a("precision")})` : `${b.fn("math.round")}(${b.a("number")})`),
  "math.round_to_mintick": (b) => `${b.fn("math.roundToMintick")}(${b.a("number")}, $rt.mintick)`,
  "math.max": (b) => `Math.max(${b.rest().join(", ")})`,
  "math.min": (b) => `Math.min(${b.rest().join(", ")})`,
  "math.avg": (b) => `((${b.rest().join(") + (")})) / ${b.rest().length}`,
  "math.pow": (b) => `Math.pow(${b.a("base")}, ${b.a("exponent")})`,
  "math.sqrt": (b) => `Math.sqrt(${b.a("number")})`,
  "math.log": (b) => `Math.log(${b.a("number")})`,
  "math.log10": (b) => `Math.log10(${b.a("number")})`,
  "math.exp": (b) => `Math.exp(${b.a("number")})`,
  "math.sin": (b) => `Math.sin(${b.a("number")})`,
  "math.cos": (b) => `Math.cos(${b.a("number")})`,
  "math.tan": (b) => `Math.tan(${b.a("number")})`,
  "math.asin": (b) => `Math.asin(${b.a("number")})`,
  "math.acos": (b) => `Math.acos(${b.a("number")})`,
  "math.atan": (b) => `Math.atan(${b.a("number")})`,
  "math.todegrees": (b) => `${b.fn("math.todegrees")}(${b.a("number")})`,
  "math.toradians": (b) => `${b.fn("math.toradians")}(${b.a("number")})`,

  // str
  "str.tostring": (b) => `${b.fn("str.tostring")}(${b.a("value")}, ${b.a("format", "null")}, $rt.mintick)`,
  "str.tonumber": (b) => `${b.fn("str.tonumber")}(${b.a("string")})`,
  "str.format": (b) => `${b.fn("str.format")}(${b.a("formatString")}, [${b.rest().join(", ")}])`,
  "str.contains": (b) => `${b.fn("str.contains")}(${b.a("source")}, ${b.a("str")})`,
  "str.startswith": (b) => `${b.fn("str.startswith")}(${b.a("source")}, ${b.a("str")})`,
  "str.endswith": (b) => `${b.fn("str.endswith")}(${b.a("source")}, ${b.a("str")})`,
  "str.length": (b) => `${b.fn("str.length")}(${b.a("string")})`,
  "str.lower": (b) => `${b.fn("str.lower")}(${b.a("source")})`,
  "str.upper": (b) => `${b.fn("str.upper")}(${b.a("source")})`,
  "str.trim": (b) => `${b.fn("str.trim")}(${b.a("source")})`,
  "str.pos": (b) => `${b.fn("str.pos")}(${b.a("source")}, ${b.a("str")})`,
  "str.substring": (b) => `${b.fn("str.substring")}(${b.a("source")}, ${b.a("begin_pos")}, ${b.a("end_pos", "NaN")})`,
  "str.replace": (b) => `${b.fn("str.replace")}(${b.a("source")}, ${b.a("target")}, ${b.a("replacement")}, ${b.a("occurrence", "0")})`,
  "str.replace_all": (b) => `${b.fn("str.replaceAll")}(${b.a("source")}, ${b.a("target")}, ${b.a("replacement")})`,
  "str.split": (b) => `${b.fn("str.split")}(${b.a("string")}, ${b.a("separator")})`,
  "str.repeat": (b) => `${b.fn("str.repeat")}(${b.a("source")}, ${b.a("repeat")}, ${b.a("separator", '""')})`,

  // color (values only)
  "color.new": (b) => `${b.fn("color.newColor")}(${b.a("color")}, ${b.a("transp")})`,
  "color.rgb": (b) => `${b.fn("color.rgb")}(${b.a("red")}, ${b.a("green")}, ${b.a("blue")}, ${b.a("transp", "0")})`,
  "color.r": (b) => `${b.fn("color.r")}(${b.a("color")})`,
  "color.g": (b) => `${b.fn("color.g")}(${b.a("color")})`,
  "color.b": (b) => `${b.fn("color.b")}(${b.a("color")})`,
  "color.t": (b) => `${b.fn("color.t")}(${b.a("color")})`,
  "color.from_gradient": (b) => `${b.fn("color.fromGradient")}(${b.a("value")}, ${b.a("bottom_value")}, ${b.a("top_value")}, ${b.a("bottom_color")}, ${b.a("top_color")})`,

  // time: calendar fields of a time in a zone (the exchange's by default), formatting
  ...Object.fromEntries(
    ["year", "month", "weekofyear", "dayofmonth", "dayofweek", "hour", "minute", "second"].map((n): [string, Emitter] => [n, (b) => `${b.fn(`cal.${n}`)}(${b.a("time")}, ${b.a("timezone", "$rt.barZone")})`]),
  ),
  "timeframe.in_seconds": (b) => `${b.fn("cal.inSeconds")}(${b.a("timeframe", "$rt.tf.period")}, $rt.tf.period)`,
  "timeframe.change": (b) => `${b.fn("cal.tfChange")}(${b.a("timeframe")}, $rt.tf.period, $T[$i] * 1000, $i > 0 ? $T[$i - 1] * 1000 : NaN)`,
  "str.format_time": (b) => `${b.fn("cal.formatTime")}(${b.a("time")}, ${b.a("format", "null")}, ${b.a("timezone", "$rt.barZone")})`,

  "runtime.error": (b) => `$rt.fail(${b.a("message")})`,

  // studies: the value of `group(name, value)` at this bar, recorded by the study's hook
  group: (b) => `$rt.group(${b.a("name")}, ${b.a("value")}, $i)`,
};

/** Tuple-returning built-ins: the state's r0, r1, r2 hold the elements after update. */
export const TUPLE_BUILTINS: ReadonlySet<string> = new Set(["ta.macd", "ta.bb", "ta.kc", "ta.dmi", "ta.supertrend"]);

/** Calls that compile to nothing (drawings, decorations, declarations). */
export function isNoop(name: string): boolean {
  if (/^(label|line|box|table|linefill|polyline)\./.test(name)) return true;
  return ["hline", "bgcolor", "barcolor", "fill", "indicator", "library", "definition", "study", "use", "max_bars_back"].includes(name);
}

/** Array functions: `array.<name>` maps to `$rt.array.<fn>` with the arguments in order. */
export const ARRAY_FUNCTIONS: Readonly<Record<string, string>> = {
  size: "size", get: "get", set: "set", push: "push", pop: "pop", unshift: "unshift", shift: "shift", insert: "insert",
  remove: "remove", clear: "clear", fill: "fill", includes: "includes", indexof: "indexof", lastindexof: "lastindexof",
  slice: "slice", copy: "copy", concat: "concat", reverse: "reverse", first: "first", last: "last", sort: "sort",
  join: "join", sum: "sum", avg: "avg", min: "min", max: "max", range: "range", median: "median", variance: "variance",
  stdev: "stdev",
};
