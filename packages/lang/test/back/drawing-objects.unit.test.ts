// Drawings as data, against TradingView's documented behaviour (Pine v6 reference: label.new,
// label.all "index zero is the oldest", max_labels_count "the oldest are deleted first",
// line.get_price "as if extend.both", table.cell; user manual "Lines and boxes"). Expected values
// are worked by hand from risingBars (close = 10 + i), never read back from the code under test.
import { build, run, risingBars as bars, risingBarTime as day, RISING_T0 as T0, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";

const DAY = 86_400;
const V = "//@version=6\n";

describe("labels", () => {
  test("one label per bar with max_labels_count = 3 keeps the last three, oldest first", () => {
    const r = run(`${V}indicator("x", max_labels_count = 3)\nlabel.new(bar_index, close, str.tostring(bar_index))\nplot(array.size(label.all))`, bars(6));
    expect(r.drawings.labels.map((l) => [l.time, l.price, l.text])).toEqual([[day(3), 13, "3"], [day(4), 14, "4"], [day(5), 15, "5"]]);
    // label.all counts live labels: 1, 2, 3, then capped at 3
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 2, 3, 3, 3, 3]);
  });

  test("the default cap is 50 and a declaration cannot raise it past 500", () => {
    expect(run(`${V}indicator("x")\nlabel.new(bar_index, close)\nplot(close)`, bars(60)).drawings.labels[0]!.price).toBe(20);
    const big = run(`${V}indicator("x", max_labels_count = 900)\nlabel.new(bar_index, close)\nplot(close)`, bars(520));
    expect(big.drawings.labels).toHaveLength(500);
    expect(big.drawings.labels[0]!.price).toBe(30);
  });

  test("setters, getters, delete (na and twice are no-ops), copy counts as a new label", () => {
    const r = run(`${V}indicator("x")
var label a = na
if bar_index == 0
    a := label.new(0, 100, "first", style = label.style_label_up, color = #FF000080, textcolor = color.white, size = size.large, tooltip = "tip")
if bar_index == 1
    a.set_xy(1, 101)
    a.set_text("moved")
    b = a.copy()
    b.set_y(50)
if bar_index == 2
    label.delete(a)
    label.delete(a)
    label.delete(na)
plot(label.get_y(a))
plot(array.size(label.all))`, bars(3));
    expect(Array.from(r.outputs[0]!.values)).toEqual([100, 101, 101]);
    expect(Array.from(r.outputs[1]!.values)).toEqual([1, 2, 1]);
    expect(r.drawings.labels).toEqual([{ time: day(1), price: 50, text: "moved", style: "label_up", color: "#FF000080", text_color: "#FFFFFFFF", size: "large", tooltip: "tip", text_formatting: "none", text_font_family: "default" }]);
  });

  test("v6 text sizes in typographic points: an int size is accepted where size.* is (labels give it as its digits)", () => {
    const r = run(`${V}indicator("x")
if barstate.islast
    a = label.new(bar_index, close, "pt", size = 14)
    b = label.new(bar_index, close, "named", size = size.small)
    b.set_size(9)
    t = table.new(position.top_right, 1, 1)
    t.cell(0, 0, "c", text_size = 12)
    t.cell_set_text_size(0, 0, size.large)
    x = box.new(0, 12, 1, 10, text = "b", text_size = 10)
    x.set_text_size(11)
plot(close)`, bars(2));
    expect(r.drawings.labels.map((l) => [l.text, l.size])).toEqual([["pt", "14"], ["named", "9"]]);
  });

  test("yloc.abovebar / belowbar sit at the bar's high / low; xloc.bar_time reads Unix ms", () => {
    const r = run(`${V}indicator("x")
if barstate.islast
    label.new(1, na, "up", yloc = yloc.abovebar)
    label.new(2, 0, "down", yloc = yloc.belowbar)
    label.new(time, close, "t", xloc = xloc.bar_time)
plot(close)`, bars(4));
    expect(r.drawings.labels.map((l) => [l.time, l.price])).toEqual([[day(1), 12], [day(2), 11], [day(3), 13]]);
  });

  test("bar_time on an equity's daily bars (script times 09:30-16:00 New York): a bar's time and time_close are its stored day's start and end (docs/adr/0201)", () => {
    // bars Monday 2024-01-01 ... Thursday 01-04; bar 1 opens 14:30Z and closes 21:00Z for the script
    const r = evaluate(build(`${V}indicator("x")
if barstate.islast
    label.new(time[2], na, "open", xloc = xloc.bar_time, yloc = yloc.abovebar)
    label.new(time_close[2], na, "close", xloc = xloc.bar_time, yloc = yloc.belowbar)
    a = line.new(time[1], close, time_close[1], close, xloc = xloc.bar_time)
    b = line.new(time[1], low, time_close, low, xloc = xloc.bar_time)
    linefill.new(a, b, #00FF00)
plot(close)`), bars(4), {}, { symbol: { ...SYMBOL, session: "0930-1600" }, windowStart: 0 });
    expect(r.runtimeErrors).toEqual([]);
    // bar 1's close is where bar 2 begins: the label below it sits at bar 2's low (11)
    expect(r.drawings.labels.map((l) => [l.text, l.time, l.price])).toEqual([["open", day(1), 12], ["close", day(2), 11]]);
    // the last bar's close is its stored day's end
    expect(r.drawings.lines.map((l) => [l.time1, l.time2])).toEqual([[day(2), day(3)], [day(2), day(4)]]);
    expect(r.drawings.linefills).toEqual([{ line1: 0, line2: 1, color: "#00FF00FF" }]);
  });
});

