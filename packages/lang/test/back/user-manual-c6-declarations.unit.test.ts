// TradingView's Pine v6 user manual, Variable declarations page (pass C6), Shadowing: what compiles
// and what does not. Expected: the manual's statements about its examples.
import { compile, evaluate, validate } from "../../src";
import { closeBars, SYMBOL } from "./harness";

const noLibraries = { resolve: async () => null };

async function errors(source: string): Promise<Array<[string, number]>> {
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line]);
}

describe("shadowing built-ins and namespaces (Variable declarations, Shadowing)", () => {
  test("a variable named close shadows the built-in when the script never uses the built-in: both plots show open", async () => {
    const src = `//@version=6\nindicator("Shadowing a built-in demo", overlay = true)\nfloat close = open\nplot(close, "c")\nplot(open, "o")`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: noLibraries });
    expect(v.valid).toBe(true);
    const bars = closeBars([10, 12]);
    bars.open[1] = 11;
    const r = evaluate(compile(v.checked!, v.interface!), bars, {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.outputs.map((o) => Array.from(o.values))).toEqual([[10, 11], [10, 11]]);
  });

  test("using the built-in close and then declaring a variable close does not compile", async () => {
    expect(
      await errors(`//@version=6
indicator("Cannot use and shadow a built-in demo", overlay = true)
float ma = switch
    chart.is_standard => ta.sma(close, 20)
    => close
float close = open
plot(close)
plot(ma)`),
    ).toEqual([["duplicate_declaration", 6]]);
  });

  test("a user-type variable named as a namespace does not compile; an int variable named barstate does", async () => {
    expect(await errors(`//@version=6\nindicator("Cannot obscure namespaces demo")\ntype myType\n    int tickerid = 1\nmyType syminfo = myType.new()\nlog.info(str.tostring(syminfo.tickerid))`)).toEqual([["duplicate_declaration", 5]]);
    expect(await errors(`//@version=6\nindicator("n")\nbarstate = 1\nplot(barstate.isfirst ? barstate : 0)`)).toEqual([]);
  });
});
