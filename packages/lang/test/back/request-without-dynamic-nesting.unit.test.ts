// Without dynamic requests (v6 with `dynamic_requests = false`, v5 by default) a request does not
// evaluate another request within its own context (docs/adr/0329). TradingView's user manual
// ("Other timeframes and data", Dynamic requests, Nested requests): with `dynamic_requests = false`
// "the script evaluates each call independently, passing the first call's calculated value directly
// into the second call rather than executing the first call within the second context.
// Consequently, the second call's returned value is the same as the first call's value". So
// `x = request.security(syminfo.tickerid, "W", close)` read by `request.security("MSFT", "D", x)` on
// an AAPL chart is AAPL's weeks (the chart's ticker, as the call makes it from the chart), not
// MSFT's. Expected values: an independent Python loop over packages/marketdata/demo/AAPL.csv and
// MSFT.csv (both hold the same 3270 trading days, 2000-03-01 to 2013-03-01; weeks from Monday;
// lookahead off: a week's close on its last trading day, the previous week's before it).
import { scriptRequests } from "../../src/derive/requests";
import { build, SYMBOL, weeklyBars } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import { AAPL, AAPL_W, at, MSFT, MSFT_D } from "../support/request-contexts";
import type { ContextBars } from "../../src/stdlib/request";

const MSFT_W: ContextBars = { symbol: "MSFT", timeframe: "1w", bars: weeklyBars(MSFT), info: { ticker: "MSFT", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
const ALL = [AAPL_W, MSFT_D, MSFT_W];

// AAPL's weekly close seen from days, lookahead off (Python over AAPL.csv)
const AAPL_WEEK_OFF: Record<string, number> = { "2012-03-07": 545.18, "2012-03-09": 545.17, "2012-03-14": 545.17, "2012-04-04": 599.55, "2012-04-05": 633.68 };
// AAPL's and MSFT's daily closes (the CSVs' Close column)
const AAPL_CLOSE: Record<string, number> = { "2012-03-07": 530.69, "2012-03-09": 545.17, "2012-03-14": 589.58, "2012-04-04": 624.31, "2012-04-05": 633.68 };
const MSFT_CLOSE: Record<string, number> = { "2012-03-07": 31.84, "2012-03-09": 31.99, "2012-03-14": 32.77, "2012-04-04": 31.21, "2012-04-05": 31.52 };

function run(header: string, body: string): EvaluationResult {
  return evaluate(build(`${header}\n${body}`), AAPL, {}, { symbol: SYMBOL, windowStart: 0, contexts: ALL });
}

function expectDates(r: EvaluationResult, want: Record<string, number>, k = 0): void {
  for (const [d, v] of Object.entries(want)) expect([d, at(r, d, k)]).toEqual([d, v]);
}

const OFF = `//@version=6\nindicator("r", dynamic_requests = false)`;
const V5 = `//@version=5\nindicator("r")`;
const ON = `//@version=6\nindicator("r")`;

describe("without dynamic requests a request reading another request's result gets that request's value as the chart's call makes it", () => {
  it("the user manual's example: the second call's value is the first call's (v6 with dynamic_requests = false)", () => {
    const body = [
      `string info1 = request.security("", "", syminfo.tickerid + "_" + timeframe.period)`,
      `string info2 = request.security("MSFT", "D", info1)`,
      `plot(info2 == info1 ? 1 : 0)`,
      `plot(str.startswith(info2, "MSFT") ? 1 : 0)`,
    ].join("\n");
    const off = run(OFF, body);
    expectDates(off, { "2012-03-07": 1, "2013-03-01": 1 }, 0);
    expectDates(off, { "2012-03-07": 0, "2013-03-01": 0 }, 1);
    // with dynamic requests (v6's default) the first call adopts MSFT's ticker there (docs/adr/0307)
    const on = run(ON, body);
    expectDates(on, { "2012-03-07": 0, "2013-03-01": 0 }, 0);
    expectDates(on, { "2012-03-07": 1, "2013-03-01": 1 }, 1);
  });

  it("the chart's ticker in the first call stays the chart's: AAPL's close through MSFT's days", () => {
    const body = `x = request.security(syminfo.tickerid, "D", close)\nplot(request.security("MSFT", "D", x))`;
    expectDates(run(OFF, body), AAPL_CLOSE);
    expectDates(run(V5, body), AAPL_CLOSE);
    expectDates(run(ON, body), MSFT_CLOSE);
  });

  it("an empty symbol with another timeframe: AAPL's weeks, not MSFT's", () => {
    const body = `x = request.security("", "W", close)\nplot(request.security("MSFT", "D", x))`;
    expectDates(run(OFF, body), AAPL_WEEK_OFF);
    expectDates(run(V5, body), AAPL_WEEK_OFF);
  });

  it("timeframe.period names the chart's timeframe: AAPL's days carried to MSFT's weeks, the weekly close on each week's last day", () => {
    const body = `x = request.security(syminfo.tickerid, timeframe.period, close)\nplot(request.security("MSFT", "W", x))`;
    expectDates(run(OFF, body), AAPL_WEEK_OFF);
    expectDates(run(V5, body), AAPL_WEEK_OFF);
  });

  it("a request written inside another's expression: the same (v5 moves every request to the global scope)", () => {
    const body = `plot(request.security("MSFT", "D", request.security(syminfo.tickerid, "W", close)))`;
    expectDates(run(OFF, body), AAPL_WEEK_OFF);
    expectDates(run(V5, body), AAPL_WEEK_OFF);
  });

  it("a v5 script with dynamic_requests = true nests as v6 does", () => {
    const body = `x = request.security(syminfo.tickerid, "D", close)\nplot(request.security("MSFT", "D", x))`;
    expectDates(run(`//@version=5\nindicator("r", dynamic_requests = true)`, body), MSFT_CLOSE);
  });
});

describe("the contexts listed before the run (worker's static derivation) are those the chart's calls name", () => {
  const CHART = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
  const listed = (header: string, body: string): string[] =>
    scriptRequests([{ path: "main.pine", content: `${header}\n${body}` }], CHART).contexts.map((c) => `${c.symbol}@${c.timeframe}`).sort();

  it("AAPL's weeks and MSFT's days, not MSFT's weeks", () => {
    const fed = `x = request.security(syminfo.tickerid, "W", close)\nplot(request.security("NASDAQ:MSFT", "D", x))`;
    const inline = `plot(request.security("NASDAQ:MSFT", "D", request.security("", "W", close)))`;
    for (const header of [OFF, V5]) {
      expect(listed(header, fed)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d"]);
      expect(listed(header, inline)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d"]);
    }
    // with dynamic requests the first call is made from MSFT's days (docs/adr/0307)
    expect(listed(ON, fed)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
  });
});
