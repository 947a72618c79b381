// str.tostring with no format: a float in at most ten decimals without the binary value's noise
// (1234567.89 is "1234567.89", not "1234567.8899999999"), and an array as its elements in square
// brackets separated by ", " (Pine's reference lists arrays among str.tostring's value types).
import { run } from "./harness";
import type { Bars } from "../../src/types";

const bars: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(10), high: Float64Array.of(11), low: Float64Array.of(9), close: Float64Array.of(10), volume: Float64Array.of(100) };

/** Each `[expression, expected text]` through a compiled script; the texts that differ. */
function differing(cases: Array<[string, string]>): Array<[string, string, string]> {
  const src = cases.map(([e], k) => `log.info(${e})\nplot(${k})`).join("\n");
  const r = run(`//@version=6\nindicator("t")\n${src}`, bars);
  expect(r.runtimeErrors).toEqual([]);
  return cases.map(([e, want], k): [string, string, string] => [e, want, r.logs[k]?.message ?? ""]).filter(([, want, got]) => want !== got);
}

test("floats: up to ten decimals, no digits of the binary value's error", () => {
  expect(
    differing([
      ["str.tostring(1234567.89)", "1234567.89"],
      ["str.tostring(123456789.123)", "123456789.123"],
      ["str.tostring(12345678.9)", "12345678.9"],
      ["str.tostring(0.1 + 0.2)", "0.3"],
      ["str.tostring(1.0 / 3)", "0.3333333333"],
      ["str.tostring(2.0 / 3)", "0.6666666667"],
      ["str.tostring(-0.000001)", "-0.000001"],
      ["str.tostring(0.00000012345)", "0.0000001235"],
    ]),
  ).toEqual([]);
});

test("arrays: [a, b, c] with each element as str.tostring writes it", () => {
  expect(
    differing([
      ["str.tostring(array.from(1, 2, 3))", "[1, 2, 3]"],
      ["str.tostring(array.from(1.5, 0.1 + 0.2))", "[1.5, 0.3]"],
      ['str.tostring(array.from("a", "b"))', "[a, b]"],
      ["str.tostring(array.from(true, false))", "[true, false]"],
      ["str.tostring(array.new<float>(0))", "[]"],
      ['str.tostring(array.from(1.234, 5.678), "#.#")', "[1.2, 5.7]"],
    ]),
  ).toEqual([]);
});
