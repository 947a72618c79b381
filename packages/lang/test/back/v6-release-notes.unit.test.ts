// What TradingView's Pine Script release notes added to v6 (November 2024 through 2025), each in a
// small script of the kind public indicators write, with values worked out by hand from the v6
// reference manual's descriptions (docs/adr/0242 lists the survey and what is only accepted).
import { build, releaseNotesBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import { validate } from "../../src/index";
import type { Bars } from "../../src/types";

const closes = [10, 12, 11, 13];
const BARS: Bars = releaseNotesBars(closes);

function script(body: string, version = 6): string {
  return `//@version=${version}\nindicator("v6 notes", overlay = true)\n${body}`;
}

function run(body: string, inputs: Record<string, unknown> = {}, version = 6) {
  return evaluate(build(script(body, version)), BARS, inputs, { symbol: SYMBOL, windowStart: 0 });
}

function values(body: string, inputs: Record<string, unknown> = {}, version = 6): number[][] {
  const r = run(body, inputs, version);
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

async function errors(body: string): Promise<string[]> {
  const v = await validate([{ path: "main.pine", content: script(body) }], { resolver: { resolve: async () => null } });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
}

describe("for loops evaluate their end boundary on every iteration", () => {
  test("an array grown inside the loop extends it: five iterations, not the one its size at entry gives", () => {
    // size 1 at entry; iterations i = 0..3 each push (sizes 2..5), i = 4 is still <= size - 1 = 4, i = 5 is not
    const body = ["a = array.from(1)", "n = 0", "for i = 0 to a.size() - 1", "    if a.size() < 5", "        a.push(i)", "    n += 1", "plot(n)", "plot(a.size())"].join("\n");
    expect(values(body)).toEqual([[5, 5, 5, 5], [5, 5, 5, 5]]);
  });

  test("a boundary variable reassigned in the body: 0 to 10 becomes 0 to 3 after the first iteration", () => {
    const body = ["y = 10", "c = 0", "for i = 0 to y", "    y := 3", "    c += 1", "plot(c)"].join("\n");
    expect(values(body)).toEqual([[4, 4, 4, 4]]);
  });
});

describe("array indices may be negative, counting back from the end", () => {
  test("get, set, remove and insert", () => {
    const body = [
      "a = array.from(1, 2, 3)",
      "g = a.get(-1) * 100 + array.get(a, -3) * 10", // 3 * 100 + 1 * 10
      "a.set(-1, 7)", // [1, 2, 7]
      "r = a.remove(-2)", // removes 2: [1, 7]
      "a.insert(-1, 9)", // at index 2 - 1 = 1: [1, 9, 7]
      "plot(g)",
      "plot(r)",
      "plot(a.get(1))",
      "plot(a.last())",
    ].join("\n");
    expect(values(body)).toEqual([[310, 310, 310, 310], [2, 2, 2, 2], [9, 9, 9, 9], [7, 7, 7, 7]]);
  });

  test("an index below -size is out of bounds, as one at or past size is", () => {
    const r = run("a = array.from(1, 2, 3)\nplot(a.get(-4))");
    expect(r.runtimeErrors).toEqual([expect.objectContaining({ message: "Index -4 is out of bounds. Array size is 3", count: 4 })]);
  });
});

describe("the active parameter of input functions", () => {
  const body = [
    "smooth = input.bool(false, \"Smooth\")",
    "len = input.int(3, \"Length\", minval = 1, active = smooth)",
    "mult = input.float(1.5, \"Mult\", active = smooth)",
    "src = input.source(close, \"Source\", active = smooth)",
    "mode = input.string(\"A\", \"Mode\", options = [\"A\", \"B\"], active = not smooth)",
    "col = input.color(color.red, \"Color\", active = smooth)",
    "tf = input.timeframe(\"\", \"TF\", active = smooth)",
    "n = input(2, \"Plain\", active = smooth)",
    "plot(len * mult)",
    "plot(src + n)",
    "plot(mode == \"B\" ? 1 : 0)",
  ].join("\n");

  test("is accepted on every kind and only greys the field: the Interface lists the same inputs", async () => {
    const v = await validate([{ path: "main.pine", content: script(body) }], { resolver: { resolve: async () => null } });
    expect(v.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(v.interface!.inputs.map((i) => i.name)).toEqual(["smooth", "len", "mult", "src", "mode", "col", "tf", "n"]);
  });

  test("an inactive input's value still reaches the script, as the saved value does on TradingView", () => {
    // defaults: 3 * 1.5 = 4.5; close + 2; mode A
    expect(values(body)).toEqual([[4.5, 4.5, 4.5, 4.5], [12, 14, 13, 15], [0, 0, 0, 0]]);
    // given while `smooth` stays false (len and mult inactive): 4 * 2 = 8
    expect(values(body, { len: 4, mult: 2, mode: "B" })).toEqual([[8, 8, 8, 8], [12, 14, 13, 15], [1, 1, 1, 1]]);
  });
});

describe("appearance-only additions are accepted and change no value", () => {
  test("plot's linestyle (plot.linestyle_solid, _dashed, _dotted)", () => {
    const body = ["plot(close, linestyle = plot.linestyle_dashed)", "plot(open, \"o\", color.red, 2, linestyle = plot.linestyle_dotted)", "plot(high, linestyle = plot.linestyle_solid)"].join("\n");
    expect(values(body)).toEqual([closes, closes.map((c) => c - 1), closes.map((c) => c + 2)]);
  });

  test("text_formatting on labels, boxes and table cells, and their setters; text.format_* add up", () => {
    const r = run([
      "var t = table.new(position.top_right, 1, 1)",
      "if barstate.islast",
      "    lb = label.new(bar_index, close, \"x\", text_formatting = text.format_bold + text.format_italic, text_font_family = font.family_monospace)",
      "    lb.set_text_formatting(text.format_none)",
      "    bx = box.new(bar_index - 1, high, bar_index, low, text = \"b\", text_formatting = text.format_italic)",
      "    box.set_text_formatting(bx, text.format_bold)",
      "    t.cell(0, 0, \"c\", text_formatting = text.format_bold, text_size = 20)",
      "    table.cell_set_text_formatting(t, 0, 0, text.format_italic)",
      "plot(close)",
    ].join("\n"));
    expect(r.runtimeErrors).toEqual([]);
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["x"]);
    expect(r.drawings.boxes.map((b) => [b.text, b.top, b.bottom])).toEqual([["b", 15, 11]]);
    expect(r.drawings.tables[0]!.cells.map((c) => [c.text, c.text_size])).toEqual([["c", "20"]]);
  });
});

describe("line wrapping", () => {
  test("inside parentheses a continuation line may be indented by a multiple of four", () => {
    const body = ["x = math.max(", "    close,", "    open + 5)", "y = (close > open ?", "    1 :", "    0)", "plot(x)", "plot(y)"].join("\n");
    expect(values(body)).toEqual([[14, 16, 15, 17], [1, 1, 1, 1]]);
  });

  test("outside parentheses such a line still starts a block, and the message says how to wrap", async () => {
    expect(await errors("x = close +\n    open\nplot(x)")).toEqual([expect.stringContaining("wrap the expression in parentheses"), "Undeclared identifier 'x'."]);
  });
});

describe("chart-only values", () => {
  test("timeframe.main_period and syminfo.main_tickerid are the chart's on the chart", () => {
    expect(values("plot(timeframe.main_period == \"1D\" ? 1 : 0)\nplot(syminfo.main_tickerid == syminfo.tickerid ? 1 : 0)")).toEqual([[1, 1, 1, 1], [1, 1, 1, 1]]);
  });

  test("bid and ask are na off the tick timeframe", () => {
    expect(values("plot(na(bid) and na(ask) ? 1 : 0)")).toEqual([[1, 1, 1, 1]]);
  });

  test("request.footprint is refused, naming the data it needs", async () => {
    expect(await errors("fp = request.footprint(100)\nplot(close)")).toEqual([expect.stringContaining("footprint")]);
  });
});

describe("division of two int values", () => {
  test("gives the fraction in v6 and the truncated int in v5 for constants (the v6 migration guide)", () => {
    expect(values("plot(5 / 2)")).toEqual([[2.5, 2.5, 2.5, 2.5]]);
    expect(values("plot(5 / 2)", {}, 5)).toEqual([[2, 2, 2, 2]]);
  });
});
