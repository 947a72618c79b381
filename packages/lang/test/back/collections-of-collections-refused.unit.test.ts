// Forms TradingView refuses, refused here with a message saying what to write instead
// (docs/adr/0335). Its user manual: Type system, Collections ("Collections cannot store elements of
// ... any collection type"; a user-defined type holding the inner collection can be stored) and Maps
// (a map's values cannot be collections); Type system, Tuples (only the local scopes of functions,
// conditional structures and loops return tuples; a ternary cannot).
import { build, closeBars, run } from "./harness";

const diagnostics = (body: string): Array<{ code: string; message: string }> => {
  try {
    build(`//@version=6\nindicator("t")\n${body}\n`);
    return [];
  } catch (e) {
    return (JSON.parse(String((e as Error).message).replace(/^check: /, "")) as Array<{ code: string; message: string }>).map(({ code, message }) => ({ code, message }));
  }
};
const NESTED = /^Collections cannot hold collections \(.+\): wrap the .+ in a user-defined type/;

test.each([
  ["array.new<array<float>>()", "a = array.new<array<float>>()\nplot(a.size())"],
  ["map.new<string, array<float>>()", "m = map.new<string, array<float>>()\nplot(m.size())"],
  ["matrix.new<map<int, int>>()", "m = matrix.new<map<int, int>>()\nplot(m.rows())"],
  ["a declared array<array<int>>", "array<array<int>> a = na\nplot(0)"],
  ["a parameter array<matrix<int>>", "f(array<matrix<int>> a) => a.size()\nplot(0)"],
  ["a field map<string, array<int>>", "type T\n    map<string, array<int>> byName\nplot(0)"],
  ["array.from of arrays", "a = array.from(array.from(1), array.from(2))\nplot(a.size())"],
])("a collection of collections is refused: %s", (_, body) => {
  const d = diagnostics(body);
  expect(d).toHaveLength(1);
  expect(d[0]!.code).toBe("type_mismatch");
  expect(d[0]!.message).toMatch(NESTED);
});

test("the manual's way: the inner collection in a user-defined type's field", () => {
  const r = run(
    `//@version=6
indicator("t")
type Row
    array<float> values
rows = array.new<Row>()
rows.push(Row.new(array.from(1.0, 2.0)))
rows.push(Row.new(array.from(5.0)))
byName = map.new<string, Row>()
byName.put("first", rows.get(0))
plot(rows.get(1).values.get(0) + byName.get("first").values.sum())
`,
    closeBars([1]),
  );
  expect((r.outputs[0]!.values as ArrayLike<number>)[0]).toBe(8);
});

test("a tuple destructured where it is written is refused, at the top level and in a function", () => {
  for (const body of ["[a, b] = [1, 2]\nplot(a + b)", "f() =>\n    [a, b] = [1, 2]\n    a + b\nplot(f())"]) {
    const d = diagnostics(body);
    expect(d).toHaveLength(1);
    expect(d[0]!.message).toMatch(/^A tuple can only be the result of a local block .*: declare each variable on its own line/);
  }
});

test("tuples from local blocks, functions and requests are taken", () => {
  const r = run(
    `//@version=6
indicator("t")
f() => [1, 2]
[a, b] = f()
[c, d] = if close > 0
    [3, 4]
else
    [0, 0]
[e, g] = switch
    close > 0 => [5, 6]
    => [0, 0]
plot(a + b + c + d + e + g)
`,
    closeBars([1]),
  );
  expect((r.outputs[0]!.values as ArrayLike<number>)[0]).toBe(21);
});
