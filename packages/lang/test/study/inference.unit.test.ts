// The inferential numbers of a study horizon against published table values, values worked by
// hand (arithmetic in the comments) and independent implementations written here: the t
// distribution's tail by numerical integration of its density, the bootstrap reproduced from
// its documented recipe (mulberry32 with the fixed seed, type 7 quantiles).
import { applyCooldown, computeStudy, type StudyEventInput } from "../../src/study/statistics";
import { BOOTSTRAP_SEED, bootstrapMeanCi, holm, twoSidedP, welchDf, welchP, wilson } from "../../src/study/inference";
import { bootstrapRecipe } from "../../../../test/support/bootstrap-recipe";

/** P(|T| >= |t|) by Simpson's rule over the t density (log-gamma from Stirling's series with a shift). */
function tTailByIntegration(t: number, df: number): number {
  const lgamma = (x: number): number => {
    let shift = 0;
    while (x < 20) {
      shift -= Math.log(x);
      x += 1;
    }
    return shift + (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * x) - 1 / (360 * x ** 3) + 1 / (1260 * x ** 5);
  };
  const c = Math.exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / Math.sqrt(df * Math.PI);
  const density = (x: number): number => c * Math.pow(1 + (x * x) / df, -(df + 1) / 2);
  // P(|T| < |t|) = 2 * integral over [0, |t|]
  const a = Math.abs(t);
  const steps = 20_000;
  const step = a / steps;
  let sum = density(0) + density(a);
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * density(i * step);
  return 1 - 2 * (sum * step) / 3;
}

describe("two-sided p of Student's t", () => {
  test("published critical values (two-sided 5% and 1%)", () => {
    // Student's t table: t(0.975; 10) = 2.228, t(0.975; 20) = 2.086, t(0.995; 10) = 3.169, t(0.975; 1) = 12.706
    expect(twoSidedP(2.228, 10)!).toBeCloseTo(0.05, 3);
    expect(twoSidedP(2.086, 20)!).toBeCloseTo(0.05, 3);
    expect(twoSidedP(3.169, 10)!).toBeCloseTo(0.01, 3);
    expect(twoSidedP(12.706, 1)!).toBeCloseTo(0.05, 3);
    // very many degrees of freedom: the normal's 1.96
    expect(twoSidedP(1.959964, 1e9)!).toBeCloseTo(0.05, 6);
    expect(twoSidedP(0, 7)).toBe(1);
  });

  test("agrees with numerical integration of the density, fractional df included", () => {
    for (const [t, df] of [[0.5, 3], [-1.7, 5.52], [2.5, 12.3], [4, 40], [1.1, 2.2], [-3.3, 150]] as const) {
      expect(twoSidedP(t, df)!).toBeCloseTo(tTailByIntegration(t, df), 8);
    }
  });
});

describe("Welch's test", () => {
  test("worked by hand: a = 1,2,3,4 against b = 2,4,6,8,10", () => {
    // a: n 4, mean 2.5, var (2.25+0.25+0.25+2.25)/3 = 5/3; b: n 5, mean 6, var (16+4+0+4+16)/4 = 10
    // se^2 = (5/3)/4 + 10/5 = 5/12 + 2 = 29/12; t = -3.5 / sqrt(29/12)
    // df = (29/12)^2 / ((5/12)^2/3 + 2^2/4) = (841/144) / (25/432 + 1) = (841/144) / (457/432) = 2523/457
    const a = { n: 4, mean: 2.5, variance: 5 / 3 };
    const b = { n: 5, mean: 6, variance: 10 };
    const t = -3.5 / Math.sqrt(29 / 12);
    expect(welchDf(a, b)!).toBeCloseTo(2523 / 457, 12);
    expect(welchP(t, a, b)!).toBeCloseTo(tTailByIntegration(t, 2523 / 457), 8);
    expect(welchP(null, a, b)).toBeNull();
    expect(welchDf({ n: 1, mean: 1, variance: 0 }, b)).toBeNull();
  });
});

describe("Wilson's interval", () => {
  test("7 of 10 (worked by hand)", () => {
    // z = 1.959964, z^2 = 3.841459; centre = (0.7 + z^2/20) / (1 + z^2/10) = 0.892073/1.384146 = 0.644493
    // half = z/(1.384146) * sqrt(0.021 + z^2/400) = 1.415987 * sqrt(0.030604) = 0.247714
    const [lo, hi] = wilson(7, 10)!;
    expect(lo).toBeCloseTo(0.396779, 5);
    expect(hi).toBeCloseTo(0.892207, 5);
  });
  test("0 of 5 starts at 0, 5 of 5 ends at 1", () => {
    expect(wilson(0, 5)![0]).toBeCloseTo(0, 12);
    expect(wilson(5, 5)![1]).toBeCloseTo(1, 12);
    // 0 of 5: hi = z^2/5 / (1 + z^2/5) = 0.768292/1.768292 = 0.434482
    expect(wilson(0, 5)![1]).toBeCloseTo(0.434482, 5);
  });
});

