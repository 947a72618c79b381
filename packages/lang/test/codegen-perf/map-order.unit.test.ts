// Maps in the bar loop (stdlib/map.ts): keys, values and `for [k, v] in` follow insertion order (a
// re-put key keeps its place, a removed and re-put one goes last), copies are independent, small
// integer, fractional and large keys live side by side, the 50,000-pair cap holds. Expected values
// are worked by hand from that order.
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { run } from "../back/harness";

function bars(n: number): Bars {
  const c = Float64Array.from({ length: n }, (_, i) => i + 1);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);

test("integer keys: order, re-put, remove, copy, clear", () => {
  const r = run(`//@version=6
indicator("t")
var m = map.new<int, float>()
var c = map.new<int, float>()
if bar_index == 0
    m.put(5, 50)
    m.put(2000, 7)
    m.put(0, 1)
    m.put(-3, 9)
    m.put(5, 55)
if bar_index == 1
    m.remove(0)
    m.put(0, 2)
    c := m.copy()
    c.put(5, 99)
    c.remove(2000)
if bar_index == 2
    m.clear()
    m.put(1, 10)
k = m.keys()
v = m.values()
float seq = 0
for [key, val] in m
    seq := seq * 10 + val
plot(m.size())
plot(k.size() > 0 ? k.get(0) : na)
plot(k.size() > 3 ? k.get(3) : na)
plot(v.size() > 0 ? v.get(0) : na)
plot(m.get(5))
plot(m.contains(0) ? 1 : 0)
plot(m.get(2000))
plot(seq)
plot(c.size())
plot(c.get(5))
plot(c.contains(2000) ? 1 : 0)
`, bars(4));
  // bar 0: 5→55 (re-put in place), 2000→7, 0→1, -3→9
  // bar 1: 0 removed and put again goes last: 5, 2000, -3, 0; the copy drops 2000 and sets 5→99
  // bar 2-3: cleared, then 1→10; the copy is untouched
  expect(col(r, 0)).toEqual([4, 4, 1, 1]);
  expect(col(r, 1)).toEqual([5, 5, 1, 1]);
  expect(col(r, 2)).toEqual([-3, 0, NaN, NaN]);
  expect(col(r, 3)).toEqual([55, 55, 10, 10]);
  expect(col(r, 4)).toEqual([55, 55, NaN, NaN]);
  expect(col(r, 5)).toEqual([1, 1, 0, 0]);
  expect(col(r, 6)).toEqual([7, 7, NaN, NaN]);
  // values in order: 55, 7, 1, 9 -> 55719; 55, 7, 9, 2 -> 55792; 10
  expect(col(r, 7)).toEqual([55719, 55792, 10, 10]);
  expect(col(r, 8)).toEqual([0, 3, 3, 3]);
  expect(col(r, 9)).toEqual([NaN, 99, 99, 99]);
  expect(col(r, 10)).toEqual([0, 0, 0, 0]);
});

test("fractional, large and small keys side by side; -0 is the key 0", () => {
  const r = run(`//@version=6
indicator("t")
f = map.new<float, float>()
f.put(2.5, 1)
f.put(2, 3)
f.put(1024, 4)
f.put(1023, 5)
f.put(-0.0, 6)
plot(f.get(2.5) + f.get(2) * 10 + f.get(1024) * 100 + f.get(1023) * 1000 + f.get(0) * 10000)
plot(f.contains(2.25) or f.contains(1025) or f.contains(3) ? 1 : 0)
plot(f.remove(1023) + f.remove(1023))
plot(f.contains(1023) ? 1 : 0)
`, bars(1));
  expect(col(r, 0)).toEqual([1 + 30 + 400 + 5000 + 60000]);
  expect(col(r, 1)).toEqual([0]);
  // the second remove finds nothing: 5 + na
  expect(col(r, 2)).toEqual([NaN]);
  expect(col(r, 3)).toEqual([0]);
});

test("at most 50,000 pairs; re-putting a present key at the cap is allowed", () => {
  const r = run(`//@version=6
indicator("t")
m = map.new<int, int>()
for i = 0 to 49999
    m.put(i, i)
m.put(7, 70)
plot(m.size())
plot(m.get(7))
m.put(bar_index == 1 ? 50000 : 3, 1)
plot(m.size())
`, bars(2));
  expect(col(r, 0)).toEqual([50000, NaN]);
  expect(col(r, 1)).toEqual([70, NaN]);
  expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["map size exceeds the maximum of 50000 pairs", 1]]);
});
