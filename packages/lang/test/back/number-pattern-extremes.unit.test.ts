// Number patterns at the edges of a double (docs/adr/0161 reads patterns as Java's DecimalFormat):
// 1e21 and above are written in full (JavaScript's toFixed wrote "1e+21", ignoring the pattern)
// and an infinite value, or one a % scales past the largest double, is Java's "∞" between the
// pattern's text (before, "Infinity"). Expected texts written by hand from DecimalFormat's rules:
// the shortest digits of the double, padded with zeros, grouped by three under `#,##0`.
import { risingBars, run } from "./harness";

function texts(cases: Array<[string, string]>): boolean[] {
  const body = cases.map(([call, want]) => `plot(${call} == ${JSON.stringify(want)} ? 1 : 0)`).join("\n");
  const r = run(`//@version=6\nindicator("x")\n${body}`, risingBars(1));
  expect(r.runtimeErrors).toEqual([]);
  return r.outputs.map((o) => o.values[0] === 1);
}

test("values of 1e21 and more are written with all their digits, grouped when the pattern groups", () => {
  expect(texts([
    ['str.tostring(1e21, "#,##0")', "1,000,000,000,000,000,000,000"],
    ['str.tostring(-2.5e22, "0.00;(0.00)")', "(25000000000000000000000.00)"],
    ['str.tostring(1.2345678901234569e23, "#")', "123456789012345690000000"],
    ['str.format("{0,number,#,##0}", 1e21)', "1,000,000,000,000,000,000,000"],
  ])).toEqual([true, true, true, true]);
});

test("an infinite value is the infinity sign between the pattern's text", () => {
  expect(texts([
    ['str.tostring(1e308 * 10, "0.00")', "\u221e"],
    ['str.tostring(-1e308 * 10, "0.00;(0.00)")', "(\u221e)"],
    ['str.tostring(1e308, "0%")', "\u221e%"],
  ])).toEqual([true, true, true]);
});
