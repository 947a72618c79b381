// Patterns of issue 16's twenty-third survey (a random sample of public v6 indicators), worked by hand.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

function bars(times: number[]): Bars {
  const col = (f: (i: number) => number) => Float64Array.from(times, (_t, i) => f(i));
  return { length: times.length, time: Float64Array.from(times), open: col((i) => 10 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 100) };
}

/** A New York equity's hourly chart (regular hours 09:30-16:00), as the demo's US instruments. */
const equity: SymbolInfo = { ticker: "XYZ", timezone: "America/New_York", mintick: 0.01, timeframe: "1h", session: "0930-1600" };

function run(body: string, chart: Bars, info: SymbolInfo = equity): (number | null)[][] {
  const r = evaluate(build(`//@version=6\nindicator("s23")\n${body}`), chart, {}, { symbol: info, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null)));
}

describe("time(timeframe, timeframe_bars_back = -1) on an intraday chart of an instrument with a session (survey S23)", () => {
  // A public "opening times" script brackets the active day, week and month with the open of the
  // next one: on an intraday equity chart each next open read as the current one. Tuesday
  // 2011-03-01 and Wednesday 2011-03-02, 09:30 and 10:30 New York (UTC-5 until 13 March).
  const chart = bars([z("2011-03-01T14:30:00"), z("2011-03-01T15:30:00"), z("2011-03-02T14:30:00")]);
  const ms = (iso: string): number => Date.parse(`${iso}Z`);

  test("the next day, week and month open at the session's open on their first trading day", () => {
    const out = run(`plot(time("1D", timeframe_bars_back = -1))\nplot(time("1W", timeframe_bars_back = -1))\nplot(time("1M", timeframe_bars_back = -1))`, chart);
    // the day after Tuesday is Wednesday; after Wednesday, Thursday 03-03
    expect(out[0]).toEqual([ms("2011-03-02T14:30:00"), ms("2011-03-02T14:30:00"), ms("2011-03-03T14:30:00")]);
    // the next week's first trading day is Monday 03-07
    expect(out[1]).toEqual([ms("2011-03-07T14:30:00"), ms("2011-03-07T14:30:00"), ms("2011-03-07T14:30:00")]);
    // April 2011 opens on Friday 04-01, 09:30 New York daylight time (UTC-4)
    expect(out[2]).toEqual([ms("2011-04-01T13:30:00"), ms("2011-04-01T13:30:00"), ms("2011-04-01T13:30:00")]);
  });

  test("two periods ahead, and one back, skip the weekend", () => {
    // Wednesday's bar: two trading days ahead is Friday 03-04, one back is Tuesday; Tuesday's two ahead is Thursday
    const out = run(`plot(time("1D", timeframe_bars_back = -2))\nplot(time("1D", timeframe_bars_back = 1))\nplot(time("1D", timeframe_bars_back = -3))`, chart);
    expect(out[0]).toEqual([ms("2011-03-03T14:30:00"), ms("2011-03-03T14:30:00"), ms("2011-03-04T14:30:00")]);
    expect(out[1]).toEqual([ms("2011-02-28T14:30:00"), ms("2011-02-28T14:30:00"), ms("2011-03-01T14:30:00")]);
    // three trading days after Wednesday: Thursday, Friday, then Monday 03-07
    expect(out[2]![2]).toBe(ms("2011-03-07T14:30:00"));
  });
});
