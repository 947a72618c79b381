// Built-in variables, declarations, inputs, outputs, alerts and na handling
// (LANGUAGE.md items 1, 4, 7, 8 (plots), 12 and the extensions).

import type { TableBuilder } from "./signature";

export function addCore(t: TableBuilder): void {
  addSeries(t);
  addDeclarations(t);
  addInputs(t);
  addOutputs(t);
  t.fn("na(x: series T): bool", "True when `x` is na.");
  t.fn("nz(source: series T, replacement: series T = 0): T", "`source`, or `replacement` (0 by default) when `source` is na.");
  t.fn("fixnan(source: series T): series T", "`source`, with na replaced by the last value that was not na.", true);
  t.fn("int(x: series float): int", "`x` truncated to an integer (na stays na).");
  t.fn("float(x: series float): float", "`x` as a float.");
  t.fn("bool(x: series float): bool", "`x` as a bool: false for 0 and na, true otherwise.");
  t.fn("string(x: series string): string", "`x` as a string (na stays na).");
  t.fn("color(x: series color): color", "`x` as a color.");
  t.fn("runtime.error(message: series string): void", "Stops the bar with an error: its outputs become na and the message is counted in the run's summary.");
}

function addSeries(t: TableBuilder): void {
  for (const n of ["open", "high", "low", "close", "volume"]) t.variable(n, "series float", `The bar's ${n} value.`);
  t.variable("hl2", "series float", "(high + low) / 2.");
  t.variable("hlc3", "series float", "(high + low + close) / 3.");
  t.variable("ohlc4", "series float", "(open + high + low + close) / 4.");
  t.variable("hlcc4", "series float", "(high + low + close + close) / 4.");
  t.variable("time", "series int", "The bar's open time, in milliseconds since the Unix epoch.");
  t.variable("bar_index", "series int", "The bar's index from the first bar of history (0).");
  t.variable("last_bar_index", "series int", "The index of the last bar of the run.");
  t.variable("barstate.isfirst", "series bool", "True on the first bar evaluated.");
  t.variable("barstate.islast", "series bool", "True on the last bar of the run.");
  t.variable("barstate.isconfirmed", "series bool", "True when the bar is closed (always, on history).");
  t.variable("barstate.ishistory", "series bool", "True on historical bars (always, in a run).");
  t.variable("barstate.isrealtime", "series bool", "True on realtime bars (never, in a run).");
  t.variable("barstate.isnew", "series bool", "True on the first update of a bar (always, on history).");
  t.variable("barstate.islastconfirmedhistory", "series bool", "True on the last bar of history (the last bar of the run).");
  t.variable("syminfo.ticker", "simple string", "The instrument's symbol without exchange prefix.");
  t.variable("syminfo.tickerid", "simple string", "The instrument's full identifier.");
  t.variable("syminfo.mintick", "simple float", "The instrument's smallest price increment.");
  t.variable("syminfo.timezone", "simple string", "The exchange's time zone.");
  t.variable("timeframe.period", "simple string", "The run's timeframe in Pine notation (`D`, `60`, ...).");
  t.variable("timeframe.multiplier", "simple int", "The timeframe's multiplier (60 for `60`, 1 for `D`).");
  t.variable("timeframe.isintraday", "simple bool", "True for minute and second timeframes.");
  t.variable("timeframe.isdaily", "simple bool", "True for daily timeframes.");
  t.variable("timeframe.isweekly", "simple bool", "True for weekly timeframes.");
  t.variable("timeframe.ismonthly", "simple bool", "True for monthly timeframes.");
}

function addDeclarations(t: TableBuilder): void {
  t.fn(
    "indicator(title: const string, shorttitle: const string = na, overlay: const bool = false, format: const string = na, precision: const int = na, scale: const string = na, max_bars_back: const int = na, timeframe: const string = na, timeframe_gaps: const bool = true, explicit_plot_zorder: const bool = false, max_lines_count: const int = 50, max_labels_count: const int = 50, max_boxes_count: const int = 50, max_polylines_count: const int = 50, calc_bars_count: const int = 0, dynamic_requests: const bool = false, behind_chart: const bool = true): void",
    "Declares an indicator: a script whose plots are its outputs.",
  );
  t.fn("library(title: const string, overlay: const bool = false, dynamic_requests: const bool = false): void", "Declares a library: its `export`ed functions and types can be imported.");
  t.fn("definition(title: const string): void", "Declares a definition (extension): its `alertcondition` and `alert` calls are events.");
  t.fn("study(title: const string, horizons: const list<int> = [1, 5, 20]): void", "Declares a study (extension): an event study over the definitions it `use`s, at the given horizons (bars).");
  t.fn("use(definition: const string, events: const list<string> = na): void", "Studies a definition (`\"slug\"` or `\"owner/slug\"`), optionally only some of its events.");
  t.fn("group(name: const string, value: series T): void", "Splits every statistic of the study by `value` at the event bar.");
  t.fn(
    "alertcondition(condition: series bool, title: const string = na, message: const string = na): void",
    "Declares an event named `title`, raised on each bar where `condition` is true.",
  );
  t.fn("alert(message: series string, freq: input string = \"alert.freq_once_per_bar\"): void", "Raises the event `alert` with `message` on the bar where it is called.");
}

