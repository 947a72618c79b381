// The study numbers, checked against values worked out by hand (arithmetic in the comments) on a
// six-bar series, and against a second, deliberately plain implementation written here (not the
// module's helpers) on random series.
import { computeStudy, forwardMeasures, median, welchT, type HorizonStats, type StudyEventInput, type StudyResult } from "../../src/study/statistics";

//            bar:   0    1    2    3    4    5
const close = [100, 110, 88, 110, 110, 121];
const high = [101, 112, 100, 115, 112, 125];
const low = [99, 95, 80, 86, 108, 108];

const ev = (bar: number, group: StudyEventInput["group"] = {}, event = "dip", definition = "me/dip"): StudyEventInput => ({ definition, event, bar, group });

function close9(actual: number | null, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else {
    expect(actual).not.toBeNull();
    expect(actual!).toBeCloseTo(expected, 12);
  }
}

/** The descriptive fields (the inferential ones are checked in inference.unit.test.ts). */
type Descriptive = Omit<HorizonStats, "p_value" | "mean_ci95" | "hit_rate_ci95" | "abnormal_mean" | "mfe_median" | "mae_median">;

/** The study object with its descriptive fields only. */
interface PlainStudy {
  horizons: number[];
  groups: Array<Omit<StudyResult["groups"][number], "horizons"> & { horizons: Descriptive[] }>;
  baseline: { count: number; horizons: Descriptive[] };
  events_used: number;
}

function expectStats(actual: HorizonStats, expected: Descriptive): void {
  expect(actual.h).toBe(expected.h);
  expect(actual.count).toBe(expected.count);
  for (const k of ["mean", "median", "stdev", "hit_rate", "mfe_mean", "mae_mean", "t_stat"] as const) close9(actual[k], expected[k]);
}

