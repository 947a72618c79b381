// TradingView's Pine v6 user manual, Libraries page (pass C6): what an exported library function
// may do. Expected: the manual's statements (Library functions) and its AllTimeHighLow example.
import { compile, evaluate, validate } from "../../src";
import { risingBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function errors(source: string): Promise<Array<[string, number]>> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line]);
}

describe("a library's exported functions (Libraries, Library functions)", () => {
  test("the AllTimeHighLow example validates and plots its all-time high and low", async () => {
    const src = `//@version=6
library("AllTimeHighLow", true)
export hi(float val = high) =>
    var float ath = val
    ath := math.max(ath, val)
export lo(float val = low) =>
    var float atl = val
    atl := math.min(atl, val)
plot(hi())
plot(lo())`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: noLibraries });
    expect(v.valid).toBe(true);
    const r = evaluate(compile(v.checked!, v.interface!), risingBars(3), {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.outputs.map((o) => Array.from(o.values))).toEqual([[11, 12, 13], [9, 9, 9]]);
  });

  test("an untyped parameter, a global that is not const (an input's value, a global array) and an input call are refused; a const global is read", async () => {
    expect(
      await errors(`//@version=6
library("Rules")
int lenInput = input.int(10)
var arr = array.new<float>()
const int K = 3
export f(float x) =>
    x * lenInput
export g(float x) =>
    arr.push(x)
    x
export h(float x) =>
    x * K
export i(float x) =>
    x * input.int(2)
export j(x) =>
    x`),
    ).toEqual([
      ["invalid_context", 7],
      ["invalid_context", 9],
      ["invalid_context", 14],
      ["type_mismatch", 15],
    ]);
  });

  test("the same functions unexported, or in an indicator, are not a library's exports: no error", async () => {
    expect(await errors(`//@version=6\nlibrary("Inner")\nint lenInput = input.int(10)\nf(x) =>\n    x * lenInput\nexport g(float x) =>\n    x\nplot(f(close))`)).toEqual([]);
  });
});
