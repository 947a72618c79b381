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
