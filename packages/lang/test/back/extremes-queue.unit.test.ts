// ta.highest / ta.lowest and their bar offsets keep their candidates in a queue instead of scanning
// the window; the values must stay the reference's: the extreme of the last `length` values (na
// skipped), the offset of the earliest of equal extremes (docs/adr/0066), and a length that changes
// between bars. Closes 3, 5, 2, 5, 1, 4, 4, 0; each window below is read by hand.
import { closeBars, run } from "./harness";

const bars = closeBars([3, 5, 2, 5, 1, 4, 4, 0]);
const plots = (body: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("x")\n${body}`, bars).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v === 0 ? 0 : v)));

describe("window extremes", () => {
  test("of 3 closes, equal extremes reported at the earliest bar", () => {
    // windows [3,5,2] [5,2,5] [2,5,1] [5,1,4] [1,4,4] [4,4,0]
    expect(plots("plot(ta.highest(close, 3))\nplot(ta.highestbars(close, 3))\nplot(ta.lowest(close, 3))\nplot(ta.lowestbars(close, 3))")).toEqual([
      [null, null, 5, 5, 5, 5, 4, 4],
      [null, null, -1, -2, -1, -2, -1, -2],
      [null, null, 2, 2, 1, 1, 1, 0],
      [null, null, 0, -1, 0, -1, -2, 0],
    ]);
  });

  test("na values are skipped: the window is the last 3 values that are not na", () => {
    // bar 4 (close 1) is na: at bar 4 the window stays bars 1-3 [5,2,5]; then bars 2,3,5 [2,5,4],
    // bars 3,5,6 [5,4,4] (the 5 of bar 3 is 3 bars back at bar 6) and bars 5-7 [4,4,0]
    expect(plots("x = bar_index == 4 ? na : close\nplot(ta.highest(x, 3))\nplot(ta.lowest(x, 3))\nplot(ta.highestbars(x, 3))")).toEqual([
      [null, null, 5, 5, 5, 5, 5, 4],
      [null, null, 2, 2, 2, 2, 4, 0],
      [null, null, -1, -2, -3, -2, -3, -2],
    ]);
  });

  test("a length that changes between bars takes the newest values of each length", () => {
    // lengths 2, 2, 2, 4, 4, 1, 3, 3: [3,5] [5,2] [2,5,1]... read as [5,2] [3,5,2,5] [5,2,5,1] [4] [1,4,4] [4,4,0]
    expect(plots("n = bar_index < 3 ? 2 : bar_index < 5 ? 4 : bar_index == 5 ? 1 : 3\nplot(ta.highest(close, n))\nplot(ta.lowest(close, n))")).toEqual([
      [null, 5, 5, 5, 5, 4, 4, 4],
      [null, 3, 2, 2, 1, 4, 1, 0],
    ]);
  });
});
