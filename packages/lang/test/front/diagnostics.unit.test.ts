// Source -> exact diagnostic codes and spans, one table row per error class.

import { brief, check, lib, resolverOf } from "./harness";

const H = '//@version=6\nindicator("t")\n';
const H5 = '//@version=5\nindicator("t")\n';
const P = "\nplot(close)\n";

const lint: Array<[string, string, string[]]> = [
  ["syntax: missing operand", `${H}x = 1 +\n${P}`, ["syntax_error 3:8-3:9"]],
  ["syntax: unclosed call is one diagnostic", `${H}plot(close${P}`, ["syntax_error 4:1-4:5"]],
  ["syntax: bad color", `${H}c = #12345${P}`, ["syntax_error 3:5-3:11"]],
  ["syntax: unterminated string", `${H}s = "abc${P}`, ["syntax_error 3:5-3:9"]],
  ["syntax: unexpected indentation", `${H}x = 1\n        y = 2${P}`, ["syntax_error 4:1-4:9"]],
  ["syntax: one mistake in a block, one diagnostic", `${H}if close > open +\n    x = 1\n    y = )${P}`, ["syntax_error 3:18-3:19"]],
  ["syntax: break outside loop", `${H}break${P}`, ["syntax_error 3:1-3:6"]],
  ["undeclared identifier", `${H}plot(foo)\n`, ["undeclared_identifier 3:6-3:9"]],
  ["undeclared function", `${H}x = foo(1)${P}`, ["undeclared_identifier 3:5-3:8"]],
  ["not a built-in", `${H}x = ta.smaa(close, 5)${P}`, ["undeclared_identifier 3:5-3:12"]],
  ["v4 name hint", `${H}x = iff(close > open, 1, 0)${P}`, ["undeclared_identifier 3:5-3:8"]],
  ["type mismatch in declaration", `${H}int x = "a"${P}`, ["type_mismatch 3:9-3:12"]],
  ["type mismatch in operator", `${H}x = close + "a"${P}`, ["type_mismatch 3:5-3:16"]],
  ["na needs a type", `${H}x = na${P}`, ["type_mismatch 3:5-3:7"]],
  ["v6: no implicit number -> bool", `${H}if close\n    x = 1${P}`, ["type_mismatch 3:4-3:9"]],
  ["v6: and on numbers", `${H}b = close and true${P}`, ["type_mismatch 3:5-3:10"]],
  ["ternary branches", `${H}x = close > open ? 1 : "a"${P}`, ["type_mismatch 3:5-3:27"]],
  ["wrong argument type", `${H}x = ta.sma("a", 5)${P}`, ["type_mismatch 3:12-3:15"]],
  ["qualifier: ta.ema length must be simple", `${H}x = ta.ema(close, bar_index)${P}`, ["qualifier_mismatch 3:19-3:28"]],
  ["qualifier: input is fine for simple", `${H}n = input.int(5)\nx = ta.ema(close, n)${P}`, []],
  ["qualifier: typed parameter", `${H}f(simple int n) => n\nx = f(bar_index)${P}`, ["qualifier_mismatch 4:7-4:16"]],
  ["qualifier: const value from a series", `${H}const float x = close${P}`, ["qualifier_mismatch 3:17-3:22"]],
  // docs/adr/0208: on a collection, object or drawing, const asks no constant value
  ["qualifier: const collections made from series values", `${H}const float[] a = array.new<float>(3, close)\nconst matrix<float> m = matrix.new<float>(1, 2, high)\nconst map<string, float> k = map.new<string, float>()\nk.put("c", close)${P}`, []],
  ["missing argument", `${H}x = ta.sma(close)${P}`, ["missing_argument 3:5-3:18"]],
  ["too many arguments", `${H}x = ta.sma(close, 5, 6)${P}`, ["too_many_arguments 3:22-3:23"]],
  ["unknown named argument", `${H}x = ta.sma(close, len = 5)${P}`, ["wrong_argument 3:19-3:22"]],
  ["user function: missing argument", `${H}f(a, b) => a + b\nx = f(1)${P}`, ["missing_argument 4:5-4:9"]],
  ["user function: too many", `${H}f(a) => a\nx = f(1, 2)${P}`, ["too_many_arguments 4:10-4:11"]],
  ["not a function", `${H}v = 1\nx = v(2)${P}`, ["not_a_function 4:5-4:6"]],
  ["assignment to undeclared", `${H}y := 1${P}`, ["assignment_to_undeclared 3:1-3:2"]],
  ["redeclaration", `${H}x = 1\nx = 2${P}`, ["duplicate_declaration 4:1-4:2"]],
  ["global modified in a function", `${H}var g = 0\nf() =>\n    g := 1\n    g${P}`, ["invalid_assignment 5:5-5:6"]],
  ["strategy is refused", '//@version=6\nstrategy("s")\n', ["unsupported_feature 2:1-2:9"]],
  ["request.earnings is not supported", `${H}x = request.earnings("AAPL")${P}`, ["unsupported_feature 3:5-3:21"]],
  ["version 4 is refused", '//@version=4\nstudy("x")\nplot(close)\n', ["unsupported_version 1:1-1:13"]],
  ["version 7 is refused", '//@version=7\nindicator("x")\nplot(close)\n', ["unsupported_version 1:1-1:13"]],
  ["missing declaration", "x = 1\nplot(x)\n", ["missing_declaration 1:1-1:6"]],
  ["use() outside a study", `${H}use("x")${P}`, ["invalid_context 3:1-3:4"]],
  ["export outside a library", `${H}export f(float x) => x${P}`, ["invalid_context 3:1-3:23"]],
  ["unknown field", `${H}type P\n    float x\np = P.new(1.0)\ny = p.z${P}`, ["undeclared_identifier 6:7-6:8"]],
  ["tuple arity", `${H}f() => [1, 2]\n[a, b, c] = f()${P}`, ["type_mismatch 4:13-4:16"]],
  ["uncalled function: no type findings for untyped parameters", `${H}f(t) =>\n    switch t\n        "a" => 1\n        => 2${P}`, []],
  ["uncalled function: names are still checked", `${H}f(t) => t + nope${P}`, ["undeclared_identifier 3:13-3:17"]],
  ["recursion", `${H}f(x) => f(x)\ny = f(1)${P}`, ["unsupported_feature 3:1-3:2"]],
];

