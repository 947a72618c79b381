// Visual calls that compile and do nothing visible (a headless run has no chart; docs
// `reference-core`): hline, bgcolor, barcolor, fill, label.*, line.*, box.*, table.*, and the style
// constants they take. A drawing namespace that gets a runtime implementation moves to records
// with emitters of their own (see README "Adding a built-in").

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
  t.fn(`fill(hline1: hline, hline2: hline, ${fillRest}): void`, "Fills between two hlines (no output).");
  t.fn("fill(plot1: plot, plot2: plot, top_value: series float, bottom_value: series float, top_color: series color, bottom_color: series color, title: const string = na, display: input string = \"display.all\", fillgaps: const bool = false, editable: input bool = true): void", "Gradient fill between two plots (no output).");
}

const COMMON_TEXT = "text: series string = \"\", textcolor: series color = na, size: series string = \"size.normal\", textalign: series string = \"text.align_center\", tooltip: series string = na, text_font_family: series string = \"font.family_default\"";

function addLabel(t: Noops): void {
  t.fn(`label.new(x: series int, y: series float, ${COMMON_TEXT}, xloc: series string = "xloc.bar_index", yloc: series string = "yloc.price", color: series color = na, style: series string = "label.style_label_down", force_overlay: const bool = false): series label`, "A label (no output).");
  const setters: Array<[string, string]> = [
    ["x", "series int"], ["y", "series float"], ["text", "series string"], ["color", "series color"], ["textcolor", "series color"],
    ["style", "series string"], ["size", "series string"], ["tooltip", "series string"], ["textalign", "series string"],
    ["xloc", "series string"], ["yloc", "series string"],
  ];
  for (const [f, ty] of setters) t.fn(`label.set_${f}(id: series label, ${f}: ${ty}): void`, `Sets the label's ${f}.`);
  t.fn("label.set_xy(id: series label, x: series int, y: series float): void", "Moves the label.");
  t.fn("label.get_x(id: series label): series int", "The label's x.");
  t.fn("label.get_y(id: series label): series float", "The label's y.");
  t.fn("label.get_text(id: series label): series string", "The label's text.");
  t.fn("label.delete(id: series label): void", "Deletes the label.");
}

function addLine(t: Noops): void {
  t.fn("line.new(x1: series int, y1: series float, x2: series int, y2: series float, xloc: series string = \"xloc.bar_index\", extend: series string = \"extend.none\", color: series color = na, style: series string = \"line.style_solid\", width: series int = 1, force_overlay: const bool = false): series line", "A line (no output).");
  const setters: Array<[string, string]> = [
    ["x1", "series int"], ["y1", "series float"], ["x2", "series int"], ["y2", "series float"], ["color", "series color"],
    ["width", "series int"], ["style", "series string"], ["extend", "series string"], ["xloc", "series string"],
  ];
  for (const [f, ty] of setters) t.fn(`line.set_${f}(id: series line, ${f}: ${ty}): void`, `Sets the line's ${f}.`);
  t.fn("line.set_xy1(id: series line, x: series int, y: series float): void", "Moves the line's first point.");
  t.fn("line.set_xy2(id: series line, x: series int, y: series float): void", "Moves the line's second point.");
  for (const f of ["x1", "x2"]) t.fn(`line.get_${f}(id: series line): series int`, `The line's ${f}.`);
  for (const f of ["y1", "y2"]) t.fn(`line.get_${f}(id: series line): series float`, `The line's ${f}.`);
  t.fn("line.get_price(id: series line, x: series int): series float", "The line's price at bar `x`.");
  t.fn("line.delete(id: series line): void", "Deletes the line.");
  t.fn("linefill.new(line1: series line, line2: series line, color: series color): series linefill", "A fill between two lines (no output).");
  t.fn("linefill.delete(id: series linefill): void", "Deletes the fill.");
}

function addBox(t: Noops): void {
  t.fn(`box.new(left: series int, top: series float, right: series int, bottom: series float, border_color: series color = na, border_width: series int = 1, border_style: series string = "line.style_solid", extend: series string = "extend.none", xloc: series string = "xloc.bar_index", bgcolor: series color = na, ${COMMON_TEXT.replace("textcolor", "text_color").replace("size:", "text_size:").replace("textalign:", "text_halign:")}, text_valign: series string = "text.align_center", text_wrap: series string = "text.wrap_none", force_overlay: const bool = false): series box`, "A box (no output).");
  const setters: Array<[string, string]> = [
    ["left", "series int"], ["right", "series int"], ["top", "series float"], ["bottom", "series float"], ["bgcolor", "series color"],
    ["border_color", "series color"], ["border_width", "series int"], ["border_style", "series string"], ["extend", "series string"],
    ["text", "series string"], ["text_color", "series color"],
  ];
  for (const [f, ty] of setters) t.fn(`box.set_${f}(id: series box, ${f}: ${ty}): void`, `Sets the box's ${f}.`);
  t.fn("box.set_lefttop(id: series box, left: series int, top: series float): void", "Moves the box's top-left corner.");
  t.fn("box.set_rightbottom(id: series box, right: series int, bottom: series float): void", "Moves the box's bottom-right corner.");
  for (const f of ["left", "right"]) t.fn(`box.get_${f}(id: series box): series int`, `The box's ${f}.`);
  for (const f of ["top", "bottom"]) t.fn(`box.get_${f}(id: series box): series float`, `The box's ${f}.`);
  t.fn("box.delete(id: series box): void", "Deletes the box.");
}

