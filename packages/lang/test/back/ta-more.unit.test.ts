// The remaining ta.* built-ins, each run as a compiled script:
//   - against published values where a worksheet exists (stoch, highest, lowest, accdist, sar);
//   - otherwise against an independent straightforward implementation written here from Pine's
//     reference definition (plain loops over whole arrays, no state objects), over real daily
//     bars, PLUS at least three values computed by hand on a ten-bar series (arithmetic shown).
// No expected value here comes from the code under test.
import { build, dailyBars, sliceBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { column, expectClose, readCsv } from "./fixtures";

const header = "//@version=6\nindicator(\"t\")\n";

/** Every plot of `body` over `bars`, one array per plot. */
function plots(body: string, bars: Bars): number[][] {
  const r = evaluate(build(header + body), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => Array.from(o.values));
}

function barsOf(cols: { close: number[]; high?: number[]; low?: number[]; volume?: number[] }): Bars {
  const n = cols.close.length;
  const f = (a: number[]) => Float64Array.from(a);
  return {
    length: n,
    time: Float64Array.from({ length: n }, (_, i) => 1.6e9 + i * 86400),
    open: f(cols.close),
    high: f(cols.high ?? cols.close),
    low: f(cols.low ?? cols.close),
    close: f(cols.close),
    volume: f(cols.volume ?? cols.close.map(() => 1)),
  };
}

// The hand series: close c, high = c + 1, low = c - 1, volume v.
//   bar:     0    1    2    3    4    5    6    7    8    9
const C = [10, 12, 11, 14, 13, 15, 17, 16, 18, 15];
const V = [100, 200, 150, 300, 250, 100, 400, 350, 200, 300];
const TINY = barsOf({ close: C, high: C.map((x) => x + 1), low: C.map((x) => x - 1), volume: V });

/** Hand-computed values: NaN means na. */
function expectValues(actual: number[], expected: Record<number, number>, tol = 1e-9): void {
  for (const [k, e] of Object.entries(expected)) {
    const a = actual[Number(k)]!;
    if (Number.isNaN(e)) expect(a).toBeNaN();
    else if (!(Math.abs(a - e) <= tol)) throw new Error(`bar ${k}: expected ${e}, got ${a}`);
  }
}

// Real bars for the independent implementations: 400 AAPL days (no na), and a random walk whose
// values never tie (pivots and extremes have tie rules the tests do not rely on).
const aapl = sliceBars(dailyBars("AAPL"), 1000, 1400);
const cl = Array.from(aapl.close);
const hi = Array.from(aapl.high);
const lo = Array.from(aapl.low);
const vol = Array.from(aapl.volume);
let seed = 7;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const walk: number[] = [];
for (let i = 0, p = 100; i < 400; i++) walk.push((p += rnd() - 0.5));
const WALK = barsOf({ close: walk });

/** |a - b| <= rel * max(1, |b|) everywhere; na must match na. */
function expectSeries(actual: number[], expected: number[], rel = 1e-9, minCompared = expected.length / 2): void {
  expect(actual.length).toBe(expected.length);
  let compared = 0;
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i]!;
    const a = actual[i]!;
    if (Number.isNaN(e)) {
      if (!Number.isNaN(a)) throw new Error(`index ${i}: expected na, got ${a}`);
      continue;
    }
    if (!(Math.abs(a - e) <= rel * Math.max(1, Math.abs(e)))) throw new Error(`index ${i}: expected ${e}, got ${a}`);
    compared++;
  }
  expect(compared).toBeGreaterThanOrEqual(minCompared);
}

// ----- independent implementations (whole arrays; `w(x, i, n)` is the window ending at i) ------

const win = (x: number[], i: number, n: number): number[] | null => (i < n - 1 ? null : x.slice(i - n + 1, i + 1));
const sum = (a: number[]) => a.reduce((s, v) => s + v, 0);
const map = (x: number[], f: (i: number) => number) => x.map((_, i) => f(i));