describe("lines, boxes, tables", () => {
  test("a line to a bar past the last one is extrapolated by one bar per step; get_price extends the line", () => {
    const r = run(`${V}indicator("x")
var line l = na
if bar_index == 1
    l := line.new(1, 10, 3, 14, extend = extend.right, style = line.style_dashed, width = 2, color = color.new(#0000FF, 0))
if barstate.islast
    l.set_x2(bar_index + 2)
plot(line.get_price(l, bar_index))`, bars(4));
    // from (1, 10) to (3, 14): slope 2 a bar; at bar 2 -> 12, at bar 3 -> 14; then x2 = 5 and the slope is 1
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, 10, 12, 12]);
    expect(r.drawings.lines).toEqual([{ time1: day(1), price1: 10, time2: day(5), price2: 14, extend: "right", style: "dashed", color: "#0000FFFF", width: 2 }]);
  });

  test("max_lines_count and max_boxes_count delete the oldest; box corners move", () => {
    const r = run(`${V}indicator("x", max_lines_count = 2, max_boxes_count = 1)
line.new(bar_index, low, bar_index + 1, high)
b = box.new(bar_index, high, bar_index + 1, low, bgcolor = color.new(#00FF00, 100), text = str.tostring(bar_index))
if barstate.islast
    b.set_lefttop(0, 99)
plot(close)`, bars(5));
    expect(r.drawings.lines.map((l) => [l.time1, l.price1])).toEqual([[day(3), 12], [day(4), 13]]);
    // the box's other fields at box.new's defaults in the v6 reference (border_color color.blue,
    // border_width 1, line.style_solid, extend.none, text_color color.black, size.auto,
    // text.align_center twice); color.blue is #2962FF and color.black #363A45 (docs/adr/0072)
    expect(r.drawings.boxes).toEqual([{
      time1: day(0), top: 99, time2: day(5), bottom: 13, border_color: "#2962FFFF", bg_color: "#00FF0000", text: "4",
      border_width: 1, border_style: "solid", extend: "none", text_color: "#363A45FF", text_size: "auto", text_halign: "center", text_valign: "center",
      text_formatting: "none", text_font_family: "default",
    }]);
  });

  test("box.new's colors default to the reference's (border and fill color.blue, text color.black); na given is no color", () => {
    const r = run(`${V}indicator("x", overlay = true)
if barstate.islast
    box.new(0, 20, 2, 10)
    box.new(0, 20, 2, 10, na, bgcolor = na, text_color = na)
plot(close)`, bars(3));
    expect(r.drawings.boxes.map((x) => [x.border_color, x.bg_color, x.text_color])).toEqual([
      ["#2962FFFF", "#2962FFFF", "#363A45FF"],
      [null, null, null],
    ]);
  });

  test("a box's border, extension and text styles are kept; a linefill names its two lines' places and goes with either", () => {
    const r = run(`${V}indicator("x")
if barstate.islast
    box.new(0, 20, 2, 10, border_width = 3, border_style = line.style_dotted, extend = extend.both, text = "z", text_color = #FF0000, text_size = size.small, text_halign = text.align_left, text_valign = text.align_bottom)
    a = line.new(0, 1, 2, 3)
    b = line.new(0, 0, 2, 1)
    c = line.new(0, 5, 2, 6)
    linefill.new(a, b, color.new(#00FF00, 50))
    linefill.new(b, c, #0000FF)
    line.delete(c)
plot(close)`, bars(3));
    expect(r.drawings.boxes.map((x) => [x.border_width, x.border_style, x.extend, x.text_color, x.text_size, x.text_halign, x.text_valign])).toEqual([[3, "dotted", "both", "#FF0000FF", "small", "left", "bottom"]]);
    // lines a and b remain, at places 0 and 1; the fill with c went with it. color.new(#00FF00, 50):
    // alpha round(0.5 * 255) = 128 = 0x80
    expect(r.drawings.lines).toHaveLength(2);
    expect(r.drawings.linefills).toEqual([{ line1: 0, line2: 1, color: "#00FF0080" }]);
  });

  // a cell without text_color is color.black (#363A45), the v6 reference's table.cell default
  test("table cells are kept by row and column; a cell outside the table is a runtime error of the bar", () => {
    const r = run(`${V}indicator("x")
var t = table.new(position.bottom_left, 2, 3, bgcolor = color.black)
if barstate.islast
    table.cell(t, 1, 2, "b", text_color = #FFFFFF)
    table.cell(t, 0, 0, "a")
    t.cell_set_bgcolor(0, 0, #112233)
if bar_index == 1
    table.cell(t, 2, 0, "outside")
plot(close)`, bars(3));
    // docs/adr/0235: the table's bgcolor (color.black), no frame or borders (width 0, color na), no merges; the cells at table.cell's defaults
    expect(r.drawings.tables).toEqual([{
      position: "bottom_left", rows: 3, columns: 2, bg_color: "#363A45FF", frame_color: null, frame_width: 0, border_color: null, border_width: 0, merges: [],
      cells: [{ row: 0, column: 0, text: "a", bg_color: "#112233FF", text_color: "#363A45FF", text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null, text_formatting: "none", text_font_family: "default" }, { row: 2, column: 1, text: "b", bg_color: null, text_color: "#FFFFFFFF", text_size: "normal", text_halign: "center", text_valign: "center", width: 0, height: 0, tooltip: null, text_formatting: "none", text_font_family: "default" }],
    }]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Cell (column 2, row 0) is outside the table's 2 columns and 3 rows", 1]]);
  });
});

