// Patterns met in issue 16's fourteenth survey (a random sample of public v6 indicators from
// GitHub repositories: bin-based support/resistance statistics, wickless retests, cycle engines),
// written here in their style and run over a few bars whose values are worked by hand.
// TradingView's user manual (Execution model, History referencing): `x[n]` is the value x had n
// bars ago and `x[0]` its current value, whatever expression gives n, a loop counter included.
import { barsOfRows } from "../support/demo-bars";
import { run } from "./harness";

/** One bar a day from Monday 1 January 2024: [time, open, high, low, close, volume]. */
const day = (i: number): number => Date.UTC(2024, 0, 1 + i) / 1000;
const bars = (oc: ReadonlyArray<readonly [number, number]>) => barsOfRows(oc.map(([o, c], i) => [day(i), o, Math.max(o, c) + 1, Math.min(o, c) - 1, c, 100]));

// close > open on bars 0 (10 -> 11) and 2 (8 -> 10) only: up = [true, false, true, false, false].
const OC = [[10, 11], [8, 7], [8, 10], [10, 10], [11, 9]] as const;
const plots = (source: string): number[][] => run(source, bars(OC)).outputs.map((o) => Array.from(o.values));

describe("survey S14 patterns", () => {
  test("a bool variable read at a loop counter's offset gives its current value at offset 0", () => {
    // n0 counts up[i] for i = 0 to 0: the current up, [1, 0, 1, 0, 0].
    // n2 counts up[i] for i = 0 to 2 (bars before the first are false):
    //   bar 0: T = 1; bar 1: F, T = 1; bar 2: T, F, T = 2; bar 3: F, T, F = 1; bar 4: F, F, T = 1.
    // pushed: closes pushed when up[i] for i = 0 to 2, the same count as n2, their sum shown:
    //   bar 0: 11; bar 1: 11; bar 2: 10 + 11 = 21; bar 3: 10; bar 4: 10.
    const [n0, n2, sum] = plots(`//@version=6
indicator("bin counts")
bool up = close > open
int n0 = 0
for i = 0 to 0
    if up[i]
        n0 += 1
int n2 = 0
a = array.new<float>()
for i = 0 to 2
    if up[i]
        n2 += 1
        a.push(close[i])
plot(n0)
plot(n2)
plot(a.sum())`);
    expect(n0).toEqual([1, 0, 1, 0, 0]);
    expect(n2).toEqual([1, 1, 2, 1, 1]);
    expect(sum).toEqual([11, 11, 21, 10, 10]);
  });

  test("a function's local bool read at a loop counter's offset counts the current bar too", () => {
    // The shape of a rejection count: hits(lookback) counts hit[i] for i = 0 to lookback, with
    // hit = close > open (a local of the function, one series per call site).
    // lookback 1: bar 0: T = 1; bar 1: F, T = 1; bar 2: T, F = 1; bar 3: F, T = 1; bar 4: F, F = 0.
    // As a share of 2 bars, v6's int division gives a fraction: 50, 50, 50, 50, 0.
    const [count, share] = plots(`//@version=6
indicator("rejections")
hits(int lookback) =>
    bool hit = close > open
    int n = 0
    for i = 0 to lookback
        if hit[i]
            n += 1
    [n, n / (lookback + 1) * 100]
[c, s] = hits(1)
plot(c)
plot(s)`);
    expect(count).toEqual([1, 1, 1, 1, 0]);
    expect(share).toEqual([50, 50, 50, 50, 0]);
  });
});