function wmaRef(x: number[], n: number): number[] {
  return map(x, (i) => {
    const w = win(x, i, n);
    if (!w || w.some((v) => Number.isNaN(v))) return NaN;
    // oldest weight 1 ... newest weight n
    return sum(w.map((v, k) => v * (k + 1))) / ((n * (n + 1)) / 2);
  });
}
/** Pine's seeded smoothing (EMA, RMA): the SMA of the first n values, then alpha * v + (1 - alpha) * prev; na keeps prev. */
function smoothRef(x: number[], n: number, alpha: number): number[] {
  const out: number[] = [];
  const seen: number[] = [];
  let prev = NaN;
  for (const v of x) {
    if (Number.isNaN(v)) out.push(prev);
    else if (seen.length < n) {
      seen.push(v);
      if (seen.length === n) prev = sum(seen) / n;
      out.push(prev);
    } else out.push((prev = alpha * v + (1 - alpha) * prev));
  }
  return out;
}
const emaRef = (x: number[], n: number): number[] => smoothRef(x, n, 2 / (n + 1));
const rmaRef = (x: number[], n: number): number[] => smoothRef(x, n, 1 / n);
/** True range; the first bar high - low when handleNa, else na. */
function trRef(h: number[], l: number[], c: number[], handleNa: boolean): number[] {
  return map(c, (i) => (i === 0 ? (handleNa ? h[0]! - l[0]! : NaN) : Math.max(h[i]! - l[i]!, Math.abs(h[i]! - c[i - 1]!), Math.abs(l[i]! - c[i - 1]!))));
}
const ago = (x: number[], i: number, k: number) => (i - k >= 0 ? x[i - k]! : NaN);

describe("moving averages", () => {
  test("hma: wma(2 wma(x, n/2) - wma(x, n), floor(sqrt n))", () => {
    const [h4] = plots("plot(ta.hma(close, 4))", TINY);
    // wma2(i) = (2 c_i + c_{i-1}) / 3, wma4(i) = (4 c_i + 3 c_{i-1} + 2 c_{i-2} + c_{i-3}) / 10
    // d3 = 2 (28 + 11)/3 - (56 + 33 + 24 + 10)/10 = 26 - 12.3 = 137/10
    // d4 = 2 (26 + 14)/3 - (52 + 42 + 22 + 12)/10 = 80/3 - 64/5 = 208/15
    // d5 = 2 (30 + 13)/3 - (60 + 39 + 28 + 11)/10 = 86/3 - 69/5 = 223/15
    // d6 = 2 (34 + 15)/3 - (68 + 45 + 26 + 14)/10 = 98/3 - 153/10 = 521/30
    // hma_i = (2 d_i + d_{i-1}) / 3: hma4 = (416/15 + 137/10)/3 = 1243/90, hma5 = (446/15 + 208/15)/3 = 654/45,
    // hma6 = (1042/30 + 446/30)/3 = 1488/90; bar 3 has no d_2: na
    expectValues(h4!, { 3: NaN, 4: 1243 / 90, 5: 654 / 45, 6: 1488 / 90 });
    // length 7: half 3, outer floor(sqrt 7) = 2 (round would give 3)
    // wma3(i) = (3 c_i + 2 c_{i-1} + c_{i-2}) / 6, wma7(i) = (7 c_i + 6 c_{i-1} + ... + c_{i-6}) / 28
    // d6 = 2 (51 + 30 + 13)/6 - (119 + 90 + 65 + 56 + 33 + 24 + 10)/28 = 94/3 - 397/28 = 1441/84
    // d7 = 2 (48 + 34 + 15)/6 - (112 + 102 + 75 + 52 + 42 + 22 + 12)/28 = 97/3 - 417/28 = 1465/84
    // d8 = 2 (54 + 32 + 17)/6 - (126 + 96 + 85 + 60 + 39 + 28 + 11)/28 = 103/3 - 445/28 = 1549/84
    // d9 = 2 (45 + 36 + 16)/6 - (105 + 108 + 80 + 68 + 45 + 26 + 14)/28 = 97/3 - 446/28 = 1378/84
    // hma_i = (2 d_i + d_{i-1}) / 3: hma7 = 4371/252, hma8 = 4563/252, hma9 = 4305/252; bar 6 has no d_5: na
    const [h7] = plots("plot(ta.hma(close, 7))", TINY);
    expectValues(h7!, { 5: NaN, 6: NaN, 7: 4371 / 252, 8: 4563 / 252, 9: 4305 / 252 });
    for (const n of [4, 7, 9, 10, 16]) {
      const [h] = plots(`plot(ta.hma(close, ${n}))`, aapl);
      const a = wmaRef(cl, Math.floor(n / 2));
      const b = wmaRef(cl, n);
      expectSeries(h!, wmaRef(map(cl, (i) => 2 * a[i]! - b[i]!), Math.floor(Math.sqrt(n))));
    }
  });

  test("alma: Gaussian weights exp(-(i - offset (n-1))^2 / (2 (n/sigma)^2)), i = 0 the oldest bar", () => {
    const [a] = plots("plot(ta.alma(close, 3, 0.85, 6))", TINY);
    // m = 0.85 * 2 = 1.7, s = 3 / 6 = 0.5, 2 s^2 = 0.5
    // w0 = exp(-(1.7)^2 / 0.5) = exp(-5.78) = 0.0030887154, w1 = exp(-(0.7)^2 / 0.5) = exp(-0.98) = 0.3753110989,
    // w2 = exp(-(0.3)^2 / 0.5) = exp(-0.18) = 0.8352702114; norm = 1.2136700257
    // bar 2: (10 w0 + 12 w1 + 11 w2) / norm = 13.72259...  / 1.21367 = 11.3066916
    // bar 3: (12 w0 + 11 w1 + 14 w2) / norm = 13.0672006
    // bar 4: (11 w0 + 14 w1 + 13 w2) / norm = 13.3041466
    expectValues(a!, { 1: NaN, 2: 11.306691584673027, 3: 13.067200554166401, 4: 13.304146646310121 }, 1e-9);
    const [r] = plots("plot(ta.alma(close, 9, 0.85, 6))", aapl);
    const n = 9;
    const m = 0.85 * (n - 1);
    const s = n / 6;
    const w = Array.from({ length: n }, (_, i) => Math.exp(-((i - m) ** 2) / (2 * s * s)));
    expectSeries(r!, map(cl, (i) => (i < n - 1 ? NaN : sum(w.map((wi, k) => wi * cl[i - (n - 1 - k)]!)) / sum(w))));
  });

  test("swma: x[3]/6 + 2 x[2]/6 + 2 x[1]/6 + x/6", () => {
    const [s] = plots("plot(ta.swma(close))", TINY);
    // bar 3: (10 + 2*12 + 2*11 + 14)/6 = 70/6; bar 4: (12 + 22 + 28 + 13)/6 = 75/6; bar 5: (11 + 28 + 26 + 15)/6 = 80/6
    expectValues(s!, { 2: NaN, 3: 70 / 6, 4: 75 / 6, 5: 80 / 6 });
    const [r] = plots("plot(ta.swma(close))", aapl);
    expectSeries(r!, map(cl, (i) => ago(cl, i, 3) / 6 + (2 * ago(cl, i, 2)) / 6 + (2 * ago(cl, i, 1)) / 6 + cl[i]! / 6));
  });
});

