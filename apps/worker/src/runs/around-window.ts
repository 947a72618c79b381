// The bars every kind of run that evaluates a script reads around its window, and how its result
// is kept as the window's: indicator and definition runs (collect included), studies and sweeps
// all read through here (docs/adr/0150-bars-around-the-window-by-kind.md).
// - Before the window: the warmup for the run's inputs, or as many bars as make the count an
//   `indicator(calc_bars_count = N)` declares (docs/adr/0140-calc-bars-count.md; only indicator()
//   takes it, so for the other kinds this is their warmup).
// - After the window: the bars a plot with a negative offset draws on the window's last rows
//   (docs/adr/0141-bars-after-the-window.md), for a kind that keeps plot columns only; events and a
//   study's group() values are made on their own bar, so the other kinds read none.
import type { Db, RunSeries } from "@barscript/db";
import { scriptCalcBarsCount, type Resolver, type SourceFile } from "@barscript/lang";
import type { BarChunkCache, CachedReadResult, Timeframe } from "@barscript/marketdata";
import type { EvalResult } from "./protocol";
import type { ContextRead } from "./requests";
import type { RunWarmup, WarmupVersion } from "./warmup";

/** The most bars a declared calc_bars_count makes a run read before its window. */
export const CALC_BARS_READ_CAP = 100_000;

/** calc_bars_count of the versions seen, by digest (the files of a digest never change). */
const calcBarsCounts = new Map<string, number>();

/**
 * The bars a run reads before its window: its warmup, or, when its script declares
 * `calc_bars_count = N` (evaluated on the run's last N bars only, docs/adr/0140-calc-bars-count.md),
 * as many as make N bars with the window's, whichever is more.
 */
export function barsBefore(version: WarmupVersion, windowBars: number, warmup: number): number {
  let count = calcBarsCounts.get(version.digest);
  if (count === undefined) {
    count = scriptCalcBarsCount(version.files as SourceFile[]);
    if (calcBarsCounts.size > 2000) calcBarsCounts.clear();
    calcBarsCounts.set(version.digest, count);
  }
  return Math.max(warmup, Math.min(CALC_BARS_READ_CAP, count - windowBars));
}

/** What a kind keeps of an evaluation: plot columns (indicator runs), or only what each bar makes itself (events, group() values). */
export type KindKeeps = "plots" | "events";

/** The bars read before and after a window. */
export interface AroundWindow {
  before: number;
  after: number;
}

export interface AroundWindowQuery {
  version: WarmupVersion;
  inputs: Record<string, unknown> | null | undefined;
  /** Who resolves the version's imports (the warmup cache's scope). */
  scope: string;
  resolverOf: () => Promise<Resolver>;
  /** The window's bars (as the run or sweep was created with them). */
  windowBars: number;
  /** The warmup before the window for the run's inputs (the largest of its scripts for a study). */
  warmup: number;
  keeps: KindKeeps;
}

/** The bars a run reads before and after its window. */
export async function aroundWindow(warmups: RunWarmup, q: AroundWindowQuery): Promise<AroundWindow> {
  const before = barsBefore(q.version, q.windowBars, q.warmup);
  const after = q.keeps === "plots" ? await warmups.lookaheadFor(q.version, q.inputs, q.scope, q.resolverOf) : 0;
  return { before, after };
}

export interface WindowReads {
  /** The chart's bars: the window, the bars before it, those after it the store has. */
  chart: Promise<CachedReadResult>;
  /** What the requested contexts read: the same, up to the last bar read after the window. */
  contexts: Promise<ContextRead>;
}

/** The chart's read through the chunk cache (`series`: the chart's series already read, if any) and the contexts' read it implies. */
export function readAroundWindow(
  cache: BarChunkCache,
  db: Db,
  chart: { symbol: string; timeframe: string; from: Date; to: Date },
  around: AroundWindow,
  series?: RunSeries | null,
): WindowReads {
  const read: ContextRead = { from: chart.from, to: chart.to, before: around.before, chartTimeframe: chart.timeframe };
  const chartRead = cache.read(db, { symbol: chart.symbol, timeframe: chart.timeframe as Timeframe, ...read, after: around.after }, series);
  const contexts = around.after > 0
    ? chartRead.then((r) => (r.instrument && r.bars.length > r.windowEnd ? { ...read, to: new Date(r.bars.time[r.bars.length - 1]! * 1000) } : read))
    : Promise.resolve(read);
  return { chart: chartRead, contexts };
}

/** The bars a read holds after its window (0 for a kind that reads none, or at the data's end). */
export function barsAfterWindow(read: { bars: { length: number }; windowEnd: number }): number {
  return read.bars.length - read.windowEnd;
}

/**
 * A result evaluated over `after` bars past the window, as the window's alone: its first
 * `windowBars` rows, events of the window's bars. Runtime errors of the bars after it stay counted
 * (the result does not say which bar raised what), and a run fails only when every bar evaluated
 * in and after the window raised one.
 */
export function trimToWindow(result: EvalResult, windowBars: number, after: number): EvalResult {
  if (after <= 0) return result;
  const end = result.times[windowBars - 1] ?? -Infinity;
  return {
    ...result,
    times: result.times.subarray(0, windowBars),
    outputs: result.outputs.map((o) => ({ ...o, values: o.values.subarray(0, windowBars) })),
    events: result.events.filter((e) => e.time <= end),
    windowBars,
    errorBarsInWindow: result.errorBarsInWindow >= result.windowBars ? windowBars : Math.min(result.errorBarsInWindow, windowBars - 1),
  };
}
