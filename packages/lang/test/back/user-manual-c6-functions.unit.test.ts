// TradingView's Pine v6 user manual, User-defined functions and Methods pages (pass C6): their
// examples run through the service's pipeline; expected values are what the manual states or
// values worked out by hand.
import { compile, evaluate, validate, type EvaluationResult } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function runScript(source: string, bars = risingBars(5)): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  if (!v.valid || !v.checked || !v.interface) throw new Error(`refused: ${JSON.stringify(v.diagnostics)}`);
  return evaluate(compile(v.checked, v.interface), bars, {}, { symbol: SYMBOL, windowStart: 0 });
}

async function errors(source: string): Promise<Array<[string, number]>> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line]);
}

const column = (r: EvaluationResult, title: string): number[] => Array.from(r.outputs.find((o) => o.title === title)!.values);

describe("two unseeded math.random() calls draw different numbers (Functions that return multiple results; docs/adr/0318)", () => {
  test("sumDiff(math.random(), math.random())'s difference is not 0, and both are in [0, 1)", async () => {
    const r = await runScript(`//@version=6
indicator("Functions that return multiple results demo")
sumDiff(float val1, float val2) =>
    [val1 + val2, val1 - val2]
[sum, diff] = sumDiff(math.random(), math.random())
plot(sum, "Sum")
plot(diff, "Difference")`);
    const [sum, diff] = [column(r, "Sum"), column(r, "Difference")];
    for (let i = 0; i < 5; i++) {
      const [a, b] = [(sum[i]! + diff[i]!) / 2, (sum[i]! - diff[i]!) / 2];
      expect(diff[i]).not.toBe(0);
      expect([a >= 0 && a < 1, b >= 0 && b < 1]).toEqual([true, true]);
    }
  });

  test("a run is reproducible: the same script gives the same numbers", async () => {
    const src = `//@version=6\nindicator("r")\nplot(math.random() - math.random(), "d")`;
    expect(column(await runScript(src), "d")).toEqual(column(await runScript(src), "d"));
  });
});

describe("a parameter with a type keyword and no qualifier keyword is series unless the body needs simple (Declaring parameter types, Qualifier keywords)", () => {
  const demo = (param: string): string => `//@version=6
indicator("Qualifier demo")
pass(${param}) =>
    source
int lengthVal = pass(14)
float emaDiff = ta.ema(close - open, length = lengthVal)
plot(emaDiff, "Smoothed difference")`;

  test("pass(source) returns its argument's const int; pass(simple int source) a simple int: both fit ta.ema's length", async () => {
    expect(await errors(demo("source"))).toEqual([]);
    expect(await errors(demo("simple int source"))).toEqual([]);
  });

  test("pass(int source) returns a series int even for pass(14): ta.ema's length refuses it", async () => {
    expect(await errors(demo("int source"))).toEqual([["qualifier_mismatch", 6]]);
  });

  test("a typed parameter the body passes where simple is needed is simple: a const argument fits, a series one does not", async () => {
    const src = (arg: string): string => `//@version=6
indicator("Simple by use")
smooth(float src, int len) => ta.ema(src, len)
plot(smooth(close, ${arg}))`;
    expect(await errors(src("14"))).toEqual([]);
    expect(await errors(src("bar_index + 1"))).toEqual([["qualifier_mismatch", 3]]);
  });
});
