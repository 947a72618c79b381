// request.* against TradingView's Pine v6 reference manual. request.currency_rate(from, to,
// ignore_invalid_currency): "ignore_invalid_currency (series bool) ... if false, the script will halt
// and return a runtime error; if true, the function will return na" — a series flag, decided on each
// bar; "If from and to arguments are equal, function returns 1". The harness stores no currency pair.
import { risingBars, run } from "./harness";

const V6 = `//@version=6\nindicator("x")\n`;

describe("request.currency_rate as the v6 reference has it", () => {
  test("ignore_invalid_currency takes a series bool: an error only where it is false", () => {
    const r = run(`${V6}rate = request.currency_rate("USD", "GBP", ignore_invalid_currency = bar_index > 0)\nplot(rate)`, risingBars(3));
    expect(Array.from(r.outputs[0]!.values)).toEqual([NaN, NaN, NaN]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([['no 1d bars of "USDGBP"', 1]]);
  });

  test("the same currency is 1", () => {
    const r = run(`${V6}plot(request.currency_rate(from = "USD", to = "USD"))`, risingBars(2));
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([1, 1]);
  });
});
