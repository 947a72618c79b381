// Functions of TradingView's own `ta` library (TradingView/ta) that scripts call through its
// import (`import TradingView/ta/12 as ta`, then `ta.cagr(...)`), each written from the definition
// the library publishes in its documentation comments (docs/adr/0116-tradingview-ta-functions.md).
// Plain functions of their arguments: no bar before the current one is read (lookback 0).

import { call, taFunction } from "../../builtins/record";

const DAY_MS = 86_400_000;

/**
 * Compound annual growth rate in percent between two points (times in ms): na until both prices
 * are known or when less than one day separates the times; a year is 365 days.
 */
export function cagr(entryTime: number, entryPrice: number, exitTime: number, exitPrice: number): number {
  const days = (exitTime - entryTime) / DAY_MS;
  if (!(days >= 1) || entryPrice !== entryPrice || exitPrice !== exitPrice) return NaN;
  return 100 * (Math.pow(exitPrice / entryPrice, 1 / (days / 365)) - 1);
}

/** The percentage change from `oldValue` to `newValue`. */
export function changePercent(newValue: number, oldValue: number): number {
  return (100 * (newValue - oldValue)) / oldValue;
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
