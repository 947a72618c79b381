// Patterns of issue 16's fifteenth survey (a random sample of public v6 indicators), worked by hand.
//
// An intraday chart of a US equity with extended hours reads daily data by its trading day
// (docs/adr/0245): the post-market runs to 20:00 New York, which in winter (EST, UTC-5) is 01:00
// UTC of the next date, while the store dates daily bars at 00:00 UTC. A public "previous day
// high/low" script (request.security(..., "D", high[1], lookahead_on)) and a lookahead demo
// (request.security(..., "D", close, lookahead_on) beside close[1]) saw the NEXT day's bar on the
// chart's 19:00-20:00 bars.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;

function bars(rows: [number, number][]): Bars {
  const col = (f: (r: [number, number]) => number) => Float64Array.from(rows, f);
  return { length: rows.length, time: col((r) => r[0]), open: col((r) => r[1]), high: col((r) => r[1] + 1), low: col((r) => r[1] - 1), close: col((r) => r[1]), volume: col(() => 100) };
}

// Hourly chart bars (UTC), in New York (UTC-5 in January 2011):
//   0: 01-03 15:00Z = 10:00 Mon 3rd (regular session)     4: 01-04 15:00Z = 10:00 Tue 4th
//   1: 01-03 23:00Z = 18:00 Mon 3rd (post-market)          5: 01-05 00:00Z = 19:00 Tue 4th (post-market)
//   2: 01-04 00:00Z = 19:00 Mon 3rd (post-market)          6: 01-05 15:00Z = 10:00 Wed 5th
//   3: 01-04 09:00Z = 04:00 Tue 4th (pre-market)
const chart = bars([
  [z("2011-01-03T15:00:00"), 1],
  [z("2011-01-03T23:00:00"), 2],
  [z("2011-01-04T00:00:00"), 3],
  [z("2011-01-04T09:00:00"), 4],
  [z("2011-01-04T15:00:00"), 5],
  [z("2011-01-05T00:00:00"), 6],
  [z("2011-01-05T15:00:00"), 7],
]);
// Daily bars dated 00:00 UTC as the store dates them: closes 10 (Mon 3rd), 20 (Tue 4th), 30 (Wed 5th), 40 (Thu 6th)
const daily = bars([
  [z("2011-01-03T00:00:00"), 10],
  [z("2011-01-04T00:00:00"), 20],
  [z("2011-01-05T00:00:00"), 30],
  [z("2011-01-06T00:00:00"), 40],
]);

const equity: SymbolInfo = { ticker: "XYZ", timezone: "America/New_York", mintick: 0.01, timeframe: "1h", session: "0930-1600" };

function run(body: string, info: SymbolInfo = equity): (number | null)[][] {
  const r = evaluate(build(`//@version=6\nindicator("s15")\n${body}`), chart, {}, { symbol: info, windowStart: 0, contexts: [{ symbol: info.ticker, timeframe: "1d", bars: daily, info: { ...info, timeframe: "1d" } }] });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null)));
}

describe("daily data on an intraday chart with extended hours (survey S15)", () => {
  test("lookahead_on: every bar sees its own trading day's close, the post-market's 19:00 bar included; close[1] the day before", () => {
    const [same, before] = run(`plot(request.security(syminfo.tickerid, "D", close, lookahead = barmerge.lookahead_on))\nplot(request.security(syminfo.tickerid, "D", close[1], lookahead = barmerge.lookahead_on))`);
    // bars 0-2 are Monday's (10), 3-5 Tuesday's (20), 6 Wednesday's (30); bar 3 (pre-market) is the open point of docs/adr/0245
    expect(same).toEqual([10, 10, 10, 20, 20, 20, 30]);
    expect(before).toEqual([null, null, null, 10, 10, 10, 20]);
  });

  test("lookahead_off: a day's close appears on the last bar of its trading day (19:00), not at 18:00 when 00:00 UTC is reached", () => {
    const [closeOff] = run(`plot(request.security(syminfo.tickerid, "D", close))`);
    // Monday's close on bar 2 (its last bar), Tuesday's on bar 5; the chart's last bar (Wednesday 10:00) still sees Tuesday's
    expect(closeOff).toEqual([null, null, 10, 10, 10, 20, 20]);
  });

  test("an overnight session (futures, 18:00-17:00 New York): the evening's bars from 18:00 belong to the next trading day", () => {
    const future: SymbolInfo = { ticker: "NQ1!", timezone: "America/New_York", mintick: 0.25, timeframe: "1h", session: "1800-1700" };
    const [same] = run(`plot(request.security(syminfo.tickerid, "D", close, lookahead = barmerge.lookahead_on))`, future);
    // bar 0 (10:00 Mon) is Monday's; bars 1-4 (from 18:00 Mon to 10:00 Tue) Tuesday's; bars 5-6 (from 19:00 Tue) Wednesday's
    expect(same).toEqual([10, 20, 20, 20, 20, 30, 30]);
  });

  test("an instrument around the clock keeps UTC days: its 00:00 UTC bar opens the next day", () => {
    const crypto: SymbolInfo = { ticker: "BTCUSD", timezone: "Etc/UTC", mintick: 0.01, timeframe: "1h", session: "24x7" };
    const [same] = run(`plot(request.security(syminfo.tickerid, "D", close, lookahead = barmerge.lookahead_on))`, crypto);
    // bar 1 (23:00Z 3rd) is the 3rd's, bar 2 (00:00Z 4th) the 4th's, bar 5 (00:00Z 5th) the 5th's
    expect(same).toEqual([10, 10, 20, 20, 20, 30, 30]);
  });
});
