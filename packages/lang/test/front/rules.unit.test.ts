// The checker's rule catalogue and the catalogue of diagnostic codes: every code's documented
// example gets that code, the docs topic lists every code, and the rules from issue 18 (plot
// counts, negative history offsets, prototype-named identifiers) hold.
import { getTopic, listTopics } from "../../src/docs";
import { specifiedRules } from "../../src/check/rules";
import { DIAGNOSTIC_CODES } from "../../src/language/codes";
import { brief, check, evaluateScript, lib, resolverOf } from "./harness";

const H = '//@version=6\nindicator("t")\n';

const resolver = resolverOf([
  lib("acme", "my_indicator", 1, '//@version=6\nindicator("i")\nplot(close)\n', "indicator"),
  lib("acme", "broken", 1, '//@version=6\nlibrary("b")\nexport f(float x) => nope\n'),
]);

describe("the catalogue of diagnostic codes", () => {
  const runnable = DIAGNOSTIC_CODES.filter((c) => !c.example.startsWith("("));

  test.each(runnable.map((c) => [c.code, c.example]))("%s: its example gets it", async (code, example) => {
    const src = example.startsWith("//@version") ? example + "\n" : H + example + "\n";
    const r = await check(src, resolver);
    expect(r.diagnostics.map((d) => d.code)).toContain(code);
    const d = r.diagnostics.find((x) => x.code === code);
    const info = DIAGNOSTIC_CODES.find((c) => c.code === code);
    expect(info?.stages).toContain(d?.stage);
    expect(d?.severity).toBe(info?.severity);
  });

  test("only the examples that need more than one text are described instead", () => {
    expect(DIAGNOSTIC_CODES.filter((c) => c.example.startsWith("(")).map((c) => c.code)).toEqual(["too_complex", "missing_entry", "too_many_plots", "import_cycle"]);
  });

  test("the docs topic `diagnostics` lists every code with its meaning", () => {
    expect(listTopics().map((t) => t.topic)).toContain("diagnostics");
    const md = getTopic("diagnostics") ?? "";
    expect(md).toMatch(/^# Diagnostic codes/);
    for (const c of DIAGNOSTIC_CODES) {
      expect(md).toContain(`## ${c.code}\n`);
      expect(md).toContain(c.meaning);
    }
  });
});

describe("the rule catalogue", () => {
  test("rules run in their documented order, each a function of the context", () => {
    expect(specifiedRules.map((r) => r.name)).toEqual([
      "VersionRule", "DeclarationRule", "NamesAndTypesRule", "TopLevelRule", "LoopControlRule", "TuplePlacesRule", "LocalScopeCallsRule", "HistoryOffsetRule", "PlotCountRule", "RequestTimeframeRule", "DynamicRequestsRule", "InputEnumRule", "SortFieldRule", "LibraryExportsRule", "ShadowedNamesRule",
    ]);
  });

  test("a plot in a function is refused whether or not the function is called (as Pine)", async () => {
    const r = await check(`${H}f(x) =>\n    plot(x)\n    x\nplot(close)\n`);
    expect(brief(r.diagnostics)).toEqual(["invalid_context 4:5-4:9"]);
  });
});

describe("plot counts: at most 64 a script (TradingView's limit)", () => {
  const lines = (n: number, line: string): string => Array.from({ length: n }, () => line).join("\n") + "\n";
  const codes = async (src: string): Promise<string[]> => (await check(src)).diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code} ${d.line}`);

  test("64 plots pass; the 65th is refused at its line", async () => {
    expect(await codes(H + lines(64, "plot(close)"))).toEqual([]);
    // lines 3..67: the 65th plot is on line 67
    expect(await codes(H + lines(65, "plot(close)"))).toEqual(["too_many_plots 67"]);
  });

  test("plotcandle and plotbar count 4", async () => {
    expect(await codes(H + lines(16, "plotcandle(open, high, low, close)"))).toEqual([]);
    expect(await codes(H + lines(16, "plotbar(open, high, low, close)") + "plot(close)\n")).toEqual(["too_many_plots 19"]);
  });

  test("a color that is not const counts one more (input.color too); a const color does not", async () => {
    expect(await codes(H + lines(64, "plot(close, color = color.red)"))).toEqual([]);
    expect(await codes(H + lines(32, "plot(close, color = close > open ? color.green : color.red)"))).toEqual([]);
    expect(await codes(H + lines(33, "plot(close, color = close > open ? color.green : color.red)"))).toEqual(["too_many_plots 35"]);
    const input = 'c = input.color(color.red, "c")\n';
    expect(await codes(H + input + lines(32, "plot(close, \"p\", c)"))).toEqual([]);
    expect(await codes(H + input + lines(33, "plot(close, \"p\", c)"))).toEqual(["too_many_plots 36"]);
  });

  test("plotshape counts its color and textcolor", async () => {
    // 1 + color (series) + textcolor (series) = 3 a call: 21 calls are 63, the 22nd makes 66
    const call = 'plotshape(close > open, color = close > open ? color.green : color.red, textcolor = close > open ? color.green : color.red)';
    expect(await codes(H + lines(21, call))).toEqual([]);
    expect(await codes(H + lines(22, call))).toEqual(["too_many_plots 24"]);
  });
});

describe("negative history offsets", () => {
  test.each([
    ["a literal", "plot(close[-5])", "invalid_history_offset 3:12-3:14"],
    ["arithmetic of literals", "plot(close[2 - 7])", "invalid_history_offset 3:12-3:17"],
    ["a constant variable", "n = -3\nplot(close[n])", "invalid_history_offset 4:12-4:13"],
  ])("%s is refused at lint", async (_what, body, expected) => {
    const r = await check(H + body + "\n");
    expect(r.valid).toBe(false);
    expect(brief(r.diagnostics)).toEqual([expected]);
    expect(r.diagnostics[0]?.message).toMatch(/must be 0 or more/);
  });

  test("zero, positive and series offsets are not lint errors", async () => {
    for (const body of ["plot(close[0])", "plot(close[5])", "n = 3\nplot(close[n])", "plot(close[bar_index % 3])", "var int k = -1\nk := 2\nplot(close[k])"]) {
      const r = await check(H + body + "\n");
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    }
  });
});

describe("names like constructor and __proto__ are ordinary names", () => {
  test("an undeclared `constructor` is an unknown name, not native code", async () => {
    const r = await check(`${H}x = constructor\nplot(x)\n`);
    expect(r.diagnostics.map((d) => [d.code, d.message])).toEqual([["undeclared_identifier", "Undeclared identifier 'constructor'."]]);
    for (const name of ["__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const s = await check(`${H}plot(${name})\n`);
      // an ordinary unknown name (porting help may add a closest spelling such as `str.tostring`)
      expect(s.diagnostics.map((d) => d.message.replace(/ Did you mean `[\w.]+`\?$/, ""))).toEqual([`Undeclared identifier '${name}'.`]);
    }
  });

  test("variables, functions, inputs and titles with those names work", async () => {
    const src = `${H}__proto__ = 1\nconstructor = 2\ntoString(x) => x * 10\nhasOwnProperty = input.int(3, "__proto__")\nplot(__proto__ + constructor + toString(hasOwnProperty), "constructor")\n`;
    const r = await check(src);
    expect(r.diagnostics).toEqual([]);
    expect(r.interface?.inputs.map((i) => [i.name, i.title])).toEqual([["hasOwnProperty", "__proto__"]]);
    // 1 + 2 + 3 * 10 on every bar
    expect(Object.values(await evaluateScript(src, [10, 11]))).toEqual([[33, 33]]);
  });
});
