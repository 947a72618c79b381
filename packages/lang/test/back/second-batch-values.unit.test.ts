// Values of the names the second-batch check (second-batch-names.unit.test.ts) found refused and
// that were added or fixed, against hand-worked numbers.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

function barsOf(c: number[], h: number[] = c, l: number[] = c, o: number[] = c): Bars {
  const f = (a: number[]): Float64Array => Float64Array.from(a);
  return { length: c.length, time: Float64Array.from(c, (_, i) => 1.6e9 + i * 86400), open: f(o), high: f(h), low: f(l), close: f(c), volume: f(c.map(() => 1)) };
}

function values(body: string, bars: Bars, symbol: SymbolInfo = SYMBOL): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const THREE = barsOf([10, 11, 12]);

describe("syminfo.pricescale, minmove, pointvalue, root, prefix", () => {
  test.each([
    // mintick = minmove / pricescale with pricescale a power of ten
    [0.01, 100, 1],
    [0.25, 100, 25],
    [0.00001, 100000, 1],
    [0.5, 10, 5],
    [1, 1, 1],
  ])("a tick of %p is %p / %p", (mintick, scale, move) => {
    const [ps, mm, pv] = values("plot(syminfo.pricescale)\nplot(syminfo.minmove)\nplot(syminfo.pointvalue)", THREE, { ...SYMBOL, mintick });
    expect(ps).toEqual([scale, scale, scale]);
    expect(mm).toEqual([move, move, move]);
    expect(pv).toEqual([1, 1, 1]);
  });

  test("root is the ticker, prefix empty", () => {
    const [root, prefix] = values('plot(syminfo.root == "AAPL" ? 1 : 0)\nplot(str.length(syminfo.prefix))', THREE);
    expect(root).toEqual([1, 1, 1]);
    expect(prefix).toEqual([0, 0, 0]);
  });

  test("current_contract is na: no continuous futures are stored", () => {
    // TradingView: the contract under a continuous futures symbol, na for any other symbol
    const [isNa, fallback] = values('plot(na(syminfo.current_contract) ? 1 : 0)\nc = syminfo.current_contract\nplot(str.length(na(c) ? "none" : c))', THREE);
    expect(isNa).toEqual([1, 1, 1]);
    expect(fallback).toEqual([4, 4, 4]);
  });
});

describe("methods of built-in variables", () => {
  test("label.all.size() counts the labels not deleted", () => {
    // one label a bar, the one of bar 1 deleted: 1, 1, 2
    const [n] = values("l = label.new(bar_index, close)\nif bar_index == 1\n    l.delete()\nplot(label.all.size())", THREE);
    expect(n).toEqual([1, 1, 2]);
  });
});

describe("drawing setters and constants the second batch added", () => {
  test("text.format_* add up: none 0, bold 1, italic 2, both 3", () => {
    expect(values("plot(text.format_none)\nplot(text.format_bold)\nplot(text.format_italic)\nplot(text.format_bold + text.format_italic)", THREE).map((v) => v[0])).toEqual([0, 1, 2, 3]);
  });

  test("label.set_xloc(id, x, xloc) moves the label to x", () => {
    // the label made on bar 0 at x = 0, moved on each bar to x = 100 + bar_index
    const [x] = values("var l = label.new(bar_index, close)\nl.set_xloc(100 + bar_index, xloc.bar_index)\nplot(l.get_x())", THREE);
    expect(x).toEqual([100, 101, 102]);
  });

  test("box.set_xloc(id, left, right, xloc) sets both sides", () => {
    const [left, right] = values("var b = box.new(0, 2, 1, 1)\nb.set_xloc(bar_index - 1, bar_index + 5, xloc.bar_index)\nplot(b.get_left())\nplot(b.get_right())", THREE);
    expect(left).toEqual([-1, 0, 1]);
    expect(right).toEqual([5, 6, 7]);
  });

  test("table.cell_set_* keep the cell's text and colors; a cell outside the table is a runtime error", () => {
    const body = 'var t = table.new(position.top_right, 2, 1)\nt.cell(0, 0, "a", text_color = color.red)\nt.cell_set_text_size(0, 0, size.large)\nt.cell_set_width(0, 0, 10)\nt.cell_set_tooltip(0, 0, "tip")\nt.cell_set_text_formatting(0, 0, text.format_bold)\nplot(close)';
    const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), THREE, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.runtimeErrors).toEqual([]);
    // docs/adr/0235: the size, width and tooltip the setters gave; the alignment and height at table.cell's defaults;
    // docs/adr/0242: text.format_bold (1) by name, the font at its default
    expect(r.drawings.tables[0]!.cells).toEqual([{ row: 0, column: 0, text: "a", bg_color: null, text_color: "#F23645FF", text_size: "large", text_halign: "center", text_valign: "center", width: 10, height: 0, tooltip: "tip", text_formatting: "bold", text_font_family: "default" }]);
    const bad = evaluate(build('//@version=6\nindicator("t")\nvar t = table.new(position.top_right, 1, 1)\nt.cell_set_height(3, 0, 5)\nplot(close)'), THREE, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(bad.runtimeErrors[0]!.message).toMatch(/outside the table's 1 columns and 1 rows/);
  });
});
