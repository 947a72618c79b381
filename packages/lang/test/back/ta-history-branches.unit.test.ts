// ta.rising / ta.falling / ta.change / ta.mom / ta.roc of a bar series or a user variable called in
// a branch that is not taken on every bar: TradingView's value compares the source with its own
// history (`source[k]`, kept on every bar), so it does not depend on which bars ran the call.
// Values worked by hand.
import { closeBars, run } from "./harness";

const closes = [1, 2, 3, 4, 5, 3, 2, 1, 1.5];
/** Daily bars with these closes; high and low one either side, so hlc3 equals the close. */
const bars = closeBars(closes);

const outputs = (src: string): Array<Array<number | null>> =>
  run(`//@version=6\nindicator("t")\n${src}`, bars).outputs.map((o) => Array.from(o.values, (v) => (Number.isNaN(v) ? null : v)));

describe("history-based ta.* in a branch not taken on some bars", () => {
  test.each(["close", "hlc3"])("ta.falling(%s, 3) after ta.rising was true (falling skipped on bars 3, 4)", (src) => {
    // bar 7: 1 < 2 < 3 < 5, three falls in a row (docs/adr/0330), although bars 3 and 4 never evaluated
    // ta.falling; bar 6: 2 < 3 < 5 but 5 > 4 is a rise
    const [r] = outputs(`plot(ta.rising(${src}, 3) ? 1 : ta.falling(${src}, 3) ? -1 : 0)\n`);
    expect(r).toEqual([0, 0, 0, 1, 1, 0, 0, -1, 0]);
  });

  test("ta.change, ta.mom and ta.roc evaluated on odd bars only", () => {
    const odd = (call: string): string => `plot(bar_index % 2 == 1 ? ${call} : na)\n`;
    const [change, mom, roc] = outputs(odd("ta.change(close)") + odd("ta.mom(close, 2)") + odd("ta.roc(close, 1)"));
    // close - close[1]: 2-1, 4-3, 3-5, 1-2
    expect(change).toEqual([null, 1, null, 1, null, -2, null, -1, null]);
    // close - close[2]: bar 1 has no close[2]; 4-2, 3-4, 1-3
    expect(mom).toEqual([null, null, null, 2, null, -1, null, -2, null]);
    // 100 * (close - close[1]) / close[1]: 100, 100/3, -40, -50
    expect(roc![1]).toBeCloseTo(100, 10);
    expect(roc![3]).toBeCloseTo(100 / 3, 10);
    expect(roc![5]).toBeCloseTo(-40, 10);
    expect(roc![7]).toBeCloseTo(-50, 10);
    expect([roc![0], roc![2], roc![4], roc![6], roc![8]]).toEqual([null, null, null, null, null]);
  });

  test("a user variable's ta.change, ta.mom, ta.roc, ta.rising and ta.falling on odd bars only", () => {
    const odd = (call: string): string => `plot(bar_index % 2 == 1 ? ${call} : na)\n`;
    const [change, change2, mom, roc, rising, falling] = outputs(
      "x = close * 2\n" + odd("ta.change(x)") + odd("ta.change(x, 2)") + odd("ta.mom(x, 2)") + odd("ta.roc(x, 1)") +
        odd("ta.rising(x, 3) ? 1 : 0") + odd("ta.falling(x, 3) ? 1 : 0"),
    );
    // x = 2, 4, 6, 8, 10, 6, 4, 2, 3; x - x[1] on bars 1, 3, 5, 7: 4-2, 8-6, 6-10, 2-4
    expect(change).toEqual([null, 2, null, 2, null, -4, null, -2, null]);
    // x - x[2]: bar 1 has no x[2]; 8-4, 6-8, 2-6
    expect(change2).toEqual([null, null, null, 4, null, -2, null, -4, null]);
    expect(mom).toEqual([null, null, null, 4, null, -2, null, -4, null]);
    // 100 * (x - x[1]) / x[1]: 100, 100/3, -40, -50
    [[1, 100], [3, 100 / 3], [5, -40], [7, -50]].forEach(([i, v]) => expect(roc![i!]).toBeCloseTo(v!, 10));
    // bar 3: 8 > 6, 4, 2 (rising); bar 7: 2 < 4, 6, 10 (falling); bar 5: 6 is neither
    expect(rising).toEqual([null, 0, null, 1, null, 0, null, 0, null]);
    expect(falling).toEqual([null, 0, null, 0, null, 0, null, 1, null]);
  });

  test("a global variable read by a function called on odd bars only", () => {
    const [change] = outputs("x = close * 2\nf() => ta.change(x)\nplot(bar_index % 2 == 1 ? f() : na)\n");
    expect(change).toEqual([null, 2, null, 2, null, -4, null, -2, null]);
  });
});
