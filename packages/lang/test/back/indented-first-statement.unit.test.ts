// The first statement indented by two spaces (a published script's `  indicator(...)` under its
// comments): an indentation that is not a multiple of four continues the line before, as
// TradingView's line wrapping does, and with no line before it is read as it stands. Four spaces
// is a block's indentation and stays an error. Expected values are worked by hand.
import { run, risingBars as bars } from "./harness";
import { check } from "../front/harness";

describe("an indented first statement", () => {
  test("two spaces before indicator() under comments: the script runs", () => {
    const r = run(`// licence header\n\n//@version=5\n  indicator("x", overlay = true)\n// a comment\nplot(close * 2)\n`, bars(3));
    expect(r.runtimeErrors).toEqual([]);
    expect(Array.from(r.outputs[0]!.values)).toEqual([20, 22, 24]);
  });

  test("a wrapped first statement still joins its next line", () => {
    const r = run(`//@version=6\n indicator("x",\n   overlay = true)\nplot(close + 1)\n`, bars(2));
    expect(Array.from(r.outputs[0]!.values)).toEqual([11, 12]);
  });

  test("four spaces (a block's indentation) is refused", async () => {
    const v = await check(`//@version=6\n    indicator("x")\nplot(close)\n`);
    expect(v.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toContain("syntax_error");
  });
});
