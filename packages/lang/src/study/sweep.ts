// The numbers of a sweep (docs/adr/0056-sweeps.md): per combination of inputs, the study
// measures of all its events on every instrument pooled, against the baseline of every window
// bar of the same instruments; p_value per row, then p_adjusted by Holm over all combinations at
// each horizon. The same functions as a study's (./statistics.ts), so a sweep's row over one
// instrument equals the study of the same definition and inputs.
import { holm } from "./inference";
import { applyCooldown, baselineMeasured, emptyMeasured, horizonStats, measureInto, sampleOf, type HorizonStats, type Measured } from "./statistics";

export type SweepValue = string | number | boolean;

/** Every combination of the grid: the product of its lists, the last input varying fastest. */
export function gridCombinations(grid: Record<string, readonly SweepValue[]>): Array<Record<string, SweepValue>> {
  let out: Array<Record<string, SweepValue>> = [{}];
  for (const [name, values] of Object.entries(grid)) {
    const next: Array<Record<string, SweepValue>> = [];
    for (const c of out) for (const v of values) next.push({ ...c, [name]: v });
    out = next;
  }
  return out;
}

/** A row's horizon: every field of a study group's horizon (mean_ci95 included, docs/adr/0055), and Holm's p_adjusted. */
export type SweepHorizon = HorizonStats & {
  p_adjusted: number | null;
};

export interface SweepRowData {
  inputs: Record<string, SweepValue>;
  /** Events of the combination on every instrument (after the event filter and cooldown). */
  events: number;
  horizons: SweepHorizon[];
}

/** One instrument's window columns (no warmup). */
export interface WindowColumns {
  close: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
}

/**
 * Pools each combination's events over the instruments, then gives the rows (combination order).
 * Evaluations finish in any order, so each (combination, instrument)'s kept events wait here and
 * are measured at the rows in the instruments' order, each in bar order: mean_ci95 resamples the
 * returns in order, and the same sweep gives the same interval (docs/adr/0321).
 */
export class SweepAccumulator {
  private readonly baseline: Measured[];
  private readonly windows: WindowColumns[] = [];
  /** Kept event bars per combination, then per instrument (by addInstrument's order). */
  private readonly kept: number[][][];
  private readonly events: number[];

  constructor(
    readonly horizons: readonly number[],
    private readonly combinations: ReadonlyArray<Record<string, SweepValue>>,
    private readonly cooldown = 0,
  ) {
    this.baseline = horizons.map(emptyMeasured);
    this.kept = combinations.map(() => []);
    this.events = combinations.map(() => 0);
  }

  /** Every window bar of one instrument into the baseline (once per instrument, in the request's order); its index. */
  addInstrument(w: WindowColumns): number {
    baselineMeasured(w.close, w.high, w.low, this.horizons, this.baseline);
    return this.windows.push(w) - 1;
  }

  /** The events (window bar index and name) of one combination on the instrument of that index. */
  addEvents(combination: number, instrument: number, events: ReadonlyArray<{ bar: number; name: string }>): void {
    const kept = applyCooldown(events.map((e) => ({ definition: "", event: e.name, bar: e.bar })), this.cooldown);
    this.events[combination]! += kept.length;
    this.kept[combination]![instrument] = kept.map((e) => e.bar);
  }

  /** A combination's measures at the horizon of index j: its instruments in order, each one's events in bar order. */
  private measuredAt(combination: number, j: number): Measured {
    const into = emptyMeasured();
    const h = this.horizons[j]!;
    const byInstrument = this.kept[combination]!;
    this.windows.forEach((w, i) => {
      for (const bar of byInstrument[i] ?? []) measureInto(into, w.close, w.high, w.low, bar, h);
    });
    return into;
  }

  rows(): SweepRowData[] {
    const base = this.baseline.map(sampleOf);
    return this.assemble(this.combinations.map((_, c) => this.horizons.map((h, j) => horizonStats(h, this.measuredAt(c, j), base[j]!))));
  }

  /**
   * rows(), the event loop given a turn after every `sliceMs` of work: each horizon's measures and
   * bootstrap (2,000 draws per event, docs/adr/0055, addendum) are one step, so a worker's job lock,
   * cancels and time limit keep running meanwhile. Null as soon as `stopped()` is true at a turn.
   */
  async rowsInSlices(stopped: () => boolean, sliceMs = 50): Promise<SweepRowData[] | null> {
    const base = this.baseline.map(sampleOf);
    const stats: HorizonStats[][] = [];
    let since = Date.now();
    for (let c = 0; c < this.combinations.length; c++) {
      const row: HorizonStats[] = [];
      for (let j = 0; j < this.horizons.length; j++) {
        if (Date.now() - since >= sliceMs) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (stopped()) return null;
          since = Date.now();
        }
        row.push(horizonStats(this.horizons[j]!, this.measuredAt(c, j), base[j]!));
      }
      stats.push(row);
    }
    return this.assemble(stats);
  }

  /** The rows from every combination's horizon statistics, with Holm's p_adjusted over the combinations. */
  private assemble(stats: HorizonStats[][]): SweepRowData[] {
    const adjusted = this.horizons.map((_, j) => holm(stats.map((s) => s[j]!.p_value)));
    return this.combinations.map((inputs, i) => ({
      inputs,
      events: this.events[i]!,
      horizons: stats[i]!.map((s, j) => ({ ...s, p_adjusted: adjusted[j]![i]! })),
    }));
  }
}

/** The statistics a sort may name: the numbers of a horizon (not its h nor its intervals). */
export type SweepStat = keyof Omit<SweepHorizon, "h" | "mean_ci95" | "hit_rate_ci95">;
export const SWEEP_STATS: readonly SweepStat[] = ["count", "mean", "median", "stdev", "hit_rate", "mfe_mean", "mae_mean", "t_stat", "p_value", "p_adjusted", "abnormal_mean", "mfe_median", "mae_median"];

/** Rows kept before sweeps gave mean_ci95 (docs/adr/0055, addendum; kept 7 days) answer it as null. */
function withInterval(r: SweepRowData): SweepRowData {
  return r.horizons.every((h) => "mean_ci95" in h) ? r : { ...r, horizons: r.horizons.map((h) => ({ ...h, mean_ci95: h.mean_ci95 ?? null })) };
}

/**
 * The rows ranked by one horizon's statistic: p values ascending (smaller is stronger), every
 * other statistic descending; nulls last; ties in combination order. Ranks from 1.
 */
export function rankRows(rows: readonly SweepRowData[], h: number, stat: SweepStat): Array<SweepRowData & { rank: number }> {
  const ascending = stat === "p_value" || stat === "p_adjusted";
  const value = (r: SweepRowData): number | null => {
    const v = r.horizons.find((x) => x.h === h)?.[stat];
    return typeof v === "number" ? v : null;
  };
  return rows
    .map((r, i) => ({ r: withInterval(r), i, v: value(r) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === null && b.v === null ? a.i - b.i : a.v === null ? 1 : -1;
      return (ascending ? a.v - b.v : b.v - a.v) || a.i - b.i;
    })
    .map(({ r }, k) => ({ rank: k + 1, ...r }));
}
