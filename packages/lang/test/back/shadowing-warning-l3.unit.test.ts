// A local `x = ...` that declares a new `x` hiding a variable of an enclosing scope gets a warning,
// as TradingView's CW10013 ("Shadowing variable ... which exists in parent scope. Did you want to use
// the ":=" operator instead of "=" ?"): the script still runs with the new local (the differences
// topic), but a user porting a script who meant `:=` gets the hint. Which declarations warn follows
// TradingView: any local scope (an if, a loop, a function body) whose enclosing scopes declared the
// name earlier in the text; not parameters, not `:=`, not a variable of a sibling block, not a global
// declared only after the local one, not the placeholder `_` (docs/adr/0355). A warning's range is
// TradingView's: the declaration from its first token (`var`, the type, the tuple's `[`) through its
// value, a for's `i = 0`; a tuple member's ends at its name (docs/adr/0358). Expected ranges are
// counted by hand on the texts below (end column exclusive).
import { brief, check } from "../front/harness";

const H = '//@version=6\nindicator("t")\n';

async function shadowing(body: string): Promise<string[]> {
  const r = await check(H + body);
  expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return brief(r.diagnostics.filter((d) => d.code === "shadowed_variable"));
}

describe("shadowed_variable: a local = hiding an enclosing variable", () => {
  test("an if's `x = ...` under a global x: one warning over the declaration, naming it and suggesting :=", async () => {
    const r = await check(`${H}float below = -1.0\nif close > open\n    below = 5.0\nplot(below)\n`);
    expect(r.valid).toBe(true);
    const ws = r.diagnostics.filter((d) => d.code === "shadowed_variable");
    expect(brief(ws)).toEqual(["shadowed_variable 5:5-5:16"]);
    expect(ws[0]!.severity).toBe("warning");
    expect(ws[0]!.stage).toBe("lint");
    expect(ws[0]!.message).toContain("'below'");
    expect(ws[0]!.message).toContain("line 3");
    expect(ws[0]!.message).toContain("':='");
  });

  test("var, typed and tuple declarations and a for's counter warn; a nested block shadows its enclosing block", async () => {
    const body = `a = 0.0
b = 0.0
i = 0
q = 0.0
pair() => [1.0, 2.0]
if close > open
    var a = 2.0
    float b = 3.0
    [m, q] = pair()
    if b > 1
        m = 4.0
        label.new(bar_index, m + q)
for i = 0 to 3
    label.new(i, close)
plot(a + b + i + q)
`;
    expect(await shadowing(body)).toEqual([
      "shadowed_variable 9:5-9:16",
      "shadowed_variable 10:5-10:18",
      "shadowed_variable 11:5-11:10",
      "shadowed_variable 13:9-13:16",
      "shadowed_variable 15:5-15:10",
    ]);
  });

  test("a function body's declaration shadowing an earlier global warns, also in the function's nested block", async () => {
    const body = `d = 0.0
f(x) =>
    d = x * 2
    w = x
    if x > 0
        w = x * 3
    d + w
plot(f(close) + d)
`;
    expect(await shadowing(body)).toEqual(["shadowed_variable 5:5-5:14", "shadowed_variable 8:9-8:18"]);
  });

  test("no warning: parameters, :=, sibling blocks, a global declared later, the placeholder _, the global scope", async () => {
    const body = `xp = 0.0
h(xp) => xp * 2
g(y) =>
    e = y * 2
    e
e = 1.0
s = 0.0
_ = 1
if close > open
    s := 1.0
    t = 1.0
    _ = 2
    label.new(bar_index, t)
else
    t = 2.0
    label.new(bar_index, t)
plot(h(close) + g(close) + e + s)
`;
    expect(await shadowing(body)).toEqual([]);
  });
});
