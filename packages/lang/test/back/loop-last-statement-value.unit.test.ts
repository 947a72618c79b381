// A function whose last statement is a loop returns the loop's value: the value of its body's last
// statement on the last iteration (na when the body never runs), as an if or a switch in that place
// returns its branch's. Seen in a public linear regression oscillator whose function ends in a for
// loop whose last line declares the result (issue 16's survey): every value was na. The bars are
// risingBars (close = 10 + i); the expected values are worked by hand below.
import { risingBars, run } from "./harness";

const col = (r: ReturnType<typeof run>, name: string): number[] => Array.from(r.outputs.find((o) => o.name === name)!.values);

describe("a loop as a function's last statement", () => {
  const r = run(
    `//@version=5
indicator("t")
meanBack(int n) =>
    total = 0.0
    for k = 0 to n - 1
        total += close[k]
        avg = total / (k + 1)
tenfold(array<float> a) =>
    float acc = 0
    for v in a
        acc := acc + v
        acc * 10
halve(float x) =>
    float y = x
    while y > 1
        y := y / 2
        y
firstOf(array<float> a) =>
    for v in a
        v
plot(meanBack(3), "mean")
plot(tenfold(array.from(1.0, 2.0, 3.0)), "tenfold")
plot(halve(10), "halve")
plot(firstOf(array.new<float>(0)), "empty")
`,
    risingBars(5),
  );

  test("for: the declaration ending the last iteration", () => {
    // bar 2: (12 + 11 + 10) / 3 = 11; bar 4: (14 + 13 + 12) / 3 = 13; bars 0 and 1 read a close before the first (na)
    expect(col(r, "mean")).toEqual([NaN, NaN, 11, 12, 13]);
  });

  test("for...in: the expression ending the last iteration; while: the same", () => {
    // 1 + 2 + 3 = 6, times 10; 10 halved until at most 1: 5, 2.5, 1.25, 0.625
    expect(col(r, "tenfold")).toEqual([60, 60, 60, 60, 60]);
    expect(col(r, "halve")).toEqual([0.625, 0.625, 0.625, 0.625, 0.625]);
  });

  test("a loop whose body never runs gives na", () => {
    expect(col(r, "empty")).toEqual([NaN, NaN, NaN, NaN, NaN]);
    expect(r.runtimeErrors).toEqual([]);
  });
});
