// Patterns of issue 16's twenty-sixth survey (a sample of public v6/v5 indicators by TradingView
// script id), worked by hand.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;
const ms = (iso: string): number => Date.parse(`${iso}Z`);

/** Bars stored as the bar store dates daily and weekly bars: at 00:00 UTC of their first day. */
function bars(times: number[]): Bars {
  const col = (f: (i: number) => number) => Float64Array.from(times, (_t, i) => f(i));
  return { length: times.length, time: Float64Array.from(times), open: col((i) => 10 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 100) };
}

/** A New York equity with regular hours 09:30-16:00, as the demo's US instruments. */
const equity = (timeframe: string): SymbolInfo => ({ ticker: "XYZ", timezone: "America/New_York", mintick: 0.01, timeframe, session: "0930-1600" });

function run(body: string, chart: Bars, info: SymbolInfo): (number | null)[][] {
  const r = evaluate(build(`//@version=6\nindicator("s26")\n${body}`), chart, {}, { symbol: info, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null)));
}

describe("time(timeframe) of a timeframe under a day on a daily or weekly chart (survey S26)", () => {
  // An opening-range script reads `time(orbTf)` with orbTf "15" to find the range's bar; on a daily
  // chart the bar opens at the session's open (09:30 New York, docs/adr/0200), so the 15-minute and
  // hourly periods holding it open there too, as `time` does. They read 00:00 UTC of the stored
  // date, 19:00 New York of the day before, outside the bar.
  const daily = bars([z("2011-03-01T00:00:00"), z("2011-07-01T00:00:00")]);

  test('time("15"), time("60") and time("240") are the bar\'s session open, equal to time', () => {
    const [t15, t60, t240, same] = run(`plot(time("15"))\nplot(time("60"))\nplot(time("240"))\nplot(time("15") == time ? 1 : 0)`, daily, equity("1D"));
    // Tuesday 2011-03-01 09:30 EST = 14:30 UTC; Friday 2011-07-01 09:30 EDT = 13:30 UTC
    const open = [ms("2011-03-01T14:30:00"), ms("2011-07-01T13:30:00")];
    expect(t15).toEqual(open);
    expect(t60).toEqual(open);
    expect(t240).toEqual(open);
    expect(same).toEqual([1, 1]);
  });

  test('time_close("15") closes 15 minutes after that open; time("15", bars_back = 1) is the previous bar\'s open', () => {
    const [c15, back] = run(`plot(time_close("15"))\nplot(time("15", bars_back = 1))`, daily, equity("1D"));
    expect(c15).toEqual([ms("2011-03-01T14:45:00"), ms("2011-07-01T13:45:00")]);
    expect(back).toEqual([null, ms("2011-03-01T14:30:00")]);
  });

  test("a weekly bar's hour opens Monday at the session's open", () => {
    // the week of Monday 2011-02-28 and the week of Monday 2011-06-27
    const weekly = bars([z("2011-02-28T00:00:00"), z("2011-06-27T00:00:00")]);
    const [t60] = run(`plot(time("60"))`, weekly, equity("1W"));
    expect(t60).toEqual([ms("2011-02-28T14:30:00"), ms("2011-06-27T13:30:00")]);
  });

  test("around the clock the day's first hour is 00:00 UTC, as before", () => {
    const crypto: SymbolInfo = { ticker: "BTC-USD", timezone: "UTC", mintick: 0.01, timeframe: "1D", session: "24x7" };
    const [t60] = run(`plot(time("60"))`, daily, crypto);
    expect(t60).toEqual([ms("2011-03-01T00:00:00"), ms("2011-07-01T00:00:00")]);
  });
});
