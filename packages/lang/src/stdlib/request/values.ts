// Request values shaped without the host's state: barmerge options, a tuple's na, the arrays of a
// lower timeframe's tuple and capture mode (RequestHost exposes these four to compiled code as
// `$rt.req.<name>`), a fed site's read, and a nested site's context named as from the chart.

import { ScriptRuntimeError } from "../../runtime/errors";
import { PineArray } from "../array";

/** `barmerge.gaps_on` (as its member name `gaps_on`, or in full) is the option `on`. */
export function isOption(value: string | null, on: string): boolean {
  return value === on || value === `barmerge.${on}`;
}

/** The na of a tuple of `n` values (a count from the compiled tuple: at least its length). */
export function naTuple(n: number): number[] {
  return new Array<number>(n).fill(NaN);
}

/**
 * Capture mode of request.security_lower_tf: the value a script sees on a context bar, where the
 * request's own timeframe has one bar per bar: an array of the captured value (`n` 0), or of a
 * tuple of `n` expressions one such array per element. Statements after the site then run with
 * the arrays they expect instead of failing on every bar of the capture run.
 */
export function lowerTfOwnBar(v: unknown, n: number): PineArray | PineArray[] {
  if (n === 0) return PineArray.of([v]);
  const row = Array.isArray(v) ? v : [];
  return Array.from({ length: n }, (_, k) => PineArray.of([k < row.length ? (row[k] as unknown) : NaN]));
}

/** request.security_lower_tf of a tuple of `n` expressions: one array per element, of that element on every intrabar. */
export function lowerTfTuple(values: PineArray | null, n: number): PineArray[] {
  const rows = values === null ? [] : values.v;
  return Array.from({ length: n }, (_, k) => PineArray.of(rows.map((row) => (Array.isArray(row) ? (row[k] as unknown) : NaN))));
}

/**
 * A fed site's read from the run's context (RequestHost.nested). The run over a context executes
 * every request of the script, so it also reaches fed sites whose result none of that context's
 * requests reads; a read failing there (a context not supplied, a lower timeframe above the run's)
 * gives the site's recorded value, as before such sites were nested, instead of ending the run's
 * bar before its later requests record. The context not supplied is still reported missing.
 */
export function fedRead(read: () => unknown, recorded: unknown): unknown {
  try {
    return read();
  } catch (e) {
    if (e instanceof ScriptRuntimeError) return recorded;
    throw e;
  }
}

/** The chart's ticker identifier and timeframe, as a context's run of a script without dynamic requests knows them (requests.ts). */
export interface ChartNames {
  ticker: string;
  period: string;
}

/** Bits of a nested site's `relative` argument (index.ts): its symbol, its timeframe names the context the call executes in. */
export const RELATIVE_SYMBOL = 1;
export const RELATIVE_TIMEFRAME = 2;

/**
 * A nested or fed site's symbol or timeframe in a context's run (RequestHost.nested): without
 * dynamic requests (`chart`, the chart's name of it), one naming the context the call executes in
 * (`relative`: written `""`, `syminfo.tickerid` or `timeframe.period`) is the chart's, each call
 * being made as from the chart (docs/adr/0329); otherwise the value as evaluated.
 */
export function fromChart(value: string | null, relative: number, chart: string | undefined): string | null {
  return relative !== 0 && chart !== undefined ? chart : value;
}
