// Records of the built-ins the compiler itself handles: bar variables, declarations, inputs,
// outputs, alerts, casts and na handling (docs `reference-core`, `reference-input`).

import { builtinFunction, builtinVariable, UNBOUNDED, type CallEmit, type FunctionRecord, type LookbackRule, type VariableRecord } from "./record";
import { arrowValue, candleClose, shapeValue } from "../stdlib/math";
import { rgb } from "../stdlib/color";
import { BAR_BUFFER_LIMIT } from "../runtime/errors";

/**
 * `x[n]` of a bar column: read straight from the column (no history ring). open, high, low and
 * close keep TradingView's 10,000 bars (`kept`; runtime/errors.ts BAR_BUFFER_LIMIT, docs/adr/0176): a
 * deeper reference is the bar's runtime error. volume's buffer TradingView does not name.
 */
const column =
  (col: string, kept: boolean) =>
  (n: string, lit: number | null): string => {
    if (!kept) return lit === null ? `$rt.at(${col}, $i - ${n})` : lit === 0 ? `${col}[$i]` : `($i >= ${lit} ? ${col}[$i - ${lit}] : NaN)`;
    if (lit === null) return `$rt.barColumnAgo(${col}, $i, ${n})`;
    if (lit > BAR_BUFFER_LIMIT) return `$rt.beyondBuffer(${lit}, ${BAR_BUFFER_LIMIT})`;
    return lit === 0 ? `${col}[$i]` : `($i >= ${lit} ? ${col}[$i - ${lit}] : NaN)`;
  };

const COLUMNS: Readonly<Record<string, string>> = { open: "$O", high: "$H", low: "$L", close: "$C", volume: "$V" };
const DERIVED = new Set(["hl2", "hlc3", "ohlc4", "hlcc4"]);

/** The column of a bar series by its built-in name (`close`, `hlc3`), as JavaScript; null for other names. */
export function barColumnOf(name: string): string | null {
  if (Object.prototype.hasOwnProperty.call(COLUMNS, name)) return COLUMNS[name]!;
  return DERIVED.has(name) ? `$rt.column("${name}")` : null;
}

export const barColumns: VariableRecord[] = (
  [
    ["open", "$O"],
    ["high", "$H"],
    ["low", "$L"],
    ["close", "$C"],
    ["volume", "$V"],
  ] as const
).map(([n, col]) => builtinVariable({ name: n, type: "series float", doc: `The bar's ${n} value.`, emit: `${col}[$i]`, history: column(col, n !== "volume") }));

/**
 * A source computed from the bar's columns (`hlc3`, ...): `x[n]` is the formula at bar `$i - n`,
 * never a ring of its evaluations (in a loop `hlc3[i]` is evaluated several times a bar). A
 * computed offset reads the run's cached column (`$rt.column`), so it is evaluated once.
 */
function derivedSource(name: string, doc: string, at: (k: string) => string): VariableRecord {
  return builtinVariable({
    name,
    type: "series float",
    doc,
    emit: at("$i"),
    history: (n, lit) => (lit === null ? `$rt.at($rt.column("${name}"), $i - ${n})` : lit === 0 ? at("$i") : `($i >= ${lit} ? ${at(`$i - ${lit}`)} : NaN)`),
  });
}

