// `for int i = 0 to n` (and, below, a gradient fill between hlines): published TradingView scripts write the counter's type before it (a
// PhiSmoother-style weights loop `for int i = 0 to length - 1`). The counter is what it would be
// without the type; `float` makes it a float whatever its bounds. Expected values are worked by
// hand (the sums below), never read back from the code under test.
import { run, risingBars as bars } from "./harness";
import { check } from "../front/harness";

describe("a for counter with a declared type", () => {
  test("int and float counters count as untyped ones do", () => {
    const r = run(`//@version=5
indicator("x")
s = 0.0
for int i = 0 to 3
    s += i
f = 0.0
for float x = 0 to 1 by 0.25
    f += x
g = 0.0
for float y = 1 to 3
    g += y / 2
w = 0.0
for int i = 1 to 4999 by 1
    if i > 2
        break
    w += close[i]
plot(s, "s")
plot(f, "f")
plot(g, "g")
plot(w, "w")`, bars(4));
    const last = (k: number) => r.outputs[k]!.values[3];
    expect(r.runtimeErrors).toEqual([]);
    expect(last(0)).toBe(6); // 0 + 1 + 2 + 3
    expect(last(1)).toBe(2.5); // 0 + 0.25 + 0.5 + 0.75 + 1
    expect(last(2)).toBe(3); // (1 + 2 + 3) / 2: y is a float, so y / 2 keeps its fraction
    expect(last(3)).toBe(12 + 11); // close[1] + close[2] on bar 3 (closes 10..13)
  });

  test("an int counter with a float bound is refused; the untyped for-in and for still parse", async () => {
    const bad = await check('//@version=6\nindicator("x")\ns = 0.0\nfor int i = 0 to 1.5\n    s += i\nplot(s)\n');
    expect(bad.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line])).toEqual([["type_mismatch", 4]]);
    const ok = await check('//@version=6\nindicator("x")\na = array.from(1, 2)\ns = 0\nfor v in a\n    s += v\nfor i = 0 to 1\n    s += i\nplot(s)\n');
    expect(ok.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});

describe("fill() between two hlines with a gradient", () => {
  // TradingView scripts fill between hline levels with fill(h1, h2, top_value, bottom_value,
  // top_color, bottom_color), as between plots; a fill has no output here, so it only has to check
  test("is accepted and the script's plots are unchanged", () => {
    const r = run(`//@version=5
indicator("x")
top = hline(100, "Top", #FF0000)
mid = hline(50, "Mid", #CCCCCC)
fill(top, mid, 100.0, 50.0, color.new(#FF0000, 20), color.new(#FF0000, 100))
plot(close, "c")`, bars(3));
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([10, 11, 12]);
  });
});
