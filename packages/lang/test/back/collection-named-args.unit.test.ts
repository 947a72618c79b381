// Named arguments of array.*, matrix.* and map.* calls bind by name, as everywhere in Pine (the
// Pine v6 reference: matrix.add_row(id, row, array_id), array.fill(id, value, index_from,
// index_to), array.insert(id, index, value), map.put(id, key, value)). A public pivot-points script
// writes `drawn.add_row(array_id = row)`: the array went to `row` and every new period raised an
// error. Expected values are worked by hand from the calls below.
import { run, risingBars as bars } from "./harness";

const outputs = (src: string): Record<string, number> => {
  const r = run(`//@version=6\nindicator("x")\n${src}`, bars(1));
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.title ?? o.name, o.values[0]!]));
};

describe("named arguments of collection calls", () => {
  test("matrix.add_row / add_col with only array_id append after the last row / column", () => {
    const o = outputs(`m = matrix.new<float>()
m.add_row(array_id = array.from(1.0, 2.0))
matrix.add_row(m, array_id = array.from(3.0, 4.0))
m.add_col(array_id = array.from(5.0, 6.0))
plot(m.rows(), "rows")
plot(m.columns(), "cols")
plot(m.get(1, 0), "r1c0")
plot(m.get(1, 2), "r1c2")`);
    // rows [1, 2] then [3, 4]; the column [5, 6] goes after the last: [1, 2, 5] / [3, 4, 6]
    expect(o).toEqual({ rows: 2, cols: 3, r1c0: 3, r1c2: 6 });
  });

  test("a named row with array_id inserts at that row", () => {
    const o = outputs(`m = matrix.new<float>(2, 2, 0)
m.add_row(array_id = array.from(7.0, 8.0), row = 0)
plot(m.get(0, 1), "first")
plot(m.get(2, 1), "last")`);
    expect(o).toEqual({ first: 8, last: 0 });
  });

  test("array.fill from a named index_from, array.insert and map.put with swapped names", () => {
    const o = outputs(`a = array.new<float>(4, 0)
a.fill(7, index_from = 2)
b = array.from(1.0, 2.0)
array.insert(b, value = 9, index = 0)
m = map.new<string, float>()
m.put(value = 3, key = "k")
plot(a.sum(), "fill")
plot(a.get(1), "a1")
plot(b.get(0), "b0")
plot(m.get("k"), "k")`);
    // [0, 0, 7, 7]: sum 14, element 1 stays 0; b = [9, 1, 2]
    expect(o).toEqual({ fill: 14, a1: 0, b0: 9, k: 3 });
  });

  test("a matrix.fill with named bounds fills only that range", () => {
    const o = outputs(`m = matrix.new<float>(2, 2, 0)
m.fill(5, from_row = 1)
plot(m.get(0, 0), "r0")
plot(m.get(1, 1), "r1")`);
    expect(o).toEqual({ r0: 0, r1: 5 });
  });
});
