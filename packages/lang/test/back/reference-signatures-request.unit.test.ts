// request.* against TradingView's Pine v6 reference manual. request.currency_rate(from, to,
// ignore_invalid_currency): "ignore_invalid_currency (series bool) ... if false, the script will halt
// and return a runtime error; if true, the function will return na" — a series flag, decided on each
// bar; "If from and to arguments are equal, function returns 1". The harness stores no currency pair.
// request.security_lower_tf: "ignore_invalid_symbol (series bool)", "ignore_invalid_timeframe (series
// bool)". Synthetic bars worked by hand: an hourly chart of three bars and its one day.
import { build, risingBars, run } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";

const V6 = `//@version=6\nindicator("x")\n`;

describe("request.currency_rate as the v6 reference has it", () => {
  test("ignore_invalid_currency takes a series bool: an error only where it is false", () => {
    const r = run(`${V6}rate = request.currency_rate("USD", "GBP", ignore_invalid_currency = bar_index > 0)\nplot(rate)`, risingBars(3));
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['symbol "USDGBP" not found: no instrument of that name is stored', 1]]);
  });

  test("the same currency is 1", () => {
    const r = run(`${V6}plot(request.currency_rate(from = "USD", to = "USD"))`, risingBars(2));
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1]);
  });
});

const T0 = Date.UTC(2020, 0, 1) / 1000;
const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };
const bars = (n: number, step: number, close: (k: number) => number): Bars => {
  const c = Float64Array.from({ length: n }, (_, k) => close(k));
  return { length: n, time: Float64Array.from({ length: n }, (_, k) => T0 + k * step), open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(n).fill(1) };
};
const D1: ContextBars = { symbol: "SYN", timeframe: "1d", bars: bars(1, 86_400, () => 180), info: { ...H1, timeframe: "1d" } };

describe("request.security_lower_tf's ignore flags are series bools", () => {
  test("ignore_invalid_timeframe decided on each bar: the error only where it is false", () => {
    const src = `//@version=6\nindicator("l")\na = request.security_lower_tf("", "D", close, ignore_invalid_timeframe = bar_index > 0)\nplot(na(a) ? 1 : 0)`;
    const r = evaluate(build(src), bars(3, 3600, (k) => 60 * (k + 1)), {}, { symbol: H1, windowStart: 0, contexts: [D1] });
    expect(r.errorBarsInWindow).toBe(1);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['request.security_lower_tf: timeframe "D" is higher than the chart\'s', 1]]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, 1, 1]);
  });

  test("ignore_invalid_symbol takes a series bool", () => {
    const r = run(`${V6}a = request.security_lower_tf("NOPE:XYZ", "", close, ignore_invalid_symbol = bar_index > 0)\nplot(bar_index)`, risingBars(3));
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['symbol "NOPE:XYZ" not found: no instrument of that name is stored', 1]]);
  });
});
