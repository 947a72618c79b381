// Numbers the bar loop writes without boxing them (docs/adr/0119-bar-loop-without-boxed-numbers.md):
// a top-level `var` int or float that only the loop reads lives in a local of the loop, stored
// back to the closure when a chunk of bars ends or a bar fails; a variable a user function reads,
// or one with a history ring, stays in the closure. Expected values are worked by hand.
import { evaluate, type EvaluationResult } from "../../src/evaluate";
import { flatDailyBars } from "../support/demo-bars";
import { build, SYMBOL } from "../back/harness";

const bars = flatDailyBars;
const col = (r: EvaluationResult, k: number): number[] => Array.from(r.outputs[k]!.values as ArrayLike<number>);

const SCRIPT = `//@version=6
indicator("t")
var float acc = 0.0
var int n = na
var float seen = na
acc += close
n := nz(n) + 1
if close == 3
    runtime.error("three")
seen := close
plot(acc, "acc")
plot(n, "n")
plot(seen, "seen")
`;

test("a var number of the loop keeps its value across chunks and across a failing bar", () => {
  const prog = build(SCRIPT);
  // all three live in locals of the loop
  for (const name of ["acc", "n", "seen"]) expect(prog.source).toMatch(new RegExp(`var (v\\d+_${name}) = \\+\\$g_\\1;`));
  for (const chunkBars of [1, 2, 3, 2048]) {
    const r = evaluate(prog, bars([1, 2, 3, 4, 5]), {}, { symbol: SYMBOL, windowStart: 0, chunkBars });
    // bar 2 (close 3) adds to acc and n and then fails: its outputs are na, the additions stay;
    // seen is not written on that bar, so bar 3 is the next to change it
    expect(col(r, 0)).toEqual([1, 3, NaN, 10, 15]);
    expect(col(r, 1)).toEqual([1, 2, NaN, 4, 5]);
    expect(col(r, 2)).toEqual([1, 2, NaN, 4, 5]);
    expect(r.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["three", 1]]);
  }
});

test("a var number a function reads, or read with history, stays in the closure", () => {
  const prog = build(`//@version=6
indicator("t")
var float total = 0.0
var float last = na
total += close
last := close
twice() => total * 2
plot(twice(), "twice")
plot(last[1], "previous")
`);
  expect(prog.source).not.toContain("$g_");
  const r = evaluate(prog, bars([1, 2, 3, 4]), {}, { symbol: SYMBOL, windowStart: 0, chunkBars: 3 });
  expect(col(r, 0)).toEqual([2, 6, 12, 20]);
  expect(col(r, 1)).toEqual([NaN, 1, 2, 3]);
});

test("a second evaluation starts from the declared values", () => {
  const prog = build(SCRIPT);
  const a = evaluate(prog, bars([1, 2]), {}, { symbol: SYMBOL, windowStart: 0 });
  const b = evaluate(prog, bars([5, 6]), {}, { symbol: SYMBOL, windowStart: 0 });
  expect(col(a, 0)).toEqual([1, 3]);
  expect(col(b, 0)).toEqual([5, 11]);
  expect(col(b, 1)).toEqual([1, 2]);
});
