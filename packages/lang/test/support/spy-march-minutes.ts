// SPY minutes of March 2011 (packages/marketdata/demo/nt-spy-minute-2011-03.csv, times read as UTC
// as its SOURCES.md says) and the plain loops the request tests build their expected bars with;
// nothing here comes from packages/lang.
import { readFileSync } from "fs";
import { join } from "path";
import type { Bars } from "../../src/types";
import { barsOfRows } from "./demo-bars";

/** The file's rows `[time, open, high, low, close, volume]`. */
export const ROWS: number[][] = readFileSync(join(__dirname, "../../../marketdata/demo/nt-spy-minute-2011-03.csv"), "utf8").trim().split(/\r?\n/).map((l) => {
  const [s, o, h, lo, c, v] = l.split(";") as [string, string, string, string, string, string];
  return [Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(9, 11), +s.slice(11, 13)) / 1000, +o, +h, +lo, +c, +v];
});

export const MINUTES: Bars = barsOfRows(ROWS);

/** Plain loop: the bar of the minutes in [from, to). */
export function barOf(from: number, to: number): number[] {
  const inside = ROWS.filter((r) => r[0]! >= from && r[0]! < to);
  return [from, inside[0]![1]!, Math.max(...inside.map((r) => r[2]!)), Math.min(...inside.map((r) => r[3]!)), inside[inside.length - 1]![4]!, inside.reduce((a, r) => a + r[5]!, 0)];
}

/** Plain loop: UTC 5-minute bars of the minutes (the session's 09:30 New York open is on a 5-minute boundary). */
export function fiveMinutes(): Bars {
  return minutesOf(300);
}

/** Plain loop: UTC bars of `seconds` (a multiple of 60) made of the minutes. */
export function minutesOf(seconds: number): Bars {
  const rows: number[][] = [];
  for (const r of ROWS) {
    const t = Math.floor(r[0]! / seconds) * seconds;
    const last = rows[rows.length - 1];
    if (last && last[0] === t) {
      last[2] = Math.max(last[2]!, r[2]!);
      last[3] = Math.min(last[3]!, r[3]!);
      last[4] = r[4]!;
      last[5]! += r[5]!;
    } else rows.push([t, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!]);
  }
  return barsOfRows(rows);
}

/** The row of `b` opening at `t`. */
export function row(b: Bars, t: number): number[] {
  const i = b.time.indexOf(t);
  return [b.time[i]!, b.open[i]!, b.high[i]!, b.low[i]!, b.close[i]!, b.volume[i]!];
}
