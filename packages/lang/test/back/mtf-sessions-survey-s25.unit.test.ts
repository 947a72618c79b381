// Patterns of issue 16's twenty-fifth survey (public scripts with other timeframes, sessions and
// drawings), worked by hand.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

function bars(rows: [number, number][]): Bars {
  const col = (f: (r: [number, number]) => number) => Float64Array.from(rows, f);
  return { length: rows.length, time: col((r) => r[0]), open: col((r) => r[1]), high: col((r) => r[1] + 1), low: col((r) => r[1] - 1), close: col((r) => r[1]), volume: col(() => 100) };
}

const equity: SymbolInfo = { ticker: "XYZ", timezone: "America/New_York", mintick: 0.01, timeframe: "1", session: "0930-1600" };

function run(body: string, chart: Bars, info: SymbolInfo = equity): (number | null)[][] {
  const r = evaluate(build(`//@version=6\nindicator("s25")\n${body}`), chart, {}, { symbol: info, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null)));
}

describe("timestamp() of an ISO date whose time is followed by a space and a UTC offset (survey S25)", () => {
  // a public time-band script: input.time(timestamp("2024-01-01 09:50 -0500")), then hour()/minute() of it
  // build its session string; the date read as na left every bar outside the band
  const chart = bars([[z("2011-01-03T14:50:00"), 1]]);

  test('"2024-01-01 09:50 -0500" is 14:50 UTC, as "2024-01-01T09:50-05:00" is; "+0000" and "+05:30" likewise', () => {
    const [spaced, iso, utc, colon] = run(
      `plot(timestamp("2024-01-01 09:50 -0500"))\nplot(timestamp("2024-01-01T09:50-05:00"))\nplot(timestamp("2024-01-01 09:50 +0000"))\nplot(timestamp("2024-01-01 09:50:30 +05:30"))`,
      chart,
    );
    // 2024-01-01 14:50 UTC = 1704120600 s; 09:50 UTC = 1704102600 s; 09:50:30 at +05:30 is 04:20:30 UTC
    expect(spaced).toEqual([1704120600000]);
    expect(iso).toEqual([1704120600000]);
    expect(utc).toEqual([1704102600000]);
    expect(colon).toEqual([Date.UTC(2024, 0, 1, 4, 20, 30)]);
  });

  test("input.time of such a date gives the hour and minute in the exchange's zone, and the band's session holds the bars inside it", () => {
    // New York bars (UTC-5 in January 2011): 09:49, 09:50, 10:09 and 10:10
    const ny = bars([
      [z("2011-01-03T14:49:00"), 1],
      [z("2011-01-03T14:50:00"), 2],
      [z("2011-01-03T15:09:00"), 3],
      [z("2011-01-03T15:10:00"), 4],
    ]);
    const [h, m, inBand] = run(
      [
        `startTime = input.time(timestamp("2024-01-01 09:50 -0500"), "Start Time")`,
        `endTime = input.time(timestamp("2024-01-01 10:10 -0500"), "End Time")`,
        `sessionStr = str.format("{0,number,00}{1,number,00}-{2,number,00}{3,number,00}", hour(startTime), minute(startTime), hour(endTime), minute(endTime))`,
        `plot(hour(startTime))`,
        `plot(minute(startTime))`,
        `plot(not na(time(timeframe.period, sessionStr, "America/New_York")) ? 1 : 0)`,
      ].join("\n"),
      ny,
    );
    expect(h).toEqual([9, 9, 9, 9]);
    expect(m).toEqual([50, 50, 50, 50]);
    // "0950-1010": 09:49 before it, 09:50 and 10:09 inside, 10:10 at its end (excluded)
    expect(inBand).toEqual([0, 1, 1, 0]);
  });
});
