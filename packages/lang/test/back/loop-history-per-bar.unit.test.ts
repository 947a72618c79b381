// Code run more than once on one bar (a for, for...in or while loop's body) keeps one history
// value per bar, the bar's last execution's, as TradingView commits its time series on each closed
// bar (docs/adr/0243-history-inside-loops-committed-per-bar.md). TradingView's warning reference
// (CW10003): "Pine's runtime system successively commits (saves) the data for the script's variables
// and expressions on each closed bar to internal time series structures ... If the call ... executes
// more than once on some bars, the time series for the call contains an inconsistent history".
// Every expected value below is worked out by hand from the closes given.
import { barsOfRows } from "../support/demo-bars";
import { run } from "./harness";

/** One bar a day from Monday 1 January 2024, open = close. */
const day = (i: number): number => Date.UTC(2024, 0, 1 + i) / 1000;
const bars = (closes: number[]) => barsOfRows(closes.map((c, i) => [day(i), c, c + 1, c - 1, c, 100]));

const plots = (source: string, closes: number[]): number[][] => {
  const r = run(source, bars(closes));
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values));
};

const close = (actual: number[], expected: number[]): void => {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((e, k) => {
    if (Number.isNaN(e)) expect(actual[k]).toBeNaN();
    else expect(actual[k]).toBeCloseTo(e, 9);
  });
};

// closes 1 2 4 8 16 32: sma(2) = na, 1.5, 3, 6, 12, 24; sma(3) = na, na, 7/3, 14/3, 28/3, 56/3
const DOUBLING = [1, 2, 4, 8, 16, 32];
const SMA2_PLUS_SMA3 = [NaN, NaN, 3 + 7 / 3, 6 + 14 / 3, 12 + 28 / 3, 24 + 56 / 3];