describe("polyline and chart.point", () => {
  test("a polyline keeps a copy of its points, read by bar index or time; the oldest past max_polylines_count is deleted", () => {
    const r = run(`${V}indicator("x", max_polylines_count = 1)
var pts = array.new<chart.point>()
pts.push(chart.point.from_index(bar_index, close))
if bar_index == 2
    polyline.new(pts, closed = true, line_color = #FF0000, fill_color = color.new(#00FF00, 50))
if barstate.islast
    polyline.new(array.from(chart.point.from_time(time, 1), chart.point.now(high), chart.point.new(na, 0, 2)), xloc = xloc.bar_time)
    pts.clear()
plot(array.size(polyline.all))`, bars(4));
    expect(Array.from(r.outputs[0]!.values)).toEqual([0, 0, 1, 1]);
    // the second replaced the first (cap 1); its third point has no time
    expect(r.drawings.polylines).toEqual([{ points: [{ time: day(3), price: 1 }, { time: day(3), price: 14 }, { time: null, price: 2 }], closed: false, line_color: "#2962FFFF", fill_color: null, curved: false, xloc: "bar_time", line_style: "solid", line_width: 1 }]);
  });

  test("with the default cap the first polyline stays as it was drawn (points copied at polyline.new)", () => {
    const r = run(`${V}indicator("x")
var pts = array.new<chart.point>()
pts.push(chart.point.from_index(bar_index, close))
if bar_index == 2
    polyline.new(pts, closed = true, line_color = #FF0000, fill_color = color.new(#00FF00, 50))
plot(close)`, bars(4));
    expect(r.drawings.polylines).toEqual([{ points: [{ time: day(0), price: 10 }, { time: day(1), price: 11 }, { time: day(2), price: 12 }], closed: true, line_color: "#FF0000FF", fill_color: "#00FF0080", curved: false, xloc: "bar_index", line_style: "solid", line_width: 1 }]);
  });
});

describe("force_overlay (docs/adr/0220)", () => {
  test("a drawing made with force_overlay = true says so; the others have no such field", () => {
    const r = run(`${V}const bool ON = true
indicator("x", overlay = false)
if barstate.islast
    label.new(bar_index, close, "price", force_overlay = true)
    label.new(bar_index, 50, "pane")
    line.new(0, 10, 1, 11, force_overlay = ON)
    line.new(0, 40, 1, 60, force_overlay = false)
    box.new(0, 12, 1, 10, force_overlay = true)
    polyline.new(array.from(chart.point.from_index(0, 10), chart.point.from_index(1, 11)), force_overlay = true)
    table.new(position.top_right, 1, 1, force_overlay = true)
    table.new(position.bottom_left, 1, 1)
plot(ta.rsi(close, 2))`, bars(2));
    const flags = (list: object[]) => list.map((d) => ("force_overlay" in d ? (d as { force_overlay: unknown }).force_overlay : "absent"));
    expect(flags(r.drawings.labels)).toEqual([true, "absent"]);
    expect(flags(r.drawings.lines)).toEqual([true, "absent"]);
    expect(flags(r.drawings.boxes)).toEqual([true]);
    expect(flags(r.drawings.polylines)).toEqual([true]);
    expect(flags(r.drawings.tables)).toEqual([true, "absent"]);
    expect(r.drawings.labels[0]).toEqual({ time: day(1), price: 11, text: "price", style: "label_down", color: null, text_color: null, size: "normal", tooltip: null, text_formatting: "none", text_font_family: "default", force_overlay: true });
  });
});

