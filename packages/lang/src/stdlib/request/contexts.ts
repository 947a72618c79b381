// A requested context as the caller supplies it (its bars and facts), what makes one readable, its
// last bars under calc_bars_count, and the runs over contexts an evaluation's request hosts share
// (host.ts reads through them).

import type { Bars, SymbolInfo } from "../../types";
import { belowChart } from "./timeframes";
import type { Column } from "./site";

/** The bars of one requested context, as the caller fetched them. */
export interface ContextBars {
  /** The symbol as the script wrote it (`"NASDAQ:MSFT"`), or the chart's ticker. */
  symbol: string;
  /** Store timeframe (`"1d"`, `"1w"`, ...). */
  timeframe: string;
  /** None when the instrument is stored without bars at this timeframe (readableContext). */
  bars: Bars;
  /** The context instrument's facts (syminfo.* inside the requested expression). */
  info: SymbolInfo;
  /** Unix seconds at which the stored data of the context ends; when it ends by the chart's last bar, that bar sees the open period (align.ts). */
  dataEnd?: number;
  /**
   * Unix seconds at which the stored data of the context's instrument begins: a context without
   * bars whose data begins after the chart's last bar is a symbol without history there yet (na),
   * not missing data (readableContext).
   */
  dataStart?: number;
}

/** A context the script asked for that the caller did not supply. */
export interface MissingContext {
  symbol: string;
  timeframe: string;
}

/** A context's columns as SharedRuns gives them; `kept`: they are the context's run, which a host may keep. */
export interface RunColumns {
  cols: Map<string, Column>;
  kept: boolean;
}

/** Runs an evaluation makes beyond one per context (docs/adr/0307): past them, a context asked for again while it runs reads as na. */
const MAX_EXTRA_RUNS = 40;

/**
 * The runs over contexts of one evaluation, shared by the chart's host and the hosts of nested
 * requests (whose chart is a context), so that each context is run and counted once. Keyed by the
 * supplied context and its calc_bars_count (0: every bar).
 *
 * A nested request may ask for a context whose run is still going (`a` requests AAPL's days and
 * `m` MSFT's; AAPL's run reads `m` from AAPL's days, MSFT's run reads `a` from MSFT's days:
 * docs/adr/0307): that context is then run again, a run nothing keeps, in which a context still
 * running reads as na. Only a value that depends on itself through the other context (a true cycle)
 * stays na. Runs started inside such a run are not kept either (what they read as na there a later
 * read may have).
 */
export class SharedRuns {
  private readonly done = new Map<ContextBars, Map<number, Map<string, Column>>>();
  private readonly running = new Map<ContextBars, Set<number>>();
  private readonly counted = new Map<ContextBars, Set<number>>();
  /** How many runs nothing keeps are going (a context asked for again while it ran, and the runs started inside it). */
  private again = 0;
  /** Runs nothing kept, made so far. */
  private extra = 0;

  /** Whether the context is read for the first time in the evaluation (its bars are then counted). */
  first(full: ContextBars, last: number): boolean {
    const seen = this.counted.get(full) ?? new Set<number>();
    this.counted.set(full, seen);
    if (seen.has(last)) return false;
    seen.add(last);
    return true;
  }

  /** The context's columns: its run, made once; a context asked for while it runs, run again and not kept (see above). */
  columns(full: ContextBars, last: number, run: () => Map<string, Column>): RunColumns {
    const kept = this.done.get(full)?.get(last);
    if (kept !== undefined) return { cols: kept, kept: true };
    const going = this.running.get(full) ?? new Set<number>();
    this.running.set(full, going);
    if (going.has(last)) return this.again > 0 || this.extra >= MAX_EXTRA_RUNS ? { cols: new Map(), kept: false } : this.unkept(run);
    going.add(last);
    try {
      if (this.again > 0) return this.extra >= MAX_EXTRA_RUNS ? { cols: new Map(), kept: false } : this.unkept(run);
      const cols = run();
      const byLast = this.done.get(full) ?? new Map<number, Map<string, Column>>();
      this.done.set(full, byLast);
      byLast.set(last, cols);
      return { cols, kept: true };
    } finally {
      going.delete(last);
    }
  }

  private unkept(run: () => Map<string, Column>): RunColumns {
    this.extra++;
    this.again++;
    try {
      return { cols: run(), kept: false };
    } finally {
      this.again--;
    }
  }
}

/**
 * Whether a supplied context can be read: one with bars; one without bars (its instrument is
 * stored, the store has none of it at that timeframe) at a timeframe lower than the chart's, which
 * reads as TradingView's chart bars without intrabars: empty arrays from request.security_lower_tf,
 * na from request.security (docs/adr/0157-no-stored-intrabars.md); and one without bars because
 * the instrument's stored data begins after the chart's last bar, which reads as TradingView reads
 * a symbol before its history begins: na, empty arrays (docs/adr/0203-contexts-before-their-data.md).
 * Otherwise, without bars at the chart's or a higher timeframe (data that ended before the chart's
 * bars, or none at that timeframe), it stays the bar's runtime error `no <tf> bars of "<symbol>"`.
 */
export function readableContext(ctx: ContextBars, chart: { bars: Bars; symbol: SymbolInfo }): boolean {
  if (ctx.bars.length > 0 || belowChart(ctx.timeframe, chart.symbol.timeframe)) return true;
  const n = chart.bars.length;
  if (n === 0 || ctx.dataStart === undefined) return false;
  return chart.bars.time[n - 1]! < ctx.dataStart;
}

/**
 * The runtime error of a bar reading a context without bars: a symbol the caller supplied no
 * instrument of (the worker supplies every stored one it is asked for) is TradingView's symbol "not
 * found" (its reference of request.security's `ignore_invalid_symbol`), not stored here
 * (docs/adr/0348); a stored instrument (`stored`) lacks the bars of the timeframe.
 */
export function noBarsMessage(tf: string, sym: string, stored: boolean): string {
  return stored ? `no ${tf} bars of "${sym}"` : `symbol "${sym}" not found: no instrument of that name is stored`;
}

/** A calc_bars_count argument as a number of last bars: 0 (every bar) when na or below 1. */
export function lastCount(count: number): number {
  return count >= 1 ? Math.floor(count) : 0;
}

/** The last `n` bars (views of the columns, which are only read). */
export function lastBars(b: Bars, n: number): Bars {
  const from = b.length - n;
  return { length: n, time: b.time.subarray(from), open: b.open.subarray(from), high: b.high.subarray(from), low: b.low.subarray(from), close: b.close.subarray(from), volume: b.volume.subarray(from) };
}
