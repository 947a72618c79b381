// A sweep's numbers: the grid's combinations, events pooled over instruments against the pooled
// baseline (worked by hand), Holm over the combinations, and the ranking rules of `sort`.
import { gridCombinations, rankRows, SweepAccumulator, type SweepRowData } from "../../src/study/sweep";

describe("grid combinations", () => {
  test("the product of the lists, the last input varying fastest", () => {
    expect(gridCombinations({ a: [1, 2], b: ["x", "y", "z"] })).toEqual([
      { a: 1, b: "x" }, { a: 1, b: "y" }, { a: 1, b: "z" }, { a: 2, b: "x" }, { a: 2, b: "y" }, { a: 2, b: "z" },
    ]);
    expect(gridCombinations({ only: [true] })).toEqual([{ only: true }]);
  });
});

describe("pooled rows", () => {
  // Instrument A closes 100, 110, 99, 108.9 (r at h = 1: 0.1, -0.1, 0.1); B closes 50, 50, 55 (r: 0, 0.1).
  // High and low equal the close (MFE = MAE = r at h = 1).
  const A = { close: [100, 110, 99, 108.9], high: [100, 110, 99, 108.9], low: [100, 110, 99, 108.9] };
  const B = { close: [50, 50, 55], high: [50, 50, 55], low: [50, 50, 55] };

  test("events of a combination on every instrument, against every bar of the same instruments", () => {
    const acc = new SweepAccumulator([1], [{ k: 1 }, { k: 2 }]);
    acc.addInstrument(A);
    acc.addInstrument(B);
    // combination 0: A bars 0 and 2 (r 0.1, 0.1), B bar 1 (r 0.1) -> n 3, mean 0.1, no spread
    acc.addEvents(0, 0, [{ bar: 0, name: "e" }, { bar: 2, name: "e" }]);
    acc.addEvents(0, 1, [{ bar: 1, name: "e" }]);
    // combination 1: A bar 1 (r -0.1), B bar 0 (r 0) and bar 2 (past the window at h = 1, left out)
    acc.addEvents(1, 0, [{ bar: 1, name: "e" }]);
    acc.addEvents(1, 1, [{ bar: 0, name: "e" }, { bar: 2, name: "e" }]);
    const [r0, r1] = acc.rows();
    // baseline r: 0.1, -0.1, 0.1, 0, 0.1 -> mean 0.04, variance (0.0036*3 + 0.0196 + 0.0016)/4 = 0.032/4 = 0.008
    // r0: mean 0.1, variance 0; t = 0.06 / sqrt(0 + 0.008/5) = 0.06 / 0.04 = 1.5
    expect(r0!.events).toBe(3);
    expect(r0!.horizons[0]!.count).toBe(3);
    expect(r0!.horizons[0]!.mean!).toBeCloseTo(0.1, 12);
    expect(r0!.horizons[0]!.t_stat!).toBeCloseTo(1.5, 10);
    expect(r0!.horizons[0]!.abnormal_mean!).toBeCloseTo(0.06, 12);
    // r1: the event at B's last bar counts as an event but not at h = 1
    expect(r1!.events).toBe(3);
    expect(r1!.horizons[0]!.count).toBe(2);
    expect(r1!.horizons[0]!.mean!).toBeCloseTo(-0.05, 12);
    // Holm over the two combinations: the larger p times 1, the smaller times 2 (then the running max)
    const p = [r0!.horizons[0]!.p_value!, r1!.horizons[0]!.p_value!];
    const small = Math.min(...p);
    const large = Math.max(...p);
    const adj = [r0!.horizons[0]!.p_adjusted!, r1!.horizons[0]!.p_adjusted!];
    expect(Math.min(...adj)).toBeCloseTo(Math.min(1, 2 * small), 12);
    expect(Math.max(...adj)).toBeCloseTo(Math.max(Math.min(1, 2 * small), large), 12);
    // mean_ci95 as a study group has it: r0's three returns are all 0.1, so every resample's mean is 0.1
    expect(r0!.horizons[0]!.mean_ci95![0]).toBeCloseTo(0.1, 12);
    expect(r0!.horizons[0]!.mean_ci95![1]).toBeCloseTo(0.1, 12);
  });

  test("events pooled in the instruments' order whatever order their evaluations finish in (mean_ci95 resamples in order, docs/adr/0321)", () => {
    // A's returns at h = 1 (0.1, -0.1, 0.1) then B's (0, 0.1): the bootstrap of [0.1, -0.1, 0.1, 0, 0.1]
    const rowsWhen = (bFirst: boolean): ReturnType<SweepAccumulator["rows"]> => {
      const acc = new SweepAccumulator([1], [{ k: 1 }]);
      expect([acc.addInstrument(A), acc.addInstrument(B)]).toEqual([0, 1]);
      const a = (): void => acc.addEvents(0, 0, [{ bar: 0, name: "e" }, { bar: 1, name: "e" }, { bar: 2, name: "e" }]);
      const b = (): void => acc.addEvents(0, 1, [{ bar: 0, name: "e" }, { bar: 1, name: "e" }]);
      for (const add of bFirst ? [b, a] : [a, b]) add();
      return acc.rows();
    };
    expect(rowsWhen(true)).toEqual(rowsWhen(false));
  });

  test("rows in slices are rows(); stopped at a turn, none", async () => {
    const acc = new SweepAccumulator([1, 2], [{ k: 1 }, { k: 2 }]);
    acc.addInstrument(A);
    acc.addEvents(0, 0, [{ bar: 0, name: "e" }, { bar: 1, name: "e" }]);
    acc.addEvents(1, 0, [{ bar: 1, name: "e" }, { bar: 2, name: "e" }]);
    expect(await acc.rowsInSlices(() => false, 0)).toEqual(acc.rows());
    expect(await acc.rowsInSlices(() => true, 0)).toBeNull();
  });

  test("cooldown per event name", () => {
    const acc = new SweepAccumulator([1], [{}], 2);
    acc.addInstrument(A);
    acc.addEvents(0, 0, [{ bar: 0, name: "e" }, { bar: 1, name: "e" }, { bar: 2, name: "e" }, { bar: 1, name: "f" }]);
    // e at 0 kept, 1 left out (1 bar after), 2 kept; f at 1 kept
    expect(acc.rows()[0]!.events).toBe(3);
  });
});

describe("ranking", () => {
  const row = (k: number, t: number | null, p: number | null): SweepRowData => ({
    inputs: { k }, events: 1,
    horizons: [{ h: 5, count: 1, mean: null, median: null, stdev: null, hit_rate: null, mfe_mean: null, mae_mean: null, t_stat: t, p_value: p, mean_ci95: null, hit_rate_ci95: null, abnormal_mean: null, mfe_median: null, mae_median: null, p_adjusted: p }],
  });
  const rows = [row(1, 1.5, 0.2), row(2, null, null), row(3, 3, 0.01), row(4, 1.5, 0.2)];
  test("statistics descending, p values ascending, nulls last, ties in combination order", () => {
    expect(rankRows(rows, 5, "t_stat").map((r) => [r.rank, r.inputs["k"]])).toEqual([[1, 3], [2, 1], [3, 4], [4, 2]]);
    expect(rankRows(rows, 5, "p_adjusted").map((r) => r.inputs["k"])).toEqual([3, 1, 4, 2]);
  });
});