describe("window extremes", () => {
  test("stoch, highest, lowest: StockCharts cs-soo (%K 14)", () => {
    const csv = readCsv("cs-soo.csv");
    const [h, l, c] = [column(csv, "High"), column(csv, "Low"), column(csv, "Close")];
    // the worksheet leaves Close empty before row 14: the bars there only feed high/low windows
    const bars = barsOf({ close: c.map((v, i) => (Number.isNaN(v) ? (h[i]! + l[i]!) / 2 : v)), high: h, low: l });
    const [k, hh, ll] = plots("plot(ta.stoch(close, high, low, 14))\nplot(ta.highest(high, 14))\nplot(ta.lowest(low, 14))", bars);
    // published with 6 decimals
    expect(expectClose(k!, column(csv, "SO"), 5e-6)).toBeGreaterThan(15);
    expect(expectClose(hh!, column(csv, "Highest High (14)"), 5e-7)).toBeGreaterThan(15);
    expect(expectClose(ll!, column(csv, "Lowest Low (14)"), 5e-7)).toBeGreaterThan(15);
  });

  test("highest, lowest: StockCharts Donchian cs-dc (20)", () => {
    const csv = readCsv("cs-dc.csv");
    const bars = barsOf({ close: column(csv, "close"), high: column(csv, "high"), low: column(csv, "low") });
    const [u, d] = plots("plot(ta.highest(20))\nplot(ta.lowest(20))", bars);
    expect(expectClose(u!, column(csv, "upper_band"), 1e-12)).toBeGreaterThan(8);
    expect(expectClose(d!, column(csv, "lower_band"), 1e-12)).toBeGreaterThan(8);
  });

  test("highestbars, lowestbars: offset (<= 0) of the extreme", () => {
    const [hb, lb] = plots("plot(ta.highestbars(close, 3))\nplot(ta.lowestbars(close, 3))", TINY);
    // bar 2: window 10,12,11 -> highest 12 one bar back (-1), lowest 10 two bars back (-2)
    // bar 3: window 12,11,14 -> highest 14 now (0), lowest 11 one back (-1)
    // bar 4: window 11,14,13 -> highest 14 one back (-1), lowest 11 two back (-2)
    expectValues(hb!, { 1: NaN, 2: -1, 3: 0, 4: -1 });
    expectValues(lb!, { 1: NaN, 2: -2, 3: -1, 4: -2 });
    const n = 10;
    const [rh, rl] = plots(`plot(ta.highestbars(close, ${n}))\nplot(ta.lowestbars(close, ${n}))`, WALK);
    const arg = (i: number, better: (a: number, b: number) => boolean) => {
      let best = i;
      for (let k = i - n + 1; k <= i; k++) if (better(walk[k]!, walk[best]!)) best = k;
      return best - i;
    };
    expectSeries(rh!, map(walk, (i) => (i < n - 1 ? NaN : arg(i, (a, b) => a > b))));
    expectSeries(rl!, map(walk, (i) => (i < n - 1 ? NaN : arg(i, (a, b) => a < b))));
  });

  test("pivothigh, pivotlow: the value `rightbars` back when it beats `leftbars` before and `rightbars` after", () => {
    const [ph, pl] = plots("plot(ta.pivothigh(close, 2, 1))\nplot(ta.pivotlow(close, 1, 1))", TINY);
    // pivothigh(2, 1): bar 3 (14 > 13 after, >= 11, 12 before) shows on bar 4; bar 6 (17 > 16; 15, 13) on bar 7;
    // bar 8 (18 > 15; 16, 17) on bar 9; bar 5 (15 < 17 after) is none
    expectValues(ph!, { 2: NaN, 3: NaN, 4: 14, 5: NaN, 6: NaN, 7: 17, 8: NaN, 9: 18 });
    // pivotlow(1, 1): bar 2 (11 < 12, 14) on bar 3; bar 4 (13 < 14, 15) on bar 5; bar 7 (16 < 17, 18) on bar 8
    expectValues(pl!, { 1: NaN, 2: NaN, 3: 11, 4: NaN, 5: 13, 8: 16, 9: NaN });
    const [L, R] = [4, 2];
    const [rh, rl] = plots(`plot(ta.pivothigh(close, ${L}, ${R}))\nplot(ta.pivotlow(close, ${L}, ${R}))`, WALK);
    const pivot = (i: number, gt: (a: number, b: number) => boolean) => {
      const p = i - R;
      if (p - L < 0) return NaN;
      for (let k = p - L; k <= i; k++) if (k !== p && !gt(walk[p]!, walk[k]!)) return NaN;
      return walk[p]!;
    };
    // pivots are sparse: at least 20 of each over 400 bars of a random walk
    expectSeries(rh!, map(walk, (i) => pivot(i, (a, b) => a > b)), 0, 20);
    expectSeries(rl!, map(walk, (i) => pivot(i, (a, b) => a < b)), 0, 20);
  });
});

