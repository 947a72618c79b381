// `na` written where an object or an array is expected is the na reference (NaN), not the number
// na: reading a field of it or walking it is a runtime error on that bar (the bar's outputs are
// na, the run goes on), and `na(x)` of it is true. Expected values are worked by hand.
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { run } from "../back/harness";

function bars(n: number): Bars {
  const c = Float64Array.from({ length: n }, (_, i) => i + 1);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: new Float64Array(n).fill(1) };
}

const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);
const errors = (r: EvaluationResult): { message: string; count: number }[] => r.runtimeErrors.map((e) => ({ message: e.message, count: e.count }));
const FIELD = "Cannot access a field of an object that is na";

const head = `//@version=6
indicator("t")
type P
    float x = 1
`;

test("a field of a variable declared `na` is an error on the bars that read it", () => {
  const r = run(`${head}P t = na
float f = 0
if bar_index == 1
    f := t.x
plot(f)
plot(na(t) ? 1 : 0)
`, bars(3));
  // bar 1 reads the field: an error there (its outputs na), bars 0 and 2 run on
  expect(errors(r)).toEqual([{ message: FIELD, count: 1 }]);
  expect(col(r, 0)).toEqual([0, NaN, 0]);
  expect(col(r, 1)).toEqual([1, NaN, 1]);
});

test("`t := na` drops the object: its fields are then an error, na(t) is true", () => {
  const r = run(`${head}var P t = P.new(7)
if bar_index >= 2
    t := na
plot(na(t) ? 1 : 0)
plot(t.x)
`, bars(4));
  expect(errors(r)).toEqual([{ message: FIELD, count: 2 }]);
  expect(col(r, 1)).toEqual([7, 7, NaN, NaN]);
  expect(col(r, 0)).toEqual([0, 0, NaN, NaN]);
});

test("an array declared `na` cannot be walked, na() of it is true", () => {
  const r = run(`//@version=6
indicator("t")
array<float> a = na
plot(na(a) ? 1 : 0)
s = 0.0
if bar_index > 0
    for v in a
        s += v
plot(s)
`, bars(3));
  expect(errors(r)).toEqual([{ message: "Cannot call array methods when ID of array is 'na'", count: 2 }]);
  expect(col(r, 0)).toEqual([1, NaN, NaN]);
  expect(col(r, 1)).toEqual([0, NaN, NaN]);
});

test("na as a ternary branch, an argument, a field without default and a field's default", () => {
  const r = run(`${head}type Q
    P p
    P d = na
fx(P p) => p.x
P u = bar_index > 0 ? P.new(5) : na
plot(bar_index == 0 ? 0 : u.x)
plot(bar_index == 1 ? fx(na) : 2)
plot(bar_index == 2 ? Q.new().p.x : 3)
plot(bar_index == 3 ? Q.new().d.x : 4)
plot(bar_index == 4 ? u.x : 6)
plot(bar_index == 0 ? u.x : 8)
`, bars(5));
  // one error on each of bars 0-3, none on bar 4 (u is P.new(5) there)
  expect(errors(r)).toEqual([{ message: FIELD, count: 4 }]);
  expect(col(r, 0)).toEqual([NaN, NaN, NaN, NaN, 5]);
  expect(col(r, 4)).toEqual([NaN, NaN, NaN, NaN, 5]);
  expect(col(r, 5)).toEqual([NaN, NaN, NaN, NaN, 8]);
});

test("na as an element of an array or a value of a map of objects", () => {
  const r = run(`${head}var a = array.new<P>(2, na)
var m = map.new<int, P>()
var b = array.from(P.new(3), na)
if bar_index == 0
    a.push(P.new(4))
    m.put(1, na)
    m.put(2, P.new(6))
if bar_index == 1
    a.push(na)
    a.set(2, na)
plot(na(a.get(0)) ? 1 : 0)
plot(a.get(bar_index == 0 ? 2 : 0).x)
plot(a.last().x)
plot(m.contains(1) ? 1 : 0)
plot(bar_index == 2 ? m.get(1).x : m.get(2).x)
plot(bar_index == 3 ? b.get(1).x : b.get(0).x)
plot(na(b.get(1)) ? 1 : 0)
`, bars(4));
  // bar 0: [na, na, P(4)]: get(2).x 4, last 4; bars 1-3: [na, na, na, na] (set and push of na)
  expect(col(r, 0)).toEqual([1, NaN, NaN, NaN]);
  // an error on bars 1, 2 and 3 (a.get(0).x), each stops its bar before the map and b reads
  expect(errors(r)).toEqual([{ message: FIELD, count: 3 }]);
  expect(col(r, 1)).toEqual([4, NaN, NaN, NaN]);
  expect(col(r, 2)).toEqual([4, NaN, NaN, NaN]);
  expect(col(r, 4)).toEqual([6, NaN, NaN, NaN]);
  expect(col(r, 5)).toEqual([3, NaN, NaN, NaN]);
});

test("an element or map value that is na: its field is an error, na() of it is true", () => {
  const r = run(`${head}var m = map.new<int, P>()
var b = array.from(P.new(3), na)
if bar_index == 0
    m.put(1, na)
    m.put(2, P.new(6))
plot(m.contains(1) ? 1 : 0)
plot(na(m.get(1)) ? 1 : 0)
plot(na(b.get(1)) ? 1 : 0)
plot(bar_index == 1 ? m.get(1).x : bar_index == 2 ? b.get(1).x : m.get(2).x + b.get(0).x)
`, bars(3));
  expect(errors(r)).toEqual([{ message: FIELD, count: 2 }]);
  expect(col(r, 0)).toEqual([1, NaN, NaN]);
  expect(col(r, 1)).toEqual([1, NaN, NaN]);
  expect(col(r, 2)).toEqual([1, NaN, NaN]);
  expect(col(r, 3)).toEqual([9, NaN, NaN]);
});
