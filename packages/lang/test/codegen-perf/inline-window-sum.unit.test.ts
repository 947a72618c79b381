// ta.sma and math.sum with a literal length, called at the top level on every bar, are written
// into the bar loop (their ring in locals of the loop) instead of calling the state's update each
// bar (docs/performance.md, "helper E"). The values must be the update's: expected values are
// worked by hand below (Pine: an na source leaves the result as it was and stays out of the
// window; the window is the last `length` non-na values).
import { gaplessDailyBars } from "../support/demo-bars";
import { build, run } from "../back/harness";

const bars = gaplessDailyBars;

const col = (r: ReturnType<typeof run>, k: number): number[] => Array.from(r.outputs[k]!.values);
const loopOf = (src: string): string => src.slice(src.indexOf("function $run("));

const header = `//@version=6\nindicator("t")\n`;

describe("ta.sma and math.sum written into the bar loop", () => {
  test("a top-level call with a literal length makes no update call in the bar loop", () => {
    const loop = loopOf(build(header + `plot(ta.sma(close, 3), "s")\nplot(math.sum(close - open, 4), "m")\n`).source);
    expect(loop).not.toMatch(/\.update\(/);
    // a length known only at run time, or a call in a branch, keeps the update
    expect(loopOf(build(header + `n = input.int(3)\nplot(ta.sma(close, n), "s")\n`).source)).toMatch(/\.update\(/);
    expect(loopOf(build(header + `plot(close > 2 ? ta.sma(close, 3) : 0, "s")\n`).source)).toMatch(/\.update\(/);
  });

  test("values: the window skips na closes, an na bar keeps the last result", () => {
    const r = run(header + `plot(ta.sma(close, 3), "s")\nplot(math.sum(close, 3), "m")\nplot(ta.sma(close, 1), "one")\n`, bars([1, 2, NaN, 4, 6, 8]));
    // non-na closes 1, 2, 4, 6, 8: windows of 3 complete at the 4th bar: (1 + 2 + 4) / 3, (2 + 4 + 6) / 3, (4 + 6 + 8) / 3
    expect(col(r, 0)).toEqual([NaN, NaN, NaN, 7 / 3, 4, 6]);
    expect(col(r, 1)).toEqual([NaN, NaN, NaN, 7, 12, 18]);
    // length 1: the close itself, the na bar keeping the one before
    expect(col(r, 2)).toEqual([1, 2, 2, 4, 6, 8]);
  });

  test("a window of 10 over 40 bars (the ring wraps around)", () => {
    const closes = Array.from({ length: 40 }, (_, i) => i + 1);
    const r = run(header + `plot(ta.sma(close, 10), "s")\n`, bars(closes));
    // the mean of 10 consecutive integers ending at k + 1 is k + 1 - 4.5
    expect(col(r, 0)).toEqual(closes.map((c, i) => (i < 9 ? NaN : c - 4.5)));
  });

  test("a bar failing later in the script keeps the window, and the next bars go on from it", () => {
    const r = run(
      header +
        `s = ta.sma(close, 2)
a = array.new<float>(1, 0.0)
x = close == 3 ? a.get(5) : 0.0
plot(s, "s")
plot(x, "x")
`,
      bars([1, 2, 3, 4, 5]),
    );
    // the third bar fails at a.get (its outputs na); the sma took its close before: (3 + 4) / 2 on the fourth
    expect(col(r, 0)).toEqual([NaN, 1.5, NaN, 3.5, 4.5]);
    expect(r.runtimeErrors.map((e) => e.count)).toEqual([1]);
  });

  test("a source that reads an array is read where the call stands, after the statement's earlier calls", () => {
    const r = run(
      header +
        `var a = array.new<float>()
f(array<float> x) =>
    x.push(1.0)
    0.0
y = f(a) + ta.sma(array.size(a), 2)
plot(y, "y")
`,
      bars([1, 1, 1, 1]),
    );
    // f pushes first, so the size read on bar k is k + 1: sma of (k, k + 1) = k + 0.5
    expect(col(r, 0)).toEqual([NaN, 1.5, 2.5, 3.5]);
  });
});

describe("a source read before its statement only when nothing earlier in the statement can change it", () => {
  // f pushes to the array before ta.* reads its size in the same statement: with length 1 each
  // average is its source, so bar k reads k + 1 elements (worked by hand: 1, 2, 3, 4)
  const script = (call: string): string =>
    header +
    `var a = array.new<float>()
f(arr) =>
    arr.push(1.0)
    0.0
y = f(a) + ${call}
plot(y, "y")
`;
  test.each(["ta.ema(a.size(), 1)", "ta.rma(a.size(), 1)", "ta.sma(a.size(), 1)"])("%s sees the push made earlier in its statement", (call) => {
    expect(col(run(script(call), bars([1, 2, 3, 4])), 0)).toEqual([1, 2, 3, 4]);
  });

  test("ta.rsi of an array's last element pushed earlier in the statement", () => {
    // g pushes the close; rsi(length 1) of the last element: bar 0 na, then 100 on a rise, 0 on a fall
    const src =
      header +
      `var a = array.new<float>()
g(arr) =>
    arr.push(close)
    0.0
y = g(a) + ta.rsi(a.last(), 1)
plot(y, "y")
`;
    expect(col(run(src, bars([1, 2, 1, 3])), 0)).toEqual([NaN, 100, 0, 100]);
  });

  test("a history read or a column's change stays written into the loop", () => {
    const loop = loopOf(build(header + `v = close * 2\nplot(ta.ema(v[1], 3), "e")\nplot(ta.sma(ta.change(close), 3), "s")\nplot(ta.rsi(v, 3), "r")\n`).source);
    expect(loop).not.toMatch(/\.update\(/);
  });
});

test("the loop form's ring is sized for its window, as the update form's is (not the 5,000-value default: 128 KB of fresh memory a run)", () => {
  const src = build(header + `plot(ta.sma(close, 20), "s")\nplot(math.sum(close, 7), "m")\n`).source;
  expect(src).toMatch(/new \$rt\.[\w.]*Sma\(20\)/);
  expect(src).toMatch(/new \$rt\.[\w.]*Sum\(7\)/);
});
