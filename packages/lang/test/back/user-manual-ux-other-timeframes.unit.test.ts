// TradingView's Pine v6 user manual, Other timeframes and data page (pass UX), "Dynamic requests",
// "In local scopes": a request.*() call in a loop may take its context from the loop, but "a
// `request.*()` call's evaluated expression cannot depend on the values of those variables"; the
// page's loop-dependent example "results in a compilation error".
import { validate } from "../../src";

const noLibraries = { resolve: async () => null };

async function errorsOf(body: string): Promise<string[]> {
  const source = `//@version=6\nindicator("Requests in loops")\nvar array<string> tickers = array.from("NASDAQ:AAPL", "NASDAQ:MSFT")\narray<float> got = array.new<float>()\n${body}\nplot(got.avg())`;
  const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
  return v.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}`);
}

describe("a request's expression in a loop cannot read the loop's variables (In local scopes)", () => {
  test("the context may come from the loop; an expression of chart values is accepted", async () => {
    expect(await errorsOf(`for [i, t] in tickers\n    got.push(request.security(t, "", close * 2))`)).toEqual([]);
  });

  test("an expression reading the index, an item, a variable the loop reassigns or one declared from them is refused", async () => {
    expect(await errorsOf(`for [i, t] in tickers\n    got.push(request.security(t, "", volume * (10 - i)))`)).toEqual(["invalid_context 6"]);
    expect(await errorsOf(`for k = 1 to 2\n    got.push(request.security("NASDAQ:AAPL", "", close[k]))`)).toEqual(["invalid_context 6"]);
    expect(await errorsOf(`float w = 1.0\nfor t in tickers\n    w += 1\n    got.push(request.security(t, "1D", high * w))`)).toEqual(["invalid_context 8"]);
    expect(await errorsOf(`for [i, t] in tickers\n    float weight = i + 1\n    got.push(request.security(t, "", expression = low * weight))`)).toEqual(["invalid_context 7"]);
  });
});
