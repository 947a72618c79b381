// Scripts in the style of TradingView's Pine v6 user manual, run through the service's own
// pipeline (validate -> compile -> evaluate); expected values are the results the manual states or
// values worked out by hand.
import { compile, evaluate, validate, type EvaluationResult } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function validated(source: string) {
  return validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
}

async function runScript(source: string, bars = risingBars(5)): Promise<EvaluationResult> {
  const v = await validated(source);
  if (!v.valid || !v.checked || !v.interface) throw new Error(`refused: ${JSON.stringify(v.diagnostics)}`);
  return evaluate(compile(v.checked, v.interface), bars, {}, { symbol: SYMBOL, windowStart: 0 });
}

describe("an indicator whose only output is its log lines (docs/adr/0190)", () => {
  test("runs, and logs the literal text without its quotes on the first bar only", async () => {
    const r = await runScript(`//@version=6\nindicator("Greeting")\nif barstate.isfirst\n    log.info("Good morning!")`);
    expect(r.outputs).toEqual([]);
    expect(r.logs.map((l) => [l.level, l.message])).toEqual([["info", "Good morning!"]]);
  });

  test("escaped apostrophes and backslashes are literal characters in the logged text", async () => {
    const r = await runScript(`//@version=6\nindicator("Escapes")\nstring t = 'A backslash (\\\\) and an apostrophe (\\')'\nif barstate.islast\n    log.warning(t)`);
    expect(r.logs.map((l) => [l.level, l.message])).toEqual([["warning", "A backslash (\\) and an apostrophe (')"]]);
  });
});

describe("an enum named as a built-in namespace", () => {
  test("is an error, as TradingView's Enums page shows (`enum syminfo`, `enum polyline`, `enum ta`); `Syminfo` is a name of its own", async () => {
    const body = (name: string) => `//@version=6\nindicator("Names")\nenum ${name}\n    abcd\nplot(close)`;
    for (const name of ["syminfo", "polyline", "ta"]) {
      const v = await validated(body(name));
      expect([v.valid, v.diagnostics.map((d) => [d.code, d.line, d.column])]).toEqual([false, [["duplicate_declaration", 3, 6]]]);
    }
    expect((await validated(body("Syminfo"))).valid).toBe(true);
  });
});

describe("str.format and log.* take arrays as arguments", () => {
  test("an array is written [a, b] as str.tostring writes it, as the Maps page shows for map.keys() and map.values()", async () => {
    const r = await runScript(`//@version=6
indicator("Keys")
m = map.new<string, float>()
m.put("First", 7)
m.put("Second", 8)
m.put("Third", 9.5)
m.put("Second", -2)
if barstate.islast
    label.new(bar_index, 0, str.format("Pairs: {0}\\nKeys: {1}\\nValues: {2}", m.size(), m.keys(), m.values()))
    log.info("{0} {1}", array.from(true, false), array.from(1, 2))`);
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["Pairs: 3\nKeys: [First, Second, Third]\nValues: [7, -2, 9.5]"]);
    expect(r.logs.map((l) => l.message)).toEqual(["[true, false] [1, 2]"]);
  });
});

describe("a function called with numbers at one place and strings at another", () => {
  test("adds the numbers and concatenates the strings (the manual's `add(val1, val2) => val1 + val2`)", async () => {
    // risingBars(3): open = close = 10 + i, so open + close = 20, 22, 24 and bar_index + 1 = 1, 2, 3
    const r = await runScript(`//@version=6
indicator("Add")
add(val1, val2) => val1 + val2
float  a = add(open, close)
int    b = add(bar_index, 1)
int    c = add(2, 3)
string d = add(add("Test", " "), "plot")
plot(a / b, "ratio")
plot(c, "five")
if barstate.islast
    label.new(bar_index, 0, d)`, risingBars(3));
    expect(r.outputs.map((o) => [o.name, Array.from(o.values)])).toEqual([["ratio", [20, 11, 8]], ["five", [5, 5, 5]]]);
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["Test plot"]);
  });
});

describe("an array.from of ints where an array of floats is expected", () => {
  test("is that array of floats: a matrix<float> takes rows and columns written as array.from(1, 2, 3)", async () => {
    const r = await runScript(`//@version=6
indicator("Rows")
var m = matrix.new<float>()
if barstate.islast
    m.add_row(0, array.from(5, 6, 7))
    m.add_row(0, array.from(1, 2, 3))
    m.add_col(3, array.from(4, 8))
    label.new(bar_index, 0, str.tostring(m))`);
    expect(r.drawings.labels.map((l) => l.text)).toEqual(["[1, 2, 3, 4]\n[5, 6, 7, 8]"]);
  });

  test("an array of other ints (not written as array.from) is still refused", async () => {
    const v = await validated(`//@version=6\nindicator("Rows")\nm = matrix.new<float>()\nints = array.from(1, 2)\nm.add_row(0, ints)\nplot(close)`);
    expect(v.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["type_mismatch"]);
  });
});

describe("a plot's title written as a constant", () => {
  test("names the output as the literal it stands for (`const string PLOT_TITLE = \"Median\"`, the Variable declarations page)", async () => {
    const v = await validated(`//@version=6
indicator("Titles")
const string PLOT_TITLE = "Median"
const string BAND = "Upper" + " band"
plot(close, title = PLOT_TITLE)
plot(high, BAND)
plot(low)`);
    expect(v.interface?.outputs.map((o) => [o.name, o.title])).toEqual([["median", "Median"], ["upper_band", "Upper band"], ["plot_2", "plot_2"]]);
  });
});

describe("str.replace and str.replace_all", () => {
  test("as the Strings page shows: the nth non-overlapping occurrence, and an empty target is each boundary between characters", async () => {
    const r = await runScript(`//@version=6
indicator("Replace")
if barstate.isfirst
    string s = "Hello world!"
    log.info(str.replace(s, "!", "!!!"))
    log.info(str.replace(s, "o", "0", 1))
    log.info(str.replace_all(s, "l", "1"))
    log.info(str.replace(s, "H ", "_", 1))
    log.info(str.replace_all("abc", "", "-"))
    log.info(str.replace("abc", "", "-", 2))
    log.info(str.replace("aaaa", "aa", "X", 1))
    log.info(str.replace(str.replace(str.replace_all("012", "", "}{"), "}", ""), "{", "", 3))`);
    // "aaaa" holds "aa" twice without overlap (at 0 and 2); the last line is the manual's way to write "{0}{1}{2}"
    expect(r.logs.map((l) => l.message)).toEqual(["Hello world!!!", "Hello w0rld!", "He11o wor1d!", "Hello world!", "-a-b-c-", "ab-c", "aaX", "{0}{1}{2}"]);
  });
});

describe("time() of a timeframe with spaces around it", () => {
  test("is a runtime error, as the Strings page shows for \" 5\" split from \"1, 5\"; the trimmed timeframe works", async () => {
    const bad = await runScript(`//@version=6\nindicator("Spaces")\nplot(time(" 5"))`);
    expect(bad.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['Invalid timeframe " 5": a timeframe has no spaces around it (str.trim() removes them).', 5]]);
    const good = await runScript(`//@version=6\nindicator("Trimmed")\nplot(time(str.trim(" 5")))`);
    expect(good.runtimeErrors).toEqual([]);
    expect(Array.from(good.outputs[0]!.values).every((v) => Number.isFinite(v))).toBe(true);
  });
});