describe("signals", () => {
  test("crossover, crossunder, cross of close and a level", () => {
    const [o, u, x] = plots("plot(ta.crossover(close, 13.5) ? 1 : 0)\nplot(ta.crossunder(close, 13.5) ? 1 : 0)\nplot(ta.cross(close, 13.5) ? 1 : 0)", TINY);
    // close vs 13.5: below on bars 0-2, above on 3, below on 4, above from 5 on
    expect(o).toEqual([0, 0, 0, 1, 0, 1, 0, 0, 0, 0]);
    expect(u).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(x).toEqual([0, 0, 0, 1, 1, 1, 0, 0, 0, 0]);
    const [ro, ru] = plots("plot(ta.crossover(close, ta.sma(close, 10)) ? 1 : 0)\nplot(ta.crossunder(close, ta.sma(close, 10)) ? 1 : 0)", aapl);
    const s = map(cl, (i) => (i < 9 ? NaN : sum(cl.slice(i - 9, i + 1)) / 10));
    expect(ro).toEqual(map(cl, (i) => (i > 0 && cl[i]! > s[i]! && cl[i - 1]! <= s[i - 1]! ? 1 : 0)));
    expect(ru).toEqual(map(cl, (i) => (i > 0 && cl[i]! < s[i]! && cl[i - 1]! >= s[i - 1]! ? 1 : 0)));
  });

  test("barssince, valuewhen", () => {
    const [b, v0, v1] = plots("d = close < close[1]\nplot(ta.barssince(d))\nplot(ta.valuewhen(d, close, 0))\nplot(ta.valuewhen(d, close, 1))", TINY);
    // down bars (close < close[1]): 2 (11 < 12), 4 (13 < 14), 7 (16 < 17), 9 (15 < 18)
    expectValues(b!, { 0: NaN, 1: NaN, 2: 0, 3: 1, 4: 0, 5: 1, 6: 2, 7: 0, 8: 1, 9: 0 });
    expectValues(v0!, { 1: NaN, 2: 11, 3: 11, 4: 13, 6: 13, 7: 16, 9: 15 });
    expectValues(v1!, { 3: NaN, 4: 11, 7: 13, 9: 16 });
    const [rb, rv] = plots("d = close > open * 1.01\nplot(ta.barssince(d))\nplot(ta.valuewhen(d, high, 2))", aapl);
    const op = Array.from(aapl.open);
    const cond = map(cl, (i) => (cl[i]! > op[i]! * 1.01 ? 1 : 0));
    expectSeries(rb!, map(cl, (i) => {
      for (let k = i; k >= 0; k--) if (cond[k]) return i - k;
      return NaN;
    }));
    expectSeries(rv!, map(cl, (i) => {
      let seen = 0;
      for (let k = i; k >= 0; k--) if (cond[k] && seen++ === 2) return hi[k]!;
      return NaN;
    }));
  });
});

