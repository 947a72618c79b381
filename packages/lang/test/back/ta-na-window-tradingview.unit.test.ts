// na inside the window of ta.vwma, ta.wma, ta.hma, ta.dev, ta.cci and ta.percentrank: the expected
// values are TradingView's, as recorded in a public test of an independent implementation
// (docs/adr/0304 gives the address): BINANCE:BTCUSDT 1h, the source na on every 7th (g), every 3rd
// (h) or three bars in eleven (r), bar_index counted from the recording's first bar index 41141.
// The bars below are its candles 36-59 (close, volume); the values are TradingView's on the last 12.
import { build } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const BARS: readonly (readonly [number, number])[] = [
  [77114.99, 731.31555], [77170, 363.19212], [77264.01, 348.07684], [77232.17, 167.38368],
  [77278.73, 67.34168], [77276.02, 102.17841], [77319.97, 342.83505], [77289.96, 238.88569],
  [77192.01, 225.77764], [77210.01, 190.98338], [77322.01, 202.84475], [77122.35, 503.99784],
  [77127.99, 239.99798], [76813.71, 401.89187], [76808.01, 537.62115], [76677.29, 190.81512],
  [76792.32, 265.89974], [76763.33, 292.33252], [76853.02, 435.53074], [77216.01, 524.64043],
  [77134.83, 235.97054], [77276.14, 296.31166], [77328.94, 135.4972], [77338.87, 110.16764],
];

/** TradingView's values on the last 12 bars (null: na). */
const TV: Record<string, { expr: string; values: (number | null)[] }> = {
  // the control: sma skips na values (unchanged)
  "sma g": { expr: "ta.sma(g, 5)", values: [77228.3960000001, 77133.1460000001, 77056.34600000009, 76949.80200000008, 76843.86400000009, 76770.93200000009, 76770.93200000009, 76851.39200000008, 76916.75600000008, 77036.5260000001, 77143.8500000001, 77258.95800000009] },
  // sma(source * volume) / sma(volume), each sma skipping its own na: far from the price
  "vwma g": { expr: "ta.vwma(g, 5)", values: [62212.0494435404, 63154.37459571962, 64200.67326189398, 64551.55601862003, 76838.54980450623, 76784.3887231173, 75284.59708153427, 81496.25644526794, 66236.07741643916, 69739.16917478171, 70351.20363049139, 77237.12031109873] },
  "vwma h": { expr: "ta.vwma(h, 5)", values: [85114.38735006379, 75378.9188984386, 69365.4304794924, 68318.33129575654, 78259.78575772804, 80391.1274229291, 75686.72882657936, 76261.53433323251, 74122.51723061698, 62552.503413533734, 68578.75634187827, 81017.11585801898] },
  // na on an na bar; in the window an na bar stands for the value before it
  "wma g": { expr: "ta.wma(g, 5)", values: [77233.73666666665, 77093.37133333334, 76976.32600000002, 76842.50733333333, 76790.01333333334, 76763.16866666666, null, 76912.35266666667, 77009.81066666667, 77123.86933333334, 77223.27333333333, 77288.28] },
  "wma r": { expr: "ta.wma(r, 5)", values: [77203.686, 77060.77, 76949.70466666667, 76829.19666666667, 76790.01333333334, 76763.16866666666, null, null, null, 76934.26666666666, 77088.616, 77208.568] },
  "hma g": { expr: "ta.hma(g, 9)", values: [77237.99677777778, 77097.11233333335, 76909.8831111111, 76715.07640740741, 76627.85588888888, 76623.53074074075, null, 76828.99066666668, 77028.97681481483, 77227.19229629629, 77361.48999999998, 77427.42129629628] },
  // na while an na bar is in the window
  "dev g": { expr: "ta.dev(g, 5)", values: [null, null, null, null, 113.65040000005392, 40.497599999984956, null, null, null, null, null, 66.83039999998292] },
  "cci g": { expr: "ta.cci(g, 5)", values: [null, null, null, null, -30.235411988611432, -12.514321836502392, null, null, null, null, null, 79.71621697104884] },
  // an na bar is not counted, an na current value gives 0
  "prank g": { expr: "ta.percentrank(g, 5)", values: [0, 0, 0, 0, 20, 20, 0, 80, 60, 80, 80, 80] },
  "prank h": { expr: "ta.percentrank(h, 5)", values: [20, 0, 0, 0, 0, 20, 60, 0, 60, 60, 0, 60] },
};

const SOURCE = `//@version=6
indicator("na window")
int bi = bar_index + 41177
g = bi % 7 == 0 ? na : close
h = bi % 3 == 0 ? na : close
r = bi % 11 < 3 ? na : close
${Object.entries(TV)
  .map(([title, t]) => `plot(${t.expr}, "${title}")`)
  .join("\n")}
`;

function bars(): Bars {
  const col = (f: (i: number) => number) => Float64Array.from({ length: BARS.length }, (_, i) => f(i));
  const close = col((i) => BARS[i]![0]);
  return { length: BARS.length, time: col((i) => 1789239600 + i * 3600), open: close, high: close, low: close, close, volume: col((i) => BARS[i]![1]) };
}

describe("na inside a ta window gives TradingView's values (docs/adr/0304)", () => {
  const result = evaluate(build(SOURCE), bars(), {}, { symbol: { ticker: "BTCUSDT", timezone: "UTC", mintick: 0.01, timeframe: "60" }, windowStart: 0 });
  it.each(Object.keys(TV))("%s", (title) => {
    const column = result.outputs.find((o) => o.title === title)!.values;
    const got = Array.from(column as ArrayLike<number>).slice(-12);
    const want = TV[title]!.values;
    got.forEach((g, i) => {
      const w = want[i] ?? null;
      if (w === null) expect([i, Number.isNaN(g)]).toEqual([i, true]);
      else expect(Math.abs(g - w)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(w)));
    });
  });
});