export const barVariables: VariableRecord[] = [
  derivedSource("hl2", "(high + low) / 2.", (k) => `(($H[${k}] + $L[${k}]) / 2)`),
  derivedSource("hlc3", "(high + low + close) / 3.", (k) => `(($H[${k}] + $L[${k}] + $C[${k}]) / 3)`),
  derivedSource("ohlc4", "(open + high + low + close) / 4.", (k) => `(($O[${k}] + $H[${k}] + $L[${k}] + $C[${k}]) / 4)`),
  derivedSource("hlcc4", "(high + low + close + close) / 4.", (k) => `(($H[${k}] + $L[${k}] + $C[${k}] + $C[${k}]) / 4)`),
  builtinVariable({
    name: "time",
    type: "series int",
    doc: "The bar's open time, in milliseconds since the Unix epoch (a daily, weekly or monthly bar opens at its session's open in the exchange's zone, docs/adr/0200).",
    emit: "($TV[$i] * 1000)",
    history: (n) => `($rt.barColumnAgo($TV, $i, ${n}) * 1000)`,
  }),
  // its value is the number of bars since the first: it never forgets the start
  builtinVariable({ name: "bar_index", type: "series int", doc: "The bar's index from the first bar of history (0).", emit: "$i", lookback: UNBOUNDED, history: (n) => `$rt.barAgo($i, ${n})` }),
  builtinVariable({ name: "last_bar_index", type: "series int", doc: "The index of the last bar of the run.", emit: "($rt.n - 1)" }),
  builtinVariable({ name: "barstate.isfirst", type: "series bool", doc: "True on the first bar evaluated.", emit: "($i === 0)" }),
  builtinVariable({ name: "barstate.islast", type: "series bool", doc: "True on the last bar of the run.", emit: "($i === $rt.n - 1)" }),
  builtinVariable({ name: "barstate.isconfirmed", type: "series bool", doc: "True when the bar is closed (always, on history).", emit: "true" }),
  builtinVariable({ name: "barstate.ishistory", type: "series bool", doc: "True on historical bars (always, in a run).", emit: "true" }),
  builtinVariable({ name: "barstate.isrealtime", type: "series bool", doc: "True on realtime bars (never, in a run).", emit: "false" }),
  builtinVariable({ name: "barstate.isnew", type: "series bool", doc: "True on the first update of a bar (always, on history).", emit: "true" }),
  builtinVariable({ name: "barstate.islastconfirmedhistory", type: "series bool", doc: "True on the last bar of history (the last bar of the run).", emit: "($i === $rt.n - 1)" }),
  // TradingView's bid and ask exist on the tick timeframe ("1T") only and are na on every other: no stored timeframe is ticks
  builtinVariable({ name: "bid", type: "series float", doc: "The best bid price at the bar's tick: na, as only the tick timeframe (\"1T\") has one and no stored timeframe is ticks.", emit: "NaN" }),
  builtinVariable({ name: "ask", type: "series float", doc: "The best ask price at the bar's tick: na, as only the tick timeframe (\"1T\") has one and no stored timeframe is ticks.", emit: "NaN" }),
  builtinVariable({ name: "syminfo.ticker", type: "simple string", doc: "The instrument's symbol without exchange prefix (`\"AAPL\"`).", emit: "$rt.ticker" }),
  builtinVariable({ name: "syminfo.tickerid", type: "simple string", doc: "The instrument's ticker identifier, exchange prefix and symbol (`\"NASDAQ:AAPL\"`); the symbol alone for an instrument whose exchange is not known.", emit: "$rt.tickerid" }),
  builtinVariable({ name: "syminfo.mintick", type: "simple float", doc: "The instrument's smallest price increment.", emit: "$rt.mintick" }),
  builtinVariable({ name: "syminfo.timezone", type: "simple string", doc: "The exchange's time zone.", emit: "$rt.timezone" }),
  builtinVariable({ name: "timeframe.period", type: "simple string", doc: "The run's timeframe in Pine notation (`D`, `60`, ...).", emit: "$rt.tf.period" }),
  builtinVariable({ name: "timeframe.multiplier", type: "simple int", doc: "The timeframe's multiplier (60 for `60`, 1 for `D`).", emit: "$rt.tf.multiplier" }),
  builtinVariable({ name: "timeframe.isintraday", type: "simple bool", doc: "True for minute and second timeframes.", emit: "$rt.tf.isintraday" }),
  builtinVariable({ name: "timeframe.isdaily", type: "simple bool", doc: "True for daily timeframes.", emit: "$rt.tf.isdaily" }),
  builtinVariable({ name: "timeframe.isweekly", type: "simple bool", doc: "True for weekly timeframes.", emit: "$rt.tf.isweekly" }),
  builtinVariable({ name: "timeframe.ismonthly", type: "simple bool", doc: "True for monthly timeframes.", emit: "$rt.tf.ismonthly" }),
];

export const declarations: FunctionRecord[] = [
  builtinFunction({
    sig: "indicator(title: const string, shorttitle: const string = na, overlay: const bool = false, format: const string = na, precision: const int = na, scale: const string = na, max_bars_back: const int = na, timeframe: const string = na, timeframe_gaps: const bool = true, explicit_plot_zorder: const bool = false, max_lines_count: const int = 50, max_labels_count: const int = 50, max_boxes_count: const int = 50, calc_bars_count: const int = 0, max_polylines_count: const int = 50, dynamic_requests: const bool = true, behind_chart: const bool = true): void",
    doc: "Declares an indicator: a script whose plots are its outputs.",
    role: "declaration",
  }),
  builtinFunction({ sig: "library(title: const string, overlay: const bool = false, dynamic_requests: const bool = true): void", doc: "Declares a library: its `export`ed functions and types can be imported.", role: "declaration" }),
  builtinFunction({ sig: "definition(title: const string): void", doc: "Declares a definition (extension): its `alertcondition` and `alert` calls are events.", role: "declaration" }),
  builtinFunction({ sig: "study(title: const string, horizons: const list<int> = [1, 5, 20], cooldown: const int = 0): void", doc: "Declares a study (extension): an event study over the definitions it `use`s, at the given horizons (bars); `cooldown = N` leaves out an event closer than N bars after a kept event of the same definition and name.", role: "declaration" }),
];

