// Hours the bar store does not hold ("480", "720", "960") on an instrument trading around the clock
// in UTC whose finest stored bars are 4-hour ones (the demo's BTC-USD is imported at 4h): a crypto
// dashboard asks for them, or a 4-hour chart multiplies its own timeframe
// (timeframe.from_seconds(timeframe.in_seconds() * 4) is "960"). TradingView builds them; so does a
// request context, from the 4-hour (or 2-hour) bars, whose UTC blocks start with the day as the
// periods do. The bars here are worked by hand: twelve 4-hour bars from Monday 2024-01-01 00:00Z,
// bar i opening at 9.5 + i and closing at 10 + i, high 11 + i, low 9 + i, volume 1.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import { sessionBars, sessionSource } from "../../src/stdlib/request/timeframes";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2024, 0, 1) / 1000;
const H4 = 4 * 3600;
const N = 12;

function fourHourBars(): Bars {
  const col = (f: (i: number) => number): Float64Array => Float64Array.from({ length: N }, (_, i) => f(i));
  return { length: N, time: col((i) => T0 + i * H4), open: col((i) => 9.5 + i), high: col((i) => 11 + i), low: col((i) => 9 + i), close: col((i) => 10 + i), volume: col(() => 1) };
}

const rows = (b: Bars): number[][] => Array.from({ length: b.length }, (_, k) => [b.time[k]!, b.open[k]!, b.high[k]!, b.low[k]!, b.close[k]!, b.volume[k]!]);

test("hours made of whole 4-hour or 2-hour blocks are built from them around the clock in UTC; other hours and other zones as before", () => {
  expect(sessionSource("960m", "24x7", "UTC")).toEqual({ timeframe: "4h", perBar: 4 });
  expect(sessionSource("720m", "24x7", "UTC")).toEqual({ timeframe: "4h", perBar: 3 });
  expect(sessionSource("480m", "24x7", "Etc/UTC")).toEqual({ timeframe: "4h", perBar: 2 });
  expect(sessionSource("360m", "24x7", "UTC")).toEqual({ timeframe: "2h", perBar: 3 });
  expect(sessionSource("180m", "24x7", "UTC")).toEqual({ timeframe: "1h", perBar: 3 });
  // a store block of 4 UTC hours is not a New York period's block: hours there come from 1-hour bars at most
  expect(sessionSource("480m", "24x7", "America/New_York")).toEqual({ timeframe: "1h", perBar: 8 });
  expect(sessionSource("480m", "0930-1600", "America/New_York")).toEqual({ timeframe: "30m", perBar: 16 });
});

test("960-minute bars of a 24x7 UTC instrument from its 4-hour bars: 00:00-16:00 and 16:00-24:00 each day", () => {
  const sixteen = sessionBars(fourHourBars(), "960m", "24x7", "UTC");
  // [time, open, high, low, close, volume]: bars 0-3, 4-5, 6-9, 10-11
  expect(rows(sixteen)).toEqual([
    [T0, 9.5, 14, 9, 13, 4],
    [T0 + 16 * 3600, 13.5, 16, 13, 15, 2],
    [T0 + 24 * 3600, 15.5, 20, 15, 19, 4],
    [T0 + 40 * 3600, 19.5, 22, 19, 21, 2],
  ]);
});

test('request.security("", timeframe.from_seconds(timeframe.in_seconds() * 4), close) on a 4-hour chart: each period\'s close from its last chart bar', () => {
  const chart = fourHourBars();
  const symbol: SymbolInfo = { ticker: "BTC-USD", timezone: "UTC", mintick: 0.01, timeframe: "4h", session: "24x7" };
  const src = `//@version=6
indicator("x")
tf = timeframe.from_seconds(timeframe.in_seconds() * 4)
plot(request.security("", tf, close))
plot(tf == "960" ? 1 : 0)`;
  // the stored data ends with the chart's last bar (the worker passes that end: its last period is seen whole there)
  const context = { symbol: "BTC-USD", timeframe: "960m", bars: sessionBars(chart, "960m", "24x7", "UTC"), info: { ...symbol, timeframe: "960m" }, dataEnd: T0 + N * H4 };
  const r = evaluate(build(src), chart, {}, { symbol, windowStart: 0, contexts: [context] });
  expect(r.runtimeErrors).toEqual([]);
  // lookahead off: na until the first period ends on bar 3, then the last completed period's close
  expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN, 13, 13, 15, 15, 15, 15, 19, 19, 21]);
  expect(Array.from(r.outputs[1]!.values)).toEqual(new Array(N).fill(1));
});
