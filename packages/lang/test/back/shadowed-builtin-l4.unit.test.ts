// A variable declared with the name of a built-in variable gets the warning
// shadowed_builtin_variable, TradingView's CW10011 ("Shadowing built-in variable ..."): the script
// stays valid and, in the declaration's scope, the name is the script's variable. Which
// declarations warn follows what public probes of TradingView's compiler record (docs/adr/0358):
// any scope, the global one included; plain, `var`, typed, tuple members and loop counters; not a
// parameter, not a name of a built-in function or namespace, not a user function. Using the
// built-in before declaring its name is TradingView's error (the user manual's Variable
// declarations, Shadowing); using it only after the declaration is not. Ranges are the
// declaration's, as for shadowed_variable, counted by hand on the texts below (end exclusive).
import { compile, evaluate, validate } from "../../src";
import { brief, check } from "../front/harness";
import { closeBars, SYMBOL } from "./harness";

const H = '//@version=6\nindicator("t")\n';
const noLibraries = { resolve: async () => null };

async function diagnose(body: string, header = H): Promise<{ valid: boolean; warnings: string[]; errors: string[] }> {
  const r = await check(header + body);
  return {
    valid: r.valid,
    warnings: brief(r.diagnostics.filter((d) => d.code === "shadowed_builtin_variable")),
    errors: r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}`),
  };
}

describe("shadowed_builtin_variable: a declaration named as a built-in variable", () => {
  test("global declarations, plain and var: one warning each over the declaration, naming the built-in", async () => {
    const r = await check(`${H}hl2 = 1.0\nvar hlc3 = 2.0\nplot(hl2 + hlc3)\n`);
    expect(r.valid).toBe(true);
    const ws = r.diagnostics.filter((d) => d.code === "shadowed_builtin_variable");
    expect(brief(ws)).toEqual(["shadowed_builtin_variable 3:1-3:10", "shadowed_builtin_variable 4:1-4:15"]);
    expect(ws.map((w) => [w.severity, w.stage])).toEqual([["warning", "lint"], ["warning", "lint"]]);
    expect(ws[0]!.message).toContain("Shadowing built-in variable 'hl2'");
    expect(ws[1]!.message).toContain("Shadowing built-in variable 'hlc3'");
  });

  test("typed, tuple members and loop counters in local scopes warn", async () => {
    const body = `pair() => [1.0, 2.0]
if barstate.islast
    float ohlc4 = 3.0
    [high, low] = pair()
    label.new(bar_index, ohlc4 + high + low)
for time = 0 to 2
    label.new(time, 1.0)
plot(1)
`;
    expect(await diagnose(body)).toEqual({
      valid: true,
      warnings: [
        "shadowed_builtin_variable 5:5-5:22",
        "shadowed_builtin_variable 6:5-6:10",
        "shadowed_builtin_variable 6:5-6:15",
        "shadowed_builtin_variable 8:5-8:13",
      ],
      errors: [],
    });
  });

  test("no warning: parameters, names of built-in functions and namespaces, a name that is no bare built-in variable, user functions, _", async () => {
    const body = `nz = 1.0
str = "a"
vwap = 2.0
f(open) => open * 2
hl2() => 1.0
_ = 1
plot(nz + vwap + f(close) + hl2())
`;
    expect(await diagnose(body)).toEqual({ valid: true, warnings: [], errors: [] });
  });

  test("the built-in used only after a local declaration of its name: valid, the warning only", async () => {
    const body = `if close > open
    hl2 = 1.0
    label.new(bar_index, hl2)
y = hl2 + 1
plot(y)
`;
    expect(await diagnose(body)).toEqual({ valid: true, warnings: ["shadowed_builtin_variable 4:5-4:14"], errors: [] });
  });

  test("the built-in used before the declaration: the error, with the warning, in any scope", async () => {
    expect(await diagnose(`if close > open\n    open = 1.0\n    label.new(bar_index, open)\nplot(close)\n`)).toEqual({
      valid: false,
      warnings: ["shadowed_builtin_variable 4:5-4:15"],
      errors: ["duplicate_declaration 4"],
    });
    expect(await diagnose(`y = hl2 + 1\nhl2 = 2.0\nplot(y + hl2)\n`)).toEqual({
      valid: false,
      warnings: ["shadowed_builtin_variable 4:1-4:10"],
      errors: ["duplicate_declaration 4"],
    });
  });

  test("v5 warns alike", async () => {
    expect(await diagnose(`hl2 = 1.0\nplot(hl2)\n`, '//@version=5\nindicator("t")\n')).toEqual({ valid: true, warnings: ["shadowed_builtin_variable 3:1-3:10"], errors: [] });
  });

  test("the script runs with the variable where it is declared and the built-in elsewhere", async () => {
    const src = `${H}if bar_index > 0\n    hl2 = 100.0\n    label.new(bar_index, hl2)\nplot(hl2, "h")\nhlc3 = close * 2\nplot(hlc3, "c")\n`;
    const v = await validate([{ path: "main.pine", content: src }], { resolver: noLibraries });
    expect(v.valid).toBe(true);
    // closeBars: high = close + 1, low = close - 1, so the built-in hl2 is the close
    const r = evaluate(compile(v.checked!, v.interface!), closeBars([10, 12]), {}, { symbol: SYMBOL, windowStart: 0 });
    expect(r.outputs.map((o) => Array.from(o.values))).toEqual([[10, 12], [20, 24]]);
  });
});

// TradingView's answers recorded by the public probes (docs/adr/0358): CW10013 also for a local named
// as a user type declared earlier, over 7:5 to 7:21 and 10:5 to 10:17 (TradingView's end inclusive,
// so 7:22 and 10:18 here), and 6:5 to 6:16 in a method; a type declared after the function does not count.
describe("shadowed_variable: a local named as a user type declared earlier", () => {
  test("a function's and a method's typed local named as the type warn, over the declaration", async () => {
    const fn = await check(`${H}outer = 1\ntype hz\n    int x\nf() =>\n    hz hz = hz.new(1)\n    hz.x\ng() =>\n    int outer = 2\n    outer\nplot(f() + g())\n`);
    expect(fn.valid).toBe(true);
    expect(brief(fn.diagnostics.filter((d) => d.code === "shadowed_variable"))).toEqual(["shadowed_variable 7:5-7:22", "shadowed_variable 10:5-10:18"]);
    const method = await check(`${H}type kz\n    int x\nmethod m(kz this) =>\n    kz kz = this\n    kz.x\nplot(1)\n`);
    expect(brief(method.diagnostics.filter((d) => d.code === "shadowed_variable"))).toEqual(["shadowed_variable 6:5-6:17"]);
  });

  test("a type declared after the function does not count", async () => {
    const r = await check(`${H}f() =>\n    pt = 1\n    pt\ntype pt\n    int y\nplot(f())\n`);
    expect(brief(r.diagnostics.filter((d) => d.code === "shadowed_variable"))).toEqual([]);
  });
});
