// ta.* edge cases against TradingView's reference (the v6 reference's "the same on Pine" definitions
// and its remarks), every expected value worked by hand from the definition and written as a
// constant. docs/adr/0145: a zero divisor inside a built-in gives na, as Pine's `/` (docs/adr/0109).
import { compile, evaluate } from "../../src/evaluate";
import { validate } from "../../src/validate";
import type { Bars } from "../../src/types";
import { PLAIN_SYMBOL } from "../front/harness";
import { build } from "./harness";

interface Cols {
  close: number[];
  high?: number[];
  low?: number[];
  volume?: number[];
}

function barsOf(c: Cols): Bars {
  const f = (a: number[]): Float64Array => Float64Array.from(a);
  return {
    length: c.close.length,
    time: Float64Array.from(c.close, (_, i) => 1_704_067_200 + i * 86_400),
    open: f(c.close),
    high: f(c.high ?? c.close),
    low: f(c.low ?? c.close),
    close: f(c.close),
    volume: f(c.volume ?? c.close.map(() => 1)),
  };
}

/**
 * The same through validate() -> compile(), as the service runs scripts: the warmup analysis sizes
 * each call's window from what it can bound, and a window it cannot bound keeps 5000 values.
 */
async function validatedPlots(body: string, c: Cols): Promise<Array<Array<number | null>>> {
  const v = await validate([{ path: "main.pine", content: `//@version=6\nindicator("t")\n${body}` }], { resolver: { resolve: async () => null } });
  if (!v.checked) throw new Error(JSON.stringify(v.diagnostics));
  const r = evaluate(compile(v.checked, v.interface ?? undefined), barsOf(c), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (x) => (Number.isNaN(x) ? null : x)));
}

/** Every plot of `body` (v6) over the bars, na as null. */
function plots(body: string, c: Cols): Array<Array<number | null>> {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), barsOf(c), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
}

describe("a zero divisor inside a ta.* built-in gives na (docs/adr/0145)", () => {
  test("ta.stoch: 100 * (src - lowest) / (highest - lowest), na while highest == lowest", () => {
    // high = low = close; src = close + 1. Bars 1, 2: highest = lowest = 5 (was an infinity).
    // Bar 3: highest 6, lowest 5, src 7: 100 * 2 / 1 = 200.
    expect(plots("plot(ta.stoch(close + 1, high, low, 2))", { close: [5, 5, 5, 6] })).toEqual([[null, null, null, 200]]);
  });

  test("ta.mfi: 100 - 100 / (1 + upper / lower), na while lower == 0", () => {
    // closes 1, 2, 3, 4, 3, volume 1, length 2 (the reference's pine_mfi): bar 0's change is na, so
    // `na <= 0` and `na >= 0` are false and its flow 1 counts on both sides.
    // bar 1 (+1): upper 1 + 2 = 3, lower 1 + 0 = 1: 100 - 100 / 4 = 75
    // bars 2, 3 (+1): lower 0 + 0 = 0: na (was 100)
    // bar 4 (-1): upper 4 + 0 = 4, lower 0 + 3 = 3: 100 - 100 / (1 + 4/3) = 400 / 7
    const [m] = plots("plot(ta.mfi(close, 2))", { close: [1, 2, 3, 4, 3] });
    expect(m!.slice(0, 4)).toEqual([null, 75, null, null]);
    expect(m![4]).toBeCloseTo(400 / 7, 12);
  });

  test("equal typical prices: ta.mfi of a flat window is 100, ta.cci na (0 / 0)", () => {
    // closes 5, 5, 5, length 2: mfi bar 1: upper 5 + 0, lower 5 + 0: 100 - 100 / 2 = 50 (bar 0's
    // na change counts on both sides); bar 2: upper 0, lower 0: 100, as TradingView's logged values
    // show (docs/adr/0304). cci: dev 0 and x - sma 0: na.
    expect(plots("plot(ta.mfi(close, 2))\nplot(ta.cci(close, 2))", { close: [5, 5, 5] })).toEqual([
      [null, 50, 100],
      [null, null, null],
    ]);
  });

  test("ta.roc: 100 * (x - x[1]) / x[1], na where x[1] == 0 (bar column, variable and expression)", () => {
    // close 0, 1, 2: bar 1 divides by 0 (na, was an infinity); bar 2: 100 * (2 - 1) / 1 = 100
    const want = [null, null, 100];
    expect(plots("x = close * 1\nplot(ta.roc(close, 1))\nplot(ta.roc(x, 1))\nplot(ta.roc(close * 2, 1))", { close: [0, 1, 2] })).toEqual([want, want, want]);
  });

  test("ta.cog: -sum(x[i] * (i + 1)) / sum(x), na where the window sums to 0", () => {
    // x = 1, -1, 3, length 2. Bar 1: sum 0 (na; num = -1 * 1 + 1 * 2 = 1 gave -infinity).
    // Bar 2: num = 3 * 1 + (-1) * 2 = 1, sum 2: -0.5
    expect(plots("plot(ta.cog(close, 2))", { close: [1, -1, 3] })).toEqual([[null, null, -0.5]]);
  });

  test("ta.alma with sigma 0: the reference's s = windowsize / sigma is na, so are the weights", () => {
    // (an infinite s made every weight exp(0) = 1: the plain mean 1.5, 2.5, 3.5 on bars 1..3)
    expect(plots("plot(ta.alma(close, 2, 0.85, 0))", { close: [1, 2, 3, 4] })).toEqual([[null, null, null, null]]);
  });

  test("ta.bbw and ta.kcw: na where the basis is 0", () => {
    // bbw(x, 2, 1): bar 1 window 1, -1: basis 0 (na; the width 2 / 0 was an infinity).
    // Bar 2 window -1, 3: basis 1, population stdev 2, width ((1 + 2) - (1 - 2)) / 1 * 100 = 400.
    expect(plots("plot(ta.bbw(close, 2, 1))", { close: [1, -1, 3] })).toEqual([[null, null, 400]]);
    // kcw(close, 1, 1, false): ema of length 1 is the value itself, so basis = close and the
    // range is high - low = 2. Bar 0: basis 0 (na); bar 1: (2 + 2) / 2 = 2.
    expect(plots("plot(ta.kcw(close, 1, 1, false))", { close: [0, 2], high: [1, 3], low: [-1, 1] })).toEqual([[null, 2]]);
  });
});

