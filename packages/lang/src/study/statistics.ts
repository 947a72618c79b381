// The numbers of an event study (docs/reference/language.md, "Studies"). Pure: window
// columns and events in, the `study` object out. No I/O, no evaluation.
//
// For an event at window bar t and a horizon h (t + h must be a window bar):
//   r   = close[t+h] / close[t] - 1
//   mfe = max(high[t+1..t+h]) / close[t] - 1
//   mae = min(low[t+1..t+h]) / close[t] - 1
// Per (definition, event name, group) and horizon: count, mean, median (mean of the two middle
// values for an even count), stdev (sample, n - 1), hit_rate (share of r > 0), mfe_mean,
// mae_mean and t_stat, Welch's t of the events' r against the baseline's r:
//   t = (mean_e - mean_b) / sqrt(s_e^2 / n_e + s_b^2 / n_b)
// The baseline is every window bar taken as an event; its t_stat is null.
// Each horizon also carries p_value, mean_ci95, hit_rate_ci95, abnormal_mean, mfe_median and
// mae_median (./inference.ts; all null below two values; docs/adr/0055-study-inference.md).

import { bootstrapMeanCi, welchP, wilson } from "./inference";

export type GroupValue = string | number | boolean | null;

export interface StudyEventInput {
  /** "owner/slug" of the definition. */
  definition: string;
  /** The event's name (its alertcondition title). */
  event: string;
  /** Index of the event's bar in the window columns (0 = the window's first bar). */
  bar: number;
  /** The group() values at the event's bar, in call order; `{}` without group(). */
  group: Record<string, GroupValue>;
}

export interface StudyInput {
  /** Window bars only (no warmup): close, high and low at each bar. */
  close: ArrayLike<number>;
  high: ArrayLike<number>;
  low: ArrayLike<number>;
  horizons: number[];
  events: StudyEventInput[];
  /** Order of the groups in the result: definitions, then their event names (first seen otherwise). */
  order?: Array<{ definition: string; events: string[] }>;
}

export interface HorizonStats {
  h: number;
  count: number;
  mean: number | null;
  median: number | null;
  stdev: number | null;
  hit_rate: number | null;
  mfe_mean: number | null;
  mae_mean: number | null;
  t_stat: number | null;
  /** Two-sided p of Welch's t against the baseline (Welch-Satterthwaite df). */
  p_value: number | null;
  /** Percentile bootstrap 95% interval of the mean. */
  mean_ci95: [number, number] | null;
  /** Wilson 95% interval of the hit rate. */
  hit_rate_ci95: [number, number] | null;
  /** mean minus the baseline's mean. */
  abnormal_mean: number | null;
  mfe_median: number | null;
  mae_median: number | null;
}

export interface StudyGroup {
  definition: string;
  event: string;
  group: Record<string, GroupValue>;
  /** All the group's events, whatever their horizons. */
  count: number;
  horizons: HorizonStats[];
}

export interface StudyResult {
  horizons: number[];
  groups: StudyGroup[];
  baseline: { count: number; horizons: HorizonStats[] };
  events_used: number;
}

/** The three measures of one event at one horizon; null when t + h is past the window or a price is missing. */
export function forwardMeasures(close: ArrayLike<number>, high: ArrayLike<number>, low: ArrayLike<number>, t: number, h: number): { r: number; mfe: number; mae: number } | null {
  const n = close.length;
  if (!(h >= 1) || t < 0 || t + h > n - 1) return null;
  const c0 = close[t]!;
  let hi = -Infinity;
  let lo = Infinity;
  for (let k = t + 1; k <= t + h; k++) {
    const a = high[k]!;
    const b = low[k]!;
    if (a > hi) hi = a;
    if (b < lo) lo = b;
  }
  const r = close[t + h]! / c0 - 1;
  const mfe = hi / c0 - 1;
  const mae = lo / c0 - 1;
  if (!Number.isFinite(r) || !Number.isFinite(mfe) || !Number.isFinite(mae)) return null;
  return { r, mfe, mae };
}

export function mean(xs: ArrayLike<number>): number | null {
  if (xs.length === 0) return null;
  let s = 0;
  for (let k = 0; k < xs.length; k++) s += xs[k]!;
  return s / xs.length;
}

/** Middle value; for an even count the mean of the two middle values. */
export function median(xs: ArrayLike<number>): number | null {
  const n = xs.length;
  if (n === 0) return null;
  const s = Float64Array.from(xs).sort();
  const m = n >> 1;
  return n % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Sample variance (n - 1); null below two values. Two passes (mean, then squared deviations). */
export function sampleVariance(xs: ArrayLike<number>): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const m = mean(xs)!;
  let ss = 0;
  for (let k = 0; k < n; k++) {
    const d = xs[k]! - m;
    ss += d * d;
  }
  return ss / (n - 1);
}

export interface Sample {
  n: number;
  mean: number;
  /** Sample variance (n - 1). */
  variance: number;
}

/**
 * Welch's t statistic of sample a against sample b:
 *   t = (mean_a - mean_b) / sqrt(var_a / n_a + var_b / n_b)
 * Null when either has fewer than two values or the standard error is 0 (t undefined).
 */
export function welchT(a: Sample, b: Sample): number | null {
  if (a.n < 2 || b.n < 2) return null;
  const se = Math.sqrt(a.variance / a.n + b.variance / b.n);
  if (!(se > 0)) return null;
  const t = (a.mean - b.mean) / se;
  return Number.isFinite(t) ? t : null;
}

/** The forward measures of a set of events at one horizon. */
export interface Measured {
  r: number[];
  mfe: number[];
  mae: number[];
}

export function emptyMeasured(): Measured {
  return { r: [], mfe: [], mae: [] };
}

