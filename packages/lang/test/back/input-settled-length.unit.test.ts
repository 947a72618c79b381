// A length chosen by a preset input (`len := 4` under `if preset == "Slow"`) stays an input, as
// TradingView keeps it (docs/adr/0182-input-settled-variables.md): ta.atr takes it, and the
// evaluation uses the preset's length. A length reassigned under a series condition, or a `var`
// one, is series, and ta.atr refuses it as TradingView does.
import { evaluate } from "../../src/evaluate";
import { build, closeBars, roundedTo9, SYMBOL } from "./harness";

const PRESET = `//@version=6
indicator("preset atr")
len = input.int(3, "ATR length")
preset = input.string("Default", "Preset", options = ["Default", "Slow"])
if preset == "Slow"
    len := 4
plot(ta.atr(len), "atr")
`;

// close 10, 12, 11, 15, 14; high = close + 1, low = close - 1: true ranges 2, 3, 2, 5, 2.
const bars = closeBars([10, 12, 11, 15, 14]);
const atr = (inputs: Record<string, unknown>) => roundedTo9(Object.fromEntries(evaluate(build(PRESET), bars, inputs, { symbol: SYMBOL, windowStart: 0 }).outputs.map((o) => [o.name, Array.from(o.values, (v) => (Number.isNaN(v) ? null : v))])));
const r9 = (x: number) => Math.round(x * 1e9) / 1e9;

describe("a length settled by inputs", () => {
  test("the default preset: Wilder's average of 3 true ranges", () => {
    // first (2 + 3 + 2) / 3 = 7/3, then (7/3 * 2 + 5) / 3 = 29/9, then (29/9 * 2 + 2) / 3 = 76/27
    expect(atr({}).atr).toEqual([null, null, r9(7 / 3), r9(29 / 9), r9(76 / 27)]);
  });

  test("the Slow preset: the reassigned length 4", () => {
    // first (2 + 3 + 2 + 5) / 4 = 3, then (3 * 3 + 2) / 4 = 11/4
    expect(atr({ preset: "Slow" }).atr).toEqual([null, null, null, 3, 2.75]);
  });

  test("reassigned under a series condition: series, refused by ta.atr", () => {
    const src = PRESET.replace('if preset == "Slow"', "if close > open");
    expect(() => build(src)).toThrow(/qualifier_mismatch/);
  });

  test("a var length reassigned from a preset is series too", () => {
    const src = PRESET.replace('len = input.int(3, "ATR length")', 'var len = input.int(3, "ATR length")');
    expect(() => build(src)).toThrow(/qualifier_mismatch/);
  });

  test("a value that is not a literal keeps the variable series", () => {
    const src = PRESET.replace("    len := 4", "    len := bar_index");
    expect(() => build(src)).toThrow(/qualifier_mismatch/);
  });
});
