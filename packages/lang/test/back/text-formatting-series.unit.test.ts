// TradingView's v6 reference types the `text_formatting` argument of label.new, box.new and
// table.cell as "series text_format": a script may choose bold or plain per bar or per cell
// (a watchlist that bolds the level nearest the price). It was typed const and refused.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const closes = [10, 12, 11];
const BARS: Bars = {
  length: 3,
  time: Float64Array.from(closes, (_, i) => 1.7e9 + i * 86400),
  open: Float64Array.from(closes),
  high: Float64Array.from(closes),
  low: Float64Array.from(closes),
  close: Float64Array.from(closes),
  volume: Float64Array.from(closes, () => 1),
};

function run(body: string) {
  return evaluate(build(`//@version=6\nindicator("fmt", overlay = true)\n${body}`), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
}

describe("text_formatting takes a series value", () => {
  test("label.new and box.new accept a formatting chosen per bar", () => {
    const r = run([
      "fmt = close > open[1] ? text.format_bold : text.format_none",
      "label.new(bar_index, close, \"x\", text_formatting = fmt)",
      "box.new(bar_index, close + 1, bar_index + 1, close - 1, text = \"b\", text_formatting = fmt + text.format_italic)",
      "plot(fmt)",
    ].join("\n"));
    expect(r.runtimeErrors).toEqual([]);
    // bar 0: open[1] is na, so the comparison is false (none = 0); bar 1: 12 > 10, bold; bar 2: 11 > 12 is false
    expect(Array.from(r.outputs[0]!.values)).toEqual([0, 1, 0]);
    expect(r.drawings.labels.length).toBe(3);
    expect(r.drawings.boxes.length).toBe(3);
  });

  test("table.cell accepts a formatting chosen per cell in a loop", () => {
    const r = run([
      "var t = table.new(position.top_right, 3, 1)",
      "if barstate.islast",
      "    for i = 0 to 2",
      "        bool near = i == 1",
      "        t.cell(i, 0, str.tostring(i), text_formatting = near ? text.format_bold : text.format_none)",
      "plot(close)",
    ].join("\n"));
    expect(r.runtimeErrors).toEqual([]);
    expect(r.drawings.tables[0]!.cells.map((c) => c.text)).toEqual(["0", "1", "2"]);
  });
});
