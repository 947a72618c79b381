// map.*: a compiled script over a few bars against hand-worked values: insertion order, re-put
// keeps its place, na for a missing key, var maps persist across bars, methods, maps of a user type.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const C = [10, 12, 11, 12, 10];
const bars: Bars = { length: 5, time: Float64Array.from(C, (_, i) => 1.6e9 + i * 86400), open: Float64Array.from(C), high: Float64Array.from(C), low: Float64Array.from(C), close: Float64Array.from(C), volume: Float64Array.from(C, () => 1) };

function run(body: string): number[][] {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${body}`), bars, {}, { symbol: SYMBOL, windowStart: 0 });
  return r.outputs.map((o) => Array.from(o.values));
}

test("a var map counts closes across bars", () => {
  const [distinct, tens, twelves, firstKey] = run(`var counts = map.new<float, int>()
counts.put(close, nz(counts.get(close)) + 1)
plot(counts.size())
plot(counts.get(10))
plot(counts.get(12))
plot(counts.keys().get(0))`);
  // closes 10, 12, 11, 12, 10: distinct 1, 2, 3, 3, 3; count of 10: 1, 1, 1, 1, 2; of 12: na, 1, 1, 2, 2
  expect(distinct).toEqual([1, 2, 3, 3, 3]);
  expect(tens).toEqual([1, 1, 1, 1, 2]);
  expect(twelves).toEqual([NaN, 1, 1, 2, 2]);
  expect(firstKey).toEqual([10, 10, 10, 10, 10]);
});

test("put returns the previous value, remove and contains, insertion order, copy, clear", () => {
  const out = run(`m = map.new<string, float>()
m.put("b", 2)
m.put("a", 1)
prev = m.put("b", 20)
plot(prev)
plot(m.keys().get(0) == "b" ? 1 : 0)
plot(m.values().sum())
plot(m.remove("a"))
plot(m.contains("a") ? 1 : 0)
plot(m.get("zz"))
c = m.copy()
m.clear()
plot(c.size() * 10 + m.size())
o = map.new<string, float>()
o.put("x", 5)
c.put_all(o)
plot(c.size())`);
  // prev 2; "b" stays first after its re-put; values 20 + 1 = 21; remove "a" -> 1; gone -> 0; missing -> na;
  // the copy keeps 1 pair after m.clear() -> 10; put_all adds "x" -> 2
  expect(out.map((o) => o[0])).toEqual([2, 1, 21, 1, 0, NaN, 10, 2]);
});

test("maps of a user type, iterated by keys", () => {
  const out = run(`type Stat
    float sum = 0
    int n = 0
var stats = map.new<string, Stat>()
key = close >= 11 ? "up" : "down"
if not stats.contains(key)
    stats.put(key, Stat.new())
s = stats.get(key)
s.sum += close
s.n += 1
total = 0.0
for k in stats.keys()
    total += stats.get(k).sum
plot(total)
plot(stats.contains("up") ? stats.get("up").n : na)`);
  // running sum of closes 10, 22, 33, 45, 55; "up" bars (close >= 11) are bars 1, 2, 3: n = na, 1, 2, 3, 3
  expect(out[0]).toEqual([10, 22, 33, 45, 55]);
  expect(out[1]).toEqual([NaN, 1, 2, 3, 3]);
});
