// The contexts a script's requests name through its own source, listed before it runs: the
// timeframes a dashboard passes to its function (`f(tf) => request.security(syminfo.tickerid, tf,
// ...)` called as `f("5")`, `f("60")`) and a symbol held by a variable declared from a literal.
// Such a site stays dynamic (a run may reach others) and its contexts are listed, so the worker
// reads them before the first evaluation instead of after it: a public seven-timeframe EMA/RSI
// table is evaluated once.
// Expected contexts are read off each script by hand ("60" is 1h, "D" the chart's own 1d, left out).
import { scriptRequests } from "../../src/derive/requests";
import { AAPL, AAPL_W, at, MSFT_D, runOn } from "../support/request-contexts";

const CHART = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
const requests = (body: string) => scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }], CHART);
const keys = (body: string): string[] => requests(body).contexts.map((c) => `${c.symbol}@${c.timeframe}`).sort();

describe("contexts named through parameters and literal variables", () => {
  test("a timeframe parameter takes each literal its calls pass; two functions may name the parameter alike", () => {
    const body = [
      "trend(src, len, tf) =>",
      "    e = request.security(syminfo.tickerid, tf, ta.ema(src, len))",
      "    close > e",
      "momentum(src, tf) => request.security(syminfo.tickerid, tf, ta.rsi(src, 14))",
      'a = trend(close, 50, "5")',
      'b = trend(close, 50, "60")',
      'c = trend(close, 50, "D")',
      'm1 = momentum(close, "15")',
      'm2 = momentum(close, tf = "W")',
      "plot(m1 + m2)",
    ].join("\n");
    expect(keys(body)).toEqual(["AAPL@15m", "AAPL@1h", "AAPL@1w", "AAPL@5m"]);
    expect(requests(body).dynamic).toBe(true);
  });

  test("a parameter's default where a call leaves it out, a named argument, and a call passing its own parameter on", () => {
    const body = [
      'rel(sym = "SPY", tf = "D") => close / request.security(sym, tf, close)',
      "inner(s) => request.security(s, \"W\", close)",
      "outer(x) => inner(x)",
      'plot(rel() + rel("NASDAQ:MSFT") + rel(tf = "W") + outer("NYSE:IBM"))',
    ].join("\n");
    expect(keys(body)).toEqual(["NASDAQ:MSFT@1d", "NYSE:IBM@1w", "SPY@1d", "SPY@1w"]);
  });

  test("symbols held by variables declared from literals, at the top level and passed to a function", () => {
    const body = [
      'string bench = "SPY"',
      'var vix = "CBOE:VIX"',
      "rel(sym) => close / request.security(sym, \"W\", close)",
      "plot(request.security(bench, timeframe.period, close) + request.security(vix, \"D\", close) + rel(bench))",
    ].join("\n");
    expect(keys(body)).toEqual(["CBOE:VIX@1d", "SPY@1d", "SPY@1w"]);
    expect(requests(body).dynamic).toBe(true);
  });

  test("what the source does not settle is not guessed: a parameter shadowed by a local, a reassigned variable, a function declared twice, a loop's item", () => {
    expect(keys(`f(tf) =>\n    tf = "W"\n    request.security(syminfo.tickerid, tf, close)\nplot(f("60"))`)).toEqual([]);
    expect(keys(`syms = array.from("MSFT", "IBM")\nfor s in syms\n    plot(request.security(s, "W", close))`)).toEqual([]);
    expect(keys(`sym = "MSFT"\nif close > open\n    sym := "IBM"\nplot(request.security(sym, "W", close))`)).toEqual([]);
    expect(keys(`f(tf) => request.security(syminfo.tickerid, tf, close)\nf(tf, x) => request.security(syminfo.tickerid, tf, close) + x\nplot(f("W") + f("60", 1))`)).toEqual([]);
    expect(requests(`f(tf) => request.security(syminfo.tickerid, tf, close)\nplot(f(input.timeframe("W")))`).contexts).toEqual([{ symbol: "AAPL", timeframe: "1w" }]);
  });

  test("a run's inputs replace the defaults: the timeframe a user chose is listed, directly and through a parameter", () => {
    const body = [
      'tf = input.timeframe("W", "Timeframe")',
      'sym = input.symbol("NYSE:IBM", "Symbol")',
      "ema(src, len, t) => request.security(syminfo.tickerid, t, ta.ema(src, len))",
      "plot(request.security(sym, tf, close) + ema(close, 9, tf))",
    ].join("\n");
    const files = [{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }];
    const listed = (inputs?: Record<string, unknown>): string[] => scriptRequests(files, CHART, inputs).contexts.map((c) => `${c.symbol}@${c.timeframe}`).sort();
    expect(listed()).toEqual(["AAPL@1w", "NYSE:IBM@1w"]);
    expect(listed({ tf: "60" })).toEqual(["AAPL@1h", "NYSE:IBM@1h"]);
    expect(listed({ tf: "D", sym: "MSFT" })).toEqual(["MSFT@1d"]);
    // a value that is not a string (a mistyped input) leaves the default
    expect(listed({ tf: 60 })).toEqual(["AAPL@1w", "NYSE:IBM@1w"]);
  });

  test("a lower timeframe chosen by a switch on the chart's timeframe and a bool input (TradingView's own volume tools' idiom) is the case the chart settles", () => {
    const body = [
      'useCustom = input.bool(false, "Use custom timeframe")',
      'customTf = input.timeframe("15", "Timeframe")',
      "var lowerTimeframe = switch",
      "    useCustom              => customTf",
      '    timeframe.isseconds    => "1S"',
      '    timeframe.isintraday   => "1"',
      '    timeframe.isdaily      => "5"',
      '    => "60"',
      "arr = request.security_lower_tf(syminfo.tickerid, lowerTimeframe, volume)",
      "plot(array.sum(arr))",
    ].join("\n");
    const files = [{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }];
    const listed = (timeframe: string, inputs?: Record<string, unknown>): string[] => scriptRequests(files, { ...CHART, timeframe }, inputs).contexts.map((c) => `${c.symbol}@${c.timeframe}`);
    expect(listed("1d")).toEqual(["AAPL@5m"]);
    expect(listed("1h")).toEqual(["AAPL@1m"]);
    expect(listed("1w")).toEqual(["AAPL@1h"]);
    expect(listed("1d", { useCustom: true })).toEqual(["AAPL@15m"]);
    expect(listed("1d", { useCustom: true, customTf: "30" })).toEqual(["AAPL@30m"]);
  });

  test("a ternary a bool input settles, and a condition on bars that nothing settles", () => {
    const body = (cond: string): string => [
      'useCustom = input.bool(false, "Custom")',
      'customTf = input.timeframe("W", "TF")',
      `tf = ${cond} ? customTf : timeframe.period`,
      "plot(request.security(syminfo.tickerid, tf, close))",
    ].join("\n");
    const files = (cond: string) => [{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body(cond)}` }];
    // the default reads the chart's own bars: nothing to list
    expect(scriptRequests(files("useCustom"), CHART).contexts).toEqual([]);
    expect(scriptRequests(files("useCustom"), CHART, { useCustom: true }).contexts).toEqual([{ symbol: "AAPL", timeframe: "1w" }]);
    expect(scriptRequests(files("not useCustom and timeframe.isdaily"), CHART).contexts).toEqual([{ symbol: "AAPL", timeframe: "1w" }]);
    expect(scriptRequests(files("close > open"), CHART)).toEqual({ contexts: [], dynamic: true });
  });

  test("the contexts listed are all one evaluation needs: none is missing, and the values are the requested bars'", () => {
    const body = `f(sym, tf) => request.security(sym, tf, close)\nplot(f("MSFT", "D"))\nplot(f("AAPL", "W"))`;
    const listed = requests(body).contexts;
    expect(listed).toEqual([{ symbol: "MSFT", timeframe: "1d" }, { symbol: "AAPL", timeframe: "1w" }]);
    const supplied = [MSFT_D, AAPL_W].filter((c) => listed.some((l) => l.symbol === c.symbol && l.timeframe === c.timeframe));
    const r = runOn(body, AAPL, supplied);
    expect(r.missingContexts ?? []).toEqual([]);
    expect(r.runtimeErrors).toEqual([]);
    // MSFT closed at 27.70 on Friday 2012-11-23; AAPL's week of 11-19 closed at 571.50 on that Friday
    expect(at(r, "2012-11-23")).toBe(27.7);
    expect(at(r, "2012-11-23", 1)).toBe(571.5);
  });
});
