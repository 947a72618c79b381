// A script importing another script's library may request contexts through the library's
// functions (the symbol and timeframe its calls pass); the library's source is not among the
// script's files, so scriptRequests marks the script dynamic and the worker finds those contexts
// as it runs (evaluate()'s missingContexts). TradingView's ta library's own intrabar requests are
// already read from the call sites, so importing it alone is not dynamic.
import { scriptRequests } from "../../src/derive/requests";

const CHART = { ticker: "SPY", timeframe: "1d" };
const requests = (body: string): { contexts: unknown[]; dynamic: boolean } =>
  scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("x")\n${body}` }], CHART);

test("importing another script's library makes the script's requests dynamic", () => {
  expect(requests(`import my-name/lt/1 as lt\nplot(lt.minutes("1"))`)).toEqual({ contexts: [], dynamic: true });
  expect(requests(`import acme/lt/2\nplot(request.security("AAPL", "D", close))`)).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1d" }], dynamic: true });
});

test("TradingView's ta library and a script without imports keep their requests static", () => {
  expect(requests(`import TradingView/ta/12 as tal\nplot(tal.ema(close, 3))`)).toEqual({ contexts: [], dynamic: false });
  expect(requests(`plot(request.security("AAPL", "D", close))`)).toEqual({ contexts: [{ symbol: "AAPL", timeframe: "1d" }], dynamic: false });
});