const v5: Array<[string, string, string[]]> = [
  ["v5: implicit number -> bool is allowed", `${H5}if close\n    x = 1${P}`, []],
  ["v5: and on numbers is allowed", `${H5}b = close and true${P}`, []],
];

describe("lint diagnostics", () => {
  test.each([...lint, ...v5])("%s", async (_name, src, expected) => {
    const r = await check(src);
    expect(brief(r.diagnostics)).toEqual(expected);
  });

  test("messages name the fix", async () => {
    const v4 = await check('//@version=4\nstudy("x")\n');
    expect(v4.diagnostics[0]?.message).toMatch(/indicator\(\).*request\.security\(\).*ternary/);
    const st = await check('//@version=6\nstrategy("s")\n');
    expect(st.diagnostics[0]?.message).toMatch(/definition.*study/);
    const q = await check(`${H}x = ta.ema(close, bar_index)${P}`);
    expect(q.diagnostics[0]?.message).toBe("Argument 'length' of ta.ema() must be simple int; this value is series (it can change from bar to bar).");
  });

  test("at most 100 diagnostics", async () => {
    const src = H + Array.from({ length: 150 }, (_, i) => `x${i} = undefined_${i}`).join("\n") + P;
    const r = await check(src);
    expect(r.diagnostics).toHaveLength(100);
    expect(r.valid).toBe(false);
  });

  test("one undeclared name used in a chain is reported once", async () => {
    const r = await check(`${H}a = foo + 1\nb = a * 2\nc = ta.sma(b, 3)\nplot(c)\n`);
    expect(brief(r.diagnostics)).toEqual(["undeclared_identifier 3:5-3:8"]);
  });
});

