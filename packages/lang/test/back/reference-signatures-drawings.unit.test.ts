// label/line/box/table setters against TradingView's Pine v6 reference manual. table.set_bgcolor,
// set_frame_color, set_border_color: "Optional. The default is no color"; set_frame_width and
// set_border_width: "Optional. The default is 0"; label/box.set_text_formatting and
// table.cell_set_text_formatting: "Optional. The default is text.format_none". A setter called
// without its value sets that default.
import { risingBars, run } from "./harness";

const V6 = `//@version=6\nindicator("x", overlay = true)\n`;

test("table setters without a value clear the colors and widths", () => {
  const r = run(`${V6}var t = table.new(position.top_right, 1, 1, bgcolor = color.red, frame_color = color.blue, frame_width = 2, border_color = color.green, border_width = 3)
t.cell(0, 0, "a", text_formatting = text.format_bold)
if barstate.islast
    table.set_bgcolor(t)
    t.set_frame_color()
    table.set_frame_width(table_id = t)
    t.set_border_color()
    t.set_border_width()
    table.cell_set_text_formatting(t, 0, 0)
plot(close)`, risingBars(2));
  expect(r.runtimeErrors).toEqual([]);
  const t = r.drawings.tables[0]!;
  expect([t.bg_color, t.frame_color, t.frame_width, t.border_color, t.border_width, t.cells[0]!.text_formatting]).toEqual([null, null, 0, null, 0, "none"]);
});

test("label.set_text_formatting and box.set_text_formatting without a value set text.format_none", () => {
  const r = run(`${V6}if barstate.islast
    l = label.new(bar_index, close, "l", text_formatting = text.format_bold + text.format_italic)
    b = box.new(bar_index, close + 1, bar_index, close, text = "b", text_formatting = text.format_italic)
    l.set_text_formatting()
    box.set_text_formatting(b)
plot(close)`, risingBars(2));
  expect(r.runtimeErrors).toEqual([]);
  expect([r.drawings.labels[0]!.text_formatting, r.drawings.boxes[0]!.text_formatting]).toEqual(["none", "none"]);
});
