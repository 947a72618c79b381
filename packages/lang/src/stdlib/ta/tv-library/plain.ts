// TradingView's ta library (docs/adr/0116-tradingview-ta-functions.md): its functions of their
// arguments alone (cagr, changePercent, ift: lookback 0) and the running extremes since a
// condition (highestSince, lowestSince), each written from the library's documented definition.

import { call, taFunction, update, UNBOUNDED } from "../../../builtins/record";

const DAY_MS = 86_400_000;

/**
 * Compound annual growth rate in percent between two points (times in ms): na until both prices
 * are known or when less than one day separates the times; a year is 365 days. The library's
 * `exitPrice / entryPrice` is a Pine division: a zero entry price gives na (docs/adr/0109-division-by-zero-is-na.md).
 */
export function cagr(entryTime: number, entryPrice: number, exitTime: number, exitPrice: number): number {
  const days = (exitTime - entryTime) / DAY_MS;
  if (!(days >= 1) || entryPrice !== entryPrice || exitPrice !== exitPrice || entryPrice === 0) return NaN;
  return 100 * (Math.pow(exitPrice / entryPrice, 1 / (days / 365)) - 1);
}

/** The inverse Fisher transform of `source`: (exp(2 source) - 1) / (exp(2 source) + 1). */
export function ift(source: number): number {
  const e = Math.exp(2 * source);
  return (e - 1) / (1 + e);
}

/** The percentage change from `oldValue` to `newValue`: na from an old value of 0 (a Pine division, ADR 0109). */
export function changePercent(newValue: number, oldValue: number): number {
  return oldValue === 0 ? NaN : (100 * (newValue - oldValue)) / oldValue;
}

export const taCagr = taFunction({
  sig: "cagr(entryTime: series int, entryPrice: series float, exitTime: series int, exitPrice: series float): series float",
  doc: "TradingView's ta library: the compound annual growth rate in percent (50 is 50%) from `entryPrice` at `entryTime` to `exitPrice` at `exitTime` (ms); na until both prices are known or when the times are less than a day apart.",
  lookback: () => 0,
  emit: call(cagr, (b) => [b.a("entryTime"), b.a("entryPrice"), b.a("exitTime"), b.a("exitPrice")]),
});

export const taChangePercent = taFunction({
  sig: "changePercent(newValue: series float, oldValue: series float): series float",
  doc: "TradingView's ta library: the percentage change from `oldValue` to `newValue`, `100 * (newValue - oldValue) / oldValue`.",
  lookback: () => 0,
  emit: call(changePercent, (b) => [b.a("newValue"), b.a("oldValue")]),
});

export const taIft = taFunction({
  sig: "ift(source: series float): series float",
  doc: "TradingView's ta library: the inverse Fisher transform, `(exp(2 * source) - 1) / (exp(2 * source) + 1)`.",
  lookback: () => 0,
  emit: call(ift, (b) => [b.a("source")]),
});

/**
 * The running extreme (`pick`) of `source` since the last bar `cond` was true: reset to `source`
 * on such a bar, then the extreme of it and each later `source`, an na on either side giving the other.
 */
function extremeSince(value: number, cond: boolean, source: number, pick: (a: number, b: number) => number): number {
  const last = cond ? source : value;
  const a = source === source ? source : last;
  const b = last === last ? last : source;
  return pick(a, b);
}

/** The state of `ta.highestSince`. */
export class HighestSince {
  value = NaN;
  update(cond: boolean, source: number): number {
    return (this.value = extremeSince(this.value, cond, source, Math.max));
  }
}

/** The state of `ta.lowestSince`. */
export class LowestSince {
  value = NaN;
  update(cond: boolean, source: number): number {
    return (this.value = extremeSince(this.value, cond, source, Math.min));
  }
}

export const taHighestSince = taFunction({
  sig: "highestSince(cond: series bool, source: series float = high): series float",
  doc: "TradingView's ta library: the highest `source` since the last bar `cond` was true (reset to `source` there).",
  lookback: () => UNBOUNDED,
  emit: update(HighestSince, (b) => [b.a("cond"), b.a("source", "$H[$i]")]),
});

export const taLowestSince = taFunction({
  sig: "lowestSince(cond: series bool, source: series float = low): series float",
  doc: "TradingView's ta library: the lowest `source` since the last bar `cond` was true (reset to `source` there).",
  lookback: () => UNBOUNDED,
  emit: update(LowestSince, (b) => [b.a("cond"), b.a("source", "$L[$i]")]),
});
