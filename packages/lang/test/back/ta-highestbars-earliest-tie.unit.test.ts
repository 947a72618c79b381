// ta.highestbars / ta.lowestbars among equal values report the earliest of them, as the values exported
// from TradingView with issue 16 show (docs/adr/0066, 0330); ta.highest / ta.lowest and the pivots of
// equal tops are read the same whatever the tie rule. Closes 1, 2, 7, 4, 7, 3, 2, 5, 2, 6; each window
// below is read by hand.
import { closeBars, run } from "./harness";

const bars = closeBars([1, 2, 7, 4, 7, 3, 2, 5, 2, 6]);
const plots = (body: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("x")\n${body}`, bars).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v === 0 ? 0 : v)));

describe("equal extremes in the window", () => {
  test("highestbars(close, 5): the earliest 7; highest and the pivot of the equal tops", () => {
    // bar 4 [1 2 7 4 7]: the 7 of bar 2 (-2); bar 5 [2 7 4 7 3]: -3; bar 6 [7 4 7 3 2]: -4;
    // bar 7 [4 7 3 2 5]: the 7 of bar 4 (-3); bar 8 [7 3 2 5 2]: -4; bar 9 [3 2 5 2 6]: 0
    const [hb, h, ph] = plots("plot(ta.highestbars(close, 5))\nplot(ta.highest(close, 5))\nplot(ta.pivothigh(close, 2, 2))");
    expect(hb).toEqual([null, null, null, null, -2, -3, -4, -3, -4, 0]);
    expect(h).toEqual([null, null, null, null, 7, 7, 7, 7, 7, 6]);
    // pivothigh(close, 2, 2): of the equal tops the later (bar 4: >= 2, 7 before it, > 3, 2 after it) is the
    // pivot, found at bar 6; bar 2's 7 is not (bar 4 equals it), so nothing at bar 4 (docs/adr/0301)
    expect([ph![4], ph![6]]).toEqual([null, 7]);
  });

  test("lowestbars(close, 5): the earliest 2", () => {
    // bar 8 [7 3 2 5 2]: the 2 of bar 6 (-2); bar 9 [3 2 5 2 6]: the 2 of bar 6 (-3)
    const [lb, l] = plots("plot(ta.lowestbars(close, 5))\nplot(ta.lowest(close, 5))");
    expect([lb![8], lb![9]]).toEqual([-2, -3]);
    expect([l![8], l![9]]).toEqual([2, 2]);
  });

  test("the length-only form reads high (close + 1 here) the same way", () => {
    const [hb] = plots("plot(ta.highestbars(5))");
    expect(hb).toEqual([null, null, null, null, -2, -3, -4, -3, -4, 0]);
  });
});
