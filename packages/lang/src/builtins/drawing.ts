// Visual calls that compile and do nothing visible (a headless run has no chart; docs
// `reference-core`): hline, bgcolor, barcolor, fill, and the style constants drawings take.
// label.*, line.*, box.*, table.*, linefill.* are data: src/stdlib/drawing.

import { builtinFunction, constants, type FunctionRecord, type VariableRecord } from "./record";

/** Signature lines and docs -> one record per name (overloads merged, the first doc kept), compiled to nothing. */
class Noops {
  private readonly lines = new Map<string, { sigs: string[]; doc: string }>();
  constructor(private readonly globalOnly: ReadonlySet<string> = new Set()) {}
  fn(sig: string, doc: string): void {
    const name = sig.slice(0, sig.indexOf("("));
    const e = this.lines.get(name);
    if (e) e.sigs.push(sig);
    else this.lines.set(name, { sigs: [sig], doc });
  }
  records(): FunctionRecord[] {
    return [...this.lines].map(([name, { sigs, doc }]) => builtinFunction({ sig: sigs, doc, role: "noop", globalOnly: this.globalOnly.has(name) }));
  }
}

function build(add: (t: Noops) => void, globalOnly?: ReadonlySet<string>): FunctionRecord[] {
  const t = new Noops(globalOnly);
  add(t);
  return t.records();
}

function addChartCalls(t: Noops): void {
  t.fn("hline(price: input float, title: const string = na, color: input color = na, linestyle: input string = \"hline.style_dashed\", linewidth: input int = 1, editable: input bool = true, display: input string = \"display.all\"): hline", "A horizontal line (no output).");
  t.fn("bgcolor(color: series color, offset: simple int = 0, editable: input bool = true, show_last: input int = na, title: const string = na, display: input string = \"display.all\", force_overlay: const bool = false): void", "Colors the background (no output).");
  t.fn("barcolor(color: series color, offset: simple int = 0, editable: input bool = true, show_last: input int = na, title: const string = na, display: input string = \"display.all\"): void", "Colors the bars (no output).");
  const fillRest = "color: series color = na, title: const string = na, editable: input bool = true, show_last: input int = na, fillgaps: const bool = false, display: input string = \"display.all\"";
  t.fn(`fill(plot1: plot, plot2: plot, ${fillRest}): void`, "Fills between two plots or hlines (no output).");
  // TradingView's hline form has no show_last: its sixth argument is fillgaps
  t.fn("fill(hline1: hline, hline2: hline, color: series color = na, title: const string = na, editable: input bool = true, fillgaps: const bool = false, display: input string = \"display.all\"): void", "Fills between two hlines (no output).");
  t.fn("fill(plot1: plot, plot2: plot, top_value: series float, bottom_value: series float, top_color: series color, bottom_color: series color, title: const string = na, display: input string = \"display.all\", fillgaps: const bool = false, editable: input bool = true): void", "Gradient fill between two plots (no output).");
  t.fn("fill(hline1: hline, hline2: hline, top_value: series float, bottom_value: series float, top_color: series color, bottom_color: series color, title: const string = na, display: input string = \"display.all\", fillgaps: const bool = false, editable: input bool = true): void", "Gradient fill between two hlines (no output).");
}

export const chartCalls = build(addChartCalls, new Set(["hline", "bgcolor", "barcolor", "fill"]));

export const drawingConstants: VariableRecord[] = [
  ...constants("shape", "string", ["xcross", "cross", "triangleup", "triangledown", "flag", "circle", "arrowup", "arrowdown", "labelup", "labeldown", "square", "diamond"], "A plotshape style."),
  ...constants("location", "string", ["abovebar", "belowbar", "top", "bottom", "absolute"], "A plotshape/plotchar location."),
  ...constants("size", "string", ["auto", "tiny", "small", "normal", "large", "huge"], "A size."),
  ...constants("plot", "string", ["style_line", "style_linebr", "style_stepline", "style_stepline_diamond", "style_steplinebr", "style_histogram", "style_cross", "style_area", "style_areabr", "style_columns", "style_circles", "linestyle_solid", "linestyle_dashed", "linestyle_dotted"], "A plot style."),
  ...constants("hline", "string", ["style_solid", "style_dotted", "style_dashed"], "An hline style."),
  ...constants("line", "string", ["style_solid", "style_dotted", "style_dashed", "style_arrow_left", "style_arrow_right", "style_arrow_both"], "A line style."),
  ...constants("label", "string", ["style_none", "style_xcross", "style_cross", "style_triangleup", "style_triangledown", "style_flag", "style_circle", "style_arrowup", "style_arrowdown", "style_label_up", "style_label_down", "style_label_left", "style_label_right", "style_label_center", "style_square", "style_diamond"], "A label style."),
  ...constants("display", "string", ["all", "none", "data_window", "pane", "price_scale", "status_line", "pine_screener"], "Where a plot is displayed."),
  ...constants("extend", "string", ["none", "left", "right", "both"], "How a line extends."),
  ...constants("xloc", "string", ["bar_index", "bar_time"], "How x coordinates are read."),
  ...constants("yloc", "string", ["price", "abovebar", "belowbar"], "How y coordinates are read."),
  ...constants("position", "string", ["top_left", "top_center", "top_right", "middle_left", "middle_center", "middle_right", "bottom_left", "bottom_center", "bottom_right"], "A table position."),
  ...constants("text", "string", ["align_left", "align_center", "align_right", "align_top", "align_bottom", "wrap_auto", "wrap_none"], "Text alignment."),
  ...constants("font", "string", ["family_default", "family_monospace"], "A font family."),
  ...constants("scale", "string", ["right", "left", "none"], "The price scale of `indicator(scale = ...)` (accepted; a headless run has none)."),
  ...constants("alert", "string", ["freq_all", "freq_once_per_bar", "freq_once_per_bar_close"], "How often `alert` may fire."),
];
