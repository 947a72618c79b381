// A variable read at a history offset known only as the script runs (`x[bar_index - anchor]`, a loop
// counter bounded by `math.min(n, bar_index)`) keeps the history TradingView keeps for it (up to its
// max_bars_back limit, 5000 bars): the read gives the value of that bar, not na past the deepest
// literal offset. Values worked by hand.
import { evaluateValid, outputsByName } from "./harness";

const V = "//@version=6\n";
/** Closes 10, 11, ..., 23. */
const CLOSES = Array.from({ length: 14 }, (_, i) => 10 + i);

describe("history offsets known only as the script runs", () => {
  it("x[bar_index - 1] is the second bar's x on every later bar, however far back", async () => {
    const res = await evaluateValid(`${V}indicator("t")
x = close * 2
plot(bar_index >= 1 ? x[bar_index - 1] : na, "anchor")
`, CLOSES);
    // x on bar 1 is 2 * 11 = 22
    expect(outputsByName(res).anchor).toEqual([null, ...Array.from({ length: 13 }, () => 22)]);
  });

  it("a loop up to math.min(11, bar_index) sums the last bars of a variable", async () => {
    const res = await evaluateValid(`${V}indicator("t")
x = close * 2
s = 0.0
for i = 0 to math.min(11, bar_index)
    s += x[i]
plot(s, "s")
`, CLOSES);
    const s = outputsByName(res).s!;
    // bar 9: 2 * (10 + ... + 19) = 290; bar 10: 2 * (10 + ... + 20) = 330; bar 13: 2 * (12 + ... + 23) = 420
    expect([s[9], s[10], s[13]]).toEqual([290, 330, 420]);
    expect(res.runtimeErrors).toEqual([]);
  });
});
