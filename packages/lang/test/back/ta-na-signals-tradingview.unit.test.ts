// ta.crossover / crossunder / cross, ta.rising / falling and ta.correlation of a source with na bars:
// the expected values are TradingView's, as recorded in a public test of an independent implementation
// (docs/adr/0330 gives the address; the same recording as ta-na-window-tradingview.unit.test.ts):
// BINANCE:BTCUSDT 1h, the source na on every 7th (g), every 3rd (h) or three bars in eleven (r),
// bar_index counted from the recording's first bar index 41141 (na-window-recording.ts holds its
// candles); the values are TradingView's on the last 12 (bools as 1 and 0).
import { lastTwelve, type Recorded } from "./na-window-recording";

/** TradingView's values on the last 12 bars. */
const TV: Record<string, Recorded> = {
  // the relation before a cross is the last bar where both were defined: the cross fires after the gap
  "crossover g": { expr: "ta.crossover(g, ta.sma(close, 5)) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] },
  "crossunder g": { expr: "ta.crossunder(g, ta.sma(close, 5)) ? 1 : 0", values: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  "crossover sma h": { expr: "ta.crossover(ta.sma(close, 5), h) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  "cross g": { expr: "ta.cross(g, ta.sma(close, 5)) ? 1 : 0", values: [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0] },
  "crossover r": { expr: "ta.crossover(r, ta.sma(close, 5)) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0] },
  "cross r": { expr: "ta.cross(r, ta.sma(close, 5)) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0] },
  // consecutive rises (falls), a change next to an na skipped: the 11th g value is above the three
  // before it but not a third rise in a row (77134.83 < 77216.01), so it is not rising(g, 3)
  "rising g 3": { expr: "ta.rising(g, 3) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] },
  "falling g 3": { expr: "ta.falling(g, 3) ? 1 : 0", values: [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0] },
  "rising h 2": { expr: "ta.rising(h, 2) ? 1 : 0", values: [1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1] },
  "falling h 2": { expr: "ta.falling(h, 2) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  "rising 3 r": { expr: "ta.rising(r, 3) ? 1 : 0", values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
  "falling 2 r": { expr: "ta.falling(r, 2) ? 1 : 0", values: [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0] },
  // five averages, each over its own non-na values: outside [-1, 1] when a source has an na
  "corr g close": { expr: "ta.correlation(g, close, 5)", values: [514.6489075139709, 38.08795512001755, 33.337721956117576, 72.07285325806112, 1.0000000002734977, 1.0000000022908717, -205.72645242197484, -18.732768074569922, -65.8990218447594, -20.210762751828007, -39.956267228884556, 1.0000000010750407] },
  "corr h volume": { expr: "ta.correlation(h, volume, 5)", values: [258.1268962896062, -63.10146528110276, -147.3264030559497, -112.91951410892405, 15.838953978859195, 51.73759653015317, -20.946349223300455, -10.823852184275584, -55.72818675155276, -211.86408176642254, -86.04855861171514, 30.39014638308759] },
};

describe("crosses, rising/falling and correlation of a source with na give TradingView's values (docs/adr/0330)", () => {
  const ours = lastTwelve(TV);
  it.each(Object.keys(TV))("%s", (title) => {
    const got = ours(title);
    const want = TV[title]!.values;
    got.forEach((g, i) => expect([i, Math.abs(g - want[i]!) <= 1e-6 * Math.max(1, Math.abs(want[i]!))]).toEqual([i, true]));
  });
});
