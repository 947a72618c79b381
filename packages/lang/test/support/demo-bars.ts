// Bars the tests build for themselves, as plain loops sharing no code with packages/lang: rows into
// Bars, the demo's NinjaTrader minute files read as UTC (their SOURCES.md), and bars grouped into
// longer periods as the bar store builds them (first open, highest high, lowest low, last close,
// summed volume).
import { readFileSync } from "fs";
import { join } from "path";
import type { Bars } from "../../src/types";

const DEMO = join(__dirname, "../../../marketdata/demo");

/** Rows `[time, open, high, low, close, volume]` as Bars. */
export function barsOfRows(rows: readonly number[][]): Bars {
  const col = (k: number): Float64Array => Float64Array.from(rows, (r) => r[k]!);
  return { length: rows.length, time: col(0), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

/** A demo NinjaTrader minute file (`YYYYMMDD HHMMSS;o;h;l;c;v`), times read as UTC; a fresh copy each call. */
export function readNinjaTraderMinutes(file: string): Bars {
  const lines = readFileSync(join(DEMO, file), "utf8").trim().split(/\r?\n/);
  return barsOfRows(lines.map((line) => {
    const [s, o, h, l, c, v] = line.split(";") as [string, string, string, string, string, string];
    const time = Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13), +s.slice(13, 15)) / 1000;
    return [time, +o, +h, +l, +c, +v];
  }));
}

/** One bar per period, `startOf(t)` the period of a bar starting at t; `groupOf[i]` is bar i's group. */
export function groupBarsOf(d: Bars, startOf: (t: number) => number): { bars: Bars; groupOf: number[] } {
  const rows: number[][] = [];
  const groupOf: number[] = [];
  for (let i = 0; i < d.length; i++) {
    const start = startOf(d.time[i]!);
    const last = rows[rows.length - 1];
    if (last && last[0] === start) {
      last[2] = Math.max(last[2]!, d.high[i]!);
      last[3] = Math.min(last[3]!, d.low[i]!);
      last[4] = d.close[i]!;
      last[5]! += d.volume[i]!;
    } else rows.push([start, d.open[i]!, d.high[i]!, d.low[i]!, d.close[i]!, d.volume[i]!]);
    groupOf.push(rows.length - 1);
  }
  return { bars: barsOfRows(rows), groupOf };
}

const DAY_ONE = 1_700_000_000;

/** Daily bars whose open, high, low and close are all the given close; volume 1. */
export function flatDailyBars(closes: readonly number[]): Bars {
  const n = closes.length;
  const c = Float64Array.from(closes);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => DAY_ONE + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}

/** Daily bars opening at the previous close (the first at its own), high and low the two's extremes; volume 1. */
export function gaplessDailyBars(closes: readonly number[]): Bars {
  const n = closes.length;
  const c = Float64Array.from(closes);
  const o = Float64Array.from(closes, (x, i) => (i === 0 ? x : closes[i - 1]!));
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => DAY_ONE + i * 86400), open: o, high: Float64Array.from(c, (x, i) => Math.max(x, o[i]!)), low: Float64Array.from(c, (x, i) => Math.min(x, o[i]!)), close: c, volume: new Float64Array(n).fill(1) };
}
