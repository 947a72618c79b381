// A request's result kept in a variable that another request's expression reads (docs/adr/0307):
// TradingView's user manual ("Other timeframes and data", Dynamic requests, Nested requests) says
// the second call evaluates the first *within its own context*, so `x = request.security(t, "W",
// close)` then `request.security(t, "D", x)` is the same as writing the first call inline. On the
// AAPL daily demo bars with AAPL's weeks, MSFT's days and MSFT's weeks as contexts; expected values
// are the nested-request test's (an independent Python loop over packages/marketdata/demo/AAPL.csv
// and MSFT.csv, weeks from Monday) and, for AAPL's days seen from MSFT's, AAPL's own closes (a
// Python check over the two CSVs: both hold the same 3270 trading days, 2000-03-01 to 2013-03-01).
import { scriptRequests } from "../../src/derive/requests";
import { build, weeklyBars } from "./harness";
import { evaluate } from "../../src/evaluate";
import { AAPL, AAPL_W, at, MSFT, MSFT_D, runOn } from "../support/request-contexts";
import type { ContextBars } from "../../src/stdlib/request";
import { fiveMinutes, MINUTES, minutesOf } from "../support/spy-march-minutes";

const MSFT_W: ContextBars = { symbol: "MSFT", timeframe: "1w", bars: weeklyBars(MSFT), info: { ticker: "MSFT", timezone: "America/New_York", mintick: 0.01, timeframe: "1w" } };
const ALL = [AAPL_W, MSFT_D, MSFT_W];

// AAPL's weekly close as its daily context sees it, lookahead off (the last completed week's)
const WEEK_OFF: Record<string, number> = { "2012-03-07": 545.18, "2012-03-09": 545.17, "2012-03-14": 545.17, "2012-04-04": 599.55, "2012-04-05": 633.68 };
// lookahead on: the close of the week the day is in
const WEEK_ON: Record<string, number> = { "2012-03-07": 545.17, "2012-03-09": 545.17, "2012-03-14": 585.57, "2012-04-04": 633.68, "2012-04-05": 633.68 };
// the same weeks' open, lookahead off
const WEEK_OPEN: Record<string, number> = { "2012-03-07": 521.31, "2012-03-09": 545.42, "2012-03-14": 545.42, "2012-04-04": 599.79, "2012-04-05": 601.83 };
// MSFT's close on the last day of the week the weekly context sees (lookahead off)
const MSFT_IN_WEEK: Record<string, number> = { "2012-03-07": 32.08, "2012-03-09": 31.99, "2012-03-14": 31.99, "2012-04-04": 32.26, "2012-04-05": 31.52 };

function expectDates(r: ReturnType<typeof runOn>, want: Record<string, number>, k = 0, times = 1): void {
  for (const [d, v] of Object.entries(want)) expect([d, at(r, d, k)]).toEqual([d, Math.round(v * times * 100) / 100]);
}

describe("a request's result in a variable read by another request's expression is evaluated in that request's context", () => {
  it("D of a variable holding W: the weekly close the daily context sees, as written inline", () => {
    const r = runOn(`x = request.security(syminfo.tickerid, "W", close)\nplot(request.security(syminfo.tickerid, "D", x))\nplot(request.security(syminfo.tickerid, "D", request.security(syminfo.tickerid, "W", close)))`, AAPL, ALL);
    expectDates(r, WEEK_OFF, 0);
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(r.outputs[1]!.values));
  });

  it("the variable's own request keeps its lookahead", () => {
    const r = runOn(`x = request.security(syminfo.tickerid, "W", close, lookahead = barmerge.lookahead_on)\nplot(request.security(syminfo.tickerid, "D", x))`, AAPL, ALL);
    expectDates(r, WEEK_ON);
  });

  it("the user manual's case: another symbol's request read by a request of the chart's weeks", () => {
    const r = runOn(`x = request.security("MSFT", "D", close)\nplot(request.security(syminfo.tickerid, "W", x))`, AAPL, ALL);
    expectDates(r, MSFT_IN_WEEK);
  });

  it("x = request.security(t, \"D\", close) read by request.security(\"MSFT\", \"D\", x) is t's close as MSFT's days see it", () => {
    const r = runOn(`x = request.security(syminfo.tickerid, "D", close)\ny = request.security("MSFT", "D", x)\nplot(y)`, AAPL, ALL);
    // the chart's ticker inside MSFT's context names MSFT (the manual: a nested request inherits the outer call's ticker)
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(MSFT.close));
    const s = runOn(`x = request.security("AAPL", "D", close)\ny = request.security("MSFT", "D", x)\nplot(y)`, AAPL, ALL);
    expect(Array.from(s.outputs[0]!.values)).toEqual(Array.from(AAPL.close));
  });

  it("through a computation, a tuple, a function and a conditional assignment", () => {
    const r = runOn(
      [
        `x = request.security(syminfo.tickerid, "W", close)`,
        `y = x * 2`,
        `plot(request.security(syminfo.tickerid, "D", y))`,
        `[c, o] = request.security(syminfo.tickerid, "W", [close, open])`,
        `plot(request.security(syminfo.tickerid, "D", o))`,
        `f() => request.security(syminfo.tickerid, "W", close)`,
        `z = f()`,
        `plot(request.security(syminfo.tickerid, "D", z))`,
        `float w = na`,
        `if x > 0`,
        `    w := x`,
        `plot(request.security(syminfo.tickerid, "D", w))`,
      ].join("\n"),
      AAPL,
      ALL,
    );
    expectDates(r, WEEK_OFF, 0, 2);
    expectDates(r, WEEK_OPEN, 1);
    expectDates(r, WEEK_OFF, 2);
    expectDates(r, WEEK_OFF, 3);
  });

  it("a variable read by the request of the variable's own context is its own value there", () => {
    const r = runOn(`x = request.security(syminfo.tickerid, "W", close)\nplot(request.security(syminfo.tickerid, "W", x))\nplot(x)`, AAPL, ALL);
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(r.outputs[1]!.values));
  });

  it("values do not depend on where the window starts", () => {
    const start = AAPL.time.indexOf(Date.parse("2012-03-01T00:00:00Z") / 1000);
    const r = runOn(`x = request.security("MSFT", "D", close)\nplot(request.security(syminfo.tickerid, "W", x))`, AAPL, ALL, start);
    expectDates(r, MSFT_IN_WEEK);
  });
});

