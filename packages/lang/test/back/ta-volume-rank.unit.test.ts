// ta.pvt, ta.nvi, ta.pvi, ta.wad, ta.wvad, ta.iii, ta.rci, ta.sum, ta.percentile_* and the tie
// rule of ta.highestbars/lowestbars, each run as a compiled script against values worked by hand
// below (arithmetic shown) from TradingView's reference definitions, and for the percentiles the
// textbook example of the nearest-rank and linear (C = 1) methods over 15, 20, 35, 40, 50.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

function run(body: string, bars: Bars): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => Array.from(o.values));
}

function barsOf(c: number[], o: number[] = c, h: number[] = c, l: number[] = c, v: number[] = c.map(() => 1)): Bars {
  const f = (a: number[]): Float64Array => Float64Array.from(a);
  return { length: c.length, time: Float64Array.from(c, (_, i) => 1.6e9 + i * 86400), open: f(o), high: f(h), low: f(l), close: f(c), volume: f(v) };
}

function expectValues(actual: number[], expected: Record<number, number>): void {
  for (const [k, e] of Object.entries(expected)) {
    const a = actual[Number(k)]!;
    if (Number.isNaN(e)) expect(a).toBeNaN();
    else if (!(Math.abs(a - e) <= 1e-9)) throw new Error(`bar ${k}: expected ${e}, got ${a}`);
  }
}

// close c, open o, high = c + 2, low = c - 1 (so high - low = 3), volume v
const C = [10, 12, 11, 14, 13];
const O = [9, 11, 12, 13, 14];
const V = [100, 200, 150, 300, 250];
const HAND = barsOf(C, O, C.map((x) => x + 2), C.map((x) => x - 1), V);

describe("volume and price indices (variables)", () => {
  const [pvt, nvi, pvi, wad, wvad, iii] = run("plot(ta.pvt)\nplot(ta.nvi)\nplot(ta.pvi)\nplot(ta.wad)\nplot(ta.wvad)\nplot(ta.iii)", HAND);

  it("ta.pvt adds change(close) / close[1] * volume from 0", () => {
    // 0; +(12-10)/10*200 = 40; +(11-12)/12*150 = -12.5 -> 27.5; +(14-11)/11*300 = 81.8181.. -> 109.3181..
    expectValues(pvt!, { 0: 0, 1: 40, 2: 27.5, 3: 27.5 + 900 / 11 });
  });
  it("ta.nvi moves on bars of lower volume only, from 1", () => {
    // bar 1: volume up, 1; bar 2: 150 < 200, 1 + (11-12)/12 = 11/12; bar 3: up, 11/12; bar 4: 250 < 300, 11/12 * 13/14
    expectValues(nvi!, { 0: 1, 1: 1, 2: 11 / 12, 3: 11 / 12, 4: (11 / 12) * (13 / 14) });
  });
  it("ta.pvi moves on bars of higher volume only, from 1", () => {
    // bar 1: 200 > 100, 1 * 12/10 = 1.2; bar 2: down, 1.2; bar 3: 300 > 150, 1.2 * 14/11; bar 4: down
    expectValues(pvi!, { 0: 1, 1: 1.2, 2: 1.2, 3: (1.2 * 14) / 11, 4: (1.2 * 14) / 11 });
  });
  it("ta.wad accumulates close - true low on up closes and close - true high on down closes", () => {
    // bar 1 up: 12 - min(11, 10) = 2; bar 2 down: 11 - max(13, 12) = -2 -> 0; bar 3 up: 14 - min(13, 11) = 3; bar 4 down: 13 - max(15, 14) = -2 -> 1
    expectValues(wad!, { 0: 0, 1: 2, 2: 0, 3: 3, 4: 1 });
  });
  it("ta.wvad is (close - open) / (high - low) * volume", () => {
    // (10-9)/3*100; (12-11)/3*200; (11-12)/3*150 = -50
    expectValues(wvad!, { 0: 100 / 3, 1: 200 / 3, 2: -50 });
  });
  it("ta.iii is (2 close - high - low) / ((high - low) * volume)", () => {
    // 2c - (c+2) - (c-1) = -1, so -1 / (3 v)
    expectValues(iii!, { 0: -1 / 300, 1: -1 / 600, 4: -1 / 750 });
  });
  it("na where high == low (Pine's division by zero), not an infinity", () => {
    const [w, i] = run("plot(ta.wvad)\nplot(ta.iii)", barsOf([5, 6], [4, 5]));
    expectValues(w!, { 0: NaN, 1: NaN });
    expectValues(i!, { 0: NaN, 1: NaN });
  });
});

