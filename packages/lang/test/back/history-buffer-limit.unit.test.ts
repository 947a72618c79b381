// TradingView's historical buffers (user manual, Limitations, "Max bars back"): a series keeps at
// most 5000 past values, open, high, low, close and time 10,000; a history reference beyond them
// is a runtime error, "The requested historical offset (X) is beyond the historical buffer's
// limit (Y)" (error RE10143). Here the error is the bar's (docs/adr/0176). risingBars: close =
// 10 + bar index, so close[n] at bar i is 10 + i - n.
import { risingBars, run } from "./harness";

const V6 = '//@version=6\nindicator("h")\n';
const beyond = (x: number, y: number): string => `The requested historical offset (${x}) is beyond the historical buffer's limit (${y}).`;

function last(src: string, bars: number): { value: number; errors: Array<[string, number]> } {
  const r = run(V6 + src, risingBars(bars));
  return { value: r.outputs[0]!.values[bars - 1]!, errors: r.runtimeErrors.map((e) => [e.message, e.count]) };
}

describe("history references against TradingView's buffer limits", () => {
  test("a variable keeps 5000 past values: x[5000] reads, x[5001] is an error on every bar", () => {
    // x = 2 * close; at bar 5001, x[5000] is bar 1's: 2 * 11
    expect(last("x = close * 2\nplot(x[5000])", 5002)).toEqual({ value: 22, errors: [] });
    expect(last("x = close * 2\nplot(x[5001])", 3)).toEqual({ value: NaN, errors: [[beyond(5001, 5000), 3]] });
  });

  test("an offset known only as the script runs, and the history of an expression", () => {
    const dynamic = "n = input.int(5001)\nx = close * 2\nplot(x[n])";
    expect(last(dynamic, 4).errors).toEqual([[beyond(5001, 5000), 4]]);
    expect(last("n = bar_index + 4999\nx = close * 2\nplot(x[n])", 3).errors).toEqual([[beyond(5001, 5000), 1]]);
    expect(last("plot((close * 2)[5001])", 2).errors).toEqual([[beyond(5001, 5000), 2]]);
    expect(last('s = str.tostring(close)\nplot(str.length(s[5001]))', 2).errors).toEqual([[beyond(5001, 5000), 2]]);
  });

  test("close and time keep 10,000: close[10000] reads, close[10001] and time[n] past it are errors", () => {
    // at bar 10000, close[10000] is bar 0's close, 10
    expect(last("plot(close[10000])", 10_001)).toEqual({ value: 10, errors: [] });
    expect(last("plot(close[10001])", 2).errors).toEqual([[beyond(10_001, 10_000), 2]]);
    expect(last("n = 10000 + bar_index\nplot(high[n])", 3).errors).toEqual([[beyond(10_001, 10_000), 1], [beyond(10_002, 10_000), 1]]);
    expect(last("plot(time[10001])", 2).errors).toEqual([[beyond(10_001, 10_000), 2]]);
  });
});
