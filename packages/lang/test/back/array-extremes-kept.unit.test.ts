// array.max / array.min / array.range answered from the extremes an array keeps between changes
// (docs/adr/0108-array-extremes-kept.md): every way of changing the elements, in the written-out
// form and through the stdlib (named arguments), leaves the answers a fresh scan would give.
// Expected values are worked by hand in the comments.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import type { ContextBars } from "../../src/stdlib/request";
import type { Bars, SymbolInfo } from "../../src/types";
import { build, run } from "./harness";

function bars(closes: number[]): Bars {
  const n = closes.length;
  const c = Float64Array.from(closes);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);
const flat = (n: number): number[] => Array.from({ length: n }, () => 0);

test("a queue of three: push then shift, the leaving element often an extreme", () => {
  const script = (push: string, shift: string): string => `//@version=6
indicator("t")
var xs = array.new<float>()
${push}
if xs.size() > 3
    ${shift}
plot(xs.max())
plot(xs.min())
plot(xs.max() - xs.min())
`;
  // windows: [5] [5 1] [5 1 3] [1 3 9] [3 9 2] [9 2 8] [2 8 7] [8 7 4]
  const max = [5, 5, 5, 9, 9, 9, 8, 8];
  const min = [5, 1, 1, 1, 2, 2, 2, 4];
  const closes = bars([5, 1, 3, 9, 2, 8, 7, 4]);
  for (const [push, shift] of [
    ["xs.push(close)", "xs.shift()"],
    ["array.push(id = xs, value = close)", "array.shift(id = xs)"],
  ]) {
    const r = run(script(push!, shift!), closes);
    expect(col(r, 0)).toEqual(max);
    expect(col(r, 1)).toEqual(min);
    expect(col(r, 2)).toEqual([0, 4, 4, 8, 7, 7, 6, 4]);
  }
});

test("each other change of the elements: pop, unshift, insert, remove, set, fill, reverse, concat, sort, clear, na", () => {
  const r = run(
    `//@version=6
indicator("t")
var a = array.from(3.0, 1.0, 4.0)
if bar_index == 1
    a.pop()
if bar_index == 2
    a.unshift(7.0)
if bar_index == 3
    a.insert(1, -2.0)
if bar_index == 4
    a.remove(0)
if bar_index == 5
    a.set(0, 10.0)
if bar_index == 6
    array.set(id = a, index = 0, value = 2.0)
if bar_index == 7
    a.fill(5.0, 1, 2)
if bar_index == 8
    a.reverse()
if bar_index == 9
    a.concat(array.from(6.0, 0.0))
if bar_index == 10
    a.sort(order.descending)
if bar_index == 11
    a.clear()
if bar_index == 12
    a.push(na)
if bar_index == 13
    a.push(4.0)
if bar_index == 14
    a.shift()
if bar_index == 15
    a.set(0, 4.0)
plot(a.max())
plot(a.min())
plot(a.range())
`,
    bars(flat(16)),
  );
  // 0 [3 1 4]; 1 pop 4: [3 1]; 2 [7 3 1]; 3 [7 -2 3 1]; 4 remove 7: [-2 3 1]; 5 [10 3 1];
  // 6 [2 3 1]; 7 index 1 filled: [2 5 1]; 8 [1 5 2]; 9 [1 5 2 6 0]; 10 [6 5 2 1 0]; 11 [];
  // 12 [na]; 13 [na 4]; 14 shift na: [4]; 15 [4]
  expect(col(r, 0)).toEqual([4, 3, 7, 7, 3, 10, 3, 5, 5, 6, 6, NaN, NaN, 4, 4, 4]);
  expect(col(r, 1)).toEqual([1, 1, 1, -2, -2, 1, 1, 1, 1, 0, 0, NaN, NaN, 4, 4, 4]);
  expect(col(r, 2)).toEqual([3, 2, 6, 9, 5, 9, 2, 4, 4, 6, 6, NaN, NaN, 0, 0, 0]);
});

