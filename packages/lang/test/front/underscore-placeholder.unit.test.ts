// `_` as TradingView's placeholder (docs/adr/0130-underscore-declarations.md): public scripts
// declare it again and again in one scope (banner separators, ignored values), which any other
// name may not do. Expected values are worked by hand from the bars below.

import { check } from "./harness";
import { run } from "../back/harness";
import { barsOfRows } from "../support/demo-bars";

const V = "//@version=6\n";
const errors = (r: Awaited<ReturnType<typeof check>>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

/** Three daily bars whose closes are 10, 20 and 40. */
const BARS = barsOfRows([
  [86_400, 9, 11, 8, 10, 100],
  [172_800, 10, 21, 9, 20, 100],
  [259_200, 20, 41, 19, 40, 100],
]);

describe("`_` declared several times in one scope", () => {
  it("banner separators written as `_ = '...'` strings spanning lines validate (fikira's section banners)", async () => {
    const r = await check(`//@version=5
indicator("banners")

_                                             ='
      ------------
        SETTINGS
      ------------                            '

len = input.int(3, "Length")

_                                             ='
      ----------------
        CALCULATIONS
      ----------------                        '

plot(ta.sma(close, len), "sma")
`);
    expect(errors(r)).toEqual([]);
    expect(r.interface?.outputs.map((o) => o.title)).toEqual(["sma"]);
  });

  it("each declaration is a new variable with its own type, read as the latest, at top level and in a function", () => {
    const r = run(`${V}indicator("u")
_ = close * 2
x = _ + 1
_ = "label"
n = str.length(_)
f() =>
    _ = 3
    _ = _ * 4
    _
plot(x, "x")
plot(n, "n")
plot(f(), "f")
`, BARS);
    // x = close * 2 + 1: 21, 41, 81; n = length of "label" = 5; f() = 3 * 4 = 12
    expect(Array.from(r.outputs[0]!.values)).toEqual([21, 41, 81]);
    expect(Array.from(r.outputs[1]!.values)).toEqual([5, 5, 5]);
    expect(Array.from(r.outputs[2]!.values)).toEqual([12, 12, 12]);
  });

  it("any other name declared twice in one scope is still a duplicate", async () => {
    const r = await check(`${V}indicator("d")
a = 1
a = 2
plot(a)
`);
    expect(errors(r)).toEqual(["duplicate_declaration"]);
  });
});