// a study's statements: `use` names a definition (no code); `group` hands its value to the study's hook
// history is sized from the script itself (derive/warmup.ts), so the buffer hint has nothing to do
export const maxBarsBack = builtinFunction({ sig: "max_bars_back(var: series T, num: const int): void", doc: "Accepted for compatibility: history buffers are sized from the script, so the hint changes nothing.", role: "noop" });
export const use = builtinFunction({ sig: "use(definition: const string, events: const list<string> = na): void", doc: "Studies a definition (`\"slug\"` or `\"owner/slug\"`), optionally only some of its events.", role: "noop", globalOnly: true });
export const group = builtinFunction({ sig: "group(name: const string, value: series T): void", doc: "Splits every statistic of the study by `value` at the event bar.", emit: (b) => `$rt.group(${b.a("name")}, ${b.a("value")}, $i)` });

export const alertcondition = builtinFunction({
  sig: "alertcondition(condition: series bool, title: const string = na, message: const string = na): void",
  doc: "Declares an event named `title`, raised on each bar where `condition` is true.",
  role: "event",
  globalOnly: true,
});
export const alert = builtinFunction({ sig: "alert(message: series string, freq: input string = \"alert.freq_once_per_bar\"): void", doc: "Raises the event `alert` with `message` on the bar where it is called.", role: "event" });

// Pine's parameter order, so that positional arguments land where they do in Pine:
// `input.int(12, "Fast length", 1)` is a minval, `input.string("EMA", "Type", ["EMA", "SMA"])` options.
const REST = "tooltip: const string = na, inline: const string = na, group: const string = na, confirm: const bool = false, display: const string = na";
const COMMON = `title: const string = na, ${REST}`;
const numberInput = (type: "int" | "float", step: string, doc: string): FunctionRecord =>
  builtinFunction({
    // two overloads as in Pine: a range (minval, maxval, step) or a list of options
    sig: [
      `input.${type}(defval: const ${type}, title: const string = na, minval: const ${type} = na, maxval: const ${type} = na, step: const ${type} = ${step}, ${REST}, active: input bool = true, options: const list<${type}> = na): input ${type}`,
      `input.${type}(defval: const ${type}, title: const string = na, options: const list<${type}> = na, ${REST}, active: input bool = true): input ${type}`,
    ],
    doc,
    role: "input",
    inputType: type,
  });

