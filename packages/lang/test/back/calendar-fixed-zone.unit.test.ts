// Calendar fields with a constant fixed-offset zone ("UTC", "GMT+3", "UTC-05:30") are computed by
// UTC arithmetic in the bar loop (docs/adr/0071-tighter-bar-loop.md); the references here are
// JavaScript's own Date getters on the shifted time, over hourly bars from 1969 into 1970 (times
// before the epoch are negative) and across a month's end.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

function hourlyBars(from: number, n: number): Bars {
  const time = Float64Array.from({ length: n }, (_, i) => from + i * 3600);
  const flat = new Float64Array(n).fill(1);
  return { length: n, time, open: flat, high: flat, low: flat, close: flat, volume: flat };
}

const ZONES: Array<[string, number]> = [["UTC", 0], ["GMT+3", 180], ["UTC-05:30", -330]];

describe("calendar fields with a fixed-offset zone", () => {
  test.each(ZONES)("hour, dayofweek, dayofmonth, minute in %s match Date's getters on the shifted time", (zone, minutes) => {
    const bars = hourlyBars(-3 * 86400 - 1800, 24 * 40);
    const src = ["hour", "dayofweek", "dayofmonth", "minute", "month", "year"].map((f) => `plot(${f}(time, "${zone}"))`).join("\n");
    const r = evaluate(build(`//@version=6\nindicator("z")\n${src}`), bars, {}, { symbol: { ...SYMBOL, timeframe: "60" }, windowStart: 0 });
    for (let i = 0; i < bars.length; i++) {
      const d = new Date(bars.time[i]! * 1000 + minutes * 60_000);
      const want = [d.getUTCHours(), d.getUTCDay() + 1, d.getUTCDate(), d.getUTCMinutes(), d.getUTCMonth() + 1, d.getUTCFullYear()];
      expect(r.outputs.map((o) => o.values[i])).toEqual(want);
    }
  });
});
