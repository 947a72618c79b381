// Nested requests (docs/adr/0296): a request made while another request's expression is evaluated
// requests its own context from the outer call's context; the chart then sees the outer context's
// series aligned by the outer call's rules. On the AAPL daily demo bars, with AAPL's weeks and MSFT's
// days as contexts. Expected values from an independent Python loop over the demo CSVs
// (packages/marketdata/demo/AAPL.csv, MSFT.csv; weeks from Monday): a week's close appears on its
// last trading day with lookahead off, on each of its days with lookahead on.
import { scriptRequests } from "../../src/derive/requests";
import { weeklyBars } from "./harness";
import { AAPL, AAPL_W, at, MSFT, MSFT_D, runOn } from "../support/request-contexts";
import type { ContextBars } from "../../src/stdlib/request";
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import { barsOfRows } from "../support/demo-bars";
import { fiveMinutes, MINUTES, minutesOf, ROWS } from "../support/spy-march-minutes";

const MSFT_W: ContextBars = { symbol: "MSFT", timeframe: "1w", bars: weeklyBars(MSFT), info: { ticker: "MSFT", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
const CHART = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
const listed = (body: string): string[] =>
  scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }], CHART).contexts.map((c) => `${c.symbol}@${c.timeframe}`).sort();

// Weekly close of AAPL as the daily context sees it, lookahead off (the last completed week's)
const WEEK_OFF: Record<string, number> = { "2012-03-07": 545.18, "2012-03-09": 545.17, "2012-03-14": 545.17, "2012-04-04": 599.55, "2012-04-05": 633.68 };
// the same week's open
const WEEK_OPEN: Record<string, number> = { "2012-03-07": 521.31, "2012-03-09": 545.42, "2012-03-14": 545.42, "2012-04-04": 599.79, "2012-04-05": 601.83 };
// lookahead on: the close of the week the day is in (2012-04-05 is the last day of its week: Good Friday)
const WEEK_ON: Record<string, number> = { "2012-03-07": 545.17, "2012-03-09": 545.17, "2012-03-14": 585.57, "2012-04-04": 633.68, "2012-04-05": 633.68 };
// MSFT's daily close on the last day of the AAPL week the weekly context sees (lookahead off)
const MSFT_IN_WEEK: Record<string, number> = { "2012-03-07": 32.08, "2012-03-09": 31.99, "2012-03-14": 31.99, "2012-04-04": 32.26, "2012-04-05": 31.52 };

function expectDates(r: ReturnType<typeof runOn>, want: Record<string, number>, k = 0): void {
  for (const [d, v] of Object.entries(want)) expect([d, at(r, d, k)]).toEqual([d, v]);
}

describe("a request inside another request's expression (nested requests)", () => {
  it("D of W on a daily chart reads the weekly close the daily context sees, lookahead off", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "D", request.security(syminfo.tickerid, "W", close)))`);
    expectDates(r, WEEK_OFF);
  });

  it("the inner call's lookahead_on is the inner call's: the week's own close on each of its days", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "D", request.security(syminfo.tickerid, "W", close, lookahead = barmerge.lookahead_on)))`);
    expectDates(r, WEEK_ON);
  });

  it("another symbol inside a higher timeframe: the weekly context sees MSFT's days", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", request.security("MSFT", "D", close)))`);
    expectDates(r, MSFT_IN_WEEK);
  });

  it("through a user function called as the outer expression", () => {
    const r = runOn(`f() => request.security(syminfo.tickerid, "W", close)\nplot(request.security(syminfo.tickerid, "D", f()))\nplot(f())`);
    expectDates(r, WEEK_OFF, 0);
    expectDates(r, WEEK_OFF, 1);
  });

  it("a tuple requested inside another request", () => {
    const r = runOn(`[c, o] = request.security(syminfo.tickerid, "D", request.security(syminfo.tickerid, "W", [close, open]))\nplot(c)\nplot(o)`);
    expectDates(r, WEEK_OFF, 0);
    expectDates(r, WEEK_OPEN, 1);
  });

  it("values do not depend on where the window starts", () => {
    const start = AAPL.time.indexOf(Date.parse("2012-03-01T00:00:00Z") / 1000);
    const r = runOn(`f() => request.security("MSFT", "D", close)\nplot(request.security(syminfo.tickerid, "W", f()))`, AAPL, undefined, start);
    expectDates(r, MSFT_IN_WEEK);
  });

  it("the chart's ticker inside a request of another symbol names that symbol: MSFT's weeks as MSFT's days see them", () => {
    const src = `plot(request.security("MSFT", "D", request.security(syminfo.tickerid, "W", close)))`;
    const r = runOn(src, AAPL, [AAPL_W, MSFT_D, MSFT_W]);
    // MSFT trades on AAPL's days here, so MSFT's week as its days see it is the week's last close
    expectDates(r, MSFT_IN_WEEK);
    // without MSFT's weeks, the run names the context it needs (the worker fetches it)
    expect(runOn(src, AAPL, [AAPL_W, MSFT_D]).missingContexts).toEqual([{ symbol: "MSFT", timeframe: "1w" }]);
  });
});

