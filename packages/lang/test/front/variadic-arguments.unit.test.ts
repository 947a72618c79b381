// The values of a variadic parameter (math.max/min/avg's `...number`, array.from's `...value`,
// str.format's `...arg`) are given in order, without a name, and math.max/min/avg need at least
// one. Before, `math.avg()` and `math.avg(number = 1)` passed the checker and the compiled script
// was not valid JavaScript (an internal error instead of a diagnostic); `math.max()` was -Infinity
// and a named value was dropped.
import { check } from "./harness";

async function errors(body: string): Promise<string[]> {
  const r = await check(`//@version=6\nindicator("t")\n${body}\nplot(close)`);
  return r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
}

test("a variadic value given by name is refused, naming the parameter", async () => {
  expect(await errors("x = math.avg(number = 1)")).toEqual(["wrong_argument: math.avg() takes its 'number' values by position, without a name."]);
  expect(await errors('s = str.format("{0}", arg = 1)')).toEqual(["wrong_argument: str.format() takes its 'arg' values by position, without a name."]);
});

test("math.max, math.min and math.avg of nothing are refused; an empty typed array.from and positional values pass", async () => {
  expect(await errors("x = math.avg()")).toEqual(["missing_argument: math.avg() needs at least one 'number' value."]);
  expect(await errors("x = math.max()")).toEqual(["missing_argument: math.max() needs at least one 'number' value."]);
  expect(await errors("a = array.from<float>()\nx = math.avg(1, 2, 3) + math.max(1) + math.min(close, 2)")).toEqual([]);
});
