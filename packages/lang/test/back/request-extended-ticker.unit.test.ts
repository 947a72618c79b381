// TradingView's extended ticker identifier, `={"adjustment":"dividends","symbol":"MSFT"}`, which
// public scripts build by hand for a dividend-adjusted request (an annual-returns table of issue
// 16's survey does), names its symbol; the modifiers are not applied, as ticker.modify's are not
// (docs/adr/0183-extended-ticker-identifiers.md). Closes are the demo rows of 2013-01-07
// (packages/marketdata/demo/MSFT.csv and AAPL.csv).
import { scriptRequests } from "../../src/derive/requests";
import { AAPL, AAPL_W, at, MSFT_D, runOn } from "../support/request-contexts";

describe("an extended ticker identifier", () => {
  test("names another symbol: MSFT's close of the day", () => {
    const r = runOn(`plot(request.security('={"adjustment":"dividends","symbol":"MSFT"}', "D", close))`);
    expect(r.runtimeErrors).toEqual([]);
    expect(at(r, "2013-01-07")).toBe(26.69);
  });

  test("built as the script does, from an input symbol, with spaces after the commas", () => {
    const src = `s = input.symbol("MSFT", "Symbol")\nt = '={"adjustment":"dividends", "symbol":"' + s + '"}'\nplot(request.security(t, "D", close))`;
    expect(at(runOn(src), "2013-01-07")).toBe(26.69);
  });

  test("names the chart's own symbol with an extended-hours session", () => {
    const r = runOn(`plot(request.security('={"session":"extended","symbol":"AAPL"}', "D", close))`, AAPL, [AAPL_W, MSFT_D]);
    expect(at(r, "2013-01-07")).toBe(523.9);
  });

  test("is listed by its symbol among a script's requests", () => {
    const src = `//@version=6\nindicator("x")\nplot(request.security('={"adjustment":"dividends","symbol":"NASDAQ:MSFT"}', "D", close))`;
    expect(scriptRequests([{ path: "main.pine", content: src }], { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" }).contexts).toEqual([{ symbol: "NASDAQ:MSFT", timeframe: "1d" }]);
  });

  test("with a currency it is not read as its symbol: the request names the identifier, which no instrument has", () => {
    const id = '={"currency-id":"EUR","symbol":"MSFT"}';
    const r = runOn(`plot(request.security('${id}', "D", close))`);
    expect(r.missingContexts).toEqual([{ symbol: id, timeframe: "1d" }]);
  });
});
