// array.* against TradingView's Pine v6 reference manual. array.every and array.some: "This function
// also works with arrays of int and float types, in which case zero values are considered false, and
// all others true" (both entries' remarks); an na element is false, as the reference's bool() says
// ("Returns false if x is na, false, or an int/float value equal to 0"). Expected values worked by hand.
import { risingBars, run } from "./harness";

const outputs = (body: string): Record<string, number> => {
  const r = run(`//@version=6\nindicator("x")\n${body}`, risingBars(1));
  expect(r.runtimeErrors).toEqual([]);
  return Object.fromEntries(r.outputs.map((o) => [o.title ?? o.name, o.values[0]!]));
};

describe("array.every / array.some of ints and floats", () => {
  test("zero is false and every other number true", () => {
    const o = outputs(`ints = array.from(1, 2, 0)
floats = array.from(0.0, 0.0, 2.5)
plot(array.every(ints) ? 1 : 0, "every ints")
plot(ints.some() ? 1 : 0, "some ints")
plot(array.every(id = array.from(3, -1)) ? 1 : 0, "every nonzero")
plot(array.some(floats) ? 1 : 0, "some floats")
plot(array.some(array.from(0.0, 0.0)) ? 1 : 0, "some zeros")`);
    expect(o).toEqual({ "every ints": 0, "some ints": 1, "every nonzero": 1, "some floats": 1, "some zeros": 0 });
  });

  test("an na element is false; bools keep their meaning", () => {
    const o = outputs(`a = array.from(1.0, na)
plot(a.every() ? 1 : 0, "every with na")
plot(array.new_float(2).some() ? 1 : 0, "some of na")
plot(array.every(array.from(true, true)) ? 1 : 0, "every bools")
plot(array.some(array.new_bool(3)) ? 1 : 0, "some default bools")`);
    // array.new_bool's default element is false (the reference: "The default is 'false'")
    expect(o).toEqual({ "every with na": 0, "some of na": 0, "every bools": 1, "some default bools": 0 });
  });
});
