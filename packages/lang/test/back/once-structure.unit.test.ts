// TradingView's `once [condition]` structure (release notes, August 2026; docs/adr/0168): the
// block runs the first time the condition holds and never again. Expected values are worked by
// hand from risingBars (close = 10 + i on bar i).
import { build, risingBars, run } from "./harness";

const V6 = `//@version=6\nindicator("x")\n`;
const values = (body: string, n = 8): number[][] => run(`${V6}${body}`, risingBars(n)).outputs.map((o) => Array.from(o.values));

test("the block runs on the first bar whose condition is true, then never again", () => {
  // close > 15 first on bar 6 (close 16); the count of runs stays 1
  expect(values(`var int fired = -1
var int runs = 0
once close > 15
    fired := bar_index
    runs += 1
plot(fired)
plot(runs)`)).toEqual([[-1, -1, -1, -1, -1, -1, 6, 6], [0, 0, 0, 0, 0, 0, 1, 1]]);
});

test("without a condition the block runs on the first bar only", () => {
  expect(values(`var int n = 0
once
    n += 1
plot(n)`, 3)).toEqual([[1, 1, 1]]);
});

test("in a function each call site has its own once", () => {
  // f(close): close > 12 first on bar 3; f(close + 5): 15 > 12 already on bar 0
  expect(values(`f(x) =>
    var int k = -1
    once x > 12
        k := bar_index
    k
plot(f(close))
plot(f(close + 5))`, 5)).toEqual([[-1, -1, -1, 3, 3], [0, 0, 0, 0, 0]]);
});

test("nested in an if or a loop it runs once in all", () => {
  // the if's block first runs on bar 3; in the loop i == 1 holds on every bar, the block runs on bar 0
  expect(values(`var int c = 0
if bar_index > 2
    once
        c := bar_index
var int hits = 0
for i = 0 to 2
    once i == 1
        hits += 10 + i
plot(c)
plot(hits)`, 5)).toEqual([[0, 0, 0, 3, 3], [11, 11, 11, 11, 11]]);
});

test("the condition is not evaluated after the block has run", () => {
  // the condition counts its evaluations: bars 0 and 1 (false, then true on bar 1), none after
  expect(values(`var seen = array.new<int>()
check() =>
    seen.push(bar_index)
    bar_index >= 1
once check()
    label.new(bar_index, close, "first")
plot(seen.size())`, 4)).toEqual([[1, 2, 2, 2]]);
});

test("a variable or function named once in an older script is still one", () => {
  expect(values(`once = close > 15
plot(once ? 1 : 0)`, 7)).toEqual([[0, 0, 0, 0, 0, 0, 1]]);
  expect(values(`once(x) => x * 2
plot(once(close))`, 2)).toEqual([[20, 22]]);
  expect(values(`var bool once = false
if bar_index == 1
    once := true
plot(once ? 1 : 0)`, 3)).toEqual([[0, 1, 1]]);
});

test("a condition that is not a bool is refused as the once structure's, not as an operand of a hidden 'and'", () => {
  const refusal = (cond: string): string => {
    try {
      build(`${V6}var c = 0\nonce ${cond}\n    c += 1\nplot(c)`);
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  expect(refusal("close")).toContain("A once condition must be a bool, not float.");
  expect(refusal('"yes"')).toContain("A once condition must be a bool, not string.");
  expect(refusal("close > open")).toBe("");
});
