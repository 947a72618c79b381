// TradingView's Pine v6 user manual, Strings page (pass UX2), Changing case: str.upper and str.lower change ASCII
// letters only ("They cannot convert other Unicode letters outside the ASCII range").
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

function logged(lines: string[]): string[] {
  const r = run(`//@version=6\nindicator("case")\nif barstate.isfirst\n${lines.map((l) => `    log.info(${l})`).join("\n")}\nplot(close)`, bars);
  expect(r.runtimeErrors).toEqual([]);
  return r.logs.map((l) => l.message);
}

test("str.upper and str.lower change ASCII letters and leave other letters as they are", () => {
  expect(
    logged([
      `str.upper("Caf\u00e9 Stra\u00dfe, \u00e9t\u00e9 up")`,
      `str.lower("\u00c9T\u00c9 \u0130STANBUL DOWN")`,
      `str.upper("\u{1d5ba}\u{1d5bb} ab")`,
    ]),
  ).toEqual(["CAF\u00e9 STRA\u00dfE, \u00e9T\u00e9 UP", "\u00c9t\u00c9 \u0130stanbul down", "\u{1d5ba}\u{1d5bb} AB"]);
});
