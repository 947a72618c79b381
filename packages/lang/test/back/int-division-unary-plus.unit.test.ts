// A v6 int division under unary plus (`offset = +half`, seen in public scripts) is still the
// int-typed division TradingView takes truncated where an int is wanted (the `differences` docs
// topic, "Int division"; the Pine v6 reference: unary `+` returns its operand unchanged). Expected
// values are worked by hand from risingBars (close = 10 + i), never read back from the code.
import { run, risingBars as bars } from "./harness";

const V = "//@version=6\n";

describe("unary plus on an int division", () => {
  test("+half is taken as int 7 by a history offset, an int parameter and a plot offset", () => {
    const r = run(`${V}indicator("x")
half = 15 / 2
plot(close[+half], "back")
plot(ta.sma(close, +half), "sma")
plot(close, "shifted", offset = +half)
plot(+half, "value")`, bars(10));
    const out = (name: string) => Array.from(r.outputs.find((o) => o.title === name)!.values);
    // close[7]: na on bars 0-6, then bars 0, 1, 2's closes 10, 11, 12
    expect(out("back")).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 10, 11, 12]);
    // ta.sma over 7 bars: first on bar 6, mean(10..16) = 13, then 14, 15, 16
    expect(out("sma")).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, 13, 14, 15, 16]);
    // offset 7: the value at bar i is close of bar i - 7
    expect(out("shifted")).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 10, 11, 12]);
    // elsewhere the value keeps its fraction, as plain `half` does
    expect(out("value")).toEqual(Array(10).fill(7.5));
  });

  test("-half is taken truncated toward zero where an int is wanted", () => {
    const r = run(`${V}indicator("x")
half = 15 / 2
plot(math.abs(-half) + 0.0, "abs")
plot(ta.sma(close, math.abs(-half)), "sma")`, bars(8));
    // ta.sma(close, 7) on bar 7: mean(11..17) = 14
    expect(r.outputs[1]!.values[7]).toBe(14);
    expect(r.outputs[0]!.values[0]).toBe(7.5);
  });
});
