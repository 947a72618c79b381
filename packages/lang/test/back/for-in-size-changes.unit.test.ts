// for...in over an array or matrix whose size the loop changes: TradingView's user manual (Loops,
// for...in loops) says the header then uses the updated size for later iterations, as a `for` loop
// to `array.size(id) - 1` or `matrix.rows(id) - 1` would, and that each iteration retrieves the
// current row of a matrix. Iterations and items worked by hand in the comments.
import type { EvaluationResult } from "../../src/evaluate";
import { closeBars, run } from "./harness";

const lines = (r: EvaluationResult): string[] => r.logs.map((l) => l.message);

test("an array the loop shrinks or grows: the loop follows its size", () => {
  const r = run(
    `//@version=6
indicator("t")
if barstate.islast
    a = array.from(1, 2, 3, 4, 5)
    seen = ""
    for x in a
        seen += str.tostring(x)
        a.pop()
    b = array.from(1, 2, 3)
    grown = ""
    for [i, x] in b
        grown += str.tostring(i) + ":" + str.tostring(x) + " "
        if x < 3
            b.push(x + 10)
    log.info(seen + " " + str.tostring(a) + " | " + grown)
plot(close)
`,
    closeBars([1]),
  );
  // a: 1 (pop -> size 4), 2 (-> 3), 3 (-> 2), then index 3 is past the size; b: 1 and 2 push 11 and 12
  expect(lines(r)).toEqual(["123 [1, 2] | 0:1 1:2 2:3 3:11 4:12 "]);
});

test("a matrix the loop adds rows to, removes rows from or changes: rows counted and read as the loop reaches them", () => {
  const r = run(
    `//@version=6
indicator("t")
if barstate.islast
    m = matrix.new<int>(2, 2, 0)
    m.set(1, 0, 1)
    added = ""
    for [i, row] in m
        added += str.tostring(i) + ":" + str.tostring(row) + " "
        if i == 0
            m.add_row(m.rows(), array.from(7, 7))
            m.set(1, 1, 5)
    n = matrix.new<int>(3, 1, 0)
    removed = 0
    for row in n
        removed += 1
        if n.rows() > 1
            n.remove_row(n.rows() - 1)
    log.info(added + "| " + str.tostring(removed))
plot(close)
`,
    closeBars([1]),
  );
  // m: row 0 [0, 0]; the loop adds [7, 7] and sets m[1][1] = 5, so row 1 is read as [1, 5] and a
  // third iteration reads [7, 7]. n: 3 rows, the first iteration leaves 2, the second 1: 2 iterations
  expect(lines(r)).toEqual(["0:[0, 0] 1:[1, 5] 2:[7, 7] | 2"]);
});
