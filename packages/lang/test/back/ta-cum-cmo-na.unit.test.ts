// ta.cum and ta.cmo of a source with na bars. ta.cum is na on an na bar, before the first value too, and
// its total goes on past the gap, as TradingView gives it (docs/adr/0330). ta.cmo follows the reference's
// Pine for it, `math.sum(mom >= 0 ? mom : 0.0, length)` and `math.sum(mom >= 0 ? 0.0 : -mom, length)`:
// an na change compares false, so it adds 0 to the gains and na (skipped by math.sum) to the losses.
// Values worked by hand.
import { closeBars, run } from "./harness";

// closes 1, 2, 3, 4, 3, 5, 6; the script makes bars 0, 1 (leading) and 3 na
const bars = closeBars([1, 2, 3, 4, 3, 5, 6]);
const plots = (body: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("x")\nx = bar_index < 2 or bar_index == 3 ? na : close\n${body}`, bars).outputs.map((o) =>
    Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)),
  );

describe("ta.cum and ta.cmo over na bars", () => {
  test("ta.cum: na on the na bars, the total of the values so far elsewhere", () => {
    // x = na, na, 3, na, 3, 5, 6 -> na, na, 3, na, 6, 11, 17
    expect(plots("plot(ta.cum(x))")).toEqual([[null, null, 3, null, 6, 11, 17]]);
  });

  test("ta.cmo(y, 2) with one na bar: the 0 gain it adds stays in the gains' window", () => {
    // y = 1, 2, na, 4, 3, 5, 6: changes na, 1, na, na, -1, 2, 1
    // gains 0, 1, 0, 0, 0, 2, 1 (sums of 2 from bar 1: 1, 1, 0, 0, 2, 3)
    // losses -, 0, -, -, 1, 0, 0 (sums of the last 2 non-na: bar 4 [0, 1] = 1, bar 5 [1, 0] = 1, bar 6 0)
    // bar 4: 100 * (0 - 1) / (0 + 1) = -100; bar 5: 100 * (2 - 1) / 3; bar 6: 100 * 3 / 3
    const out = run(`//@version=6\nindicator("x")\ny = bar_index == 2 ? na : close\nplot(ta.cmo(y, 2))`, bars);
    const cmo = Array.from(out.outputs[0]!.values);
    expect(cmo.slice(0, 4).every((v) => Number.isNaN(v))).toBe(true);
    expect(cmo[4]).toBeCloseTo(-100, 10);
    expect(cmo[5]).toBeCloseTo(100 / 3, 10);
    expect(cmo[6]).toBeCloseTo(100, 10);
  });
});
