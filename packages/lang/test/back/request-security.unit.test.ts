// request.security on historical bars, against values read by hand from the demo CSVs
// (packages/marketdata/demo: AAPL and MSFT daily, Yahoo via bokeh_sampledata; see its SOURCES.md).
// Weeks are built here from the daily rows (Monday 00:00 UTC, as the bar store's 1w bars).
// Hand-worked week of 2012-11-12: Fri 11-16 close 527.68; week of 11-19 (Thanksgiving Thursday
// closed): Fri 11-23 close 571.50, high 572.00; week of 11-05 closed 547.06; week of 11-26 closed 585.28.
import { build, sliceBars, SYMBOL, weeklyBars } from "./harness";
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import { AAPL, AAPL_W, at, MSFT, MSFT_D, runOn } from "../support/request-contexts";

const DAYS = ["2012-11-12", "2012-11-13", "2012-11-15", "2012-11-16", "2012-11-19", "2012-11-21", "2012-11-23", "2012-11-26", "2012-11-30"];

describe("request.security, a higher timeframe (1d chart, 1W)", () => {
  test("lookahead off: a week's close appears on its last chart bar; earlier bars show the previous week's", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", close))`);
    expect(DAYS.map((d) => at(r, d))).toEqual([547.06, 547.06, 547.06, 527.68, 527.68, 527.68, 571.5, 571.5, 585.28]);
    expect(r.runtimeErrors).toEqual([]);
  });

  test("currency = na asks for no conversion: the same values as without it; a currency code is refused per bar", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", close, currency = na))`);
    expect(DAYS.map((d) => at(r, d))).toEqual([547.06, 547.06, 547.06, 527.68, 527.68, 527.68, 571.5, 571.5, 585.28]);
    expect(r.runtimeErrors).toEqual([]);
    const eur = runOn(`plot(request.security(syminfo.tickerid, "W", close, currency = "EUR"))`);
    expect(eur.runtimeErrors.map((e) => e.message)).toEqual([expect.stringContaining("currency conversion to EUR is not supported")]);
  });

  test("lookahead on: the week's final value on every bar of the week", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "1W", close, lookahead = barmerge.lookahead_on))\nplot(request.security("", "W", high, barmerge.gaps_off, barmerge.lookahead_on))`);
    expect(DAYS.map((d) => at(r, d))).toEqual([527.68, 527.68, 527.68, 527.68, 571.5, 571.5, 571.5, 585.28, 585.28]);
    expect(at(r, "2012-11-19", 1)).toBe(572.0);
  });

  test("close[1] with lookahead on (the non-repainting idiom): the previous week on every bar", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", close[1], lookahead = barmerge.lookahead_on))`);
    expect(DAYS.map((d) => at(r, d))).toEqual([547.06, 547.06, 547.06, 547.06, 527.68, 527.68, 527.68, 571.5, 571.5]);
  });

  test("gaps on: na except on the bar where a new value arrives", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", close, barmerge.gaps_on))\nplot(request.security(syminfo.tickerid, "W", close, barmerge.gaps_on, barmerge.lookahead_on))`);
    expect(DAYS.map((d) => at(r, d))).toEqual([NaN, NaN, NaN, 527.68, NaN, NaN, 571.5, NaN, 585.28]);
    expect(DAYS.map((d) => at(r, d, 1))).toEqual([527.68, NaN, NaN, NaN, 571.5, NaN, NaN, 585.28, NaN]);
  });

  test("a stateful expression runs on the weekly bars: sma of two weekly closes", () => {
    const r = runOn(`plot(request.security(syminfo.tickerid, "W", ta.sma(close, 2)))`);
    expect(at(r, "2012-11-23")).toBeCloseTo((527.68 + 571.5) / 2, 10);
    expect(at(r, "2012-11-21")).toBeCloseTo((547.06 + 527.68) / 2, 10);
  });

  test("a value inside the window does not depend on where the window (and the bars read) start", () => {
    const src = `plot(request.security(syminfo.tickerid, "W", ta.sma(close, 10)))`;
    const full = runOn(src);
    const start = AAPL.time.indexOf(Date.parse("2012-06-01T00:00:00Z") / 1000);
    for (const back of [60, 120, 400]) {
      const from = start - back;
      const w = weeklyBars(sliceBars(AAPL, from));
      const part = runOn(src, sliceBars(AAPL, from), [{ ...AAPL_W, bars: w }], back);
      const fullTail = full.outputs[0]!.values.slice(start);
      expect(Array.from(part.outputs[0]!.values)).toEqual(Array.from(fullTail));
    }
  });
});