describe("history inside loops: one committed value per bar", () => {
  test.each(["6", "5"])("x[1] of a variable declared in a for loop's body is the previous bar's last iteration's value (v%s)", (v) => {
    // x = close * 10 + i for i = 0, 1, 2: the bar's committed x is close * 10 + 2; closes 1 2 3 4
    const [first, last, mid] = plots(
      `//@version=${v}
indicator("x[1] in a loop")
float first = na
float last = na
float mid = na
for i = 0 to 2
    x = close * 10 + i
    if i == 0
        first := x[1]
    if i == 1
        mid := x[1]
    if i == 2
        last := x[1]
plot(first)
plot(last)
plot(mid)`,
      [1, 2, 3, 4],
    );
    close(first!, [NaN, 12, 22, 32]);
    close(last!, [NaN, 12, 22, 32]);
    close(mid!, [NaN, 12, 22, 32]);
  });

  test("an expression's history, a bool's and a string's inside a loop also hold the bar's last value", () => {
    // closes 1 2 3: (close * 10 + i)[1] at i = 0 is the previous bar's i = 2 value; c = i == 2 was true at the bar's end
    const [e, c, s] = plots(
      `//@version=6
indicator("expression history in a loop")
float e = na
int c1 = 0
float s1 = na
for i = 0 to 2
    v = (close * 10 + i)[1]
    c = i == 2
    t = str.tostring(close * 10 + i)
    if i == 1
        e := v
        c1 := c[1] ? 1 : 0
        s1 := str.tonumber(t[1])
plot(e)
plot(c1)
plot(s1)`,
      [1, 2, 3],
    );
    close(e!, [NaN, 12, 22]);
    expect(c).toEqual([0, 1, 1]);
    close(s!, [NaN, 12, 22]);
  });

  test.each(["6", "5"])("ta.sma over lengths in a loop equals the sum of the calls outside it (v%s)", (v) => {
    const [inLoop, outside] = plots(
      `//@version=${v}
indicator("sma in a loop")
float s = 0.0
for len = 2 to 3
    s += ta.sma(close, len)
plot(s)
plot(ta.sma(close, 2) + ta.sma(close, 3))`,
      DOUBLING,
    );
    close(inLoop!, SMA2_PLUS_SMA3);
    close(outside!, SMA2_PLUS_SMA3);
  });

  test("nested loops, and a call inside an if of the loop's body, also start from the previous bar's state", () => {
    // four executions of the inner body per bar: twice sma(2) + sma(3); the if's call runs when len = 3 (twice a bar), both times sma(3)
    const [nested, once] = plots(
      `//@version=6
indicator("nested")
float s = 0.0
float t = 0.0
for a = 1 to 2
    for len = 2 to 3
        s += ta.sma(close, len)
        if len == 3
            t := ta.sma(close, len)
plot(s)
plot(t)`,
      DOUBLING,
    );
    close(nested!, SMA2_PLUS_SMA3.map((v) => 2 * v));
    close(once!, [NaN, NaN, 7 / 3, 14 / 3, 28 / 3, 56 / 3]);
  });

  test("past a ring's first capacity (twelve bars), ta.sma and ta.highest over lengths in a loop still equal the calls outside", () => {
    // closes 1..12: on bar k (k >= 2) sma(2) = k + 0.5 and sma(3) = k, their sum 2k + 0.5.
    // highest over closes 3 1 4 1 5 9 2 6 5 3 5 8: of 2 bars na 3 4 4 5 9 9 6 6 5 5 8, of 3 bars na na 4 4 5 9 9 9 6 6 5 8
    const src = `//@version=6
indicator("twelve bars")
float s = 0.0
float h = 0.0
for len = 2 to 3
    s += ta.sma(close, len)
    h += ta.highest(close, len)
plot(s)
plot(h)
plot(ta.highest(close, 2) + ta.highest(close, 3))`;
    const [s] = plots(src, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    close(s!, [NaN, NaN, ...[2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => 2 * k + 0.5)]);
    const [, h, outside] = plots(src, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]);
    const expected = [NaN, NaN, 8, 8, 10, 18, 18, 15, 12, 11, 10, 16];
    close(h!, expected);
    close(outside!, expected);
  });

  test("ta.ema called twice on a bar gives the same value both times and advances once per bar", () => {
    // ema(3): na until the third bar, which starts from sma(3) = 7/3; then alpha = 0.5:
    // 8/2 + 7/6 = 31/6, 16/2 + 31/12 = 127/12, 32/2 + 127/24 = 511/24
    const [e1, e2, outside] = plots(
      `//@version=6
indicator("ema twice")
float e1 = na
float e2 = na
for k = 1 to 2
    e = ta.ema(close, 3)
    if k == 1
        e1 := e
    else
        e2 := e
plot(e1)
plot(e2)
plot(ta.ema(close, 3))`,
      DOUBLING,
    );
    const ema = [NaN, NaN, 7 / 3, 31 / 6, 127 / 12, 511 / 24];
    close(e1!, ema);
    close(e2!, ema);
    close(outside!, ema);
  });

  test("ta.crossover over levels in a loop: the level's history is the bar's last level", () => {
    // closes 5 15 25 15 5, levels 10 and 20: the level committed on each bar is 20.
    // Bar 1: 15 > 10 and 5 <= 20 (level 10 crosses); 15 > 20 is false. Bar 2: 25 > 10 and 15 <= 20,
    // 25 > 20 and 15 <= 20: both cross. Bars 3 and 4: the previous close 25 / 15 is not <= 20 / close below.
    const [ups, mask] = plots(
      `//@version=6
indicator("crossover in a loop")
var levels = array.from(10.0, 20.0)
int ups = 0
int mask = 0
for i = 0 to levels.size() - 1
    lv = levels.get(i)
    if ta.crossover(close, lv)
        ups += 1
        mask += i == 0 ? 1 : 2
plot(ups)
plot(mask)`,
      [5, 15, 25, 15, 5],
    );
    expect(ups).toEqual([0, 1, 2, 0, 0]);
    expect(mask).toEqual([0, 1, 3, 0, 0]);
  });

  test("a tuple-returning ta call in a loop (ta.bb) starts each execution from the previous bar", () => {
    // ta.bb's basis is sma(close, 2): na, 1.5, 3, 6 over closes 1 2 4 8
    const [basis] = plots(
      `//@version=6
indicator("bb in a loop")
float b = na
for k = 1 to 3
    [m, u, l] = ta.bb(close, 2, 1)
    b := m
plot(b)`,
      [1, 2, 4, 8],
    );
    close(basis!, [NaN, 1.5, 3, 6]);
  });

  test("a user function with ta.* and a history read, called in a loop, commits one value per bar", () => {
    // f's m is committed once per bar: the last call's, sma(close, 3). On each bar the call with
    // len = 2 gives sma2 - (previous bar's sma3), the call with len = 3 gives sma3 - (previous sma3):
    // bar 3: (6 - 7/3) + (14/3 - 7/3) = 6; bar 4: (12 - 14/3) + (28/3 - 14/3) = 12; bar 5: 24.
    const [d, plain] = plots(
      `//@version=6
indicator("function in a loop")
f(src, len) =>
    m = ta.sma(src, len)
    m - m[1]
g(len) => ta.sma(close, len)
float s = 0.0
float t = 0.0
for len = 2 to 3
    s += f(close, len)
    t += g(len)
plot(s)
plot(t)`,
      DOUBLING,
    );
    close(d!, [NaN, NaN, NaN, 6, 12, 24]);
    close(plain!, SMA2_PLUS_SMA3);
  });

  test("a while loop running zero times on some bars adds no history on them", () => {
    // The body runs twice on bars 0, 2 and 4 (closes 1, 3, 5), never on bars 1 and 3. x's committed
    // values are 2 (bar 0), 4 (bar 2), 6 (bar 4); sma(close, 2) sees the closes of the bars it ran on: 1, 3, 5.
    const [got, m] = plots(
      `//@version=6
indicator("while, sometimes")
float got = na
float m = na
n = bar_index % 2 == 0 ? 2 : 0
int k = 0
while k < n
    x = close + k
    got := x[1]
    m := ta.sma(close, 2)
    k += 1
plot(got)
plot(m)`,
      [1, 2, 3, 4, 5],
    );
    close(got!, [NaN, NaN, 2, NaN, 4]);
    close(m!, [NaN, NaN, 2, NaN, 4]);
  });

  test.each(["6", "5"])("for...in over lengths (v%s), and a var counter in a loop keeps every update", (v) => {
    const [s, cnt] = plots(
      `//@version=${v}
indicator("for in")
var lens = array.from(2, 3)
var int cnt = 0
float s = 0.0
for len in lens
    s += ta.sma(close, len)
    cnt += 1
plot(s)
plot(cnt)`,
      DOUBLING,
    );
    close(s!, SMA2_PLUS_SMA3);
    expect(cnt).toEqual([2, 4, 6, 8, 10, 12]);
  });
});