describe("window statistics", () => {
  test("variance (biased and not), dev", () => {
    const [vb, vu, d] = plots("plot(ta.variance(close, 4))\nplot(ta.variance(close, 4, false))\nplot(ta.dev(close, 4))", TINY);
    // bars 0-3: 10 12 11 14, mean 11.75, deviations -1.75 .25 -.75 2.25, squares sum 8.75 -> 8.75/4 = 2.1875, /3 = 2.9166..
    // bars 1-4: 12 11 14 13, mean 12.5, squares .25 2.25 2.25 .25 = 5 -> 1.25 (unbiased 5/3)
    // bars 2-5: 11 14 13 15, mean 13.25, squares 5.0625 .5625 .0625 3.0625 = 8.75 -> 2.1875
    expectValues(vb!, { 2: NaN, 3: 2.1875, 4: 1.25, 5: 2.1875 });
    expectValues(vu!, { 3: 8.75 / 3, 4: 5 / 3, 5: 8.75 / 3 });
    // mean absolute deviation: (1.75 + .25 + .75 + 2.25)/4 = 1.25, (.5 + 1.5 + 1.5 + .5)/4 = 1, (2.25 + .75 + .25 + 1.75)/4 = 1.25
    expectValues(d!, { 3: 1.25, 4: 1, 5: 1.25 });
    const n = 20;
    const [rv, rd] = plots(`plot(ta.variance(close, ${n}))\nplot(ta.dev(close, ${n}))`, aapl);
    const mean = (w: number[]) => sum(w) / w.length;
    expectSeries(rv!, map(cl, (i) => {
      const w = win(cl, i, n);
      return w ? sum(w.map((v) => (v - mean(w)) ** 2)) / n : NaN;
    }), 1e-8);
    expectSeries(rd!, map(cl, (i) => {
      const w = win(cl, i, n);
      return w ? sum(w.map((v) => Math.abs(v - mean(w)))) / n : NaN;
    }));
  });

  test("mom, change, cum", () => {
    const [m, c1, cu] = plots("plot(ta.mom(close, 2))\nplot(ta.change(close))\nplot(ta.cum(close))", TINY);
    // mom(2): bar 2: 11 - 10 = 1, bar 3: 14 - 12 = 2, bar 4: 13 - 11 = 2; change: 12 - 10 = 2, 11 - 12 = -1, 14 - 11 = 3
    expectValues(m!, { 1: NaN, 2: 1, 3: 2, 4: 2 });
    expectValues(c1!, { 0: NaN, 1: 2, 2: -1, 3: 3 });
    // cum: 10, 22, 33, 47
    expectValues(cu!, { 0: 10, 1: 22, 2: 33, 3: 47 });
    const [rm, rc] = plots("plot(ta.mom(close, 10))\nplot(ta.cum(volume))", aapl);
    expectSeries(rm!, map(cl, (i) => cl[i]! - ago(cl, i, 10)));
    let s = 0;
    expectSeries(rc!, vol.map((v) => (s += v)));
  });

  test("percentrank: percent of the previous `length` values <= the current one", () => {
    const [p] = plots("plot(ta.percentrank(close, 3))", TINY);
    // bar 3 (14): 10 12 11 all <= -> 100; bar 4 (13): 12 11 of 12 11 14 -> 2/3; bar 5 (15): 11 14 13 -> 100; bar 9 (15): 17 16 18 -> 0
    expectValues(p!, { 2: NaN, 3: 100, 4: 200 / 3, 5: 100, 9: 0 });
    const n = 20;
    const [r] = plots(`plot(ta.percentrank(close, ${n}))`, aapl);
    expectSeries(r!, map(cl, (i) => (i < n ? NaN : (100 * cl.slice(i - n, i).filter((v) => v <= cl[i]!).length) / n)));
  });

  test("median, mode (ties: the smallest value)", () => {
    const [md, mo] = plots("plot(ta.median(close, 4))\nplot(ta.mode(math.round(close / 2), 4))", TINY);
    // median: 10 11 12 14 -> (11 + 12)/2 = 11.5; 11 12 13 14 -> 12.5; 11 13 14 15 -> 13.5
    expectValues(md!, { 2: NaN, 3: 11.5, 4: 12.5, 5: 13.5 });
    // round(close / 2): 5 6 6 7 7 8 9 8 9 8; mode over 4: [5 6 6 7] -> 6, [6 6 7 7] -> 6 (tie, smallest), [7 8 9 8] -> 8, [9 8 9 8] -> 8
    expectValues(mo!, { 2: NaN, 3: 6, 4: 6, 7: 8, 9: 8 });
    const n = 15;
    const [rm, ro] = plots(`plot(ta.median(close, ${n}))\nplot(ta.mode(math.round(close), ${n}))`, aapl);
    expectSeries(rm!, map(cl, (i) => {
      const w = win(cl, i, n);
      if (!w) return NaN;
      const s = [...w].sort((a, b) => a - b);
      return s[(n - 1) / 2]!;
    }));
    const rc = cl.map((v) => Math.round(v));
    expectSeries(ro!, map(rc, (i) => {
      const w = win(rc, i, n);
      if (!w) return NaN;
      const count = new Map<number, number>();
      for (const v of w) count.set(v, (count.get(v) ?? 0) + 1);
      let best = NaN;
      let bc = 0;
      for (const [v, k] of count) if (k > bc || (k === bc && v < best)) [best, bc] = [v, k];
      return best;
    }));
  });

  test("correlation: Pearson over the window", () => {
    const [r3] = plots("plot(ta.correlation(close, volume, 3))", TINY);
    // bars 0-2: x 10 12 11, y 100 200 150: dx -1 1 0, dy -50 50 0 -> 100 / sqrt(2 * 5000) = 1
    // bars 3-5: x 14 13 15 (mean 14), y 300 250 100 (mean 216.67): dx 0 -1 1, dy 83.33 33.33 -116.67
    //   sxy = -33.33 - 116.67 = -150, sxx = 2, syy = 6944.44 + 1111.11 + 13611.11 = 21666.67 -> -150 / sqrt(43333.33) = -0.72057669
    // bars 4-6: x 13 15 17, y 250 100 400: dx -2 0 2, dy 0 -150 150 -> 300 / sqrt(8 * 45000) = 0.5
    expectValues(r3!, { 1: NaN, 2: 1, 5: -150 / Math.sqrt(2 * (65000 / 3)), 6: 0.5 });
    const n = 20;
    const [r] = plots(`plot(ta.correlation(close, volume, ${n}))`, aapl);
    expectSeries(r!, map(cl, (i) => {
      const x = win(cl, i, n);
      const y = win(vol, i, n);
      if (!x || !y) return NaN;
      const mx = sum(x) / n;
      const my = sum(y) / n;
      const sxy = sum(x.map((v, k) => (v - mx) * (y[k]! - my)));
      return sxy / Math.sqrt(sum(x.map((v) => (v - mx) ** 2)) * sum(y.map((v) => (v - my) ** 2)));
    }), 1e-8);
  });
});