describe("study statistics worked out by hand", () => {
  // Events of one definition/event at bars 0, 2, 4 and 5 (bar 5 is the window's last bar).
  const result = computeStudy({ close, high, low, horizons: [1, 2], events: [ev(0), ev(2), ev(4), ev(5)] });

  test("baseline: every window bar as an event", () => {
    // h = 1, t = 0..4 (t = 5 has no bar 6):
    //   r = 110/100-1 = 0.1, 88/110-1 = -0.2, 110/88-1 = 0.25, 110/110-1 = 0, 121/110-1 = 0.1
    //   mean = 0.25/5 = 0.05; sorted -0.2, 0, 0.1, 0.1, 0.25 -> median 0.1; hits 0.1, 0.25, 0.1 -> 3/5
    //   deviations 0.05, -0.25, 0.2, -0.05, 0.05; squares sum 0.0025+0.0625+0.04+0.0025+0.0025 = 0.11
    //   variance 0.11/4 = 0.0275
    //   mfe = high[t+1]/close[t]-1: 112/100-1 = 0.12, 100/110-1, 115/88-1, 112/110-1, 125/110-1
    //   mae = low[t+1]/close[t]-1:   95/100-1 = -0.05, 80/110-1, 86/88-1, 108/110-1, 108/110-1
    expect(result.baseline.count).toBe(6);
    expectStats(result.baseline.horizons[0]!, {
      h: 1, count: 5, mean: 0.05, median: 0.1, stdev: Math.sqrt(0.0275), hit_rate: 0.6,
      mfe_mean: (0.12 + (100 / 110 - 1) + (115 / 88 - 1) + (112 / 110 - 1) + (125 / 110 - 1)) / 5,
      mae_mean: (-0.05 + (80 / 110 - 1) + (86 / 88 - 1) + (108 / 110 - 1) + (108 / 110 - 1)) / 5,
      t_stat: null,
    });
    // h = 2, t = 0..3: r = 88/100-1 = -0.12, 110/110-1 = 0, 110/88-1 = 0.25, 121/110-1 = 0.1
    //   mean 0.23/4 = 0.0575; sorted -0.12, 0, 0.1, 0.25 -> median (0+0.1)/2 = 0.05; hits 2/4
    //   deviations -0.1775, -0.0575, 0.1925, 0.0425; squares 0.03150625+0.00330625+0.03705625+0.00180625 = 0.073675
    //   variance 0.073675/3
    //   mfe: max(112,100)/100-1 = 0.12, max(100,115)/110-1, max(115,112)/88-1, max(112,125)/110-1
    //   mae: min(95,80)/100-1 = -0.2, min(80,86)/110-1, min(86,108)/88-1, min(108,108)/110-1
    expectStats(result.baseline.horizons[1]!, {
      h: 2, count: 4, mean: 0.0575, median: 0.05, stdev: Math.sqrt(0.073675 / 3), hit_rate: 0.5,
      mfe_mean: (0.12 + (115 / 110 - 1) + (115 / 88 - 1) + (125 / 110 - 1)) / 4,
      mae_mean: (-0.2 + (80 / 110 - 1) + (86 / 88 - 1) + (108 / 110 - 1)) / 4,
      t_stat: null,
    });
  });

  test("events, with one near the window's end left out of a horizon and one left out of all", () => {
    expect(result.groups).toHaveLength(1);
    const g = result.groups[0]!;
    expect(g).toMatchObject({ definition: "me/dip", event: "dip", group: {}, count: 4 });
    // h = 1: bars 0, 2, 4 (bar 5 has no bar 6): r = 0.1, 0.25, 0.1
    //   mean 0.45/3 = 0.15; median 0.1; deviations -0.05, 0.1, -0.05 -> ss 0.015, variance 0.015/2 = 0.0075
    //   mfe 112/100-1 = 0.12, 115/88-1, 125/110-1; mae 95/100-1 = -0.05, 86/88-1, 108/110-1
    //   Welch: se = sqrt(0.0075/3 + 0.0275/5) = sqrt(0.0025 + 0.0055) = sqrt(0.008)
    //          t = (0.15 - 0.05) / sqrt(0.008) = 0.1 / 0.0894427191 = 1.118033989 (= sqrt(5)/2)
    expectStats(g.horizons[0]!, {
      h: 1, count: 3, mean: 0.15, median: 0.1, stdev: Math.sqrt(0.0075), hit_rate: 1,
      mfe_mean: (0.12 + (115 / 88 - 1) + (125 / 110 - 1)) / 3,
      mae_mean: (-0.05 + (86 / 88 - 1) + (108 / 110 - 1)) / 3,
      t_stat: 1.118033988749895,
    });
    expect(g.horizons[0]!.t_stat).toBeCloseTo(Math.sqrt(5) / 2, 12);
    // h = 2: bars 0 and 2 (bar 4 + 2 = 6 is past the last bar 5): r = -0.12, 0.25
    //   mean 0.13/2 = 0.065; even count: median (-0.12 + 0.25)/2 = 0.065
    //   deviations -0.185, 0.185 -> ss 2 * 0.034225 = 0.06845, variance 0.06845/1
    //   mfe 0.12, max(115,112)/88-1; mae min(95,80)/100-1 = -0.2, min(86,108)/88-1
    //   Welch: se = sqrt(0.06845/2 + (0.073675/3)/4) = sqrt(0.034225 + 0.00613958333) = 0.2009093
    //          t = (0.065 - 0.0575)/se = 0.0075/0.2009093 = 0.0373303
    expectStats(g.horizons[1]!, {
      h: 2, count: 2, mean: 0.065, median: 0.065, stdev: Math.sqrt(0.06845), hit_rate: 0.5,
      mfe_mean: (0.12 + (115 / 88 - 1)) / 2,
      mae_mean: (-0.2 + (86 / 88 - 1)) / 2,
      t_stat: 0.0075 / Math.sqrt(0.034225 + 0.073675 / 12),
    });
    expect(g.horizons[1]!.t_stat).toBeCloseTo(0.0373303, 6);
    // Bar 5 entered no statistic: 3 events used.
    expect(result.events_used).toBe(3);
    expect(result.horizons).toEqual([1, 2]);
  });

  test("count 0, 1 and 2", () => {
    // Only bar 5: in the group's count, in no horizon.
    const none = computeStudy({ close, high, low, horizons: [1, 2], events: [ev(5)] }).groups[0]!;
    expect(none.count).toBe(1);
    for (const h of none.horizons) expect(h).toEqual({ h: h.h, count: 0, mean: null, median: null, stdev: null, hit_rate: null, mfe_mean: null, mae_mean: null, t_stat: null, p_value: null, mean_ci95: null, hit_rate_ci95: null, abnormal_mean: null, mfe_median: null, mae_median: null });
    // One event (bar 1, h = 1): r = 88/110-1 = -0.2; stdev and t_stat null below two values.
    const one = computeStudy({ close, high, low, horizons: [1], events: [ev(1)] }).groups[0]!.horizons[0]!;
    expectStats(one, { h: 1, count: 1, mean: -0.2, median: -0.2, stdev: null, hit_rate: 0, mfe_mean: 100 / 110 - 1, mae_mean: 80 / 110 - 1, t_stat: null });
    // Two events (bars 1, 3 at h = 1): r = -0.2, 0; mean -0.1, median -0.1, variance (0.01+0.01)/1 = 0.02
    //   t = (-0.1 - 0.05) / sqrt(0.02/2 + 0.0275/5) = -0.15 / sqrt(0.0155)
    const two = computeStudy({ close, high, low, horizons: [1], events: [ev(1), ev(3)] }).groups[0]!.horizons[0]!;
    expectStats(two, { h: 1, count: 2, mean: -0.1, median: -0.1, stdev: Math.sqrt(0.02), hit_rate: 0, mfe_mean: ((100 / 110 - 1) + (112 / 110 - 1)) / 2, mae_mean: ((80 / 110 - 1) + (108 / 110 - 1)) / 2, t_stat: -0.15 / Math.sqrt(0.0155) });
  });

  test("overlapping events all count; events outside the window are ignored", () => {
    // Bars 0 and 1 at h = 2 share bar 2: both count. r = 88/100-1 = -0.12 and 110/110-1 = 0.
    const r = computeStudy({ close, high, low, horizons: [2], events: [ev(0), ev(1), ev(-1), ev(6)] });
    const g = r.groups[0]!;
    expect(g.count).toBe(2);
    expectStats(g.horizons[0]!, {
      h: 2, count: 2, mean: -0.06, median: -0.06, stdev: Math.sqrt(2 * 0.06 * 0.06), hit_rate: 0,
      mfe_mean: (0.12 + (115 / 110 - 1)) / 2, mae_mean: (-0.2 + (80 / 110 - 1)) / 2,
      t_stat: (-0.06 - 0.0575) / Math.sqrt(0.0072 / 2 + 0.073675 / 12),
    });
    expect(r.events_used).toBe(2);
  });

  test("two group() values split every statistic; several definitions and events", () => {
    const r = computeStudy({
      close, high, low, horizons: [1],
      order: [{ definition: "me/dip", events: ["dip", "rip"] }, { definition: "core/x", events: ["bull"] }],
      events: [
        ev(0, { trend: "up", vol: "high" }),
        ev(1, { trend: "down", vol: "high" }, "bull", "core/x"),
        ev(2, { trend: "up", vol: "high" }),
        ev(3, { trend: "up", vol: "low" }),
        ev(3, { trend: "up", vol: "low" }, "rip"),
        ev(4, { trend: "down", vol: null }),
      ],
    });
    expect(r.groups.map((g) => [g.definition, g.event, g.group, g.count])).toEqual([
      ["me/dip", "dip", { trend: "up", vol: "high" }, 2],
      ["me/dip", "dip", { trend: "up", vol: "low" }, 1],
      ["me/dip", "dip", { trend: "down", vol: null }, 1],
      ["me/dip", "rip", { trend: "up", vol: "low" }, 1],
      ["core/x", "bull", { trend: "down", vol: "high" }, 1],
    ]);
    // up/high: bars 0 and 2: r = 0.1, 0.25 -> mean 0.175, variance 2*0.075^2/1 = 0.01125
    //   t = (0.175 - 0.05)/sqrt(0.01125/2 + 0.0055) = 0.125/sqrt(0.011125)
    expectStats(r.groups[0]!.horizons[0]!, {
      h: 1, count: 2, mean: 0.175, median: 0.175, stdev: Math.sqrt(0.01125), hit_rate: 1,
      mfe_mean: (0.12 + (115 / 88 - 1)) / 2, mae_mean: (-0.05 + (86 / 88 - 1)) / 2, t_stat: 0.125 / Math.sqrt(0.011125),
    });
    // bar 3 twice (two event names) is two events; every event used (bars 0..4 all have bar t+1).
    expect(r.events_used).toBe(6);
  });

  test("helpers: even median, Welch t, measures at the end", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([])).toBeNull();
    // t = (2 - 1) / sqrt(1/4 + 4/16) = 1 / sqrt(0.5)
    expect(welchT({ n: 4, mean: 2, variance: 1 }, { n: 16, mean: 1, variance: 4 })).toBeCloseTo(1 / Math.sqrt(0.5), 14);
    expect(welchT({ n: 1, mean: 2, variance: 0 }, { n: 16, mean: 1, variance: 4 })).toBeNull();
    expect(welchT({ n: 3, mean: 2, variance: 0 }, { n: 3, mean: 1, variance: 0 })).toBeNull();
    expect(forwardMeasures(close, high, low, 4, 1)).not.toBeNull();
    expect(forwardMeasures(close, high, low, 4, 2)).toBeNull();
    expect(forwardMeasures(close, high, low, 5, 1)).toBeNull();
  });

  test("empty window and no events", () => {
    const r = computeStudy({ close: [], high: [], low: [], horizons: [1], events: [ev(0)] });
    expect(r).toEqual({ horizons: [1], groups: [], baseline: { count: 0, horizons: [{ h: 1, count: 0, mean: null, median: null, stdev: null, hit_rate: null, mfe_mean: null, mae_mean: null, t_stat: null, p_value: null, mean_ci95: null, hit_rate_ci95: null, abnormal_mean: null, mfe_median: null, mae_median: null }] }, events_used: 0 });
  });
});

