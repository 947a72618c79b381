// array.slice shares its array's elements (docs/adr/0331). Expected values from TradingView's v6
// reference (array.size's example: pushing to a slice of the first five of ten elements makes the
// array 11 long and the slice 6) and its user manual (Arrays, Slicing arrays: element i of a slice
// is element index_from + i of its array; a slice shrinks while its array is shorter and grows back;
// inserting into or removing from the slice widens or narrows it and changes the array; sorting the
// slice sorts that range of the array; reassigning the array's variable leaves the slice as it was),
// worked by hand step by step in the comments.
import type { EvaluationResult } from "../../src/evaluate";
import { closeBars, run } from "./harness";

const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);
const lines = (r: EvaluationResult): string[] => r.logs.map((l) => l.message);

test("the reference's array.size example: a push to the slice grows the array", () => {
  const r = run(
    `//@version=6
indicator("t")
a = array.new_float(0)
for i = 0 to 9
    array.push(a, close[i])
part = array.slice(a, 0, 5)
array.push(part, open)
plot(array.size(a))
plot(array.size(part))
plot(array.get(a, 5))
`,
    closeBars([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
  );
  expect(col(r, 0)).toEqual(Array(12).fill(11));
  expect(col(r, 1)).toEqual(Array(12).fill(6));
  // the pushed open sits after the slice's fifth element: index 5 of the array (closeBars: open = close)
  expect(col(r, 2)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(r.runtimeErrors).toEqual([]);
});

// the Slicing arrays walk-through, written twice: method calls (the written-out forms of
// codegen/collections.ts) and array.*() calls with named arguments (the stdlib functions)
const WALK = (call: (fn: string, id: string, args: string) => string): string => `//@version=6
indicator("t")
show(string step, array<int> main, array<int> part) =>
    log.info(step + " " + str.tostring(main) + " " + str.tostring(part))
if barstate.islast
    main = array.from(1, 2, 3, 4, 5, 6, 7)
    part = array.slice(main, 1, 4)
    show("start", main, part)
    ${call("unshift", "main", "0")}
    show("unshift", main, part)
    ${call("remove", "main", "2")}
    show("remove", main, part)
    for i = 1 to 6
        ${call("pop", "main", "")}
    show("pop", main, part)
    for i = 1 to 7
        ${call("push", "main", "i")}
    show("push", main, part)
    ${call("set", "part", "0, -1")}
    show("set", main, part)
    ${call("push", "part", "-3")}
    show("slice push", main, part)
    ${call("shift", "part", "")}
    show("slice shift", main, part)
    ${call("sort", "part", "order.descending")}
    show("slice sort", main, part)
    main := array.new<int>(5, 1)
    show("reassigned", main, part)
plot(close)
`;
const WALKED = [
  "start [1, 2, 3, 4, 5, 6, 7] [2, 3, 4]",
  "unshift [0, 1, 2, 3, 4, 5, 6, 7] [1, 2, 3]",
  "remove [0, 1, 3, 4, 5, 6, 7] [1, 3, 4]",
  // the array is [0]: no element at the slice's indices 1 to 3
  "pop [0] []",
  "push [0, 1, 2, 3, 4, 5, 6, 7] [1, 2, 3]",
  // the slice's element 0 is the array's element 1
  "set [0, -1, 2, 3, 4, 5, 6, 7] [-1, 2, 3]",
  // inserted at the array's index 1 + 3, the slice now 4 wide
  "slice push [0, -1, 2, 3, -3, 4, 5, 6, 7] [-1, 2, 3, -3]",
  "slice shift [0, 2, 3, -3, 4, 5, 6, 7] [2, 3, -3]",
  "slice sort [0, 3, 2, -3, 4, 5, 6, 7] [3, 2, -3]",
  "reassigned [1, 1, 1, 1, 1] [3, 2, -3]",
];

test("the manual's slicing walk-through, through method calls", () => {
  const r = run(WALK((fn, id, args) => `${id}.${fn}(${fn === "sort" ? `order = ${args}` : args})`), closeBars([1, 2]));
  expect(lines(r)).toEqual(WALKED);
  expect(r.runtimeErrors).toEqual([]);
});

test("the manual's slicing walk-through, through array.*() calls with named arguments", () => {
  const named: Record<string, string[]> = { unshift: ["value"], remove: ["index"], pop: [], push: ["value"], set: ["index", "value"], shift: [], sort: ["order"] };
  const r = run(
    WALK((fn, id, args) => {
      const values = args === "" ? [] : args.split(", ");
      return `array.${fn}(id = ${id}${values.map((v, k) => `, ${named[fn]![k]} = ${v}`).join("")})`;
    }),
    closeBars([1, 2]),
  );
  expect(lines(r)).toEqual(WALKED);
  expect(r.runtimeErrors).toEqual([]);
});

test("extremes, sums and searches of a slice follow its array; the array's follow writes through the slice", () => {
  const r = run(
    `//@version=6
indicator("t")
a = array.from(5.0, 1.0, 4.0, 2.0)
s = a.slice(1, 3)
before = s.max()
a.set(2, 9.0)
afterArray = s.max()
s.set(0, 20.0)
plot(before)
plot(afterArray)
plot(a.max())
plot(s.sum())
plot(a.indexof(20.0))
plot(s.min())
`,
    closeBars([1]),
  );
  // s = [1 4]: max 4; a[2] = 9 -> s [1 9]: 9; s[0] = 20 -> a [5 20 9 2]: max 20; s [20 9]: sum 29;
  // 20 at a's index 1; s's min 9
  expect([0, 1, 2, 3, 4, 5].map((k) => col(r, k)[0])).toEqual([4, 9, 20, 29, 1, 9]);
});

test("a slice of a slice, and for...in over a slice its loop grows", () => {
  const r = run(
    `//@version=6
indicator("t")
if barstate.islast
    a = array.from(1, 2, 3, 4, 5, 6)
    s = a.slice(1, 5)
    t = s.slice(1, 3)
    t.push(10)
    log.info(str.tostring(a) + " " + str.tostring(s) + " " + str.tostring(t))
    n = 0
    for x in t
        n += 1
        if x == 3
            t.push(11)
        if n > 20
            break
    log.info(str.tostring(n) + " " + str.tostring(a) + " " + str.tostring(t))
plot(close)
`,
    closeBars([1]),
  );
  // s = a[1..5) = [2 3 4 5], t = s[1..3) = [3 4]; t.push(10) inserts at s's index 3, a's index 4:
  // a [1 2 3 4 10 5 6], s [2 3 4 10 5], t [3 4 10]. The loop meets 3 first and pushes 11 after t's
  // last element (a's index 5), then walks the grown slice: 3, 4, 10, 11 (4 iterations)
  expect(lines(r)).toEqual(["[1, 2, 3, 4, 10, 5, 6] [2, 3, 4, 10, 5] [3, 4, 10]", "4 [1, 2, 3, 4, 10, 11, 5, 6] [3, 4, 10, 11]"]);
  expect(r.runtimeErrors).toEqual([]);
});
