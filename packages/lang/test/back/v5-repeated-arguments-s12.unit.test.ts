// A parameter given twice in one call. TradingView's v6 migration guide ("Cannot repeat parameters"):
// v5 compiles `plot(close, "Close", color = color.blue, linewidth = 2, color = color.red)` with a
// warning and uses only the first value (the plot is blue); v6 refuses the call.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";

async function check(source: string) {
  return validate([{ path: "main.pine", content: source }], { resolver: { resolve: async () => null } });
}

describe("a parameter given twice", () => {
  test("v5: a warning, and the first value is the one used (Interface, values, drawings)", async () => {
    const v = await check(`//@version=5
indicator("twice", overlay = true)
plot(close, "Close", color = color.blue, linewidth = 2, color = color.red)
plot(close + 1, "A", title = "B")
plot(ta.sma(close, 2), "sma", display = display.all, display = display.none)
if barstate.islast
    label.new(bar_index, high, "x", color = color.green, color = color.red)`);
    expect(v.valid).toBe(true);
    expect(v.diagnostics.filter((d) => d.code === "wrong_argument").map((d) => [d.severity, d.line])).toEqual([
      ["warning", 3],
      ["warning", 4],
      ["warning", 5],
      ["warning", 7],
    ]);
    // color.blue is #2962FF in both versions; the second plot keeps its positional title "A"
    expect(v.interface!.outputs.map((o) => [o.title, o.color])).toEqual([
      ["Close", "#2962FFFF"],
      ["A", null],
      ["sma", null],
    ]);
    const r = evaluate(compile(v.checked!, v.interface!), risingBars(3), {}, { symbol: SYMBOL, windowStart: 0 });
    // risingBars: close = 10, 11, 12
    expect(r.outputs.map((o) => Array.from(o.values))).toEqual([
      [10, 11, 12],
      [11, 12, 13],
      [NaN, 10.5, 11.5],
    ]);
    expect(r.drawings.labels.map((l) => l.color)).toEqual(["#4CAF50FF"]);
  });

  test("a function of the script's own: v5 uses the first value, v6 refuses", async () => {
    const body = `f(x, y = 1) => x * 10 + y
plot(f(1, y = 2, y = 3), "a")
plot(f(4, x = 5), "b")`;
    const v = await check(`//@version=5\nindicator("own")\n${body}`);
    expect(v.diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([
      ["warning", "wrong_argument", 4],
      ["warning", "wrong_argument", 5],
    ]);
    const r = evaluate(compile(v.checked!, v.interface!), risingBars(1), {}, { symbol: SYMBOL, windowStart: 0 });
    // f(1, y = 2) = 12; f(4) with its default y = 1: 41
    expect(r.outputs.map((o) => o.values[0])).toEqual([12, 41]);
    const v6 = await check(`//@version=6\nindicator("own")\n${body}`);
    expect(v6.diagnostics.map((d) => [d.severity, d.message])).toEqual([
      ["error", "Argument 'y' of f() is given twice."],
      ["error", "Argument 'x' of f() is given twice."],
    ]);
  });

  test("v6: the call is refused", async () => {
    const v = await check(`//@version=6
indicator("twice")
plot(close, "Close", color = color.blue, linewidth = 2, color = color.red)`);
    expect(v.valid).toBe(false);
    expect(v.diagnostics.map((d) => [d.severity, d.code, d.message])).toEqual([["error", "wrong_argument", "Argument 'color' of plot() is given twice."]]);
  });
});
