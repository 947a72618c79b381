// Survey S35 (public v6 indicators from TradingView's script pages): a script that reads a refused
// request (request.financial: company financial data is not stored, docs differences "Data") gets that
// one refusal, not a second, spurious error about the expression built on it. TradingView compiles
// `x = cond ? math.abs(raw) / 1e9 : na` with raw a series float (reference: request.financial returns
// series float; the ternary's type is that of its non-na branch).
import { validate } from "../../src/validate";

async function errors(src: string): Promise<string[]> {
  const v = await validate([{ path: "main.pine", content: src }], { resolver: { resolve: async () => null } });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.line} ${d.code}`);
}

describe("a refused request reports once", () => {
  test("a ternary of the refused value and na is not a second error", async () => {
    const got = await errors(`//@version=6
indicator("capex")
raw = request.financial("NASDAQ:MSFT", "CAPITAL_EXPENDITURES", "FQ")
capexB = not na(raw) ? math.abs(raw) / 1e9 : na
plot(capexB)
`);
    expect(got).toEqual(["3 unsupported_feature"]);
  });

  test("inside a function taking the symbol, as the published script writes it", async () => {
    const got = await errors(`//@version=6
indicator("capex")
f(sym) =>
    raw = request.financial(sym, "CAPITAL_EXPENDITURES", "FQ")
    capexB = na(raw) ? na : math.abs(raw) / 1e9
    capexB
plot(f("NASDAQ:MSFT"))
`);
    expect(got).toEqual(["4 unsupported_feature"]);
  });

  test("a real na-only declaration still asks for a type", async () => {
    const got = await errors(`//@version=6
indicator("na")
x = close > open ? na : na
plot(close)
`);
    expect(got).toEqual(["3 type_mismatch"]);
  });
});
