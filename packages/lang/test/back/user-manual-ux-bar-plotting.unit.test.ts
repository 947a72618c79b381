// TradingView's Pine v6 user manual, Bar plotting page (pass UX): "Both functions require four arguments
// that will be used for the OHLC prices ... If one of those is na, no bar is plotted." A candle or bar
// output is its close (docs/reference differences topic), so where no candle is drawn it is na.
import { valuesByTitle, risingBars } from "./harness";

describe("plotcandle and plotbar draw nothing where open, high, low or close is na (Bar plotting)", () => {
  test("an na open, high or low leaves the output na on that bar; four values give the close", () => {
    const out = valuesByTitle(`//@version=6
indicator("Gapped candles")
plotcandle(bar_index % 2 == 0 ? na : open, high, low, close, "Odd candles")
plotbar(open, bar_index == 1 ? na : high, low, close, "No bar 1")
plotcandle(open, high, bar_index == 2 ? na : low, close, "No candle 2")`, risingBars(4));
    const isNa = (xs: number[]): boolean[] => xs.map((x) => Number.isNaN(x));
    expect(isNa(out["Odd candles"]!)).toEqual([true, false, true, false]);
    expect(isNa(out["No bar 1"]!)).toEqual([false, true, false, false]);
    expect(isNa(out["No candle 2"]!)).toEqual([false, false, true, false]);
  });
});
