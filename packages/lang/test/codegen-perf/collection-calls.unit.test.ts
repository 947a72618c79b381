// Array and map calls written out in the bar loop (codegen/collections.ts): the plain case reads or
// writes in place, every other case (negative index, out of bounds, na array or map,
// empty array, keys outside the small-integer table) gives what the stdlib call gives. A map's
// re-put key changes only its cell (stdlib/map.ts), and a constant key's call site keeps the cell
// it found, so values, keys, copies, put_all, remove and clear are checked after such calls.
// Expected values are worked by hand.
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { build, run } from "../back/harness";

function bars(n: number): Bars {
  const c = Float64Array.from({ length: n }, (_, i) => i + 1);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);
const errors = (r: EvaluationResult): Array<[string, number]> => r.runtimeErrors.map((e) => [e.message, e.count]);

test("array get/set/push/shift/size: in-place reads and writes, negative indices", () => {
  const r = run(`//@version=6
indicator("t")
a = array.from(10.0, 20.0, 30.0)
a.set(1, 21)
a.set(-1, 31)
a.push(40)
first = a.shift()
plot(a.size())
plot(a.get(0))
plot(a.get(-1))
plot(a.get(-3))
plot(first)
b = array.new<bool>()
b.push(true)
b.push(false)
plot(b.get(1) ? 1 : b.get(0) ? 2 : 3)
`, bars(1));
  // [10, 21, 31] -> push 40 -> shift 10 -> [21, 31, 40]; -3 is index 0
  expect([0, 1, 2, 3, 4, 5].map((k) => col(r, k)[0])).toEqual([3, 21, 40, 21, 10, 2]);
  expect(r.runtimeErrors).toEqual([]);
});

test("array misuse raises the stdlib's errors, one bar each", () => {
  const r = run(`//@version=6
indicator("t")
a = array.from(1.0, 2.0)
array<float> gone = na
e = array.new<float>()
x = switch bar_index
    0 => a.get(2)
    1 => a.get(-3)
    2 => gone.get(0)
    3 => e.shift()
    4 => gone.size()
    => 0
if bar_index == 5
    a.set(5, 1)
if bar_index == 6
    gone.push(1)
plot(x)
`, bars(8));
  expect(col(r, 0)).toEqual([NaN, NaN, NaN, NaN, NaN, NaN, NaN, 0]);
  expect(errors(r)).toEqual([
    ["Index 2 is out of bounds. Array size is 2", 1],
    ["Index -3 is out of bounds. Array size is 2", 1],
    ["Cannot call array methods when ID of array is 'na'", 3],
    ["Cannot use shift() if array is empty.", 1],
    ["Index 5 is out of bounds. Array size is 2", 1],
  ]);
});

test("a map's re-put small key: values, keys, copy, put_all and remove see the new value in the key's place", () => {
  const r = run(`//@version=6
indicator("t")
var m = map.new<int, float>()
if bar_index == 0
    m.put(3, 1)
    m.put(2000, 2)
    m.put(0, 4)
prev = m.put(3, 10 + bar_index)
float seq = 0
for [k, v] in m
    seq := seq * 100 + v
c = m.copy()
c.put(0, 50)
o = map.new<int, float>()
o.put(0, 7)
o.put_all(c)
plot(prev)
plot(seq)
plot(m.values().get(0))
plot(m.keys().get(0))
plot(o.get(0) + o.get(3) * 100)
plot(m.get(0))
plot(bar_index == 1 ? m.remove(3) : m.contains(3) ? 1 : 0)
plot(m.get(3))
`, bars(3));
  // bar 0: 3 -> 1 then 10 (prev 1); pairs in order 3:10, 2000:2, 0:4
  // bar 1: 3 -> 11 (prev 10), then removed (its value 11); bar 2: 3 is put again (prev na), now last
  expect(col(r, 0)).toEqual([1, 10, NaN]);
  expect(col(r, 1)).toEqual([100204, 110204, 20412]);
  expect(col(r, 2)).toEqual([10, 11, 2]);
  expect(col(r, 3)).toEqual([3, 3, 2000]);
  expect(col(r, 4)).toEqual([50 + 1000, 50 + 1100, 50 + 1200]);
  expect(col(r, 5)).toEqual([4, 4, 4]);
  expect(col(r, 6)).toEqual([1, 11, 1]);
  expect(col(r, 7)).toEqual([10, NaN, 12]);
});

test("a map that is na raises 'map is na'; constant string keys give the stdlib's values", () => {
  const r = run(`//@version=6
indicator("t")
map<int, float> gone = na
s = map.new<string, int>()
s.put("a", 1)
s.put("a", s.get("a") + 1)
x = bar_index == 0 ? gone.get(1) : bar_index == 1 ? (gone.contains(1) ? 1 : 0) : s.get("a")
plot(x)
`, bars(3));
  expect(col(r, 0)).toEqual([NaN, NaN, 2]);
  expect(errors(r)).toEqual([["map is na", 2]]);
});

test("the loop reads the element list in place (no stdlib call for the plain case)", () => {
  const source = build(`//@version=6
indicator("t")
var a = array.new<float>()
a.push(close)
if a.size() > 3
    a.shift()
var m = map.new<int, float>()
m.put(dayofweek, nz(m.get(dayofweek)) + 1)
plot(a.get(0) + m.get(dayofweek))
`).source;
  const loop = source.slice(source.indexOf("function $run("));
  expect(loop).toContain(".e.push(");
  expect(loop).toContain(".e.shift()");
  expect(loop).toContain(".d[");
});

test("a constant key's call site keeps its cell only while the map and the pair are the same", () => {
  const r = run(`//@version=6
indicator("t")
var a = map.new<string, float>()
var b = map.new<string, float>()
if bar_index == 0
    a.put("k", 1)
    b.put("k", 100)
m = bar_index == 2 ? b : a
if bar_index == 3
    a.remove("k")
if bar_index == 4
    a.put("k", 5)
if bar_index == 5
    a.clear()
c = a.copy()
c.put("k", 70)
plot(m.get("k"))
plot(m.contains("k") ? 1 : 0)
plot(m.put("k", m.get("k") + 1))
plot(a.get("k"))
plot(c.get("k"))
`, bars(7));
  // a: 1 -> (bar 0 put) 2, bar 1: 3; bar 2 reads b (100 -> 101); bar 3: removed (na, put na + 1 = na);
  // bar 4: 5 -> 6; bar 5: cleared, put na + 1 = na; bar 6: na again (the pair holds na)
  expect(col(r, 0)).toEqual([1, 2, 100, NaN, 5, NaN, NaN]);
  expect(col(r, 1)).toEqual([1, 1, 1, 0, 1, 0, 1]);
  expect(col(r, 2)).toEqual([1, 2, 100, NaN, 5, NaN, NaN]);
  expect(col(r, 3)).toEqual([2, 3, 3, NaN, 6, NaN, NaN]);
  // the copy's cells are its own: putting 70 there never changes a
  expect(col(r, 4)).toEqual([70, 70, 70, 70, 70, 70, 70]);
});
