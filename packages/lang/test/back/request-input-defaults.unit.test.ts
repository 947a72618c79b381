// A request named by an input (`bench = input.symbol("AMEX:SPY")`, as relative-strength and
// momentum-rotation indicators write it) is dynamic, since a run may set the input; the context of
// the input's default is listed too, so the worker reads it before the first evaluation and a run
// with the default inputs is evaluated once instead of once more per context it finds.
import { scriptRequests } from "../../src/derive/requests";

const CHART = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
const requests = (body: string) => scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }], CHART);

describe("requests named by inputs", () => {
  test("an input symbol's default is listed, and the site stays dynamic", () => {
    expect(requests(`bench = input.symbol("AMEX:SPY", "Benchmark")\nplot(request.security(bench, timeframe.period, close))`)).toEqual({
      contexts: [{ symbol: "AMEX:SPY", timeframe: "1d" }],
      dynamic: true,
    });
  });

  test("an input timeframe and a symbol written in the call, named by position or by defval", () => {
    const body = `tf = input.timeframe(defval = "W", title = "TF")\nplot(request.security(input.symbol("MSFT"), tf, close))`;
    expect(requests(body)).toEqual({ contexts: [{ symbol: "MSFT", timeframe: "1w" }], dynamic: true });
  });

  test("an input that is reassigned, or declared in a function too, is not guessed", () => {
    expect(requests(`sym = input.symbol("IBM")\nif close > open\n    sym := "MSFT"\nplot(request.security(sym, "D", close))`)).toEqual({ contexts: [], dynamic: true });
    expect(requests(`sym = input.symbol("IBM")\nf() =>\n    sym = "MSFT"\n    sym\nplot(request.security(sym, "D", close))`)).toEqual({ contexts: [], dynamic: true });
  });

  test("requests written with constants are not dynamic, as before", () => {
    expect(requests(`plot(request.security("NYSE:IBM", "W", close))`)).toEqual({ contexts: [{ symbol: "NYSE:IBM", timeframe: "1w" }], dynamic: false });
  });
});