describe("ta.rci", () => {
  it("Spearman's rho of value ranks (highest 1) and time ranks (newest 1), times 100", () => {
    const [r] = run("plot(ta.rci(close, 3))", barsOf([10, 12, 11, 14, 15, 16, 5, 5, 5]));
    // bar 2, newest first 11, 12, 10: value ranks 2, 1, 3 vs time 1, 2, 3: d = 1, -1, 0, sum d^2 = 2,
    //   1 - 6*2 / (3*8) = 0.5 -> 50. bar 5: 14, 15, 16 rising -> 100. bar 6: 5 after 15, 16 -> ranks 3, 1, 2
    //   vs 1, 2, 3: d = 2, -1, -1, sum 6 -> 1 - 36/24 = -0.5 -> -50. bar 8: three equal values share rank 2:
    //   d = 1, 0, -1 -> 50.
    expectValues(r!, { 0: NaN, 1: NaN, 2: 50, 5: 100, 6: -50, 8: 50 });
  });
  it("falling values give -100", () => {
    const [r] = run("plot(ta.rci(close, 4))", barsOf([9, 8, 7, 6, 5]));
    expectValues(r!, { 3: -100, 4: -100 });
  });
});

describe("ta.sum", () => {
  it("sums the last length values like math.sum", () => {
    const [s, m] = run("plot(ta.sum(close, 3))\nplot(math.sum(close, 3))", barsOf(C));
    // 10+12+11 = 33; 12+11+14 = 37; 11+14+13 = 38
    expectValues(s!, { 1: NaN, 2: 33, 3: 37, 4: 38 });
    expect(s).toEqual(m);
  });
});

describe("ta.percentile_*", () => {
  // the textbook list 15, 20, 35, 40, 50: nearest rank P30 = 20, P40 = 20, P50 = 35, P100 = 50, P5 = 15;
  // linear between closest ranks (C = 1): P40 at rank 0.4 * 4 = 1.6 -> 20 + 0.6 * 15 = 29, P75 -> 40, P10 -> 15 + 0.4 * 5 = 17
  const LIST = barsOf([50, 35, 15, 40, 20]);
  it("nearest rank", () => {
    const out = run([5, 30, 40, 50, 100].map((p) => `plot(ta.percentile_nearest_rank(close, 5, ${p}))`).join("\n"), LIST);
    expect(out.map((o) => o[4])).toEqual([15, 20, 20, 35, 50]);
    expect(out[0]![3]).toBeNaN();
  });
  it("linear interpolation", () => {
    const out = run([40, 75, 10, 0, 100].map((p) => `plot(ta.percentile_linear_interpolation(close, 5, ${p}))`).join("\n"), LIST);
    expectValues(out.map((o) => o[4]!), { 0: 29, 1: 40, 2: 17, 3: 15, 4: 50 });
  });
});

describe("ta.highestbars / ta.lowestbars among equal values", () => {
  it("report the earliest of the equal bars", () => {
    const [hb, lb, hv] = run("plot(ta.highestbars(close, 3))\nplot(ta.lowestbars(close, 3))\nplot(ta.highest(close, 3))", barsOf([5, 7, 7, 6, 3, 4, 3]));
    // bar 3: 7, 7, 6 -> the 7 of bar 1, offset -2; bar 2: 5, 7, 7 -> bar 1, -1
    expectValues(hb!, { 2: -1, 3: -2, 4: -2 });
    // bar 6: 3, 4, 3 -> the 3 of bar 4, offset -2
    expectValues(lb!, { 6: -2 });
    expectValues(hv!, { 3: 7 });
  });
});