// ---- an independent, straightforward implementation -------------------------------------------

function plainStudy(c: number[], hi: number[], lo: number[], horizons: number[], events: StudyEventInput[]): PlainStudy {
  const n = c.length;
  const measure = (bars: number[], h: number): { r: number[]; mfe: number[]; mae: number[] } => {
    const out = { r: [] as number[], mfe: [] as number[], mae: [] as number[] };
    for (const t of bars) {
      if (t + h >= n) continue;
      out.r.push(c[t + h]! / c[t]! - 1);
      out.mfe.push(Math.max(...hi.slice(t + 1, t + h + 1)) / c[t]! - 1);
      out.mae.push(Math.min(...lo.slice(t + 1, t + h + 1)) / c[t]! - 1);
    }
    return out;
  };
  const avg = (xs: number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
  const sd = (xs: number[]): number | null => {
    if (xs.length < 2) return null;
    const m = avg(xs)!;
    return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
  };
  const med = (xs: number[]): number | null => {
    if (!xs.length) return null;
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
  };
  const all = Array.from({ length: n }, (_, t) => t);
  const stats = (bars: number[], h: number, baseline: boolean): Descriptive => {
    const m = measure(bars, h);
    const b = measure(all, h);
    const sa = sd(m.r);
    const sb = sd(b.r);
    return {
      h, count: m.r.length, mean: avg(m.r), median: med(m.r), stdev: sa,
      hit_rate: m.r.length ? m.r.filter((x) => x > 0).length / m.r.length : null,
      mfe_mean: avg(m.mfe), mae_mean: avg(m.mae),
      t_stat: baseline || sa === null || sb === null ? null : (avg(m.r)! - avg(b.r)!) / Math.sqrt(sa ** 2 / m.r.length + sb ** 2 / b.r.length),
    };
  };
  const keys: string[] = [];
  const byKey = new Map<string, StudyEventInput[]>();
  for (const e of events) {
    const k = JSON.stringify([e.definition, e.event, e.group]);
    if (!byKey.has(k)) {
      byKey.set(k, []);
      keys.push(k);
    }
    byKey.get(k)!.push(e);
  }
  const minH = Math.min(...horizons);
  return {
    horizons,
    groups: keys.map((k) => {
      const es = byKey.get(k)!;
      return { definition: es[0]!.definition, event: es[0]!.event, group: es[0]!.group, count: es.length, horizons: horizons.map((h) => stats(es.map((e) => e.bar), h, false)) };
    }),
    baseline: { count: n, horizons: horizons.map((h) => stats(all, h, true)) },
    events_used: events.filter((e) => e.bar + minH < n).length,
  };
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

describe("study statistics against a plain implementation on random series", () => {
  test.each([1, 2, 3, 4, 5])("seed %i", (seed) => {
    const rand = rng(seed);
    const n = 200 + Math.floor(rand() * 300);
    const c: number[] = [];
    const hi: number[] = [];
    const lo: number[] = [];
    let p = 100;
    for (let i = 0; i < n; i++) {
      p *= 1 + (rand() - 0.5) * 0.04;
      c.push(p);
      hi.push(p * (1 + rand() * 0.02));
      lo.push(p * (1 - rand() * 0.02));
    }
    const horizons = [1, 3, 10, 40];
    const events: StudyEventInput[] = [];
    for (let t = 0; t < n; t++) {
      if (rand() < 0.15) events.push({ definition: "a/x", event: rand() < 0.5 ? "up" : "down", bar: t, group: { trend: rand() < 0.5 ? "up" : "down", vol: rand() < 0.3 ? 1 : 2 } });
      if (rand() < 0.05) events.push({ definition: "b/y", event: "alert", bar: t, group: { trend: "up", vol: 1 } });
    }
    // Events at the very end exercise the left-out horizons.
    events.push({ definition: "a/x", event: "up", bar: n - 1, group: { trend: "up", vol: 1 } }, { definition: "a/x", event: "up", bar: n - 5, group: { trend: "up", vol: 1 } });
    const got = computeStudy({ close: Float64Array.from(c), high: Float64Array.from(hi), low: Float64Array.from(lo), horizons, events });
    const want = plainStudy(c, hi, lo, horizons, events);
    expect(got.events_used).toBe(want.events_used);
    expect(got.baseline.count).toBe(want.baseline.count);
    got.baseline.horizons.forEach((h, j) => expectStats(h, want.baseline.horizons[j]!));
    const wanted = new Map(want.groups.map((g) => [JSON.stringify([g.definition, g.event, g.group]), g]));
    expect(got.groups).toHaveLength(want.groups.length);
    for (const g of got.groups) {
      const w = wanted.get(JSON.stringify([g.definition, g.event, g.group]))!;
      expect(w).toBeDefined();
      expect(g.count).toBe(w.count);
      g.horizons.forEach((h, j) => expectStats(h, w.horizons[j]!));
    }
  });
});