describe("int overloads of the reference (`series int` for an int source)", () => {
  test("ta.range, ta.mode and ta.median of an int series are int (declared `int` is accepted)", () => {
    // bar_index 0..4, length 3. range: max - min = 2 from bar 2. mode of bar_index % 2 (0, 1, 0, 1, 0):
    // windows (0,1,0) 0, (1,0,1) 1, (0,1,0) 0. median of (0,1,2) 1, (1,2,3) 2, (2,3,4) 3.
    const body = "int r = ta.range(bar_index, 3)\nint m = ta.mode(bar_index % 2, 3)\nint d = ta.median(bar_index, 3)\nplot(r)\nplot(m)\nplot(d)";
    expect(plots(body, { close: [1, 2, 3, 4, 5] })).toEqual([
      [null, null, 2, 2, 2],
      [null, null, 0, 1, 0],
      [null, null, 1, 2, 3],
    ]);
  });

  test("a float source stays float: `int` refuses it", () => {
    expect(() => build('//@version=6\nindicator("t")\nint g = ta.median(close, 3)\nplot(g)')).toThrow(/Cannot assign float/);
  });
});

describe("a length that changes from bar to bar (series int) reads the source's history", () => {
  // The reference gives these lengths as series int: the window is the last `length` values of the
  // source, whatever the length was on earlier bars. Closes 1..25 (close = bar_index + 1); the
  // length is 2 before bar 20 and 20 from it, more values than a window of 2 had kept. Written
  // `bar_index - bar_index + 20` so that the warmup analysis cannot bound it (as a length from
  // ta.barssince or bar_index arithmetic): such a window kept 8 values (docs/adr/0146).
  const closes = Array.from({ length: 25 }, (_, i) => i + 1);
  const len = "len = bar_index < 20 ? 2 : bar_index - bar_index + 20\n";
  const body = len + "plot(ta.sma(close, len))\nplot(ta.highest(-close, len))\nplot(ta.highestbars(-close, len))\nplot(ta.median(close, len))";

  test("ta.sma, ta.highest, ta.highestbars and ta.median over the grown window", async () => {
    const [sma, hi, hb, med] = await validatedPlots(body, { close: closes });
    // bar 19 (len 2): closes 19, 20
    expect([sma![19], hi![19], hb![19], med![19]]).toEqual([19.5, -19, -1, 19.5]);
    // bar 20 (len 20): closes 2..21: mean 11.5; the highest of -close is -2, 19 bars back; the
    // median the mean of the 10th and 11th values, (11 + 12) / 2
    expect([sma![20], hi![20], hb![20], med![20]]).toEqual([11.5, -2, -19, 11.5]);
    // bar 24: closes 6..25
    expect([sma![24], hi![24], hb![24], med![24]]).toEqual([15.5, -6, -19, 15.5]);
  });

  test("ta.change, ta.mom and ta.rising of a user variable (its own history) over the grown length", async () => {
    const n = "n = bar_index < 20 ? 1 : bar_index - bar_index + 15\n";
    const [change, mom, rising] = await validatedPlots(`x = close * 1\n${n}plot(ta.change(x, n))\nplot(ta.mom(x, n))\nplot(ta.rising(x, n) ? 1 : 0)`, { close: closes });
    // bar 19: 20 - 19; bar 20: 21 - x[15] = 21 - 6 = 15 (the variable's own history, kept deep
    // enough for a length the analysis cannot bound)
    expect([change![19], change![20], change![24]]).toEqual([1, 15, 15]);
    expect([mom![19], mom![20]]).toEqual([1, 15]);
    // bar 20: 21 > each of 20 .. 6
    expect([rising![19], rising![20]]).toEqual([1, 1]);
  });
});

