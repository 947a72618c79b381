// `array<int> slots = array.from(na, na, na)`: arguments that are all na give array.from no element
// type; TradingView takes it from the declaration, as a public three-drive pattern indicator of issue
// 16's survey relies on (it was refused: "Cannot infer the type of array.from()"). Values worked by hand.
import { risingBars, run } from "./harness";
import { parse } from "../../src/language/parser";
import { checkFile, DiagnosticSink, IdCounters, makeContext } from "../../src/check";

function errors(source: string): string[] {
  const p = parse("main.pine", source);
  const sink = new DiagnosticSink();
  checkFile(p.script, makeContext("main.pine", p.script.version, sink, new IdCounters()), { key: "file:main.pine", isEntry: true, imports: new Map(), importKeys: new Map() });
  return sink.list.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
}

describe("array.from of na arguments declared with an element type", () => {
  test("the declaration's element type is the array's: three na slots, then set and read as ints", () => {
    const r = run(
      `//@version=5
indicator("t")
array<int> slots = array.from(na, na, na)
first = na(slots.first()) ? -1 : slots.first()
slots.set(0, bar_index)
slots.set(2, bar_index * 2)
plot(first, "first")
plot(slots.size(), "size")
plot(slots.get(0) + slots.get(2), "sum")
plot(na(slots.get(1)) ? 1 : 0, "middle_na")
`,
      risingBars(3),
    );
    const col = (name: string) => Array.from(r.outputs.find((o) => o.name === name)!.values);
    expect(col("first")).toEqual([-1, -1, -1]);
    expect(col("size")).toEqual([3, 3, 3]);
    // bar i: i + 2i
    expect(col("sum")).toEqual([0, 3, 6]);
    expect(col("middle_na")).toEqual([1, 1, 1]);
  });

  test("without a declared type (or with one that is not an array) there is still nothing to infer it from", () => {
    expect(errors(`//@version=5\nindicator("t")\nslots = array.from(na, na)\nplot(slots.size())\n`)).toEqual([
      "type_mismatch: Cannot infer the type of array.from(): give a type argument, e.g. array.from<float>(...).",
    ]);
    expect(errors(`//@version=5\nindicator("t")\narray<float> xs = array.from(na, 1.5)\nplot(xs.size())\n`)).toEqual([]);
  });
});