describe("a context whose requests do not read the variable", () => {
  it("runs on when the variable's request, made from there, names a context not supplied (MSFT's weeks): its other requests keep their values", () => {
    // MSFT's days are run for z; x there would be MSFT's weeks, which no request of MSFT's days reads
    const r = runOn(`x = request.security(syminfo.tickerid, "W", close)\ny = request.security(syminfo.tickerid, "D", x)\nz = request.security("MSFT", "D", close)\nplot(z)\nplot(y)`, AAPL, [AAPL_W, MSFT_D]);
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(MSFT.close));
    expectDates(r, WEEK_OFF, 1);
  });
});

describe("which requests a context's run nests (codegen/request-feeds.ts)", () => {
  const fed = (body: string): number => (build(`//@version=6\nindicator("r")\n${body}`).source.match(/\$i, true, \$rt\.req\.left\(/g) ?? []).length;

  it("a wrapper whose parameter is the expression, called with bar values, nests nothing", () => {
    expect(fed(`f(s, src) => request.security(s, "D", src)\na = f("MSFT", close)\nb = f("AAPL", high)\nplot(a + b)`)).toBe(0);
  });

  it("the same wrapper called with another request's result nests the request its argument holds", () => {
    expect(fed(`f(s, src) => request.security(s, "D", src)\nx = f("MSFT", close)\nplot(f("AAPL", x))`)).toBe(1);
  });
});

describe("two contexts whose requests read each other's variables", () => {
  it("AAPL's days read MSFT's close and MSFT's days read AAPL's: each context is run again while it runs, so both have values", () => {
    // AAPL's run reads m from AAPL's days, which runs MSFT's days, which read a from MSFT's days while AAPL's run is going
    const r = runOn(`a = request.security("AAPL", "D", close)\nm = request.security("MSFT", "D", close)\nplot(request.security("AAPL", "D", m))\nplot(request.security("MSFT", "D", a))`, AAPL, ALL);
    expect(Array.from(r.outputs[0]!.values)).toEqual(Array.from(MSFT.close));
    expect(Array.from(r.outputs[1]!.values)).toEqual(Array.from(AAPL.close));
  });

  it("a `var` changed by the later request is no cycle: the first request sees only the code before it, `var float b = 0.0`, so it is 1 (docs/adr/0346)", () => {
    const r = runOn(`var float b = 0.0\na = request.security("MSFT", "D", b + 1)\nb := request.security("AAPL", "W", a)\nplot(b)`, AAPL, ALL);
    // by hand: a is 0 + 1 on every MSFT day, so on every AAPL week; the chart reads the last completed
    // week, na on the first two days (AAPL's data begins Wednesday 2000-03-01, its first week ends Friday 03-03)
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, ...new Array<number>(AAPL.length - 2).fill(1)]);
  });
});

