// ta.percentile_nearest_rank and ta.percentile_linear_interpolation keep their window sorted from
// bar to bar; the values must stay those of TradingView's definitions (reference: nearest rank is
// the smallest value with at least `percentage`% of the window at or below it; linear interpolates
// between the two nearest ranks), with na values skipped and a length that changes between bars.
// Closes 5, 1, 4, 1, 3, 2; each window below is sorted by hand.
import { closeBars, run } from "./harness";

const bars = closeBars([5, 1, 4, 1, 3, 2]);
const plots = (body: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("p")\n${body}`, bars).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));

describe("percentiles over a sliding window", () => {
  test("of 3 closes, with a repeated value leaving and entering", () => {
    // [1,4,5] [1,1,4] [1,3,4] [1,2,3]: nearest rank 50 is the 2nd; linear 25 is halfway between the 1st and 2nd
    expect(plots("plot(ta.percentile_nearest_rank(close, 3, 50))\nplot(ta.percentile_linear_interpolation(close, 3, 25))")).toEqual([
      [null, null, 4, 1, 3, 2],
      [null, null, 2.5, 1, 2, 1.5],
    ]);
  });

  test("nearest rank skips na values (the last 3 that are not na); interpolation is na while its 3 bars hold one", () => {
    // bar 3 is na: [1,4,5] stays; then [1,3,4] (1, 4, 3) and [2,3,4] (4, 3, 2); the reference's remarks
    // on the two functions (docs/adr/0288)
    expect(plots("x = bar_index == 3 ? na : close\nplot(ta.percentile_nearest_rank(x, 3, 50))\nplot(ta.percentile_linear_interpolation(x, 3, 25))")).toEqual([
      [null, null, 4, 4, 3, 3],
      [null, null, 2.5, null, null, null],
    ]);
  });

  test("a length that changes between bars takes the newest values of each length", () => {
    // lengths 2, 2, 2, 3, 3, 2: [1,5] [1,4] [1,1,4] [1,3,4] [2,3]; nearest rank 50 of 2 values is the 1st
    expect(plots("n = bar_index == 3 or bar_index == 4 ? 3 : 2\nplot(ta.percentile_nearest_rank(close, n, 50))\nplot(ta.percentile_nearest_rank(close, n, 100))")).toEqual([
      [null, 1, 1, 1, 3, 2],
      [null, 5, 4, 4, 4, 3],
    ]);
  });
});
