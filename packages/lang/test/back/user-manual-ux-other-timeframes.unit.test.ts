// TradingView's Pine v6 user manual, Other timeframes and data page (pass UX), "Dynamic requests",
// "In local scopes": a request.*() call in a loop may take its context from the loop, but "a
// `request.*()` call's evaluated expression cannot depend on the values of those variables"; the
// page's loop-dependent example "results in a compilation error".
import { compile, evaluate, validate } from "../../src";
import { dailyBars, SYMBOL, weeklyBars } from "./harness";

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

describe("a request evaluates only the code before it (Requestable data, Declared variables; docs/adr/0327)", () => {
  test("a var counter incremented after the requests is 0 in the chart's own context and in a weekly one", async () => {
    const source = `//@version=6
indicator("Counter after requests")
var int tally = 0
int sameContext = request.security(syminfo.tickerid, timeframe.period, tally)
int weekly = request.security(syminfo.tickerid, "1W", tally)
tally += 1
plot(tally, "tally")
plot(sameContext, "same")
plot(weekly, "weekly")`;
    const v = await validate([{ path: "main.pine", content: source }], { resolver: noLibraries });
    if (!v.valid || !v.checked || !v.interface) throw new Error(JSON.stringify(v.diagnostics));
    const bars = dailyBars("AAPL");
    const contexts = [
      { symbol: "AAPL", timeframe: "1d", bars, info: { ...SYMBOL, timeframe: "1d" } },
      { symbol: "AAPL", timeframe: "1w", bars: weeklyBars(bars), info: { ...SYMBOL, timeframe: "1w" } },
    ];
    const r = evaluate(compile(v.checked, v.interface), bars, {}, { symbol: SYMBOL, windowStart: 0, contexts });
    const [tally, same, weekly] = r.outputs.map((o) => Array.from(o.values));
    expect(tally![bars.length - 1]).toBe(bars.length);
    expect(new Set(same)).toEqual(new Set([0]));
    expect(new Set(weekly!.filter((x) => !Number.isNaN(x)))).toEqual(new Set([0]));
  });
});
