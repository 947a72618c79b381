// `and` and `or` per version (TradingView's v6 migration guide: "The and and or operators now
// evaluate conditions lazily"): in v6 the right operand is skipped when the left decides, so a
// ta.* call there misses those bars; in v5 both operands are evaluated on every bar. `?:` is lazy
// in both. Expected values are worked by hand over six bars (bar_index 0..5; ta.cum(1) counts the
// bars on which the call ran).
import { risingBars, run } from "./harness";

const values = (version: 5 | 6, body: string): number[][] =>
  run(`//@version=${version}\nindicator("x")\n${body}`, risingBars(6)).outputs.map((o) => Array.from(o.values));

test("v6 and/or skip the right operand; a ta.* call there counts only the bars it ran on", () => {
  // and: ta.cum(1) first runs on bar 3 (1 there, then 2, 3): true on bar 3 only
  expect(values(6, `plot(bar_index >= 3 and ta.cum(1) == 1 ? 1 : 0)`)).toEqual([[0, 0, 0, 1, 0, 0]]);
  // or: the left is true on bars 0-2; ta.cum(1) runs from bar 3 (1, 2, 3), never 4
  expect(values(6, `plot(bar_index < 3 or ta.cum(1) == 4 ? 1 : 0)`)).toEqual([[1, 1, 1, 0, 0, 0]]);
});

test("v5 and/or evaluate both operands on every bar", () => {
  // ta.cum(1) runs on every bar: bar_index + 1, so 4 on bar 3 and never 1 from bar 3 on
  expect(values(5, `plot(bar_index >= 3 and ta.cum(1) == 1 ? 1 : 0)`)).toEqual([[0, 0, 0, 0, 0, 0]]);
  expect(values(5, `plot(bar_index < 3 or ta.cum(1) == 4 ? 1 : 0)`)).toEqual([[1, 1, 1, 1, 0, 0]]);
  // a function's side effect happens even when the left operand decides, left first
  expect(values(5, `var calls = array.new_int()
f(k) =>
    calls.push(k)
    true
x = f(1) and false and f(2)
y = f(3) or f(4)
plot(calls.size())
plot(calls.get(calls.size() - 1))`)).toEqual([
    [4, 8, 12, 16, 20, 24],
    [4, 4, 4, 4, 4, 4],
  ]);
});

test("?: stays lazy in both versions", () => {
  for (const v of [5, 6] as const) expect(values(v, `plot(bar_index >= 3 ? ta.cum(1) : 0)`)).toEqual([[0, 0, 0, 1, 2, 3]]);
});
