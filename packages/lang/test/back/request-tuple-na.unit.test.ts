// A request.security tuple before its context has a value (calc_bars_count leaves the first chart
// bars without one): each value is its own type's na, an array or a string na as well as a float,
// so the script can test it with na() and a method called on it is the runtime's "array is na"
// error. Seen in a public "previous highs & lows" indicator that requests a tuple of arrays with
// calc_bars_count on intraday charts (issue 16's survey). Expected values worked by hand.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build } from "./harness";

function bars(closes: number[], t0: number, step: number): Bars {
  const c = Float64Array.from(closes);
  return { length: closes.length, time: Float64Array.from(closes, (_, k) => t0 + k * step), open: c, high: c, low: c, close: c, volume: c.map(() => 1) };
}
const info = (ticker: string, timeframe: string): SymbolInfo => ({ ticker, timezone: "UTC", mintick: 0.01, timeframe });
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values);

describe("request.security tuple values before the context has one", () => {
  const T0 = 1_700_000_040;
  const CHART = bars([1, 2, 3, 4, 5], T0, 60);
  const OTHER: ContextBars = { symbol: "OTH", timeframe: "1m", bars: bars([10, 20, 30, 40, 50], T0, 60), info: info("OTH", "1m") };
  const run = (body: string): EvaluationResult =>
    evaluate(build(`//@version=6\nindicator("t")\nlevels() =>\n    a = array.from(close, close * 2)\n    [a, str.tostring(close), close > 35, close]\n${body}`), CHART, {}, { symbol: info("SYN", "1m"), windowStart: 0, contexts: [OTHER] });

  test("an array, a string, a bool and a float: each na until the last two context bars", () => {
    const r = run(`[a, s, up, c] = request.security("OTH", "1", levels(), calc_bars_count = 2)
plot(na(a) ? -1 : a.sum(), "sum")
plot(na(s) ? -1 : str.length(s), "len")
plot(up ? 1 : 0, "up")
plot(na(c) ? -1 : c, "c")
`);
    // the last two context bars close at 40 and 50: sums 40 + 80 and 50 + 100, "40" and "50"
    expect(r.runtimeErrors).toEqual([]);
    expect(col(r, 0)).toEqual([-1, -1, -1, 120, 150]);
    expect(col(r, 1)).toEqual([-1, -1, -1, 2, 2]);
    expect(col(r, 2)).toEqual([0, 0, 0, 1, 1]);
    expect(col(r, 3)).toEqual([-1, -1, -1, 40, 50]);
  });

  test("a method called on the na array is the bar's 'array is na' error", () => {
    const r = run(`[a, s, up, c] = request.security("OTH", "1", levels(), calc_bars_count = 2)
plot(a.max(), "max")
`);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Cannot call array methods when ID of array is 'na'", 3]]);
    expect(col(r, 0).slice(3)).toEqual([80, 100]);
  });
});
