// Built-in arguments TradingView's runtime refuses (docs/adr/0158): a length not > 0 or na, a
// negative occurrence or pivot bar count, a percentage outside 0..100. Each is a runtime error of
// the bar that calls it (its outputs na, the message counted: docs/reference/language.md), with
// the message TradingView's runtime gives. The messages below are TradingView's as captured from
// its chart's error banner ("Error on bar N: " dropped: our summary gives the bars' times), written
// here as constants; a valid length keeps its values (worked by hand).
import type { EvaluationResult } from "../../src/index";
import { evaluateValid, outputsByName } from "../front/harness";

const V = '//@version=6\nindicator("x")\n';
const CLOSES = [10, 12, 11, 8, 9, 13];

async function run(body: string, closes = CLOSES): Promise<EvaluationResult> {
  return evaluateValid(`${V}${body}`, closes);
}

/** `message: count` of each runtime error of the run. */
function errors(res: EvaluationResult): Record<string, number> {
  return Object.fromEntries(res.runtimeErrors.map((e) => [e.message, e.count]));
}

const NOT_POSITIVE = (arg: string, v: string, fn: string): string => `Invalid value of the '${arg}' argument (${v}) in the '${fn}' function. It must be > 0.`;
const NOT_NA = (arg: string, fn: string): string => `Invalid value of the '${arg}' argument in the '${fn}' function. It must not be na`;

describe("a length that is not > 0", () => {
  test.each([
    ["ta.sma(close, 0)", NOT_POSITIVE("length", "0", "sma")],
    ["ta.ema(close, -3)", NOT_POSITIVE("length", "-3", "ema")],
    ["ta.rsi(close, 0)", NOT_POSITIVE("length", "0", "rsi")],
    ["ta.highest(close, 0)", NOT_POSITIVE("length", "0", "highest")],
    ["ta.lowest(-570)", NOT_POSITIVE("length", "-570", "lowest")],
    ["ta.stdev(close, 0)", NOT_POSITIVE("length", "0", "stdev")],
    ["ta.atr(0)", NOT_POSITIVE("length", "0", "atr")],
    ["math.sum(close, 0)", NOT_POSITIVE("length", "0", "sum")],
    ["ta.wma(close, -1)", NOT_POSITIVE("length", "-1", "wma")],
    ["ta.roc(close, 0)", NOT_POSITIVE("length", "0", "roc")],
  ])("%s is the runtime error of every bar: outputs na, the message counted once a bar", async (call, message) => {
    const res = await run(`plot(${call}, "v")\nplot(close, "c")\n`);
    expect(errors(res)).toEqual({ [message]: 6 });
    // the whole bar ends: the plot after the call is na too
    expect(outputsByName(res).c).toEqual([null, null, null, null, null, null]);
  });

  test("an na length: 'It must not be na' (sma, ema, rsi)", async () => {
    for (const fn of ["sma", "ema", "rsi"]) {
      const res = await run(`plot(ta.${fn}(close, na), "v")\n`);
      expect(errors(res)).toEqual({ [NOT_NA("length", fn)]: 6 });
    }
  });

  test("a series length: only the bars where it is invalid raise; the others keep their values", async () => {
    // n = 0 on bars 0 and 1 (errors, the bar's outputs na), then 2: sma(close, 2) over the values
    // the call saw: bars 0 and 1 raised before the call took their close, so bar 2 holds one value
    // (na); bar 3 (11 + 8) / 2 = 9.5, bar 4 8.5, bar 5 11
    const res = await run(`n = bar_index < 2 ? 0 : 2\nplot(ta.sma(close, n), "s")\nplot(close, "c")\n`);
    expect(errors(res)).toEqual({ [NOT_POSITIVE("length", "0", "sma")]: 2 });
    const out = outputsByName(res);
    expect(out.s).toEqual([null, null, null, 9.5, 8.5, 11]);
    expect(out.c).toEqual([null, null, 11, 8, 9, 13]);
  });

  test("a call that does not run on a bar raises nothing there", async () => {
    const res = await run(`x = bar_index == 4 ? ta.sma(close, 0) : close\nplot(x, "x")\n`);
    expect(errors(res)).toEqual({ [NOT_POSITIVE("length", "0", "sma")]: 1 });
    expect(outputsByName(res).x).toEqual([10, 12, 11, 8, null, 13]);
  });

  test("the tuple built-ins name the argument: macd's slowlen, dmi's adxSmoothing, tsi's long_length", async () => {
    const res = await run(`[m, s, h] = ta.macd(close, 2, 0, 2)\nplot(m)\n`);
    expect(errors(res)).toEqual({ [NOT_POSITIVE("slowlen", "0", "macd")]: 6 });
    const dmi = await run(`[p, n, a] = ta.dmi(2, -1)\nplot(a)\n`);
    expect(errors(dmi)).toEqual({ [NOT_POSITIVE("adxSmoothing", "-1", "dmi")]: 6 });
    const tsi = await run(`plot(ta.tsi(close, 2, 0))\n`);
    expect(errors(tsi)).toEqual({ [NOT_POSITIVE("long_length", "0", "tsi")]: 6 });
  });

  test("ta.hma of length 1 stops in its first wma, whose length is the float 0.0", async () => {
    const res = await run(`plot(ta.hma(close, 1))\n`);
    expect(errors(res)).toEqual({ [NOT_POSITIVE("length", "0.0", "wma")]: 6 });
  });

  test("valid lengths keep their values: sma(close, 2) and ta.hma(close, 2)", async () => {
    // sma 2: na, 11, 11.5, 9.5, 8.5, 11
    // hma 2: wma(2 wma(x, 1) - wma(x, 2), floor(sqrt 2) = 1) = 2x - wma(x, 2), wma(x, 2) = (2x + x[1]) / 3:
    //   bar 1: 24 - (24 + 10) / 3 = 38/3; bar 2: 22 - 34/3 = 32/3; bar 3: 16 - 27/3 = 7; bar 4: 18 - 26/3 = 28/3; bar 5: 26 - 35/3 = 43/3
    const out = outputsByName(await run(`plot(ta.sma(close, 2), "s")\nplot(ta.hma(close, 2), "h")\n`));
    expect(out.s).toEqual([null, 11, 11.5, 9.5, 8.5, 11]);
    expect(out.h!.map((v) => (v === null ? null : Math.round(v * 1e9) / 1e9))).toEqual([null, 12.666666667, 10.666666667, 7, 9.333333333, 14.333333333]);
  });
});