function addInputs(t: TableBuilder): void {
  // Pine's parameter order, so that positional arguments land where they do in Pine:
  // `input.int(12, "Fast length", 1)` is a minval, `input.string("EMA", "Type", ["EMA", "SMA"])` options.
  const rest = "tooltip: const string = na, inline: const string = na, group: const string = na, confirm: const bool = false, display: const string = na";
  const common = `title: const string = na, ${rest}`;
  t.fn(`input(defval: const T, ${common}): input T`, "An input of the type of its default value.");
  // `input(close)`: a source input (the checker calls it input.source, so derive and codegen agree)
  t.fn(`input(defval: series float, ${common}): series float`, "A source input when the default is a bar series (`input(close)`).");
  for (const [name, type, step, doc] of [["input.int", "int", "1", "An integer input: an Interface input named after the variable it is assigned to."], ["input.float", "float", "na", "A float input."]] as const) {
    // Two overloads as in Pine: a range (minval, maxval, step) or a list of options.
    t.fn(`${name}(defval: const ${type}, title: const string = na, minval: const ${type} = na, maxval: const ${type} = na, step: const ${type} = ${step}, ${rest}, active: input bool = true, options: const list<${type}> = na): input ${type}`, doc);
    t.fn(`${name}(defval: const ${type}, title: const string = na, options: const list<${type}> = na, ${rest}, active: input bool = true): input ${type}`, doc);
  }
  t.fn(`input.bool(defval: const bool, ${common}, active: input bool = true): input bool`, "A boolean input.");
  t.fn(`input.string(defval: const string, title: const string = na, options: const list<string> = na, ${rest}, active: input bool = true): input string`, "A string input, optionally restricted to `options`.");
  t.fn(`input.source(defval: series float, ${common}, active: input bool = true): series float`, "A source input: one of the bar series (`close` by default in most scripts).");
  t.fn(`input.timeframe(defval: const string, title: const string = na, options: const list<string> = na, ${rest}, active: input bool = true): input string`, "A timeframe input.");
  t.fn(`input.color(defval: const color, ${common}, active: input bool = true): input color`, "A color input.");
  t.fn(`input.enum(defval: const T, title: const string = na, options: const list<T> = na, ${rest}, active: input bool = true): input T`, "An input whose value is a member of an `enum`.");
}

function addOutputs(t: TableBuilder): void {
  const style = "linewidth: input int = 1, style: input string = \"plot.style_line\", trackprice: input bool = false, histbase: input float = 0, offset: simple int = 0, join: input bool = false, editable: input bool = true, show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false, linestyle: input string = na";
  t.fn(`plot(series: series float, title: const string = na, color: series color = na, ${style}): plot`, "Plots a series: an output of the indicator.");
  const shape = "location: input string = \"location.abovebar\", color: series color = na, offset: simple int = 0, text: const string = na, textcolor: series color = na, editable: input bool = true, size: const string = \"size.auto\", show_last: input int = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false";
  t.fn(`plotshape(series: series float|bool, title: const string = na, style: input string = "shape.xcross", ${shape}): void`, "Plots a shape on bars where `series` is true or not na: an output (1 where shown, else na).");
  t.fn(`plotchar(series: series float|bool, title: const string = na, char: input string = "★", ${shape}): void`, "Plots a character on bars where `series` is true or not na: an output.");
  const candle = "title: const string = na, color: series color = na, wickcolor: series color = na, editable: input bool = true, show_last: input int = na, bordercolor: series color = na, display: input string = \"display.all\", format: input string = na, precision: input int = na, force_overlay: const bool = false";
  t.fn(`plotcandle(open: series float, high: series float, low: series float, close: series float, ${candle}): void`, "Plots candles: an output (its `close` value).");
  t.fn(`plotbar(open: series float, high: series float, low: series float, close: series float, title: const string = na, color: series color = na, editable: input bool = true, show_last: input int = na, display: input string = "display.all", format: input string = na, precision: input int = na, force_overlay: const bool = false): void`, "Plots OHLC bars: an output (its `close` value).");
}
