// `session.ismarket[1]` (and the other session.* bar states read with [n]) is the state of the bar
// n bars back, wherever the read sits. Inside the right side of `and`, which Pine v6 evaluates only
// when the left side is true, it used to be the value from the last bar the expression was
// evaluated on: `session.ismarket and not session.ismarket[1]` then found the first regular bar
// of the first day only (a public "Daily ATR Box" script showed no open and no range).
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

// Two January days (New York is UTC-5), 30-minute bars 08:00-17:30 local: 20 bars a day.
// 08:00 local is 13:00Z, so bar k of a day opens at 13:00Z + 30k minutes; 09:30 is k = 3.
const DAYS = ["2011-01-03", "2011-01-04"];
const times = DAYS.flatMap((d) => Array.from({ length: 20 }, (_, k) => Date.parse(`${d}T13:00:00Z`) / 1000 + k * 1800));
const price = Float64Array.from(times, (_, i) => 100 + (i % 7));
const BARS: Bars = { length: times.length, time: Float64Array.from(times), open: price, high: price, low: price, close: price, volume: Float64Array.from(times, () => 10) };
const NY: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "30", session: "0930-1600" };

function plots(body: string): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("s")\n${body}`), BARS, {}, { symbol: NY, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
}

const onlyAt = (ks: number[]): number[] => times.map((_, i) => (ks.includes(i) ? 1 : 0));

describe("session.* read with [n] inside a lazily evaluated operand", () => {
  test("session.ismarket and not session.ismarket[1] is true on each day's 09:30 bar", () => {
    const [start, viaVariable] = plots(
      [
        "plot(session.ismarket and not session.ismarket[1] ? 1 : 0)",
        "m = session.ismarket",
        "plot(m and not m[1] ? 1 : 0)",
      ].join("\n"),
    );
    // day 1: bar 3 (09:30); day 2: bar 20 + 3
    expect(start).toEqual(onlyAt([3, 23]));
    expect(viaVariable).toEqual(onlyAt([3, 23]));
  });

  test("session.ispostmarket and session.islastbar_regular[1] is true on each day's 16:00 bar", () => {
    // the last regular bar opens at 15:30 (k = 15); the first post-market bar at 16:00 (k = 16)
    const [after] = plots("plot(session.ispostmarket and session.islastbar_regular[1] ? 1 : 0)");
    expect(after).toEqual(onlyAt([16, 36]));
  });

  test("before the first bar there is no history: [1] on bar 0 is false", () => {
    const [first] = plots("plot(bar_index == 0 and not session.ispremarket[1] ? 1 : 0)");
    expect(first).toEqual(onlyAt([0]));
  });
});
