// TradingView's Pine v6 user manual, Type system and Operators pages (pass C6): what the manual
// says compiles or fails, and how comparisons treat floats. Expected values: the manual's
// statements, and TradingView probes of the float tolerance recorded by PyneCore
// (tests/t00_pynecore/ast/test_101_float_tolerance.py, commit b99f15d; docs/adr/0315).
import { compile, evaluate, validate, type EvaluationResult } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function diagnostics(source: string): Promise<Array<[string, number]>> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line]);
}

async function runScript(source: string): Promise<EvaluationResult> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  if (!v.valid || !v.checked || !v.interface) throw new Error(`refused: ${JSON.stringify(v.diagnostics)}`);
  return evaluate(compile(v.checked, v.interface), risingBars(1), {}, { symbol: SYMBOL, windowStart: 0 });
}

const logged = async (body: string): Promise<string[]> => (await runScript(`//@version=6\nindicator("c")\n${body}\nplot(close)`)).logs.map((l) => l.message);

describe("comparison operators treat floats within 1e-10 as equal (Type system, float; docs/adr/0315)", () => {
  test("0.1 + 0.2 == 0.3, and the probes' boundaries: 5e-11 apart equal, 2e-10 apart ordered, exactly 1e-10 equal", async () => {
    const lines = await logged(`a = 0.1 + 0.2
z = 0.0 + bar_index
log.info("{0} {1} {2}", a == 0.3, a != 0.3, 0.3 < a)
log.info("{0} {1} {2} {3}", z < 5e-11, z <= 5e-11, z >= 5e-11, z == 5e-11)
log.info("{0} {1} {2}", z < 2e-10, z >= 2e-10, z > -2e-10)
log.info("{0} {1} {2}", z == 1e-10, z < 1e-10, z != 1e-10)
log.info("{0} {1}", z + 1000.0 == 1000.0 + 5e-11, z + 1000.0 < 1000.0 + 1e-6)`);
    expect(lines).toEqual(["true false false", "false true true true", "true false true", "true false false", "true true"]);
  });

  test("a na operand gives false for every operator; two ints compare exactly", async () => {
    const lines = await logged(`float n = close[1]
log.info("{0} {1} {2} {3} {4} {5}", n == 1.0, n != 1.0, n < 1.0, n <= 1.0, n > 1.0, n >= 1.0)
log.info("{0} {1}", bar_index == 0, bar_index < 1)`);
    expect(lines).toEqual(["false false false false false false", "true true"]);
  });

  test("a function called with floats and with ints compares its floats with the tolerance", async () => {
    const lines = await logged(`same(x, y) => x == y
log.info("{0} {1} {2}", same(0.1 + 0.2, 0.3), same(1, 2), same(2, 2))`);
    expect(lines).toEqual(["true false true"]);
  });

  test("a constant comparison folded before the run agrees", async () => {
    const lines = await logged(`const bool C = 0.1 + 0.2 == 0.3\nlog.info("{0}", C)`);
    expect(lines).toEqual(["true"]);
  });
});

describe("what the manual says does not compile", () => {
  test("na used directly as a comparison operand (Type system, `na` value)", async () => {
    expect(await diagnostics(`//@version=6\nindicator("n")\nmyVar = float(na)\nfloat myClose = myVar == na ? 0 : close\nplot(myClose)`)).toEqual([["type_mismatch", 4]]);
  });

  test("a function reassigning its parameter (Type system, Modifying global data in local scopes)", async () => {
    expect(await diagnostics(`//@version=6\nindicator("p")\nf(int x) =>\n    x := 2\n    x\nplot(f(1))`)).toEqual([["invalid_assignment", 4]]);
    expect(await diagnostics(`//@version=6\nindicator("p")\nf(float x) =>\n    x += 1\n    x\nplot(f(1))`)).toEqual([["invalid_assignment", 4]]);
  });

  test("[] written twice in a row (Operators, history-referencing operator: close[1][2]); parenthesized, it reads the reference's history (Execution model: (open[n])[1])", async () => {
    expect(await diagnostics(`//@version=6\nindicator("h")\nx = close[1][2]\nplot(x)`)).toEqual([["invalid_history_offset", 3]]);
    const v = await validate([{ path: "main.pine", content: `//@version=6\nindicator("h")\nplot((close[1])[2], "x")` }], { resolver: noLibraries });
    expect(Array.from(evaluate(compile(v.checked!, v.interface!), risingBars(5), {}, { symbol: SYMBOL, windowStart: 0 }).outputs[0]!.values)).toEqual([NaN, NaN, NaN, 10, 11]);
  });

  test("a tuple from ?: (Type system, Tuples)", async () => {
    expect(await diagnostics(`//@version=6\nindicator("t")\n[v1, v2] = close > open ? [high, close] : [close, low]\nplot(v1)`)).toEqual([["type_mismatch", 3]]);
  });

  test("a user type's field default from a function call (Type system, User-defined types: a literal or a built-in variable only)", async () => {
    expect(await diagnostics(`//@version=6\nindicator("u")\ntype T\n    float x = math.abs(-1)\n    color c = color.red\n    int t = time\nplot(close)`)).toEqual([["type_mismatch", 4]]);
  });

  test('"a" > "b" (Operators: the ordering operators take numbers only; == and != any fundamental type)', async () => {
    expect(await diagnostics(`//@version=6\nindicator("s")\nb = "a" > "b"\nplot(b ? 1 : 0)`)).toEqual([["type_mismatch", 3]]);
    expect(await diagnostics(`//@version=6\nindicator("s")\nb = "a" != "b"\nplot(b ? 1 : 0)`)).toEqual([]);
  });
});