describe("text_formatting and text_font_family (docs/adr/0242)", () => {
  // the v6 reference: text.format_none 0, text.format_bold 1, text.format_italic 2, added for both;
  // font.family_default and font.family_monospace
  test("labels, boxes and table cells carry their text's formatting and font; the setters change them", () => {
    const r = run(`${V}indicator("x", overlay = true)
if barstate.islast
    a = label.new(0, 10, "both", text_formatting = text.format_bold + text.format_italic, text_font_family = font.family_monospace)
    b = label.new(1, 11, "reset", text_formatting = text.format_bold, text_font_family = font.family_monospace)
    b.set_text_formatting(text.format_none)
    b.set_text_font_family(font.family_default)
    box.new(0, 12, 1, 10, text = "i", text_formatting = text.format_italic)
    c = box.new(0, 14, 1, 13, text = "m")
    c.set_text_font_family(font.family_monospace)
    c.set_text_formatting(text.format_bold)
    t = table.new(position.top_right, 2, 1)
    t.cell(0, 0, "mb", text_font_family = font.family_monospace, text_formatting = text.format_bold)
    t.cell(1, 0, "set")
    t.cell_set_text_formatting(1, 0, text.format_italic + text.format_bold)
    t.cell_set_text_font_family(1, 0, font.family_monospace)
    t.cell_set_text_formatting(0, 0, text.format_none)
plot(close)`, bars(2));
    expect(r.runtimeErrors).toEqual([]);
    const style = (list: Array<{ text: string; text_formatting: string; text_font_family: string }>) => list.map((d) => [d.text, d.text_formatting, d.text_font_family]);
    expect(style(r.drawings.labels)).toEqual([["both", "bold_italic", "monospace"], ["reset", "none", "default"]]);
    expect(style(r.drawings.boxes)).toEqual([["i", "italic", "default"], ["m", "bold", "monospace"]]);
    expect(style(r.drawings.tables[0]!.cells)).toEqual([["mb", "none", "monospace"], ["set", "bold_italic", "monospace"]]);
  });
});

describe("log.*", () => {
  test("lines carry the bar's time and level; arguments are formatted as str.format; warmup bars log too", () => {
    const r = run(`${V}indicator("x")
if bar_index < 2
    log.info("bar {0} close {1}", bar_index, close)
if bar_index == 2
    log.warning("plain {0}")
    log.error("e")
plot(close)`, bars(3), 1);
    expect(r.logs).toEqual([
      { time: T0, level: "info", message: "bar 0 close 10" },
      { time: T0 + DAY, level: "info", message: "bar 1 close 11" },
      { time: T0 + 2 * DAY, level: "warning", message: "plain {0}" },
      { time: T0 + 2 * DAY, level: "error", message: "e" },
    ]);
    expect(r.logsDropped).toBe(0);
  });

  test("the first 1,000 lines are kept and the rest counted; the run's values are unaffected", () => {
    const r = run(`${V}indicator("x")\nfor k = 0 to 9\n    log.info("{0}-{1}", bar_index, k)\nplot(close * 2)`, bars(150));
    expect(r.logs).toHaveLength(1000);
    expect(r.logs[999]!.message).toBe("99-9");
    expect(r.logsDropped).toBe(500);
    expect(r.outputs[0]!.values[149]).toBe(318);
  });
});

describe("chart.*", () => {
  test("constants and the window's first and last bar times", () => {
    const r = run(`${V}indicator("x")
plot(chart.left_visible_bar_time / 1000)
plot(chart.right_visible_bar_time / 1000)
plot(chart.is_standard and not chart.is_heikinashi ? color.r(chart.bg_color) : -1)`, bars(5), 2);
    expect(r.outputs[0]!.values[0]).toBe(T0 + 2 * DAY);
    expect(r.outputs[1]!.values[0]).toBe(T0 + 4 * DAY);
    expect(r.outputs[2]!.values[0]).toBe(255);
  });
});
