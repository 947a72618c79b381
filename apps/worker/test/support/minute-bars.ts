// Bars the pool tests evaluate over: one a minute from 2020-09-13, every price the close.
import type { Bars } from "@barscript/lang";

/** `n` one-minute bars whose open, high, low, close and volume are all `close(i)`. */
export function minuteBars(n: number, close: (i: number) => number): Bars {
  const time = new Float64Array(n);
  const closes = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    time[i] = 1_600_000_000 + i * 60;
    closes[i] = close(i);
  }
  return { length: n, time, open: closes.slice(), high: closes.slice(), low: closes.slice(), close: closes, volume: closes.slice() };
}