/** Adds the measures of the event at window bar t (nothing when t + h is past the window). */
export function measureInto(into: Measured, close: ArrayLike<number>, high: ArrayLike<number>, low: ArrayLike<number>, t: number, h: number): boolean {
  const f = forwardMeasures(close, high, low, t, h);
  if (!f) return false;
  into.r.push(f.r);
  into.mfe.push(f.mfe);
  into.mae.push(f.mae);
  return true;
}

/** The baseline's measures at each horizon: every window bar taken as an event. */
export function baselineMeasured(close: ArrayLike<number>, high: ArrayLike<number>, low: ArrayLike<number>, horizons: readonly number[], into?: Measured[]): Measured[] {
  const base = into ?? horizons.map(emptyMeasured);
  for (let t = 0; t < close.length; t++) for (let j = 0; j < horizons.length; j++) measureInto(base[j]!, close, high, low, t, horizons[j]!);
  return base;
}

/** The numbers of one horizon of a set of events against the baseline's sample (null: this is the baseline). */
export function horizonStats(h: number, m: Measured, baseline: Sample | null): HorizonStats {
  const n = m.r.length;
  const mu = mean(m.r);
  const variance = sampleVariance(m.r);
  let hits = 0;
  for (const x of m.r) if (x > 0) hits++;
  const own = mu !== null && variance !== null ? { n, mean: mu, variance } : null;
  const t = baseline && own ? welchT(own, baseline) : null;
  const two = n >= 2;
  return {
    h,
    count: n,
    mean: mu,
    median: median(m.r),
    stdev: variance === null ? null : Math.sqrt(variance),
    hit_rate: n === 0 ? null : hits / n,
    mfe_mean: mean(m.mfe),
    mae_mean: mean(m.mae),
    t_stat: t,
    p_value: baseline && own ? welchP(t, own, baseline) : null,
    mean_ci95: two ? bootstrapMeanCi(m.r) : null,
    hit_rate_ci95: two ? wilson(hits, n) : null,
    abnormal_mean: two && baseline && mu !== null ? mu - baseline.mean : null,
    mfe_median: two ? median(m.mfe) : null,
    mae_median: two ? median(m.mae) : null,
  };
}

/** The moments of a set's returns (null below two values). */
export function sampleOf(m: Measured): Sample | null {
  const mu = mean(m.r);
  const variance = sampleVariance(m.r);
  return mu === null || variance === null ? null : { n: m.r.length, mean: mu, variance };
}

function groupKey(definition: string, event: string, group: Record<string, GroupValue>): string {
  const names = Object.keys(group).sort();
  return JSON.stringify([definition, event, names.map((k) => [k, group[k]])]);
}

export function computeStudy(input: StudyInput): StudyResult {
  const { close, high, low } = input;
  const n = close.length;
  const horizons = input.horizons;

  // Baseline: every window bar as an event.
  const base = baselineMeasured(close, high, low, horizons);
  const baseSamples = base.map(sampleOf);

  // Events by (definition, event, group), in a stable order.
  interface Bucket {
    definition: string;
    event: string;
    group: Record<string, GroupValue>;
    count: number;
    measured: Measured[];
    rank: number;
    seen: number;
  }
  const rankOf = new Map<string, number>();
  (input.order ?? []).forEach((d, i) => d.events.forEach((e, k) => rankOf.set(JSON.stringify([d.definition, e]), i * 10_000 + k)));
  const buckets = new Map<string, Bucket>();
  // Overlapping events all count, and so do two events of one bar (two alert() calls).
  const used = new Set<number>();
  for (let id = 0; id < input.events.length; id++) {
    const e = input.events[id]!;
    if (!(e.bar >= 0 && e.bar < n) || !Number.isInteger(e.bar)) continue;
    const key = groupKey(e.definition, e.event, e.group);
    let b = buckets.get(key);
    if (!b) {
      b = {
        definition: e.definition,
        event: e.event,
        group: { ...e.group },
        count: 0,
        measured: horizons.map(emptyMeasured),
        rank: rankOf.get(JSON.stringify([e.definition, e.event])) ?? Number.MAX_SAFE_INTEGER,
        seen: buckets.size,
      };
      buckets.set(key, b);
    }
    b.count++;
    for (let j = 0; j < horizons.length; j++) {
      if (measureInto(b.measured[j]!, close, high, low, e.bar, horizons[j]!)) used.add(id);
    }
  }
  const ordered = [...buckets.values()].sort((a, b) => a.rank - b.rank || a.seen - b.seen);
  return {
    horizons: [...horizons],
    groups: ordered.map((b) => ({
      definition: b.definition,
      event: b.event,
      group: b.group,
      count: b.count,
      horizons: horizons.map((h, j) => horizonStats(h, b.measured[j]!, baseSamples[j]!)),
    })),
    baseline: { count: n, horizons: horizons.map((h, j) => horizonStats(h, base[j]!, null)) },
    events_used: used.size,
  };
}

/**
 * The events kept under a cooldown of `bars`: walking each (definition, name)'s events in bar
 * order, one closer than `bars` bars after the last kept one is left out (clustered signals
 * count once). Two events of one bar are 0 bars apart: with a cooldown the second is left out.
 */
export function applyCooldown<E extends { definition: string; event: string; bar: number }>(events: readonly E[], bars: number): E[] {
  if (!(bars > 0)) return [...events];
  const lastKept = new Map<string, number>();
  const order = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.bar - b.e.bar || a.i - b.i);
  const keep = new Set<number>();
  for (const { e, i } of order) {
    const key = JSON.stringify([e.definition, e.event]);
    const last = lastKept.get(key);
    if (last !== undefined && e.bar - last < bars) continue;
    lastKept.set(key, e.bar);
    keep.add(i);
  }
  return events.filter((_, i) => keep.has(i));
}
