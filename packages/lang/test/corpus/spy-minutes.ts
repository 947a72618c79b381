// SPY's one-minute bars of January 2011 (packages/marketdata/demo/nt-spy-minute-2011.csv), as the
// corpus test (the chart's minutes and five-minute bars) and the expected values of the intrabar
// scripts read them. Data loading only; shares no code with packages/lang. Each call reads a
// fresh copy, so the bars a script runs over and those its reference reads are never the same arrays.
import { readFileSync } from "fs";
import { join } from "path";
import type { Bars } from "../../src/types";

/** Rows `YYYYMMDD HHMMSS;o;h;l;c;v`, times read as UTC. */
export function readSpyMinutes(): Bars {
  const rows = readFileSync(join(__dirname, "../../../marketdata/demo/nt-spy-minute-2011.csv"), "utf8")
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(";"));
  const time = (stamp: string): number => {
    const [d, t] = stamp.split(" ") as [string, string];
    return Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4, 6)) / 1000;
  };
  const col = (k: number): Float64Array => Float64Array.from(rows, (row) => Number(row[k]));
  return { length: rows.length, time: Float64Array.from(rows, (row) => time(row[0]!)), open: col(1), high: col(2), low: col(3), close: col(4), volume: col(5) };
}

