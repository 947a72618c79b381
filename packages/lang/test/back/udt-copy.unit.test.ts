// The built-in `copy` of a user type: a new object with the same field values (a shallow copy:
// a field holding an array shares the array). Expected values are worked by hand.
import { evaluate } from "../../src/evaluate";
import { barsOf, check, outputsByName, PLAIN_SYMBOL } from "../front/harness";
import { build } from "./harness";

function outputs(body: string, closes: number[]): Record<string, Array<number | null>> {
  const res = evaluate(build(`//@version=6\nindicator("t")\ntype P\n    float a = 1\n    array<float> xs\n${body}`), barsOf(closes), {}, { symbol: PLAIN_SYMBOL, windowStart: 0 });
  expect(res.runtimeErrors).toEqual([]);
  return outputsByName(res);
}

describe("copy() of a user type", () => {
  test("a copy's fields change without changing the original; an array field is shared", () => {
    const body = [
      "var p = P.new(0, array.new<float>())",
      "p.a += close",
      "q = p.copy()",
      "q.a := q.a * 10",
      "q.xs.push(close)",
      "r = P.copy(q)",
      "r.a += 1",
      'plot(p.a, "p")',
      'plot(q.a, "q")',
      'plot(r.a, "r")',
      'plot(p.xs.size(), "shared")',
    ].join("\n");
    // closes 2, 3: p.a 2 then 5; q.a 20 then 50; r.a 21 then 51; p.xs grows by one a bar
    expect(outputs(body, [2, 3])).toEqual({ p: [2, 5], q: [20, 50], r: [21, 51], shared: [1, 2] });
  });

  test("copy() takes no argument besides the object", async () => {
    const r = await check('//@version=6\nindicator("t")\ntype P\n    float a = 1\np = P.new()\nq = p.copy(1)\nplot(q.a)\n');
    expect(r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["too_many_arguments"]);
  });
});
