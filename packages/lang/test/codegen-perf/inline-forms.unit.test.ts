// Code written out in the bar loop (docs/adr/0090-inline-user-functions.md): stateless user
// functions called at the root of a statement run in place, numeric `na`/`nz`/`!=` and array
// for-in make no runtime call, numeric arrays come from their own allocation site. The values
// must be exactly those of the functions called: expected values are worked by hand below.
import { gaplessDailyBars } from "../support/demo-bars";
import { build, run } from "../back/harness";

const bars = gaplessDailyBars;

const col = (r: ReturnType<typeof run>, k: number): number[] => Array.from(r.outputs[k]!.values);

describe("stateless user functions run in place", () => {
  const script = `//@version=6
indicator("t")
type Acc
    float sum = 0.0
    int n = 0
method add(Acc this, float x) =>
    this.sum += x
    this.n += 1
    this
method mean(Acc this) =>
    this.n > 0 ? this.sum / this.n : na
twice(float x) =>
    float y = x * 2
    y
plusMean(Acc a, float x) =>
    float m = a.mean()
    x + m
var Acc acc = Acc.new()
acc.add(close)
m = acc.mean()
t = twice(close)
u = close > 2 ? twice(close) : -1
p = plusMean(acc, 1)
plot(m, "m")
plot(t, "t")
plot(u, "u")
plot(p, "p")
`;

  test("values are those of the functions (running mean, doubled close, branch, nested call)", () => {
    const r = run(script, bars([1, 2, 3, 6]));
    // running means of 1, 2, 3, 6: 1, 1.5, 2, 3
    expect(col(r, 0)).toEqual([1, 1.5, 2, 3]);
    expect(col(r, 1)).toEqual([2, 4, 6, 12]);
    // only closes above 2 are doubled, in a ternary branch (a call there is never run in place)
    expect(col(r, 2)).toEqual([-1, -1, 6, 12]);
    expect(col(r, 3)).toEqual([2, 2.5, 3, 4]);
  });

  test("a root call of a stateless method has no call in the bar loop; a branch's call stays a call", () => {
    const src = build(script).source;
    const loop = src.slice(src.indexOf("function $run("));
    expect(loop).not.toMatch(/\bf\d+_add\(/);
    expect(loop).not.toMatch(/\bf\d+_mean\(/);
    // `u = close > 2 ? twice(close) : -1`: evaluated only on the branch taken
    expect(loop).toMatch(/\? f\d+_twice\(\$E, \$i, /);
  });

  test("a plot's first argument is a root: a stateless call there runs in place", () => {
    const src = build(`//@version=6
indicator("t", overlay = true)
half(float x) =>
    x / 2
plot(half(close), "h")
`).source;
    expect(src.slice(src.indexOf("function $run("))).not.toMatch(/\bf\d+_half\(/);
    const r = run(`//@version=6
indicator("t")
half(float x) =>
    float h = x / 2
    h
var float k = 0
k += 1
plot(half(close + k), "h")
`, bars([2, 4, 6]));
    // (close + bars so far) / 2: (2 + 1) / 2, (4 + 2) / 2, (6 + 3) / 2
    expect(col(r, 0)).toEqual([1.5, 3, 4.5]);
  });

  test("a function with state keeps one state per call site", () => {
    const r = run(
      `//@version=6
indicator("t")
count(float x) =>
    var int k = 0
    k += 1
    k + x
a = count(0)
b = count(100)
plot(a, "a")
plot(b, "b")
`,
      bars([1, 1, 1]),
    );
    expect(col(r, 0)).toEqual([1, 2, 3]);
    expect(col(r, 1)).toEqual([101, 102, 103]);
  });

  test("an na object inside a function run in place fails that bar with the runtime's message", () => {
    const r = run(
      `//@version=6
indicator("t")
type P
    float v = 1.0
getv(P p) =>
    p.v
var m = map.new<int, P>()
m.put(1, P.new())
// a missing key reads the map's na object
P q = m.get(close > 1 ? 1 : 0)
x = getv(q)
plot(x, "x")
`,
      bars([1, 2, 1, 3]),
    );
    expect(col(r, 0)).toEqual([NaN, 1, NaN, 1]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Cannot access a field of an object that is na", 2]]);
  });

  test("a compound assignment of a field reads the field before the call", () => {
    // o.v += bump(o): the field's old value (1) plus bump's result (1 + 10 = 11) = 12; bump's own write is overwritten
    const r = run(
      `//@version=6
indicator("t")
type O
    float v = 1.0
bump(O o) =>
    o.v := o.v + 10
    o.v
var O o = O.new()
if bar_index == 0
    o.v += bump(o)
plot(o.v, "v")
`,
      bars([1, 1]),
    );
    expect(col(r, 0)).toEqual([12, 12]);
  });
});

describe("the bodies run in place per program are capped", () => {
  test("past the cap the calls stay calls, with the same values", () => {
    // a 40-step body (about 1,500 characters of JavaScript) called at 12 statement roots
    const steps = Array.from({ length: 40 }, (_, k) => `    s := s * 0.5 + ${k}`).join("\n");
    const calls = Array.from({ length: 12 }, (_, k) => `y${k} = big(close + ${k})\nplot(y${k}, "y${k}")`).join("\n");
    const script = `//@version=6\nindicator("t")\nbig(float x) =>\n    float s = x\n${steps}\n    s\n${calls}\n`;
    const src = build(script).source;
    const loop = src.slice(src.indexOf("function $run("));
    const called = (loop.match(/\bf\d+_big\(/g) ?? []).length;
    expect(called).toBeGreaterThan(0);
    expect(called).toBeLessThan(12);
    // the reference: the same 40 steps in a plain loop
    const big = (x: number): number => {
      let s = x;
      for (let k = 0; k < 40; k++) s = s * 0.5 + k;
      return s;
    };
    const r = run(script, bars([3, 7]));
    for (let k = 0; k < 12; k++) expect(col(r, k)).toEqual([big(3 + k), big(7 + k)]);
  });
});

describe("numeric na, nz and != written out", () => {
  test("na and nz of numbers, != with na on either side", () => {
    const r = run(
      `//@version=6
indicator("t")
float x = bar_index % 2 == 0 ? na : close
plot(na(x) ? 1 : 0, "isna")
plot(nz(x), "nz0")
plot(nz(x, -5), "nz")
plot(x != 2 ? 1 : 0, "ne2")
plot(x != x ? 1 : 0, "nexx")
plot(close != 2 ? 1 : 0, "nec")
`,
      bars([2, 2, 3, 3]),
    );
    expect(col(r, 0)).toEqual([1, 0, 1, 0]);
    expect(col(r, 1)).toEqual([0, 2, 0, 3]);
    expect(col(r, 2)).toEqual([-5, 2, -5, 3]);
    // na != 2 is false (an na comparison); 2 != 2 false; 3 != 2 true
    expect(col(r, 3)).toEqual([0, 0, 0, 1]);
    expect(col(r, 4)).toEqual([0, 0, 0, 0]);
    expect(col(r, 5)).toEqual([0, 0, 1, 1]);
  });
});

describe("arrays", () => {
  test("for-in over an array, numeric arrays of array.new keep their values, an na array fails", () => {
    const r = run(
      `//@version=6
indicator("t")
var a = array.new<float>(2, 0.5)
a.push(close)
if a.size() > 3
    a.shift()
float s = 0.0
for v in a
    s += v
// an na array on the first two bars
array<float> none = close > 2 ? array.new<float>() : na
int k = 0
for v in none
    k += 1
plot(s, "s")
plot(k, "k")
`,
      bars([1, 2, 3, 4]),
    );
    // a: [.5,.5,1] -> [.5,1,2] -> [1,2,3] -> [2,3,4] (sums 2, 3.5, 6, 9), but a failing bar plots na
    expect(col(r, 0)).toEqual([NaN, NaN, 6, 9]);
    // bars 0 and 1 walk an na array: those bars fail ("array is na")
    expect(col(r, 1)).toEqual([NaN, NaN, 0, 0]);
    expect(r.runtimeErrors.map((e) => e.message)).toEqual(["Cannot call array methods when ID of array is 'na'"]);
  });
});