test("two names of one array, a copy and a slice keep their own answers", () => {
  const r = run(
    `//@version=6
indicator("t")
var a = array.from(2.0, 8.0, 5.0)
b = a
c = a.copy()
s = a.slice(1, 3)
if bar_index == 1
    b.shift()
    b.push(1.0)
if bar_index == 2
    b.set(1, 9.0)
plot(a.max())
plot(a.min())
plot(c.max())
plot(s.min())
`,
    bars(flat(3)),
  );
  // bar 0: a [2 8 5]; bar 1 through b: [8 5 1]; bar 2: [8 9 1]. c is new each bar, from a before
  // the changes: c [2 8 5] [2 8 5] [8 5 1]. s is a slice of a's indices 1 and 2 (it shares them,
  // docs/adr/0331), read after the changes: [8 5] [5 1] [9 1]
  expect(col(r, 0)).toEqual([8, 8, 9]);
  expect(col(r, 1)).toEqual([2, 1, 1]);
  expect(col(r, 2)).toEqual([8, 8, 8]);
  expect(col(r, 3)).toEqual([5, 1, 1]);
});

test("among equal extremes the first stays: 0 before -0, -0 before 0", () => {
  const r = run(
    `//@version=6
indicator("t")
var a = array.new<float>()
negZero = 0.0 * -1
if bar_index == 0
    a.push(negZero)
    a.push(0.0)
if bar_index == 1
    a.shift()
if bar_index == 2
    a.push(negZero)
if bar_index == 3
    a.shift()
plot(math.pow(a.max(), -1) > 0 ? 1 : -1)
plot(math.pow(a.min(), -1) > 0 ? 1 : -1)
`,
    bars(flat(4)),
  );
  // [-0 0] first -0; [0] 0; [0 -0] first 0; [-0] -0 (the power -1 of -0 is below 0: / of a zero is na)
  expect(col(r, 0)).toEqual([-1, 1, 1, -1]);
  expect(col(r, 1)).toEqual([-1, 1, 1, -1]);
});

test("a queue kept inside a requested context's run", () => {
  const T0 = Date.UTC(2020, 0, 1) / 1000;
  const H1: SymbolInfo = { ticker: "SYN", timezone: "UTC", mintick: 0.01, timeframe: "1h" };
  const series = (n: number, step: number, close: (k: number) => number): Bars => {
    const c = Float64Array.from({ length: n }, (_, k) => close(k));
    return { length: n, time: Float64Array.from({ length: n }, (_, k) => T0 + k * step), open: c, high: c.slice(), low: c.slice(), close: c.slice(), volume: new Float64Array(n).fill(1) };
  };
  // minute k closes (k + 1) % 7; the chart's three hours close 60, 120, 180
  const minutes: ContextBars = { symbol: "SYN", timeframe: "1m", bars: series(180, 60, (k) => (k + 1) % 7), info: { ...H1, timeframe: "1m" } };
  const r = evaluate(
    build(`//@version=6
indicator("t")
window() =>
    var xs = array.new<float>()
    xs.push(close)
    if xs.size() > 5
        xs.shift()
    [xs.max(), xs.min()]
[hi, lo] = request.security("", "1", window())
plot(hi)
plot(lo)
`),
    series(3, 3600, (k) => 60 * (k + 1)),
    {},
    { symbol: H1, windowStart: 0, contexts: [minutes] },
  );
  expect(r.runtimeErrors).toEqual([]);
  // each hour sees its last minute's window of five closes: minutes 56-60 close 0 1 2 3 4;
  // 116-120: 4 5 6 0 1; 176-180: 1 2 3 4 5
  expect(col(r, 0)).toEqual([4, 6, 5]);
  expect(col(r, 1)).toEqual([0, 0, 1]);
});

test("the nth largest or smallest is still a sort of the elements beside a kept extreme; named arguments call the stdlib", () => {
  const r = run(
    `//@version=6
indicator("t")
var xs = array.from(3.0, 9.0, 5.0)
if bar_index == 1
    xs.push(1.0)
plot(xs.max())
plot(xs.max(1))
plot(array.min(xs, 1))
plot(array.max(id = xs))
plot(array.min(id = xs, nth = 0))
`,
    bars(flat(2)),
  );
  // [3 9 5] then [3 9 5 1]: largest 9, second largest 5; second smallest 5, then 3; smallest 3, then 1
  expect(col(r, 0)).toEqual([9, 9]);
  expect(col(r, 1)).toEqual([5, 5]);
  expect(col(r, 2)).toEqual([5, 3]);
  expect(col(r, 3)).toEqual([9, 9]);
  expect(col(r, 4)).toEqual([3, 1]);
});