describe("other bounded arguments", () => {
  test("a negative occurrence of ta.valuewhen: It must be >= 0", async () => {
    const res = await run(`plot(ta.valuewhen(close > 9, close, -1))\n`);
    expect(errors(res)).toEqual({ ["Invalid value of the 'occurrence' argument (-1) in the 'valuewhen' function. It must be >= 0."]: 6 });
  });

  test("negative pivot bars: It must be >= 0", async () => {
    const res = await run(`plot(ta.pivothigh(high, -1, 2))\n`);
    expect(errors(res)).toEqual({ ["Invalid value of the 'leftbars' argument (-1) in the 'pivothigh' function. It must be >= 0."]: 6 });
  });

  test("a percentile's percentage outside 0..100: It must be in the range [0..100]", async () => {
    const res = await run(`plot(ta.percentile_nearest_rank(close, 2, 101))\nplot(ta.percentile_linear_interpolation(close, 2, -1))\n`);
    // the first call's error ends each bar before the second call runs
    expect(errors(res)).toEqual({ ["Invalid value of the 'percentage' argument (101) in the 'percentile_nearest_rank' function. It must be in the range [0..100]."]: 6 });
    const low = await run(`plot(ta.percentile_linear_interpolation(close, 2, -1))\n`);
    expect(errors(low)).toEqual({ ["Invalid value of the 'percentage' argument (-1) in the 'percentile_linear_interpolation' function. It must be in the range [0..100]."]: 6 });
  });

  test("ta.supertrend's factor not > 0; an na factor stays accepted (its line is na)", async () => {
    const res = await run(`[st, d] = ta.supertrend(0, 2)\nplot(st)\n`);
    expect(errors(res)).toEqual({ ["Invalid value of the 'factor' argument (0) in the 'supertrend' function. It must be > 0."]: 6 });
    const na = await run(`[st, d] = ta.supertrend(na, 2)\nplot(st, "st")\n`);
    expect(errors(na)).toEqual({});
  });
});

describe("str.repeat", () => {
  test("a negative count is the bar's runtime error, in TradingView's words; 0 is the empty string", async () => {
    const res = await run(`n = close > 10 ? -1 : 2\nplot(str.length(str.repeat("ab", n, "-")), "len")\n`);
    // closes 12, 11 and 13 are above 10: three bars end with the error
    expect(errors(res)).toEqual({ ["Invalid value of the 'repeat' parameter '-1' in the 'str.repeat' function. It must be >= 0."]: 3 });
    expect(outputsByName(res).len).toEqual([5, null, null, 5, 5, null]);
    const zero = await run(`plot(str.length(str.repeat("ab", 0)), "len")\n`);
    expect(outputsByName(zero).len).toEqual([0, 0, 0, 0, 0, 0]);
  });
});