describe("oscillators", () => {
  test("cmo: 100 (sum gains - sum losses) / (sum gains + sum losses) of change(x)", () => {
    const [c] = plots("plot(ta.cmo(close, 3))", TINY);
    // changes: bar 1 +2, 2 -1, 3 +3, 4 -1, 5 +2, 6 +2
    // bar 3: gains 2 + 3 = 5, losses 1 -> 100 * 4 / 6; bar 4: gains 3, losses 1 + 1 = 2 -> 100 / 5 = 20
    // bar 5: gains 3 + 2 = 5, losses 1 -> 400 / 6; bar 6: gains 4, losses 1 -> 300 / 5 = 60
    expectValues(c!, { 2: NaN, 3: 400 / 6, 4: 20, 5: 400 / 6, 6: 60 });
    const n = 14;
    const [r] = plots(`plot(ta.cmo(close, ${n}))`, aapl);
    expectSeries(r!, map(cl, (i) => {
      if (i < n) return NaN;
      let g = 0;
      let l = 0;
      for (let k = i - n + 1; k <= i; k++) {
        const d = cl[k]! - cl[k - 1]!;
        if (d >= 0) g += d;
        else l -= d;
      }
      return (100 * (g - l)) / (g + l);
    }));
  });

  test("cog: -sum(x[i] (i + 1)) / sum(x)", () => {
    const [c] = plots("plot(ta.cog(close, 3))", TINY);
    // bar 2: -(11*1 + 12*2 + 10*3) / 33 = -65/33; bar 3: -(14 + 22 + 36)/37 = -72/37; bar 4: -(13 + 28 + 33)/38 = -74/38
    expectValues(c!, { 1: NaN, 2: -65 / 33, 3: -72 / 37, 4: -74 / 38 });
    const n = 10;
    const [r] = plots(`plot(ta.cog(close, ${n}))`, aapl);
    expectSeries(r!, map(cl, (i) => {
      const w = win(cl, i, n);
      if (!w) return NaN;
      let num = 0;
      for (let k = 0; k < n; k++) num += cl[i - k]! * (k + 1);
      return -num / sum(w);
    }));
  });
});

