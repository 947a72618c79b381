// request.security_lower_tf with a timeframe higher than the chart's: a runtime error of each bar,
// or na without an error when `ignore_invalid_timeframe = true` (TradingView's reference of the
// parameter; Kioseff Trading's Focus Bars passes it). Synthetic bars worked by hand: an hourly
// chart of three bars and its day, closing at 60, 120, 180.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

const T0 = Date.UTC(2020, 0, 1) / 1000;
const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };

function bars(n: number, step: number, close: (k: number) => number): Bars {
  const time = Float64Array.from({ length: n }, (_, k) => T0 + k * step);
  const c = Float64Array.from({ length: n }, (_, k) => close(k));
  return { length: n, time, open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(n).fill(1) };
}

const hours = bars(3, 3600, (k) => 60 * (k + 1));
const D1: ContextBars = { symbol: "SYN", timeframe: "1d", bars: bars(1, 86_400, () => 180), info: { ...H1, timeframe: "1d" } };

function run(src: string) {
  return evaluate(build(`//@version=6\nindicator("l")\n${src}`), hours, {}, { symbol: H1, windowStart: 0, contexts: [D1] });
}

test("with ignore_invalid_timeframe = true a higher timeframe gives na and no error", () => {
  const r = run(`a = request.security_lower_tf("", "D", close, ignore_invalid_timeframe = true)\nplot(na(a) ? 1 : 0)`);
  expect(r.runtimeErrors).toEqual([]);
  expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1, 1]);
});

test("without it, each bar fails with a runtime error naming the timeframe", () => {
  const r = run(`a = request.security_lower_tf("", "D", close)\nplot(a.size())`);
  expect(r.errorBarsInWindow).toBe(3);
  expect(r.runtimeErrors.map((e) => e.message)).toEqual(['request.security_lower_tf: timeframe "D" is higher than the chart\'s']);
});