function addTable(t: Noops): void {
  t.fn("table.new(position: series string, columns: series int, rows: series int, bgcolor: series color = na, frame_color: series color = na, frame_width: series int = 0, border_color: series color = na, border_width: series int = 0, force_overlay: const bool = false): series table", "A table (no output).");
  t.fn("table.cell(table_id: series table, column: series int, row: series int, text: series string = \"\", width: series float = 0, height: series float = 0, text_color: series color = na, text_halign: series string = \"text.align_center\", text_valign: series string = \"text.align_center\", text_size: series string = \"size.normal\", bgcolor: series color = na, tooltip: series string = na, text_font_family: series string = \"font.family_default\"): void", "Sets a table cell (no output).");
  t.fn("table.cell_set_text(table_id: series table, column: series int, row: series int, text: series string): void", "Sets a cell's text.");
  t.fn("table.cell_set_bgcolor(table_id: series table, column: series int, row: series int, bgcolor: series color): void", "Sets a cell's background.");
  t.fn("table.cell_set_text_color(table_id: series table, column: series int, row: series int, text_color: series color): void", "Sets a cell's text color.");
  t.fn("table.set_bgcolor(table_id: series table, bgcolor: series color): void", "Sets the table's background.");
  t.fn("table.merge_cells(table_id: series table, start_column: series int, start_row: series int, end_column: series int, end_row: series int): void", "Merges cells.");
  t.fn("table.clear(table_id: series table, start_column: series int, start_row: series int, end_column: series int = na, end_row: series int = na): void", "Clears cells.");
  t.fn("table.delete(table_id: series table): void", "Deletes the table.");
}

export const chartCalls = build(addChartCalls, new Set(["hline", "bgcolor", "barcolor", "fill"]));
export const labels = build(addLabel);
export const lines = build(addLine);
export const boxes = build(addBox);
export const tables = build(addTable);

export const drawingConstants: VariableRecord[] = [
  ...constants("shape", "string", ["xcross", "cross", "triangleup", "triangledown", "flag", "circle", "arrowup", "arrowdown", "labelup", "labeldown", "square", "diamond"], "A plotshape style."),
  ...constants("location", "string", ["abovebar", "belowbar", "top", "bottom", "absolute"], "A plotshape/plotchar location."),
  ...constants("size", "string", ["auto", "tiny", "small", "normal", "large", "huge"], "A size."),
  ...constants("plot", "string", ["style_line", "style_linebr", "style_stepline", "style_stepline_diamond", "style_histogram", "style_cross", "style_area", "style_areabr", "style_columns", "style_circles", "linestyle_solid", "linestyle_dashed", "linestyle_dotted"], "A plot style."),
  ...constants("hline", "string", ["style_solid", "style_dotted", "style_dashed"], "An hline style."),
  ...constants("line", "string", ["style_solid", "style_dotted", "style_dashed", "style_arrow_left", "style_arrow_right", "style_arrow_both"], "A line style."),
  ...constants("label", "string", ["style_none", "style_xcross", "style_cross", "style_triangleup", "style_triangledown", "style_flag", "style_circle", "style_arrowup", "style_arrowdown", "style_label_up", "style_label_down", "style_label_left", "style_label_right", "style_label_center", "style_square", "style_diamond"], "A label style."),
  ...constants("display", "string", ["all", "none", "data_window", "pane", "price_scale", "status_line"], "Where a plot is displayed."),
  ...constants("extend", "string", ["none", "left", "right", "both"], "How a line extends."),
  ...constants("xloc", "string", ["bar_index", "bar_time"], "How x coordinates are read."),
  ...constants("yloc", "string", ["price", "abovebar", "belowbar"], "How y coordinates are read."),
  ...constants("position", "string", ["top_left", "top_center", "top_right", "middle_left", "middle_center", "middle_right", "bottom_left", "bottom_center", "bottom_right"], "A table position."),
  ...constants("text", "string", ["align_left", "align_center", "align_right", "align_top", "align_bottom", "wrap_auto", "wrap_none"], "Text alignment."),
  ...constants("font", "string", ["family_default", "family_monospace"], "A font family."),
  ...constants("alert", "string", ["freq_all", "freq_once_per_bar", "freq_once_per_bar_close"], "How often `alert` may fire."),
];