describe("a request.security_lower_tf result in a variable read by another request's expression", () => {
  // expected: the nested-request test's Python loop over SPY's minutes of 2011-03-01 (UTC): the
  // 1-minute closes inside the 15-minute period the 5-minute chart bar sees
  const WANT: Record<string, [number, number]> = { "15:05": [15, 1997.46], "15:10": [15, 1993.84], "15:25": [15, 1989.06] };
  const spy = (tf: string) => ({ ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: tf, session: "0930-1600" });
  const five = fiveMinutes();
  const n = five.time.findIndex((t) => t >= Date.parse("2011-03-02T00:00:00Z") / 1000);
  const bars = { length: n, time: five.time.slice(0, n), open: five.open.slice(0, n), high: five.high.slice(0, n), low: five.low.slice(0, n), close: five.close.slice(0, n), volume: five.volume.slice(0, n) };
  const contexts: ContextBars[] = [
    { symbol: "SPY", timeframe: "1m", bars: MINUTES, info: spy("1m") },
    { symbol: "SPY", timeframe: "15m", bars: minutesOf(900), info: spy("15m") },
  ];
  it("the outer context's bar sees the arrays of its own intrabars", () => {
    const src = `//@version=6\nindicator("r")\na = request.security_lower_tf(syminfo.tickerid, "1", close)\nplot(request.security(syminfo.tickerid, "15", array.size(a)))\nplot(request.security(syminfo.tickerid, "15", array.sum(a)))`;
    const r = evaluate(build(src), bars, {}, { symbol: spy("5m"), windowStart: 0, contexts });
    const on = (hm: string, k: number): number => r.outputs[k]!.values[r.times.indexOf(Date.parse(`2011-03-01T${hm}:00Z`) / 1000)]!;
    for (const [hm, [size, sum]] of Object.entries(WANT)) expect([hm, on(hm, 0), Math.round(on(hm, 1) * 100) / 100]).toEqual([hm, size, sum]);
  });
});

describe("the contexts such a chain needs, listed before the run (worker's static derivation)", () => {
  const CHART = { ticker: "AAPL", prefix: "NASDAQ", timeframe: "1d" };
  const listed = (body: string): string[] =>
    scriptRequests([{ path: "main.pine", content: `//@version=6\nindicator("r")\n${body}` }], CHART).contexts.map((c) => `${c.symbol}@${c.timeframe}`).sort();

  it("a variable's request in a request of another symbol names that symbol's context", () => {
    expect(listed(`x = request.security(syminfo.tickerid, "W", close)\nplot(request.security("NASDAQ:MSFT", "D", x))`)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
    expect(listed(`x = request.security(syminfo.tickerid, "W", close)\ny = x * 2\nplot(request.security("NASDAQ:MSFT", "D", y))`)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
    expect(listed(`[c, o] = request.security(syminfo.tickerid, "W", [close, open])\nfloat y = na\ny := o\nplot(request.security("NASDAQ:MSFT", "D", y))`)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
  });

  it("a variable passed to a function whose request reads its parameter", () => {
    expect(listed(`f(s) => request.security("NASDAQ:MSFT", "D", s)\nx = request.security(syminfo.tickerid, "W", close)\nplot(f(x))`)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
    expectDates(runOn(`f(s) => request.security("MSFT", "D", s)\nx = request.security(syminfo.tickerid, "W", close)\nplot(f(x))`, AAPL, ALL), MSFT_IN_WEEK);
  });

  it("a variable set in a block whose condition reads a request, and an array a request's value is pushed to", () => {
    const guarded = `x = request.security(syminfo.tickerid, "W", close)\nfloat y = 0\nif x > 0\n    y := 1\nplot(request.security("NASDAQ:MSFT", "D", y))`;
    const pushed = `a = array.new_float()\na.push(request.security(syminfo.tickerid, "W", close))\nplot(request.security("NASDAQ:MSFT", "D", a.get(0)))`;
    for (const src of [guarded, pushed]) expect(listed(src)).toEqual(["AAPL@1w", "NASDAQ:MSFT@1d", "NASDAQ:MSFT@1w"]);
    expectDates(runOn(pushed.replace("NASDAQ:MSFT", "MSFT"), AAPL, ALL), MSFT_IN_WEEK);
  });

  it("without MSFT's weeks the run names the context it needs; with them it reads MSFT's weeks as MSFT's days see them", () => {
    const src = `x = request.security(syminfo.tickerid, "W", close)\nplot(request.security("MSFT", "D", x))`;
    expect(runOn(src, AAPL, [AAPL_W, MSFT_D]).missingContexts).toEqual([{ symbol: "MSFT", timeframe: "1w" }]);
    expectDates(runOn(src, AAPL, ALL), MSFT_IN_WEEK);
  });
});