describe("nested requests on SPY's minutes of 2011-03-01 (packages/marketdata/demo/nt-spy-minute-2011-03.csv, UTC)", () => {
  // expected: a Python loop over the file's rows; a 5-minute period's close shows on its last minute
  const FIVE_ON_MINUTES: Record<string, number> = { "15:10": 132.78, "15:13": 132.78, "15:14": 132.73, "15:15": 132.73, "15:19": 132.55, "15:20": 132.55 };
  const day = barsOfRows(ROWS.filter((r) => r[0]! < Date.parse("2011-03-02T00:00:00Z") / 1000));
  const five = fiveMinutes();
  const SPY_5: ContextBars = { symbol: "SPY", timeframe: "5m", bars: five, info: { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "5m", session: "0930-1600" } };
  const src = `//@version=6
indicator("r")
f() => request.security(syminfo.tickerid, "5", close)
plot(request.security(syminfo.tickerid, "1", f()))
plot(request.security(syminfo.tickerid, "5", close))`;
  const r = evaluate(build(src), day, {}, { symbol: { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "1m", session: "0930-1600" }, windowStart: 0, contexts: [SPY_5] });
  const on = (hm: string, k: number): number => r.outputs[k]!.values[r.times.indexOf(Date.parse(`2011-03-01T${hm}:00Z`) / 1000)]!;

  it("request.security(t, \"1\", f()) with f() requesting \"5\" on a 1-minute chart is the 5-minute close, as the direct request", () => {
    for (const [hm, v] of Object.entries(FIVE_ON_MINUTES)) expect([hm, on(hm, 0), on(hm, 1)]).toEqual([hm, v, v]);
  });

  it("each context is evaluated once: the chart, its own 1-minute context and the 5-minute one", () => {
    // (a context counts all the bars it is given: the month's 5-minute bars here)
    expect(r.barsEvaluated).toBe(2 * day.length + five.length);
  });
});

describe("a request.security_lower_tf inside another request's expression", () => {
  // expected: a Python loop over the file's rows (2011-03-01, UTC): the 1-minute closes inside the
  // 15-minute period the 5-minute chart bar sees (the period ending with it, else the one before)
  const WANT: Record<string, [number, number, number]> = { "15:05": [15, 133.05, 1997.46], "15:10": [15, 132.73, 1993.84], "15:25": [15, 132.47, 1989.06] };
  const spy = (tf: string) => ({ ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: tf, session: "0930-1600" });
  const five = fiveMinutes();
  // the 5-minute chart: 2011-03-01's bars
  const n = five.time.findIndex((t) => t >= Date.parse("2011-03-02T00:00:00Z") / 1000);
  const bars = { length: n, time: five.time.slice(0, n), open: five.open.slice(0, n), high: five.high.slice(0, n), low: five.low.slice(0, n), close: five.close.slice(0, n), volume: five.volume.slice(0, n) };
  const contexts: ContextBars[] = [
    { symbol: "SPY", timeframe: "1m", bars: MINUTES, info: spy("1m") },
    { symbol: "SPY", timeframe: "15m", bars: minutesOf(900), info: spy("15m") },
  ];
  const src = `//@version=6
indicator("r")
f() => request.security_lower_tf(syminfo.tickerid, "1", close)
plot(request.security(syminfo.tickerid, "15", array.size(f())))
plot(request.security(syminfo.tickerid, "15", array.last(f())))
plot(request.security(syminfo.tickerid, "15", array.sum(f())))`;
  it("the outer context's bar sees the arrays of its own intrabars", () => {
    const r = evaluate(build(src), bars, {}, { symbol: spy("5m"), windowStart: 0, contexts });
    const on = (hm: string, k: number): number => r.outputs[k]!.values[r.times.indexOf(Date.parse(`2011-03-01T${hm}:00Z`) / 1000)]!;
    for (const [hm, [n, last, sum]] of Object.entries(WANT)) expect([hm, on(hm, 0), on(hm, 1), Math.round(on(hm, 2) * 100) / 100]).toEqual([hm, n, last, sum]);
  });
});

describe("the depth of request expressions in a context's run", () => {
  it("a first pass ended by an error inside a request's expression leaves later requests at the top level", () => {
    // the weekly context's run executes the if's body on every bar (docs/adr/0283); on an even bar
    // where the block does not run it fails inside the outer request's expression (a first pass).
    // z is then a request at the top level of that run, not a nested one: it asks nothing of the
    // weekly context (a nested MSFT "" there would be MSFT's weeks, which are not supplied) and the
    // chart reads MSFT's days
    const r = runOn(`bad() => array.get(array.new_float(0), 0)\nfloat v = na\nif close > open\n    v := request.security(syminfo.tickerid, "W", close <= open and bar_index % 2 == 0 ? bad() : close)\nz = request.security("MSFT", "", close)\nplot(z)`);
    expect(r.missingContexts ?? []).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(MSFT.close));
  });
});

describe("the contexts a nested request needs, listed before the run (worker's static derivation)", () => {
  it("an inner request's chart ticker and timeframe are the outer call's", () => {
    expect(listed(`plot(request.security("NASDAQ:MSFT", "D", request.security(syminfo.tickerid, "W", close)))`)).toEqual(["NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
    expect(listed(`plot(request.security(syminfo.tickerid, "W", request.security("MSFT", "", close)))`)).toEqual(["AAPL@1w", "MSFT@1w"]);
  });

  it("through a function the outer expression calls", () => {
    expect(listed(`f() => request.security(syminfo.tickerid, "W", close)\nplot(request.security("NASDAQ:MSFT", "D", f()))`)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
  });
});
