// What TradingView's Pine Script release notes added to v6 from December 2025 to September 2026
// (docs/adr/0256 lists each addition and what a run does with it), in small scripts written in the
// style of the notes' and the user manual's own examples, values worked out by hand.
import { build, releaseNotesBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import { validate } from "../../src/index";
import type { Bars } from "../../src/types";

// every bar closes above its open (open = close - 1)
const closes = [10, 12, 11, 13];
const BARS: Bars = releaseNotesBars(closes);

function script(body: string): string {
  return `//@version=6\nindicator("notes 2026", overlay = true)\n${body}`;
}

function run(body: string) {
  const r = evaluate(build(script(body)), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r;
}

function values(body: string): number[][] {
  return run(body).outputs.map((o) => Array.from(o.values));
}

async function errors(body: string): Promise<string[]> {
  const v = await validate([{ path: "main.pine", content: script(body) }], { resolver: { resolve: async () => null } });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
}

describe("once (August 2026): a structure that returns no value", () => {
  // The user manual's Conditional structures page: structures 1 and 2 compile, structure 3 does not.
  const structures12 = [
    'var string txt = ""',
    "once close > open",
    '    txt := "Structure 1 works."',
    "var bool condition2Fired = false",
    "txt += if close > open and not condition2Fired",
    "    condition2Fired := true",
    '    "\\nStructure 2 works."',
  ];
  const labelOnLast = ["if barstate.islast", "    label.new(bar_index + 1, open, txt, style = label.style_label_left)", "plot(close)"];
  // on the first bar (what a later bar's `txt += na` gives, TradingView's pages do not say)
  const labelOnFirst = ["if barstate.isfirst", "    label.new(bar_index + 1, open, txt, style = label.style_label_left)", "plot(close)"];

  test("reassigning inside the block works, and so does the if-and-flag form beside it", () => {
    // bar 0 closes above its open: the once block sets the text, then the if appends its line
    const r = run([...structures12, ...labelOnFirst].join("\n"));
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["Structure 1 works.\nStructure 2 works."]);
  });

  test("a once structure used as a value is refused, saying why", async () => {
    const structure3 = ["txt += once close > open", '    txt := "\\nStructure 3 works."'];
    expect(await errors([...structures12, ...structure3, ...labelOnLast].join("\n"))).toEqual([expect.stringContaining("returns no value")]);
    expect(await errors(["x = once", "    1", "plot(close)"].join("\n"))).toEqual([expect.stringContaining("returns no value")]);
  });

  test("a call of a function that ends with a once structure cannot be assigned, but can be called", async () => {
    const f = ["f() =>", "    once close > 11", '        label.new(bar_index, close, "first close above 11")'];
    expect(await errors([...f, "v = f()", "plot(close)"].join("\n"))).toEqual([expect.stringContaining("no value")]);
    expect(await errors([...f, "[a, b] = f()", "plot(close)"].join("\n"))).toEqual([expect.stringContaining("no value")]);
    // called for its effect: one label, at bar 1's close 12, the first close above 11
    const r = run([...f, "f()", "plot(close)"].join("\n"));
    expect(r.drawings.labels.map((l) => [l.price, l.text])).toEqual([[12, "first close above 11"]]);
  });

  test("a variable that older scripts named once is still a variable", () => {
    expect(values(["once = close > 11 ? 1 : 0", "plot(once)", "plot(once[1])"].join("\n"))).toEqual([[0, 1, 0, 1], [NaN, 0, 1, 0]]);
  });
});

describe("multiline strings (April 2026)", () => {
  test("the Strings page's examples: a line break before each new line, indentation kept from column 0", () => {
    const r = run([
      'string helloStr = """',
      "Hello",
      "world!",
      '"""',
      'string indentedText = """',
      "0 leading spaces",
      " 1 leading space",
      "    4 leading spaces",
      "        8 leading spaces",
      '"""',
      "string localMultiStr = na",
      "if barstate.islast",
      '    localMultiStr := """This line is not indented.',
      "    This line has four leading spaces.",
      '        This line has four additional leading spaces."""',
      'string quoted2 = """ "Some quoted text" """',
      'string concatenated = """String 1',
      '""" + """String 2',
      "\"\"\" + '''String 3",
      "'''",
      "if barstate.islast",
      "    label.new(bar_index, 0, helloStr)",
      "    label.new(bar_index, 0, indentedText)",
      "    label.new(bar_index, 0, localMultiStr)",
      "    label.new(bar_index, 0, quoted2)",
      "    label.new(bar_index, 0, concatenated)",
      "plot(close)",
    ].join("\n"));
    expect(r.drawings.labels.map((l) => l.text)).toEqual([
      "\nHello\nworld!\n",
      "\n0 leading spaces\n 1 leading space\n    4 leading spaces\n        8 leading spaces\n",
      "This line is not indented.\n    This line has four leading spaces.\n        This line has four additional leading spaces.",
      ' "Some quoted text" ',
      "String 1\nString 2\nString 3\n",
    ]);
  });
});

describe("line wrapping (December 2025 and September 2026)", () => {
  test("inside parentheses a wrapped line may have any indentation, none or a multiple of four (the notes' example)", () => {
    const body = [
      "float median = 0.5 * (",
      "    ta.highest(3) + ta.lowest(3) // Indented by four spaces.",
      ")",
      "plot(",
      "median,",
      '  "Median",',
      "   chart.fg_color,",
      "    3",
      ")",
    ].join("\n");
    // highest/lowest of close over 3 bars: bar 2 (10, 12, 11) 12 and 10, bar 3 (12, 11, 13) 13 and 11
    expect(values(body)).toEqual([[NaN, NaN, 11, 12]]);
  });

  test("outside parentheses a wrapped line at a multiple of four is still refused (the notes' invalid example)", async () => {
    const body = ["float median = 0.5", "    * (", "    ta.highest(3) + ta.lowest(3)", ")", "plot(median)"].join("\n");
    expect(await errors(body)).toEqual(expect.arrayContaining([expect.stringContaining("wrap the expression in parentheses")]));
  });

  test("inside square brackets too: a history reference and a tuple wrapped at zero or four spaces", () => {
    // the tuple comes from a function: one destructured where it is written is refused (docs/adr/0335)
    const body = ["prev = close[", "    1]", "f() => [close,", "    open]", "[a,", "b] = f()", "plot(prev)", "plot(a - b)"].join("\n");
    expect(values(body)).toEqual([[NaN, 10, 12, 11], [1, 1, 1, 1]]);
  });
});

describe("sorting collections of a user type (April 2026), by the Arrays page's rules", () => {
  const myType = ["type myType", "    float  field0", "    string field1", "    int    field2"];
  const five = 'udt = array.from(myType.new(2.0, "D", 1), myType.new(1.0, "E", 2), myType.new(3.0, "C", 3), myType.new(5.0, "A", 4), myType.new(4.0, "B", 5))';

  test("the page's example: by a float, a string or an int field, given by index or by name", () => {
    const orders = ["udt.sort(sort_field = 0)", 'udt.sort(sort_field = "field1")', "udt.sort(sort_field = 2)"].map((sort) =>
      values([...myType, five, sort, "plot(udt.get(0).field0)", "plot(udt.get(1).field0)", "plot(udt.get(2).field0)", "plot(udt.get(3).field0)", "plot(udt.get(4).field0)"].join("\n")).map((v) => v[0]),
    );
    // field0 1..5; field1 A..E is field0 5, 4, 3, 2, 1; field2 1..5 is field0 2, 1, 3, 5, 4
    expect(orders).toEqual([[1, 2, 3, 4, 5], [5, 4, 3, 2, 1], [2, 1, 3, 5, 4]]);
  });

  test("na values and empty strings go last in ascending order and first in descending order", () => {
    const r = run([
      "a = array.from(2.0, na, 1.0, na, 3.0)",
      "d = array.copy(a)",
      "d.sort(order.descending)",
      "a.sort()",
      "i = array.from(2.0, na, 1.0, na, 3.0).sort_indices(order.descending)",
      's = array.from("b", "", "a", "c")',
      "sd = array.copy(s)",
      "sd.sort(order.descending)",
      "s.sort()",
      "type Number",
      "    float value",
      "n = array.from(Number.new(2), Number.new(), Number.new(1))",
      "n.sort(order.descending)",
      "if barstate.islast",
      "    label.new(bar_index, 0, str.tostring(a))",
      "    label.new(bar_index, 0, str.tostring(d))",
      "    label.new(bar_index, 0, str.tostring(i))",
      '    label.new(bar_index, 0, s.join("|"))',
      '    label.new(bar_index, 0, sd.join("|"))',
      '    label.new(bar_index, 0, str.tostring(n.get(0).value) + "|" + str.tostring(n.get(1).value) + "|" + str.tostring(n.get(2).value))',
      "plot(close)",
    ].join("\n"));
    expect(r.drawings.labels.map((l) => l.text)).toEqual([
      "[1, 2, 3, NaN, NaN]",
      "[NaN, NaN, 3, 2, 1]",
      "[1, 3, 4, 0, 2]",
      "a|b|c|",
      "|c|b|a",
      "NaN|2|1",
    ]);
  });

  test("objects with na fields sort after the others; an na element is the bar's runtime error", () => {
    const number = ["type Number", "    float value"];
    const shown = ['string s = "["', "for number in numbers", '    s += str.tostring(number.value) + ", "', 's := str.substring(s, 0, str.length(s) - 2) + "]"', "if barstate.islast", "    label.new(bar_index, 0, s)", "plot(close)"];
    const fields = run([...number, "numbers = array.from(Number.new(1.2), Number.new(), Number.new(5.4), Number.new(), Number.new(3.14))", "numbers.sort()", ...shown].join("\n"));
    expect(fields.drawings.labels.map((l) => l.text)).toEqual(["[1.2, 3.14, 5.4, NaN, NaN]"]);
    const elements = evaluate(build(script([...number, "numbers = array.from(Number.new(1.2), na, Number.new(5.4))", "numbers.sort()", "plot(numbers.size())"].join("\n"))), BARS, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(elements.runtimeErrors).toEqual([expect.objectContaining({ message: expect.stringContaining("na element"), count: 4 })]);
  });

  test("a field that is not an int, a float or a string cannot be sorted by: refused, as TradingView refuses it", async () => {
    const myColor = ["type myColor", "    color c", "    float g", "    bool on"];
    const arr = "arr = array.from(myColor.new(color.red, 1, true), myColor.new(color.blue, 2, false))";
    expect(await errors([...myColor, arr, "arr.sort()", "plot(close)"].join("\n"))).toEqual([expect.stringContaining("an int, a float or a string")]);
    expect(await errors([...myColor, arr, 'arr.sort(sort_field = "on")', "plot(close)"].join("\n"))).toEqual([expect.stringContaining("an int, a float or a string")]);
    expect(await errors([...myColor, "m = matrix.new<myColor>(1, 1, myColor.new(color.red, 1, true))", "m.sort(0)", "plot(close)"].join("\n"))).toEqual([expect.stringContaining("an int, a float or a string")]);
    // by the float field: no error, and the order is by g
    expect(values([...myColor, arr, "arr.sort(order.descending, 1)", "plot(arr.first().g)"].join("\n"))).toEqual([[2, 2, 2, 2]]);
  });
});
