// Patterns of issue 16's seventeenth survey (a random sample of public v6 indicators), worked by hand.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

function bars(rows: [number, number][]): Bars {
  const col = (f: (r: [number, number]) => number) => Float64Array.from(rows, f);
  return { length: rows.length, time: col((r) => r[0]), open: col((r) => r[1]), high: col((r) => r[1] + 1), low: col((r) => r[1] - 1), close: col((r) => r[1]), volume: col(() => 100) };
}

const equity: SymbolInfo = { ticker: "XYZ", timezone: "America/New_York", mintick: 0.01, timeframe: "1h", session: "0930-1600" };

function run(body: string, chart: Bars, info: SymbolInfo = equity): (number | null)[][] {
  const r = evaluate(build(`//@version=6\nindicator("s17")\n${body}`), chart, {}, { symbol: info, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null)));
}

describe("a time zone written where time() takes its session (survey S17)", () => {
  // Hourly bars of a New York equity (UTC-5 in March 2011): 09:30 and 10:30 on Tuesday the 1st and Wednesday the 2nd
  const chart = bars([
    [z("2011-03-01T14:30:00"), 1],
    [z("2011-03-01T15:30:00"), 2],
    [z("2011-03-02T14:30:00"), 3],
    [z("2011-03-02T15:30:00"), 4],
  ]);
  const day1 = Date.parse("2011-03-01T14:30:00Z");
  const day2 = Date.parse("2011-03-02T14:30:00Z");

  test('time("D", "America/New_York") is the day\'s open, as time("D"): no session filters the bars (docs/adr/0247)', () => {
    // a public pre-market range script resets its boxes on ta.change(time("D", "America/New_York")) != 0
    const [named, plain, newDay] = run(`plot(time("D", "America/New_York"))\nplot(time("D"))\nplot(ta.change(time("D", "America/New_York")) != 0 ? 1 : 0)`, chart);
    expect(named).toEqual([day1, day1, day2, day2]);
    expect(plain).toEqual([day1, day1, day2, day2]);
    // the first bar's change is na (no bar before it), and na != 0 is false
    expect(newDay).toEqual([0, 0, 1, 0]);
  });

  test("time_close and a fixed-offset zone (\"UTC\", \"GMT+3\") read the same way; a real session and a string that is neither stay as they were", () => {
    const [close, utc, gmt, session, bogus] = run(
      `plot(time_close("D", "UTC"))\nplot(time("D", "UTC"))\nplot(time("D", "GMT+3"))\nplot(time("D", "1000-1600"))\nplot(time("D", "New York"))`,
      chart,
    );
    // the day's close: 16:00 New York, 21:00 UTC
    expect(close).toEqual([Date.parse("2011-03-01T21:00:00Z"), Date.parse("2011-03-01T21:00:00Z"), Date.parse("2011-03-02T21:00:00Z"), Date.parse("2011-03-02T21:00:00Z")]);
    expect(utc).toEqual([day1, day1, day2, day2]);
    expect(gmt).toEqual([day1, day1, day2, day2]);
    // 09:30 is outside 10:00-16:00; 10:30 inside
    expect(session).toEqual([null, day1, null, day2]);
    expect(bogus).toEqual([null, null, null, null]);
  });
});
