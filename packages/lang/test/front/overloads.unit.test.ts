// Function overloads by parameter types and `export const` in libraries: what validation reports
// (code and exact position), table-driven. Positions are counted by hand from each source.

import { brief, check, lib, resolverOf } from "./harness";

const HEAD = '//@version=6\nindicator("t")\n';

const LIBS = resolverOf([
  lib("acme", "k", 1, '//@version=6\nlibrary("k")\nexport const float GOLDEN = 1.618\nexport const string NAME = "x"\nconst int HIDDEN = 3\nexport f(float x) => x\nexport f(string s) => str.length(s)\ng(int n) => n\n'),
]);

describe("overloads and export const: diagnostics", () => {
  const cases: Array<[string, string, string[]]> = [
    ["two overloads by type, both called", "f(float x) => x * 2\nf(string s) => str.length(s)\nplot(f(close) + f(\"abc\"))\n", []],
    ["overloads by count", "f(float x) => x\nf(float x, float y) => x + y\nplot(f(close) + f(close, open))\n", []],
    ["int argument picks the int overload exactly", "f(int x) => x\nf(float x) => x\nplot(f(1))\n", []],
    ["no overload takes a color", "f(float x) => x\nf(string s) => 1.0\nplot(f(color.red))\n", ["no_matching_overload 5:6-5:18"]],
    ["too many arguments for every overload", "f(float x) => x\nf(string s) => 1.0\nplot(f(1.0, 2.0))\n", ["no_matching_overload 5:6-5:17"]],
    ["two overloads fit equally", "f(float x, int n = 1) => x\nf(float x, string s = \"a\") => x\nplot(f(close))\n", ["ambiguous_call 5:6-5:14"]],
    ["same parameter types twice", "f(float x) => x\nf(float y) => y\nplot(f(close))\n", ["duplicate_declaration 4:1-4:2"]],
    ["same untyped arity twice", "f(x) => x\nf(y) => y\nplot(f(close))\n", ["duplicate_declaration 4:1-4:2"]],
    ["export const read from a library", "import acme/k/1 as k\nplot(close * k.GOLDEN)\nplotchar(str.length(k.NAME), char = \"x\")\n", []],
    ["a library's non-exported constant", "import acme/k/1 as k\nplot(k.HIDDEN)\n", ["undeclared_identifier 4:6-4:14"]],
    ["library overloads both usable", "import acme/k/1 as k\nplot(k.f(close) + k.f(\"ab\"))\n", []],
    ["library overload that does not exist", "import acme/k/1 as k\nplot(k.f(true))\n", ["no_matching_overload 4:6-4:15"]],
  ];
  test.each(cases)("%s", async (_name, src, expected) => {
    const r = await check(HEAD + src, LIBS);
    expect(brief(r.diagnostics.filter((d) => d.severity === "error"))).toEqual(expected);
  });

  const libraryCases: Array<[string, string, string[]]> = [
    ["export const in a library validates", "export const float A = 2.5\nexport const string S = \"s\"\n", []],
    ["exported variable without const", "export float A = 2.5\n", ["syntax_error 3:8-3:13"]],
    ["export const with a series value", "export const float A = close\n", ["qualifier_mismatch 3:24-3:29"]],
    ["export const built from other constants", "const float B = 2.0\nC = 3\nexport const float A = B * C\nexport const float D = A + 1\n", []],
    ["export const built from a var const", "var const string B = \"x\"\nexport const string A = B + \"y\"\n", []],
    ["export const built from a reassigned variable", "B = 2.0\nB := 3.0\nexport const float A = B * 2\n", ["qualifier_mismatch 5:24-5:29"]],
  ];
  test.each(libraryCases)("%s", async (_name, src, expected) => {
    const r = await check('//@version=6\nlibrary("l")\n' + src);
    expect(brief(r.diagnostics.filter((d) => d.severity === "error"))).toEqual(expected);
  });

  test("export const outside a library is an invalid context", async () => {
    const r = await check(HEAD + "export const float A = 1.0\nplot(close)\n");
    expect(brief(r.diagnostics)).toEqual(["invalid_context 3:1-3:27"]);
  });
});
