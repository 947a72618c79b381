// `sort_field` of array.sort, array.sort_indices, matrix.sort and the array.binary_search
// functions over collections of a user type (TradingView's release notes, April and August 2026:
// a "const int" field index, 0 by default, or a "const string" field name). Expected values are
// worked by hand in the comments.
import { build, SYMBOL } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars } from "../../src/types";

const one: Bars = { length: 1, time: Float64Array.of(1.6e9), open: Float64Array.of(1), high: Float64Array.of(1), low: Float64Array.of(1), close: Float64Array.of(1), volume: Float64Array.of(1) };

const PIVOTS = `type Pivot
    string name
    float price
    int bar
a = array.new<Pivot>()
a.push(Pivot.new("c", 30.0, 2))
a.push(Pivot.new("a", 10.0, 9))
a.push(Pivot.new("b", 20.0, 5))
`;

function run(body: string): { values: number[]; errors: string[] } {
  const r = evaluate(build(`//@version=6\nindicator("t")\n${PIVOTS}${body}`), one, {}, { symbol: SYMBOL, windowStart: 0 });
  return { values: r.outputs.map((o) => o.values[0]!), errors: r.runtimeErrors.map((e) => e.message) };
}

test("array.sort orders objects by the field named or indexed, the first field by default", () => {
  const { values } = run(`b = a.copy()
b.sort(order.descending, sort_field = "price")
c = a.copy()
c.sort(order.ascending, 2)
d = a.copy()
d.sort()
plot(b.get(0).bar * 100 + b.get(1).bar * 10 + b.get(2).bar)
plot(c.get(0).price)
plot(str.length(d.get(0).name + d.get(2).name) * 10 + (d.get(0).name == "a" ? 1 : 0))`);
  // by price descending: 30 (bar 2), 20 (bar 5), 10 (bar 9) -> 259.
  // by field 2 (bar) ascending: bars 2, 5, 9 -> the first is "c" at 30.
  // by default field 0 (name): a, b, c -> "a" first, "c" last -> length 2 -> 20 + 1.
  expect(values).toEqual([259, 30, 21]);
});

test("array.sort_indices gives the order by a field and leaves the array as it was", () => {
  const { values } = run(`i = a.sort_indices(order.ascending, "price")
plot(i.get(0) * 100 + i.get(1) * 10 + i.get(2))
plot(a.get(0).price)`);
  // prices 30, 10, 20 at indices 0, 1, 2: ascending 10 (1), 20 (2), 30 (0) -> 120; a unchanged.
  expect(values).toEqual([120, 30]);
});

test("the binary searches find a value of a field in an array sorted by it", () => {
  const { values } = run(`s = a.copy()
s.sort(order.ascending, "price")
plot(s.binary_search(20.0, "price"))
plot(s.binary_search(25.0, sort_field = "price"))
plot(s.binary_search_leftmost(25.0, "price"))
plot(s.binary_search_rightmost(25.0, "price"))
plot(array.binary_search(s, 2, 2))`);
  // sorted prices 10, 20, 30: 20 is at 1; 25 is absent (-1), nearest smaller 20 at 1, nearest larger 30 at 2.
  // by bar the order is 9, 5, 2 (not ascending): a search for 2 looks at the middle (5), then left (9): -1.
  expect(values).toEqual([1, -1, 1, 2, -1]);
});

test("matrix.sort orders the rows by a field of the objects in a column", () => {
  const { values } = run(`m = matrix.new<Pivot>(3, 1)
for k = 0 to 2
    m.set(k, 0, a.get(k))
m.sort(0, order.ascending, "bar")
plot(m.get(0, 0).bar * 100 + m.get(1, 0).bar * 10 + m.get(2, 0).bar)`);
  // bars 2, 9, 5 -> ascending 2, 5, 9 -> 259.
  expect(values).toEqual([259]);
});

test("a field named by a constant the type lacks is the bar's runtime error naming the fields", () => {
  const { values, errors } = run(`const string FIELD = "volume"
a.sort(order.ascending, FIELD)
plot(1)`);
  expect(values).toEqual([NaN]);
  expect(errors.join(" ")).toContain('sort_field "volume" is not a field of the array\'s type (its fields: name, price, bar).');
});

test("arrays of numbers and strings sort as before (sort_field does not apply to them)", () => {
  const { values } = run(`n = array.from(3.0, na, 1.0)
n.sort()
w = array.from("b", "a")
w.sort(order.descending)
plot(n.get(0) * 10 + n.get(1))
plot(na(n.get(2)) ? 1 : 0)
plot(w.get(0) == "b" ? 1 : 0)`);
  expect(values).toEqual([13, 1, 1]);
});

test("a literal sort_field the type does not have is refused when the script is checked, as TradingView's compiler does", () => {
  const check = (call: string): string => {
    try {
      build(`//@version=6\nindicator("t")\n${PIVOTS}${call}\nplot(1)`);
      return "";
    } catch (e) {
      return (e as Error).message;
    }
  };
  expect(check(`a.sort(order.ascending, "volume")`)).toContain('sort_field \\"volume\\" is not a field of Pivot: give one of its fields\' names (name, price, bar) or its index, 0 to 2.');
  expect(check(`array.sort_indices(a, order.ascending, 3)`)).toContain("sort_field 3 is not a field of Pivot");
  expect(check(`a.binary_search(1.0, sort_field = "size")`)).toContain('sort_field \\"size\\" is not a field of Pivot');
  expect(check(`m = matrix.new<Pivot>(1, 1)\nm.sort(0, order.ascending, "nope")`)).toContain("is not a field of Pivot");
  // the fields it has, by name or index, pass
  expect(check(`a.sort(order.ascending, "bar")\na.sort(order.descending, 2)\nx = a.binary_search_leftmost(2.0, 1)`)).toBe("");
});

test("an na sort_field is the bar's runtime error naming it na (before, JSON's null)", () => {
  expect(run(`a.sort(order.ascending, sort_field = na)\nplot(1)`).errors).toEqual(["sort_field na is not a field of the array's type (its fields: name, price, bar)."]);
});