export const inputs: FunctionRecord[] = [
  builtinFunction({
    // `input(close)`: a source input (the checker calls it input.source, so derive and codegen agree)
    // TradingView's orders: no `confirm`, and the source form has inline and group before tooltip
    sig: [
      "input(defval: const T, title: const string = na, tooltip: const string = na, inline: const string = na, group: const string = na, display: const string = na, active: input bool = true): input T",
      "input(defval: series float, title: const string = na, inline: const string = na, group: const string = na, tooltip: const string = na, display: const string = na, active: input bool = true): series float",
    ],
    doc: "An input of the type of its default value.",
    role: "input",
  }),
  numberInput("int", "1", "An integer input: an Interface input named after the variable it is assigned to."),
  numberInput("float", "na", "A float input."),
  builtinFunction({ sig: `input.bool(defval: const bool, ${COMMON}, active: input bool = true): input bool`, doc: "A boolean input.", role: "input", inputType: "bool" }),
  builtinFunction({ sig: `input.string(defval: const string, title: const string = na, options: const list<string> = na, ${REST}, active: input bool = true): input string`, doc: "A string input, optionally restricted to `options`.", role: "input", inputType: "string" }),
  // TradingView's order: `confirm` last
  builtinFunction({ sig: "input.source(defval: series float, title: const string = na, tooltip: const string = na, inline: const string = na, group: const string = na, display: const string = na, active: input bool = true, confirm: const bool = false): series float", doc: "A source input: one of the bar series (`close` by default in most scripts).", role: "input", inputType: "source" }),
  builtinFunction({ sig: `input.timeframe(defval: const string, title: const string = na, options: const list<string> = na, ${REST}, active: input bool = true): input string`, doc: "A timeframe input.", role: "input", inputType: "timeframe" }),
  builtinFunction({ sig: `input.color(defval: const color, ${COMMON}, active: input bool = true): input color`, doc: "A color input.", role: "input", inputType: "color" }),
  builtinFunction({ sig: `input.price(defval: const float, ${COMMON}, active: input bool = true): input float`, doc: "A price input (a float; TradingView also lets the user pick it on the chart).", role: "input", inputType: "float" }),
  builtinFunction({ sig: `input.time(defval: const int, ${COMMON}, active: input bool = true): input int`, doc: "A time input: a UNIX time in milliseconds, usually `timestamp(...)`.", role: "input", inputType: "int" }),
  // TradingView's text area has no `inline` (it takes a row of its own)
  builtinFunction({ sig: "input.text_area(defval: const string, title: const string = na, tooltip: const string = na, group: const string = na, confirm: const bool = false, display: const string = na, active: input bool = true): input string", doc: "A multi-line text input.", role: "input", inputType: "string" }),
  builtinFunction({ sig: `input.symbol(defval: const string, ${COMMON}, active: input bool = true): input string`, doc: "A symbol input (`\"AAPL\"`, `\"NASDAQ:AAPL\"`), usable in `request.security`.", role: "input", inputType: "string" }),
  builtinFunction({
    sig: `input.enum(defval: const T, title: const string = na, options: const list<T> = na, ${REST}, active: input bool = true): input T`,
    doc: "An input whose value is a member of an `enum`: the Interface lists the members' titles and a run gives one of them.",
    role: "input",
    inputType: "string",
  }),
];

const PLOT_STYLE = "linewidth: input int = 1, style: input string = \"plot.style_line\", trackprice: input bool = false, histbase: input float = 0, offset: simple int = 0, join: input bool = false, editable: input bool = true, show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false, linestyle: input string = na";
const SHAPE = "location: input string = \"location.abovebar\", color: series color = na, offset: simple int = 0, text: const string = na, textcolor: series color = na, editable: input bool = true, size: const string = \"size.auto\", show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false";
const CANDLE = "title: const string = na, color: series color = na, wickcolor: series color = na, editable: input bool = true, show_last: input int = na, bordercolor: series color = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false";

/**
 * plotshape and plotchar output 1 on the bars where they show (a true bool, a number not na or 0),
 * else na; at `location.absolute` a number series is the shape's price, and that price is the output
 * (docs/adr/0162-plotshape-absolute-value.md).
 */
const shown = (b: CallEmit): string => {
  if (b.kind("series") === "bool") return `(${b.a("series")} ? 1 : NaN)`;
  return b.has("location") ? `${b.fn(shapeValue)}(${b.a("series")}, ${b.a("location")})` : `$rt.shown(${b.a("series")})`;
};

/** A candle or bar output: its close, na where no candle or bar is drawn (any of the four prices na). */
const candle = (b: CallEmit): string => `${b.fn(candleClose)}(${b.a("open")}, ${b.a("high")}, ${b.a("low")}, ${b.a("close")})`;

/**
 * A plot drawn `offset` bars later shows at a bar the value of `offset` bars before it: a window's
 * first bar needs that many bars before it (docs/adr/0131-plot-offset.md). An earlier offset, or
 * one not known at compile time, needs none.
 */
/** `nz`'s replacement when none is given: the v6 reference's type default (0, false, #00000000 for a color). */
const nzDefault = (b: CallEmit): string => (b.kind("source") === "bool" ? "false" : b.typeName("source") === "color" ? String(rgb(0, 0, 0, 100)) : "0");

const plotOffset: LookbackRule = (a) => {
  const n = a("offset");
  return n > 0 ? n : 0;
};