describe("link diagnostics", () => {
  const resolver = resolverOf([
    lib("acme", "util", 1, '//@version=6\nlibrary("u")\nexport f(float x) => x * 2\n'),
    lib("acme", "ind", 1, '//@version=6\nindicator("i")\nplot(close)\n', "indicator"),
    lib("acme", "a", 1, '//@version=6\nlibrary("a")\nimport acme/b/1 as b\nexport f(float x) => b.g(x)\n'),
    lib("acme", "b", 1, '//@version=6\nlibrary("b")\nimport acme/a/1 as a\nexport g(float x) => a.f(x)\n'),
    lib("acme", "broken", 1, '//@version=6\nlibrary("x")\nexport f(float x) => y\n'),
    lib("me", "lib1", 1, '//@version=6\nlibrary("l")\nexport f(float x) => x\n'),
  ]);
  const cases: Array<[string, string, string[]]> = [
    ["unresolved library", `${H}import acme/nope/1 as n\nplot(n.f(close))\n`, ["unresolved_import 3:1-3:24"]],
    ["wrong version", `${H}import acme/util/9 as u\nplot(u.f(close))\n`, ["unresolved_import 3:1-3:24"]],
    ["not a library", `${H}import acme/ind/1 as i\nplot(close)\n`, ["not_a_library 3:1-3:23"]],
    ["library cycle", `${H}import acme/a/1 as a\nplot(a.f(close))\n`, ["import_cycle 3:1-3:21"]],
    ["invalid library", `${H}import acme/broken/1 as b\nplot(b.f(close))\n`, ["invalid_dependency 3:1-3:26"]],
    ["unknown export", `${H}import acme/util/1 as u\nplot(u.g(close))\n`, ["undeclared_identifier 4:6-4:9"]],
  ];
  test.each(cases)("%s", async (_name, src, expected) => {
    const r = await check(src, resolver);
    expect(brief(r.diagnostics)).toEqual(expected);
  });

  test("relative imports: missing file and cycles", async () => {
    const missing = await check([{ path: "main.pine", content: `${H}import "./nope.pine" as n${P}` }]);
    expect(brief(missing.diagnostics)).toEqual(["unresolved_import 3:1-3:26"]);
    const cyc = await check([
      { path: "main.pine", content: `${H}import "./a.pine" as a\nplot(a.f(close))\n` },
      { path: "a.pine", content: 'import "./b.pine" as b\nf(x) => b.g(x)\n' },
      { path: "b.pine", content: 'import "./a.pine" as a\ng(x) => x\n' },
    ]);
    expect(brief(cyc.diagnostics)).toEqual(["import_cycle 1:1-1:23"]);
    expect(cyc.diagnostics[0]?.file).toBe("b.pine");
  });

  test("use(): missing and wrong kind", async () => {
    const r = await check('//@version=6\nstudy("s")\nuse("nope")\nuse("acme/util")\n', resolver);
    expect(brief(r.diagnostics)).toEqual(["unresolved_import 3:5-3:11", "not_a_definition 4:5-4:16"]);
  });
});

describe("derive diagnostics", () => {
  test("no outputs", async () => {
    const r = await check(`${H}x = close\n`);
    expect(brief(r.diagnostics)).toEqual(["no_outputs 2:1-2:15"]);
    expect(r.valid).toBe(false);
  });

  test("duplicate output titles: a warning, names made unique", async () => {
    const r = await check(`${H}plot(close, "Price")\nplot(open, "Price")\n`);
    expect(brief(r.diagnostics)).toEqual(["duplicate_output 4:1-4:20"]);
    expect(r.valid).toBe(true);
    expect(r.interface?.outputs.map((o) => o.name)).toEqual(["price", "price_2"]);
  });

  test("unbounded lookback: a warning and the cap", async () => {
    const r = await check(`${H}plot(ta.cum(close))\n`);
    expect(brief(r.diagnostics)).toEqual(["unbounded_lookback 2:1-2:15"]);
    expect(r.diagnostics[0]?.severity).toBe("warning");
    expect(r.interface?.warmup_bars).toBe(5000);
  });
});
