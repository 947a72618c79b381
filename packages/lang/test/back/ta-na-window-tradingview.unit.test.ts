// na inside the window of ta.vwma, ta.wma, ta.hma, ta.dev, ta.cci and ta.percentrank: the expected
// values are TradingView's, as recorded in a public test of an independent implementation
// (docs/adr/0304 gives the address): BINANCE:BTCUSDT 1h, the source na on every 7th (g), every 3rd
// (h) or three bars in eleven (r), bar_index counted from the recording's first bar index 41141.
// na-window-recording.ts holds its candles; the values are TradingView's on the last 12.
import { lastTwelve, type Recorded } from "./na-window-recording";

/** TradingView's values on the last 12 bars (null: na). */
const TV: Record<string, Recorded> = {
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

describe("na inside a ta window gives TradingView's values (docs/adr/0304)", () => {
  const ours = lastTwelve(TV);
  it.each(Object.keys(TV))("%s", (title) => {
    const got = ours(title);
    const want = TV[title]!.values;
    got.forEach((g, i) => {
      const w = want[i] ?? null;
      if (w === null) expect([i, Number.isNaN(g)]).toEqual([i, true]);
      else expect(Math.abs(g - w)).toBeLessThanOrEqual(1e-6 * Math.max(1, Math.abs(w)));
    });
  });
});