// A plot's emitter gives the output's value at the bar; codegen writes it to the output's column.
export const plots: FunctionRecord[] = [
  builtinFunction({ sig: `plot(series: series float, title: const string = na, color: series color = na, ${PLOT_STYLE}): plot`, doc: "Plots a series: an output of the indicator.", role: "plot", lookback: plotOffset, emit: (b) => (b.kind("series") === "bool" ? `(${b.a("series")} ? 1 : 0)` : b.a("series")) }),
  builtinFunction({ sig: `plotshape(series: series float|bool, title: const string = na, style: input string = "shape.xcross", ${SHAPE}): void`, doc: "Plots a shape on bars where `series` is true or not na: an output (1 where shown, else na; at `location.absolute` the series value, the shape's price).", role: "plot", lookback: plotOffset, emit: shown }),
  builtinFunction({ sig: `plotchar(series: series float|bool, title: const string = na, char: input string = "★", ${SHAPE}): void`, doc: "Plots a character on bars where `series` is true or not na: an output (1 where shown, else na; at `location.absolute` the series value, the character's price).", role: "plot", lookback: plotOffset, emit: shown }),
  builtinFunction({
    sig: "plotarrow(series: series float, title: const string = na, colorup: series color = na, colordown: series color = na, offset: simple int = 0, minheight: input int = 5, maxheight: input int = 100, editable: input bool = true, show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false): void",
    doc: "Plots an up arrow where `series` is positive and a down arrow where it is negative: an output (the series there, na on 0 and na).",
    role: "plot",
    lookback: plotOffset,
    emit: (b) => `${b.fn(arrowValue)}(${b.a("series")})`,
  }),
  builtinFunction({ sig: `plotcandle(open: series float, high: series float, low: series float, close: series float, ${CANDLE}): void`, doc: "Plots candles: an output (its `close` value; na where any of the four prices is na, as no candle is drawn).", role: "plot", emit: candle }),
  builtinFunction({
    sig: "plotbar(open: series float, high: series float, low: series float, close: series float, title: const string = na, color: series color = na, editable: input bool = true, show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false): void",
    doc: "Plots OHLC bars: an output (its `close` value; na where any of the four prices is na, as no bar is drawn).",
    role: "plot",
    emit: candle,
  }),
];

export const naHandling: FunctionRecord[] = [
  builtinFunction({ sig: "na(x: series T): bool", doc: "True when `x` is na.", emit: (b) => `$rt.isNa(${b.a("x")})` }),
  // a bool's na (a v5 bool's, docs/adr/0260) is replaced by false, a number's by 0
  builtinFunction({ sig: "nz(source: series T, replacement: series T = 0): T", doc: "`source`, or `replacement` when `source` is na: by default 0, false for a bool and #00000000 (fully transparent) for a color, as the v6 reference has it.", emit: (b) => `$rt.nz(${b.a("source")}, ${b.a("replacement", nzDefault(b))})` }),
];

// Casts: int truncates toward zero (na stays na), bool is false for 0 and na (Pine v6), the others
// keep the value; `string(na)` is the string na (null), not a number, and so are the drawing casts'
// `line(na)`, `box(na)`, ... (an object's na).
export const casts: FunctionRecord[] = [
  // + 0: no negative zero (Pine ints have none)
  builtinFunction({ sig: "int(x: series float): int", doc: "`x` truncated to an integer (na stays na).", fold: ([x = 0]) => Math.trunc(x), emit: (b) => `(Math.trunc(${b.a("x")}) + 0)` }),
  builtinFunction({ sig: "float(x: series float): float", doc: "`x` as a float.", fold: ([x = 0]) => x, emit: (b) => b.a("x") }),
  builtinFunction({ sig: "bool(x: series float): bool", doc: "`x` as a bool: false for 0 and na, true otherwise.", emit: (b) => (b.a("x") === "NaN" ? "false" : `$rt.bool(${b.a("x")})`) }),
  builtinFunction({ sig: "string(x: series string): string", doc: "`x` as a string (na stays na).", emit: (b) => (b.a("x") === "NaN" ? "null" : b.a("x")) }),
  builtinFunction({ sig: "color(x: series color): color", doc: "`x` as a color.", emit: (b) => b.a("x") }),
  ...(["line", "label", "box", "table", "linefill", "polyline"] as const).map((t) =>
    builtinFunction({ sig: `${t}(x: series ${t}): ${t}`, doc: `\`x\` as a ${t}; \`${t}(na)\` is a ${t} variable's empty value (\`var ${t} v = ${t}(na)\`).`, emit: (b) => (b.a("x") === "NaN" ? "null" : b.a("x")) }),
  ),
];

export const runtimeError = builtinFunction({
  sig: "runtime.error(message: series string): void",
  doc: "Stops the bar with an error: its outputs become na and the message is counted in the run's summary.",
  emit: (b) => `$rt.fail(${b.a("message")})`,
});
