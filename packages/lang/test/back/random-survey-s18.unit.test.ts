// Patterns of issue 16's eighteenth survey (a random sample of public v6 indicators), worked by hand.
import { build, risingBars, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";

function run(body: string, n = 5): { values: (number | null)[][]; errors: string[] } {
  const r = evaluate(build(`//@version=6\nindicator("s18")\n${body}`), risingBars(n), {}, { symbol: SYMBOL, windowStart: 0 });
  return { values: r.outputs.map((o) => Array.from(o.values, (v) => (Number.isFinite(v) ? v : null))), errors: r.runtimeErrors.map((e) => e.message) };
}

describe("matrix.new with na sizes (survey S18: a yields heatmap builds its table from matrix.new<float>(na, na, na))", () => {
  test("na rows and columns make an empty matrix, as array.new's na size makes an empty array", () => {
    const { values, errors } = run(`m = matrix.new<float>(na, na, na)\nplot(m.rows())\nplot(m.columns())\nplot(array.new<float>(na).size())`, 2);
    expect(errors).toEqual([]);
    expect(values).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  test("the empty matrix then takes a column: 3 rows, 1 column, its elements in order", () => {
    const { values, errors } = run(`m = matrix.new<float>(na, na, na)\nm.add_col(0, array.from(4.0, 5.0, 6.0))\nplot(m.rows())\nplot(m.columns())\nplot(m.get(2, 0))`, 1);
    expect(errors).toEqual([]);
    expect(values).toEqual([[3], [1], [6]]);
  });
});
