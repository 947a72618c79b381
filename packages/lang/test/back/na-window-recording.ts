// TradingView's values of ta.* over a source with na bars, as recorded in a public test of an
// independent implementation (docs/adr/0304 and 0330 give the address): BINANCE:BTCUSDT 1h, the
// source na on every 7th (g), every 3rd (h) or three bars in eleven (r), bar_index counted from the
// recording's first bar index 41141. CANDLES are its candles 36-59 (close, volume); the recorded
// values are TradingView's on the last 12 of them.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const CANDLES: readonly (readonly [number, number])[] = [
  [77114.99, 731.31555], [77170, 363.19212], [77264.01, 348.07684], [77232.17, 167.38368],
  [77278.73, 67.34168], [77276.02, 102.17841], [77319.97, 342.83505], [77289.96, 238.88569],
  [77192.01, 225.77764], [77210.01, 190.98338], [77322.01, 202.84475], [77122.35, 503.99784],
  [77127.99, 239.99798], [76813.71, 401.89187], [76808.01, 537.62115], [76677.29, 190.81512],
  [76792.32, 265.89974], [76763.33, 292.33252], [76853.02, 435.53074], [77216.01, 524.64043],
  [77134.83, 235.97054], [77276.14, 296.31166], [77328.94, 135.4972], [77338.87, 110.16764],
];

/** A recorded expression and TradingView's values on the last 12 bars (null: na). */
export interface Recorded {
  expr: string;
  values: readonly (number | null)[];
}

function candleBars(): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: CANDLES.length }, (_, i) => f(i));
  const close = col((i) => CANDLES[i]![0]);
  return { length: CANDLES.length, time: col((i) => 1789239600 + i * 3600), open: close, high: close, low: close, close, volume: col((i) => CANDLES[i]![1]) };
}

/** Our values of each recorded expression on the last 12 candles, by title. */
export function lastTwelve(recorded: Record<string, Recorded>): (title: string) => number[] {
  const source = `//@version=6
indicator("na window")
int bi = bar_index + 41177
g = bi % 7 == 0 ? na : close
h = bi % 3 == 0 ? na : close
r = bi % 11 < 3 ? na : close
${Object.entries(recorded)
  .map(([title, t]) => `plot(${t.expr}, "${title}")`)
  .join("\n")}
`;
  const result = evaluate(build(source), candleBars(), {}, { symbol: { ticker: "BTCUSDT", timezone: "UTC", mintick: 0.01, timeframe: "60" }, windowStart: 0 });
  return (title) => Array.from(result.outputs.find((o) => o.title === title)!.values as ArrayLike<number>).slice(-12);
}
