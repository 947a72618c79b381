// A map reuses the cell of the key it looked up last (stdlib/map.ts cellOf), so `m.put(k,
// m.get(k) + 1)` hashes `k` once: removed and cleared keys, other keys, built strings and number
// keys outside the small-integer table still read what was put. Expected values worked by hand.
import type { EvaluationResult } from "../../src/evaluate";
import type { Bars } from "../../src/types";
import { run } from "./harness";

function bars(n: number): Bars {
  const c = new Float64Array(n).fill(1);
  return { length: n, time: Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 86400), open: c, high: c, low: c, close: c, volume: c };
}
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);

test("counts by a string key, with a remove and a clear between the lookups", () => {
  const r = run(
    `//@version=6
indicator("t")
var m = map.new<string, int>()
ka = "a"
kb = "b"
k = bar_index % 3 == 1 ? kb : ka
m.put(k, nz(m.get(k)) + 1)
if bar_index == 3
    m.remove(k)
if bar_index == 5
    m.clear()
plot(nz(m.get(ka)))
plot(nz(m.get(kb)))
plot(m.size())
`,
    bars(7),
  );
  // keys a b a a b a a; bar 3 puts a = 3 then removes it (b alone is left); bar 5 puts a = 1 then clears
  expect(col(r, 0)).toEqual([1, 1, 2, 0, 0, 0, 1]);
  expect(col(r, 1)).toEqual([0, 1, 1, 1, 2, 0, 0]);
  expect(col(r, 2)).toEqual([1, 2, 2, 1, 1, 0, 1]);
});

test("a key built anew each bar, a copy, and number keys outside the small-integer table", () => {
  const r = run(
    `//@version=6
indicator("t")
var m = map.new<string, float>()
key = "x" + str.tostring(bar_index % 2)
m.put(key, nz(m.get(key)) + 10)
c = m.copy()
c.put(key, -1)
var f = map.new<float, float>()
fk = bar_index % 2 == 0 ? 1.5 : -1.0
f.put(fk, nz(f.get(fk)) + bar_index)
f.put(5000.0, bar_index)
plot(m.get("x0"))
plot(nz(m.get("x1")))
plot(c.get(key))
plot(f.get(1.5))
plot(nz(f.get(-1.0)))
plot(f.get(5000.0))
`,
    bars(4),
  );
  // keys x0 x1 x0 x1: m x0 = 10, 10, 20, 20; x1 = 0, 10, 10, 20; the copy's own write is -1
  expect(col(r, 0)).toEqual([10, 10, 20, 20]);
  expect(col(r, 1)).toEqual([0, 10, 10, 20]);
  expect(col(r, 2)).toEqual([-1, -1, -1, -1]);
  // f: 1.5 sums bars 0 and 2; -1 sums bars 1 and 3; 5000 is the bar index
  expect(col(r, 3)).toEqual([0, 0, 2, 2]);
  expect(col(r, 4)).toEqual([0, 1, 1, 4]);
  expect(col(r, 5)).toEqual([0, 1, 2, 3]);
});
