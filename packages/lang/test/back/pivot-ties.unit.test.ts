// ta.pivothigh / ta.pivotlow when the candidate ties a neighbour (docs/adr/0301).
// The rule, as TradingView's own output shows it (evidence in docs/adr/0301): a bar equal to the
// candidate on its LEFT (older) side does not disqualify it, a bar equal to it on its RIGHT (newer)
// side does, so of two equal highs the later one is the pivot. Expected values are worked by hand
// below each series; the other tie rules (strict on both sides, ties allowed on both sides, or the
// mirror rule) give a different value on at least one marked bar.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const header = "//@version=6\nindicator(\"t\")\n";

function barsOf(high: number[], low: number[]): Bars {
  const n = high.length;
  const mid = high.map((h, i) => (h + low[i]!) / 2);
  return {
    length: n,
    time: Float64Array.from({ length: n }, (_, i) => 1.6e9 + i * 86400),
    open: Float64Array.from(mid),
    high: Float64Array.from(high),
    low: Float64Array.from(low),
    close: Float64Array.from(mid),
    volume: Float64Array.from(high.map(() => 1)),
  };
}

/** Every plot of `body` over `bars`, na as null so whole arrays compare with toEqual. */
function plots(body: string, bars: Bars): (number | null)[][] {
  const r = evaluate(build(header + body), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));
}

describe("pivot tie rule", () => {
  // bar:      0  1  2  3  4  5  6  7
  // high:     3  4  9  9  5  4  6  2
  // low:      7  6  2  2  5  6  4  8
  // (1, 1): each result is reported on the bar after its candidate.
  //   candidate 2 (high 9): right neighbour 3 is also 9 -> na on bar 3
  //   candidate 3 (high 9): left neighbour 2 is 9 (allowed), right 5 < 9 -> 9 on bar 4
  //   candidate 6 (high 6): 4 < 6 > 2 -> 6 on bar 7; candidates 1, 4, 5 have a higher neighbour
  //   lows mirror it: candidate 3 (low 2) -> 2 on bar 4, candidate 6 (low 4) -> 4 on bar 7
  const bars = barsOf([3, 4, 9, 9, 5, 4, 6, 2], [7, 6, 2, 2, 5, 6, 4, 8]);

  test("of two adjacent equal highs (lows) the later one is the pivot", () => {
    const [ph, pl, ph2, pl2] = plots(
      "plot(ta.pivothigh(high, 1, 1))\nplot(ta.pivotlow(low, 1, 1))\nplot(ta.pivothigh(1, 1))\nplot(ta.pivotlow(1, 1))",
      bars,
    );
    expect(ph).toEqual([null, null, null, null, 9, null, null, 6]);
    expect(pl).toEqual([null, null, null, null, 2, null, null, 4]);
    // the two-argument forms read high and low with the same rule
    expect(ph2).toEqual(ph);
    expect(pl2).toEqual(pl);
  });

  test("a tie further out counts the same way on each side", () => {
    // bar:   0  1  2  3  4  5  6  7  8
    // src:   1  8  3  8  2  8  1  0  0     (2, 2): reported two bars after the candidate
    //   candidate 3 (8): left 8, 3 (the 8 two bars back is allowed); right 2, 8 -> the 8 two bars
    //     on disqualifies it -> na on bar 5
    //   candidate 5 (8): left 8, 2 (allowed); right 1, 0 -> 8 on bar 7
    //   candidates 2, 4, 6 have an 8 beside them -> na on bars 4, 6, 8
    // the low side is the same series negated: -8 on bar 7 only
    const src = [1, 8, 3, 8, 2, 8, 1, 0, 0];
    const neg = src.map((x) => -x);
    const [ph, pl] = plots("plot(ta.pivothigh(high, 2, 2))\nplot(ta.pivotlow(low, 2, 2))", barsOf(src, neg));
    expect(ph).toEqual([null, null, null, null, null, null, null, 8, null]);
    expect(pl).toEqual([null, null, null, null, null, null, null, -8, null]);
  });

  test("unequal sides: a left tie three bars back is allowed, a right tie one bar on is not", () => {
    // bar:   0  1  2  3  4  5  6
    // src:   5  1  2  5  3  5  4     pivothigh(high, 3, 1): reported one bar after the candidate
    //   candidate 3 (5): left 2, 1, 5 (tie allowed); right 3 -> 5 on bar 4
    //   candidate 4 (3): left 5 -> na on bar 5
    //   candidate 5 (5): left 3, 5 (tie allowed), 2; right 4 -> 5 on bar 6
    const src = [5, 1, 2, 5, 3, 5, 4];
    const [ph] = plots("plot(ta.pivothigh(high, 3, 1))", barsOf(src, src));
    expect(ph).toEqual([null, null, null, null, 5, null, 5]);
  });
});