describe("bands and trend", () => {
  test("kc, kcw: ema basis +- mult * ema(true range)", () => {
    const [b, u, l, w] = plots("[b, u, l] = ta.kc(close, 3, 2)\nplot(b)\nplot(u)\nplot(l)\nplot(ta.kcw(close, 3, 2))", TINY);
    // ema3 (alpha .5, seeded by the mean of bars 0-2): bar 2: 11, bar 3: (14 + 11)/2 = 12.5, bar 4: (13 + 12.5)/2 = 12.75,
    //   bar 5: (15 + 12.75)/2 = 13.875
    // ta.tr (na on bar 0): bar 1 max(2, |13-10|, |11-10|) = 3, bar 2 max(2, 0, 2) = 2, bar 3 max(2, 4, 2) = 4, bar 4 2, bar 5 3
    // ema3 of tr, seeded by bars 1-3: bar 3: 3, bar 4: (2 + 3)/2 = 2.5, bar 5: (3 + 2.5)/2 = 2.75
    // upper/lower: bar 3: 12.5 +- 6 = 18.5 / 6.5; bar 4: 12.75 +- 5 = 17.75 / 7.75; bar 5: 13.875 +- 5.5 = 19.375 / 8.375
    expectValues(b!, { 2: 11, 3: 12.5, 4: 12.75, 5: 13.875 });
    expectValues(u!, { 2: NaN, 3: 18.5, 4: 17.75, 5: 19.375 });
    expectValues(l!, { 2: NaN, 3: 6.5, 4: 7.75, 5: 8.375 });
    // kcw = (upper - lower) / basis: 12/12.5 = .96, 10/12.75, 11/13.875
    expectValues(w!, { 2: NaN, 3: 0.96, 4: 10 / 12.75, 5: 11 / 13.875 });
    const n = 20;
    const [rb, ru, rw] = plots(`[b, u, l] = ta.kc(close, ${n}, 1.5)\nplot(b)\nplot(u)\nplot(ta.kcw(close, ${n}, 1.5, false))`, aapl);
    const basis = emaRef(cl, n);
    const span = emaRef(trRef(hi, lo, cl, false), n);
    const spanHl = emaRef(map(cl, (i) => hi[i]! - lo[i]!), n);
    expectSeries(rb!, basis);
    expectSeries(ru!, map(cl, (i) => basis[i]! + 1.5 * span[i]!));
    expectSeries(rw!, map(cl, (i) => (2 * 1.5 * spanHl[i]!) / basis[i]!));
  });

  test("supertrend: Pine's reference algorithm", () => {
    const [st, dir] = plots("[s, d] = ta.supertrend(1, 2)\nplot(s)\nplot(d)", TINY);
    // hl2 = close; tr(true): 2 3 2 4 2 3; atr2 = rma2: bar 1 (2 + 3)/2 = 2.5, bar 2 2.25, bar 3 3.125, bar 4 2.5625
    // bar 1: bands 12 +- 2.5 = 14.5 / 9.5 (previous bands nz -> 0: lower 9.5 > 0 kept; upper kept since close[1] 10 > 0);
    //        atr[1] na -> direction 1, supertrend = upper 14.5
    // bar 2: bands 13.25 / 8.75; lower: 8.75 < 9.5 and close[1] 12 >= 9.5 -> 9.5; upper 13.25 < 14.5 -> 13.25;
    //        previous supertrend was the upper band -> close 11 > 13.25? no -> 1, supertrend 13.25
    // bar 3: bands 17.125 / 10.875; lower 10.875 > 9.5 -> 10.875; upper: 17.125 >= 13.25 and 11 <= 13.25 -> 13.25;
    //        previous was upper -> close 14 > 13.25 -> -1, supertrend = lower 10.875
    // bar 4: bands 15.5625 / 10.4375; lower: 10.4375 < 10.875, close[1] 14 >= 10.875 -> 10.875; upper: close[1] 14 > 13.25 -> 15.5625;
    //        previous was lower -> close 13 < 10.875? no -> -1, supertrend 10.875
    expectValues(st!, { 1: 14.5, 2: 13.25, 3: 10.875, 4: 10.875 });
    expectValues(dir!, { 1: 1, 2: 1, 3: -1, 4: -1 });
    const [rs, rd] = plots("[s, d] = ta.supertrend(3, 10)\nplot(s)\nplot(d)", aapl);
    const atr = rmaRef(trRef(hi, lo, cl, true), 10);
    const s: number[] = [];
    const d: number[] = [];
    const up: number[] = [];
    const dn: number[] = [];
    for (let i = 0; i < cl.length; i++) {
      const src = (hi[i]! + lo[i]!) / 2;
      let u = src + 3 * atr[i]!;
      let l = src - 3 * atr[i]!;
      const pl = i > 0 && !Number.isNaN(dn[i - 1]!) ? dn[i - 1]! : 0;
      const pu = i > 0 && !Number.isNaN(up[i - 1]!) ? up[i - 1]! : 0;
      const pc = i > 0 ? cl[i - 1]! : NaN;
      l = l > pl || pc < pl ? l : pl;
      u = u < pu || pc > pu ? u : pu;
      let di: number;
      if (i === 0 || Number.isNaN(atr[i - 1]!)) di = 1;
      else if (s[i - 1] === pu) di = cl[i]! > u ? -1 : 1;
      else di = cl[i]! < l ? 1 : -1;
      up.push(u);
      dn.push(l);
      d.push(di);
      s.push(di === -1 ? l : u);
    }
    expectSeries(rs!.slice(10), s.slice(10));
    expectSeries(rd!, d);
  });

  test("sar: StockCharts cs-psar (from the first reversal, row 8, where both have left their different starts)", () => {
    const csv = readCsv("cs-psar.csv");
    const [h, l, c] = [column(csv, "High"), column(csv, "Low"), column(csv, "Close")];
    const [s] = plots("plot(ta.sar(0.02, 0.02, 0.2))", barsOf({ close: c, high: h, low: l }));
    const published = column(csv, "psar_up").map((u, i) => (Number.isNaN(u) ? column(csv, "psar_down")[i]! : u));
    // The worksheet opens its first trend on row 2, Pine on bar 1; from row 8 the series agree
    // to the 6-8 decimals published.
    expect(expectClose(s!, published, 5e-7, 8)).toBe(22);
  });

  test("accdist: StockCharts cs-accum (ADLine)", () => {
    const csv = readCsv("cs-accum.csv");
    const bars = barsOf({ close: column(csv, "Close"), high: column(csv, "High"), low: column(csv, "Low"), volume: column(csv, "Volume") });
    const [a] = plots("plot(ta.accdist)", bars);
    // 4 decimals published, accumulated over 30 rows of rounded multipliers: 5e-3
    expect(expectClose(a!, column(csv, "ADLine"), 5e-3)).toBe(30);
  });
});
