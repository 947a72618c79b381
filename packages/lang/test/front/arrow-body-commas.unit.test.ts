// Several statements after `=>` on one line, separated by commas: public scripts write a switch
// arm as a list of calls (`1 => lines.unshift(line.new(...)), boxes.unshift(box.new(...))`), the
// line wrapping after each comma, as Pine allows several statements on one line. The whole list is
// the arm's (or the single-line function's) body, its last statement the value. Expected values are
// worked by hand from the four bars below.

import { bin, block, body, check, decl, exprStmt, id, num, outputsByName } from "./harness";
import { run } from "../back/harness";
import { barsOfRows } from "../support/demo-bars";

/** Four daily bars: up (10 -> 11), down (11 -> 10), up (10 -> 12), flat (12 -> 12). */
const BARS = barsOfRows([
  [86_400, 10, 11.5, 9.5, 11, 100],
  [172_800, 11, 11.5, 9.5, 10, 100],
  [259_200, 10, 12.5, 9.5, 12, 100],
  [345_600, 12, 12.5, 11.5, 12, 100],
]);

const errors = (r: Awaited<ReturnType<typeof check>>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}: ${d.message}`);

const ARMS = `//@version=6
indicator("arms")
var int ups = 0
var int downs = 0
var float lastUp = na
var marks = array.new<label>()
dir = close > open ? 1 : close < open ? -1 : 0
switch dir
    1  => ups += 1, lastUp := close,
          marks.unshift(label.new(bar_index, high, "up"))
    -1 => downs += 1,

          lastUp := na
    => na
plot(ups, "ups")
plot(downs, "downs")
plot(lastUp, "last")
plot(marks.size(), "marks")
`;

describe("comma-separated statements after `=>`", () => {
  it("a switch arm's statements, wrapped after their commas (blank lines between), all run in that arm", async () => {
    const r = await check(ARMS);
    expect(errors(r)).toEqual([]);
    expect(outputsByName(run(ARMS, BARS))).toEqual({
      ups: [1, 1, 2, 2],
      downs: [0, 1, 1, 1],
      last: [11, null, 12, 12],
      marks: [1, 1, 2, 2],
    });
  });

  it("a single-line function's statements are its body: its locals stay inside it and the last is its value", async () => {
    const src = `//@version=6
indicator("f")
twiceAndOne(x) => y = x * 2, y + 1
plot(twiceAndOne(close), "f")
`;
    expect(errors(await check(src))).toEqual([]);
    expect(outputsByName(run(src, BARS))).toEqual({ f: [23, 21, 25, 25] });
    expect(body("f(x) => y = x * 2, y + 1\n")).toEqual([
      { kind: "FunctionDecl", name: id("f"), params: [{ kind: "Param", name: id("x"), typeAnn: null, defaultValue: null }], body: block(decl("y", bin("*", id("x"), num(2))), exprStmt(bin("+", id("y"), num(1)))), isMethod: false, exported: false },
    ]);
    const outside = await check(`//@version=6
indicator("f")
twiceAndOne(x) => y = x * 2, y + 1
plot(twiceAndOne(close) + y)
`);
    expect(outside.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["undeclared_identifier"]);
  });
});