describe("Holm's step-down", () => {
  test("worked by hand", () => {
    // sorted 0.005 (x4 = 0.02), 0.01 (x3 = 0.03), 0.03 (x2 = 0.06), 0.04 (x1 = 0.04 -> running max 0.06)
    const adj = holm([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, i) => expect(adj[i]!).toBeCloseTo(v, 15));
  });
  test("nulls stay null and do not count; capped at 1; never below p", () => {
    // m = 2: 0.4 x 2 = 0.8, 0.7 x 1 = 0.7 -> 0.8
    expect(holm([null, 0.7, 0.4])).toEqual([null, 0.8, 0.8]);
    expect(holm([0.6, 0.9])).toEqual([1, 1]);
    const ps = [0.2, 0.001, 0.05, 0.5, 0.049];
    holm(ps).forEach((a, i) => expect(a!).toBeGreaterThanOrEqual(ps[i]!));
  });
});

describe("bootstrap interval of the mean", () => {

  test("reproduced with the fixed seed, the same every time, around the mean", () => {
    const xs = [0.01, -0.02, 0.03, 0.005, -0.01, 0.02, 0.04, -0.03, 0.0, 0.015];
    const ci = bootstrapMeanCi(xs)!;
    const again = bootstrapMeanCi(xs)!;
    expect(ci).toEqual(again);
    const [lo, hi] = bootstrapRecipe(xs, 2000, BOOTSTRAP_SEED);
    expect(ci[0]).toBeCloseTo(lo, 15);
    expect(ci[1]).toBeCloseTo(hi, 15);
    const m = xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(ci[0]).toBeLessThan(m);
    expect(ci[1]).toBeGreaterThan(m);
    expect(bootstrapMeanCi([1])).toBeNull();
  });
});

describe("extended study statistics", () => {
  //            bar:   0    1    2    3    4    5
  const close = [100, 110, 88, 110, 110, 121];
  const high = [101, 112, 100, 115, 112, 125];
  const low = [99, 95, 80, 86, 108, 108];
  const ev = (bar: number): StudyEventInput => ({ definition: "me/dip", event: "dip", bar, group: {} });

  test("p_value, abnormal_mean, medians of MFE and MAE at h = 1 (worked by hand)", () => {
    const r = computeStudy({ close, high, low, horizons: [1], events: [ev(0), ev(2), ev(4)] });
    const h = r.groups[0]!.horizons[0]!;
    // events r: 0.1, 0.25, 0.1 -> mean 0.15, var (0.0025+0.01+0.0025)/2 = 0.0075
    // baseline r: 0.1, -0.2, 0.25, 0, 0.1 -> mean 0.05, var 0.0275 (statistics.unit.test.ts)
    // t = 0.1 / sqrt(0.0075/3 + 0.0275/5) = 0.1 / sqrt(0.008); df = 0.008^2 / (0.0025^2/2 + 0.0055^2/4) = 0.000064 / 0.000010688
    const t = 0.1 / Math.sqrt(0.008);
    expect(h.t_stat!).toBeCloseTo(t, 12);
    expect(h.p_value!).toBeCloseTo(tTailByIntegration(t, 0.000064 / (0.0025 ** 2 / 2 + 0.0055 ** 2 / 4)), 8);
    expect(h.abnormal_mean!).toBeCloseTo(0.1, 12);
    // mfe: 112/100-1 = 0.12, 115/88-1 = 0.306818, 125/110-1 = 0.136364 -> median 0.136364
    expect(h.mfe_median!).toBeCloseTo(125 / 110 - 1, 12);
    // mae: 95/100-1 = -0.05, 86/88-1 = -0.022727, 108/110-1 = -0.018182 -> median -0.022727
    expect(h.mae_median!).toBeCloseTo(86 / 88 - 1, 12);
    // hits 3 of 3: Wilson hi 1, lo = 3/(3 + z^2) = 0.438502
    expect(h.hit_rate_ci95![0]).toBeCloseTo(3 / (3 + 1.959963984540054 ** 2), 10);
    expect(h.mean_ci95).not.toBeNull();
    expect(r.baseline.horizons[0]!.p_value).toBeNull();
    expect(r.baseline.horizons[0]!.abnormal_mean).toBeNull();
  });

  test("null below two values", () => {
    const h = computeStudy({ close, high, low, horizons: [1], events: [ev(2)] }).groups[0]!.horizons[0]!;
    expect(h.count).toBe(1);
    for (const k of ["p_value", "mean_ci95", "hit_rate_ci95", "abnormal_mean", "mfe_median", "mae_median"] as const) expect(h[k]).toBeNull();
  });
});

describe("cooldown", () => {
  test("an event closer than N bars after a kept one of the same definition and name is left out", () => {
    const e = (bar: number, event = "a", definition = "me/x") => ({ definition, event, bar });
    // cooldown 3: 0 kept, 1 and 2 out (< 3 after 0), 3 kept, 5 out, 6 kept; "b" at 1 kept (another name)
    const kept = applyCooldown([e(0), e(1), e(2), e(3), e(5), e(6), e(1, "b")], 3);
    expect(kept.map((k) => `${k.event}${k.bar}`)).toEqual(["a0", "a3", "a6", "b1"]);
    expect(applyCooldown([e(0), e(1)], 0)).toHaveLength(2);
  });
});