describe("request.security, another symbol", () => {
  test("MSFT's close and a tuple on the AAPL chart, same dates", () => {
    const r = runOn(`[o, c] = request.security("NASDAQ:MSFT", "D", [open, close])\nplot(request.security("MSFT", "", close))\nplot(c)\nplot(o)`, AAPL, [MSFT_D, { ...MSFT_D, symbol: "NASDAQ:MSFT" }]);
    expect(at(r, "2012-11-23")).toBe(27.7);
    expect(at(r, "2012-11-21")).toBe(26.95);
    expect(at(r, "2012-11-23", 1)).toBe(27.7);
    expect(at(r, "2000-03-01", 2)).toBe(89.62);
  });

  test("a symbol not supplied is a runtime error of the bar, named in missingContexts; ignore_invalid_symbol gives na", () => {
    const r = runOn(`x = request.security("NOPE", "D", close, ignore_invalid_symbol = true)\nplot(close)\nplot(x)\nplot(request.security("NOPE2", "D", close))`);
    expect(r.missingContexts).toEqual([{ symbol: "NOPE", timeframe: "1d" }, { symbol: "NOPE2", timeframe: "1d" }]);
    expect(r.runtimeErrors[0]!.message).toBe('symbol "NOPE2" not found: no instrument of that name is stored');
    expect(r.runtimeErrors[0]!.count).toBe(AAPL.length);
  });

  test("a computed timeframe the store does not hold is a runtime error with a clear message", () => {
    const r = runOn(`tf = close > 0 ? "30S" : "D"\nplot(request.security("", tf, close))`);
    expect(r.runtimeErrors[0]!.message).toMatch(/second bars are not stored/);
  });

  test("the context's bars count in barsEvaluated (the script runs once over each context read)", () => {
    const r = runOn(`plot(request.security("MSFT", "D", close))\nplot(request.security("MSFT", "D", open))`);
    expect(r.barsEvaluated).toBe(AAPL.length + MSFT.length);
  });
});

describe("request.security of an equity with its session (docs/adr/0200)", () => {
  // the same AAPL daily chart and weeks, the instrument's session 09:30-16:00 New York (EST in
  // November 2012: 09:30 is 14:30Z, 16:00 21:00Z)
  const withSession = (ctx: ContextBars): ContextBars => ({ ...ctx, info: { ...ctx.info, session: "0930-1600" } });
  const run = (src: string): EvaluationResult =>
    evaluate(build(`//@version=6\nindicator("r")\n${src}`), AAPL, {}, { symbol: { ...SYMBOL, session: "0930-1600" }, windowStart: 0, contexts: [withSession(AAPL_W), withSession(MSFT_D)] });

  test("a week's time and time_close are its session's open on Monday and close on Friday; the values align as without a session", () => {
    const src = `plot(request.security("AAPL", "W", time, lookahead = barmerge.lookahead_on))
plot(request.security("AAPL", "W", time_close, lookahead = barmerge.lookahead_on))
plot(request.security("AAPL", "W", time))
plot(request.security("AAPL", "W", close))
plot(request.security("AAPL", "W", close, lookahead = barmerge.lookahead_on))
plot(request.security("MSFT", "D", close))`;
    const r = run(src);
    // lookahead on: the week of Monday 11-12 on its Wednesday; off: the week before (Monday 11-05) until its Friday
    expect(at(r, "2012-11-14", 0)).toBe(Date.UTC(2012, 10, 12, 14, 30));
    expect(at(r, "2012-11-14", 1)).toBe(Date.UTC(2012, 10, 16, 21));
    expect([at(r, "2012-11-14", 2), at(r, "2012-11-16", 2)]).toEqual([Date.UTC(2012, 10, 5, 14, 30), Date.UTC(2012, 10, 12, 14, 30)]);
    // values on the same bars as the instrument without a session (the store's times align them),
    // but the run's last bar: Friday 2013-03-01 closes its week by the session (docs/adr/0295)
    const plain = runOn(`plot(request.security("AAPL", "W", close))\nplot(request.security("AAPL", "W", close, lookahead = barmerge.lookahead_on))\nplot(request.security("MSFT", "D", close))`);
    const n = AAPL.length;
    expect([3, 4, 5].map((k) => Array.from(r.outputs[k]!.values.slice(0, n - 1)))).toEqual([0, 1, 2].map((k) => Array.from(plain.outputs[k]!.values.slice(0, n - 1))));
    expect([at(r, "2013-03-01", 3), at(plain, "2013-03-01", 0), at(r, "2013-03-01", 4), at(r, "2013-03-01", 5)]).toEqual([430.47, 450.81, 430.47, at(plain, "2013-03-01", 2)]);
    expect([at(r, "2012-11-15", 3), at(r, "2012-11-16", 3), at(r, "2012-11-15", 4)]).toEqual([547.06, 527.68, 527.68]);
  });
});
