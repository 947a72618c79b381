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
