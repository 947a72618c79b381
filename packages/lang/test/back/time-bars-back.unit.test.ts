// time(timeframe, ..., bars_back, timeframe_bars_back) and time_close (TradingView v6): bars_back
// counts chart bars (negative: ahead, at most 500; past the last bar the expected opens, from the
// chart's timeframe and the instrument's session, weekends skipped for a session that names no days),
// timeframe_bars_back counts periods of `timeframe`. Expected values are worked by hand from the bars' dates.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`);

function barsAt(isos: string[]): Bars {
  const n = isos.length;
  const c = Float64Array.from({ length: n }, (_, i) => 10 + i);
  return { length: n, time: Float64Array.from(isos, (s) => z(s) / 1000), open: c, high: c, low: c, close: c, volume: Float64Array.from(c) };
}

function run(src: string, bars: Bars, symbol: SymbolInfo): Array<Array<number | null>> {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${src}`), bars, {}, { symbol, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
}

// Tuesday 2024-01-02 to Friday 2024-01-05, daily bars of a US equity
const DAYS = barsAt(["2024-01-02T00:00:00", "2024-01-03T00:00:00", "2024-01-04T00:00:00", "2024-01-05T00:00:00"]);
const EQUITY: SymbolInfo = { ...SYMBOL, timeframe: "1d", session: "0930-1600" };

test("bars_back on daily bars: the bar that many back, na before the first; ahead, the bars held, then the next weekdays", () => {
  const out = run(`plot(time(timeframe.period, bars_back = 1))
plot(time(timeframe.period, bars_back = -1))
plot(time("", bars_back = -3))
plot(time_close(timeframe.period, bars_back = -1))`, DAYS, EQUITY);
  // a script sees a daily bar open at the session's open, 09:30 EST (14:30 UTC), and close at 16:00 EST (docs/adr/0200)
  expect(out[0]).toEqual([null, z("2024-01-02T14:30:00"), z("2024-01-03T14:30:00"), z("2024-01-04T14:30:00")]);
  // Friday's next bar is Monday the 8th
  expect(out[1]).toEqual([z("2024-01-03T14:30:00"), z("2024-01-04T14:30:00"), z("2024-01-05T14:30:00"), z("2024-01-08T14:30:00")]);
  // three bars ahead: Friday, then Monday, Tuesday and Wednesday past the last bar
  expect(out[2]).toEqual([z("2024-01-05T14:30:00"), z("2024-01-08T14:30:00"), z("2024-01-09T14:30:00"), z("2024-01-10T14:30:00")]);
  // the next bar, Monday the 8th, closes with its session at 16:00 EST
  expect(out[3]![3]).toBe(z("2024-01-08T21:00:00"));
});

test("timeframe_bars_back counts periods of the requested timeframe: weeks, months, trading days", () => {
  const out = run(`plot(time("W", timeframe_bars_back = 1))
plot(time("W", timeframe_bars_back = -1))
plot(time("M", timeframe_bars_back = -1))
plot(time("D", timeframe_bars_back = -1))
plot(time("D", timeframe_bars_back = 1))`, DAYS, EQUITY);
  // the week of Monday 2024-01-01: one back opens Monday 2023-12-25, one ahead Monday 2024-01-08, at
  // the session's open (docs/adr/0200; holidays such as 12-25 are not known)
  expect(out[0]![3]).toBe(z("2023-12-25T14:30:00"));
  expect(out[1]![3]).toBe(z("2024-01-08T14:30:00"));
  expect(out[2]![3]).toBe(z("2024-02-01T14:30:00"));
  // from Friday the next trading day is Monday; from Tuesday the 2nd the previous is Monday the 1st
  expect(out[3]![3]).toBe(z("2024-01-08T14:30:00"));
  expect(out[4]![0]).toBe(z("2024-01-01T14:30:00"));
});

test("bars_back ahead on hourly bars of a session: the next session's bars, from its open", () => {
  // Friday 2024-01-05 13:30, 14:30, 15:30 New York (EST, UTC-5); the session opens again Monday 09:30
  const hours = barsAt(["2024-01-05T18:30:00", "2024-01-05T19:30:00", "2024-01-05T20:30:00"]);
  const out = run(`plot(time("", bars_back = -1))\nplot(time("", bars_back = -2))`, hours, { ...SYMBOL, timeframe: "1h", session: "0930-1600" });
  expect(out[0]![2]).toBe(z("2024-01-08T14:30:00"));
  expect(out[1]![2]).toBe(z("2024-01-08T15:30:00"));
  // around the clock, the next hours follow, Saturday included
  const round = run(`plot(time("", bars_back = -2))`, hours, { ...SYMBOL, timezone: "UTC", timeframe: "1h", session: "24x7" });
  expect(round[0]![2]).toBe(z("2024-01-05T22:30:00"));
});

test("bars_back beyond 500 ahead is na", () => {
  expect(run(`plot(time("", bars_back = -501))\nplot(time("", bars_back = -2))`, DAYS, EQUITY)[0]).toEqual([null, null, null, null]);
});