describe("ta.rising / ta.falling skip na values (reference: \"na values in the source series are ignored; the function calculates on the length quantity of non-na values\")", () => {
  // x = close (1..7) with na on bars 3 and 4. ta.rising(x, 2): the last 2 changes with both sides
  // non-na were rises, the changes next to an na skipped (docs/adr/0330). Bar 2: 3 > 2 > 1. Bars 3-5:
  // their changes touch an na, so the count stays 2 (true, as on bar 2; comparing with the na bars
  // gave false). Bar 6: 7 > 6, and 3 > 2 before the gap.
  const want = [0, 0, 1, 1, 1, 1, 1];
  test.each([
    ["a user variable", "ta.rising(x, 2)"],
    ["an expression", "ta.rising(x * 1, 2)"],
    ["a negated variable, falling", "ta.falling(y, 2)"],
  ])("%s", (_name, call) => {
    const body = `x = bar_index == 3 or bar_index == 4 ? na : close\ny = -x\nplot(${call} ? 1 : 0)`;
    expect(plots(body, { close: [1, 2, 3, 4, 5, 6, 7] })).toEqual([want]);
  });

  test("a bar column holding na (missing closes on bars 3 and 4)", () => {
    expect(plots("plot(ta.rising(close, 2) ? 1 : 0)", { close: [1, 2, 3, NaN, NaN, 6, 7] })).toEqual([want]);
  });

  test("called on even bars only, the variable's own history is still read", () => {
    const body = "x = bar_index == 3 or bar_index == 4 ? na : close\nplot(bar_index % 2 == 0 ? (ta.rising(x, 2) ? 1 : 0) : na)";
    expect(plots(body, { close: [1, 2, 3, 4, 5, 6, 7] })).toEqual([[0, null, 1, null, 1, null, 1]]);
  });
});

test("ta.cog leaves na values out (reference: \"na values in the source series are ignored\")", () => {
  // x = 1, -1, 3, na, 5, 6, length 2, over the last 2 non-na values (newest weight 1):
  // bar 2: -(3 * 1 + (-1) * 2) / 2 = -0.5; bar 3 (na): as bar 2, -0.5;
  // bar 4: -(5 * 1 + 3 * 2) / 8 = -1.375; bar 5: -(6 * 1 + 5 * 2) / 11 = -16 / 11
  const [cog] = plots("x = bar_index == 3 ? na : close\nplot(ta.cog(x, 2))", { close: [1, -1, 3, 4, 5, 6] });
  expect(cog!.slice(0, 5)).toEqual([null, null, -0.5, -0.5, -1.375]);
  expect(cog![5]).toBeCloseTo(-16 / 11, 12);
});

describe("bool, string and object sources keep their type (the reference's `series T` forms)", () => {
  // close > open on bars 0..4: true, false, true, false, true
  const bars = { close: [1, 2, 3, 4, 5] };
  const body = (s: string): string => `c = bar_index % 2 == 0\n${s}`;

  test("ta.change of a bool is a bool: true where it differs from the previous bar", () => {
    // bar 0 has no previous value (false); bars 1-4 alternate, so each differs: true
    const [asNumber, isTrue, text] = plots(body("plot(ta.change(c) ? 1 : 0)\nplot(ta.change(c) == true ? 1 : 0)\nplot(str.length(str.tostring(ta.change(c))))"), bars);
    expect(asNumber).toEqual([0, 1, 1, 1, 1]);
    // compared with `true` and shown as text it is a bool ("true", 4 letters; was the number 1)
    expect(isTrue).toEqual([0, 1, 1, 1, 1]);
    expect(text).toEqual([5, 4, 4, 4, 4]);
  });

  test("ta.valuewhen of a bool, a string and an array", () => {
    // condition c (bars 0, 2, 4). Bool source bar_index > 1: false on bar 0, true from bar 2.
    const [isTrue, len0, occ1, arr] = plots(
      body(
        "b = ta.valuewhen(c, bar_index > 1, 0)\nplot(b == true ? 1 : 0)\n" +
          "plot(str.length(ta.valuewhen(c, str.tostring(bar_index * 11), 0)))\n" +
          "plot(str.tonumber(ta.valuewhen(c, str.tostring(bar_index * 11), 1)))\n" +
          "plot(array.get(ta.valuewhen(c, array.from(bar_index), 0), 0))",
      ),
      bars,
    );
    expect(isTrue).toEqual([0, 0, 1, 1, 1]);
    // "0" on bars 0, 1; "22" on bars 2, 3; "44" on bar 4 (a string source was na)
    expect(len0).toEqual([1, 1, 2, 2, 2]);
    // the occurrence before: na until bar 2, then 0, then 22
    expect(occ1).toEqual([null, null, 0, 0, 22]);
    expect(arr).toEqual([0, 0, 2, 2, 4]);
  });
});
