// Source -> AST for every construct; the expected trees are written by hand.

import { parse } from "../../src/language/parser";
import { arg, bin, block, body, bool, call, decl, expr, exprStmt, id, mem, na, num, path, str, tref, un } from "./harness";

describe("expressions", () => {
  const cases: Array<[string, string, unknown]> = [
    ["int literal", "42", num(42)],
    ["float literal", "1.5", num(1.5)],
    ["leading dot", ".5", num(0.5, ".5")],
    ["exponent", "1.5e-3", { kind: "NumberLit", value: 0.0015, isInt: false, raw: "1.5e-3" }],
    ["integer with exponent is float", "2e3", { kind: "NumberLit", value: 2000, isInt: false, raw: "2e3" }],
    ["double-quoted string with escapes", '"a\\"b\\n"', str('a"b\n')],
    ["single-quoted string", "'it\\'s'", str("it's")],
    ["color 6 digits", "#FF8000", { kind: "ColorLit", raw: "#FF8000", r: 255, g: 128, b: 0, a: 255 }],
    ["color 8 digits", "#00ff0080", { kind: "ColorLit", raw: "#00ff0080", r: 0, g: 255, b: 0, a: 128 }],
    ["na", "na", na()],
    ["na() is a call", "na(close)", call("na", [id("close")])],
    ["booleans", "true", bool(true)],
    ["precedence * over +", "1 + 2 * 3", bin("+", num(1), bin("*", num(2), num(3)))],
    ["left associative -", "a - b - c", bin("-", bin("-", id("a"), id("b")), id("c"))],
    ["comparison over and, and over or", "a > 1 and b or c", bin("or", bin("and", bin(">", id("a"), num(1)), id("b")), id("c"))],
    ["== below <", "a < b == c", bin("==", bin("<", id("a"), id("b")), id("c"))],
    ["unary minus binds tighter than *", "-a * b", bin("*", un("-", id("a")), id("b"))],
    ["not binds tighter than comparison (Pine's table)", "not a == b", bin("==", un("not", id("a")), id("b"))],
    ["% with *", "a % b * c", bin("*", bin("%", id("a"), id("b")), id("c"))],
    ["ternary is right associative", "a ? 1 : b ? 2 : 3", { kind: "Ternary", cond: id("a"), then: num(1), else: { kind: "Ternary", cond: id("b"), then: num(2), else: num(3) } }],
    ["ternary below or", "a or b ? 1 : 0", { kind: "Ternary", cond: bin("or", id("a"), id("b")), then: num(1), else: num(0) }],
    ["parentheses", "(a + b) * c", bin("*", bin("+", id("a"), id("b")), id("c"))],
    ["history", "close[1]", { kind: "Index", object: id("close"), index: num(1) }],
    ["history of a call", "ta.sma(close, 5)[2]", { kind: "Index", object: call("ta.sma", [id("close"), num(5)]), index: num(2) }],
    ["member chain", "barstate.isfirst", mem(id("barstate"), "isfirst")],
    ["named arguments", 'plot(x, title = "t", color = color.red)', call("plot", [id("x"), arg(str("t"), "title"), arg(path("color.red"), "color")])],
    ["generic call", "array.new<float>(3, 0.0)", call("array.new", [num(3), num(0, "0.0")], [tref("float")])],
    ["map generic", "map.new<string, int>()", call("map.new", [], [tref("string"), tref("int")])],
    ["method call", "a.push(1)", call(mem(id("a"), "push"), [num(1)])],
    ["a < b > c stays comparison", "a < b", bin("<", id("a"), id("b"))],
    ["tuple expression", "[a, b + 1]", { kind: "TupleExpr", elements: [id("a"), bin("+", id("b"), num(1))] }],
  ];
  test.each(cases)("%s", (_name, src, tree) => {
    expect(expr(src)).toEqual(tree);
  });
});

describe("statements", () => {
  const cases: Array<[string, string, unknown[]]> = [
    ["declaration", "x = 1\n", [decl("x", num(1))]],
    ["var", "var x = 0\n", [decl("x", num(0), "var")]],
    ["varip", "varip int n = 0\n", [decl("n", num(0), "varip", tref("int"))]],
    ["typed na", "float x = na\n", [decl("x", na(), "none", tref("float"))]],
    ["generic type", "array<float> a = na\n", [decl("a", na(), "none", tref("array", [tref("float")]))]],
    ["int[] is array<int>", "int[] a = na\n", [decl("a", na(), "none", tref("array", [tref("int")]))]],
    ["qualified type", "simple int n = 5\n", [decl("n", num(5), "none", tref("int", [], "simple"))]],
    ["reassignment", "x := 2\n", [{ kind: "Assign", op: ":=", target: id("x"), value: num(2) }]],
    ["compound assignment", "x += 2\n", [{ kind: "Assign", op: "+=", target: id("x"), value: num(2) }]],
    ["field assignment", "p.x := 2\n", [{ kind: "Assign", op: ":=", target: mem(id("p"), "x"), value: num(2) }]],
    ["tuple destructuring", "[a, _, c] = f()\n", [{ kind: "TupleDecl", names: [id("a"), null, id("c")], init: call("f") }]],
    ["expression statement", "plot(close)\n", [exprStmt(call("plot", [id("close")]))]],
    ["continuation line (not a multiple of 4)", "x = a +\n  b\n", [decl("x", bin("+", id("a"), id("b")))]],
    ["continuation inside parentheses", "plot(a,\n    b)\n", [exprStmt(call("plot", [id("a"), id("b")]))]],
    ["comments and blank lines", "// c\nx = 1 // trailing\n\n// more\ny = 2\n", [decl("x", num(1)), decl("y", num(2))]],
    ["import library", "import acme/my-lib/3 as ml\n", [{ kind: "ImportDecl", source: { kind: "library", owner: "acme", slug: "my-lib", version: 3 }, alias: id("ml") }]],
    ["import relative", 'import "./util.pine" as u\n', [{ kind: "ImportDecl", source: { kind: "relative", path: "./util.pine" }, alias: id("u") }]],
  ];
  test.each(cases)("%s", (_name, src, tree) => {
    expect(body(src)).toEqual(tree);
  });
});

describe("blocks", () => {
  test("if / else if / else", () => {
    expect(body("if a\n    x := 1\nelse if b\n    x := 2\nelse\n    x := 3\n")).toEqual([
      {
        kind: "If",
        cond: id("a"),
        then: block({ kind: "Assign", op: ":=", target: id("x"), value: num(1) }),
        else: {
          kind: "If",
          cond: id("b"),
          then: block({ kind: "Assign", op: ":=", target: id("x"), value: num(2) }),
          else: block({ kind: "Assign", op: ":=", target: id("x"), value: num(3) }),
        },
      },
    ]);
  });

  test("if as an expression", () => {
    expect(body("x = if a\n    1\nelse\n    2\ny = 3\n")).toEqual([
      decl("x", { kind: "If", cond: id("a"), then: block(exprStmt(num(1))), else: block(exprStmt(num(2))) }),
      decl("y", num(3)),
    ]);
  });

  test("switch with subject, block case and default", () => {
    expect(body('s = switch m\n    "a" => 1\n    "b" =>\n        t = 2\n        t\n    => 3\n')).toEqual([
      decl("s", {
        kind: "Switch",
        subject: id("m"),
        cases: [
          { kind: "SwitchCase", test: str("a"), body: block(exprStmt(num(1))) },
          { kind: "SwitchCase", test: str("b"), body: block(decl("t", num(2)), exprStmt(id("t"))) },
          { kind: "SwitchCase", test: null, body: block(exprStmt(num(3))) },
        ],
      }),
    ]);
  });

  test("switch without subject", () => {
    expect(body("switch\n    a > 1 => f()\n")).toEqual([
      { kind: "Switch", subject: null, cases: [{ kind: "SwitchCase", test: bin(">", id("a"), num(1)), body: block(exprStmt(call("f"))) }] },
    ]);
  });

  test("for ... to ... by with break and continue", () => {
    expect(body("for i = 0 to 10 by 2\n    if i > 5\n        break\n    continue\n")).toEqual([
      {
        kind: "For",
        counter: id("i"),
        from: num(0),
        to: num(10),
        step: num(2),
        body: block({ kind: "If", cond: bin(">", id("i"), num(5)), then: block({ kind: "Break" }), else: null }, { kind: "Continue" }),
      },
    ]);
  });

  test("for ... in and for [i, x] in", () => {
    expect(body("for x in a\n    s += x\nfor [i, x] in a\n    s += i\n")).toEqual([
      { kind: "ForIn", index: null, item: id("x"), iterable: id("a"), body: block({ kind: "Assign", op: "+=", target: id("s"), value: id("x") }) },
      { kind: "ForIn", index: id("i"), item: id("x"), iterable: id("a"), body: block({ kind: "Assign", op: "+=", target: id("s"), value: id("i") }) },
    ]);
  });

  test("while", () => {
    expect(body("while i < 3\n    i += 1\n")).toEqual([{ kind: "While", cond: bin("<", id("i"), num(3)), body: block({ kind: "Assign", op: "+=", target: id("i"), value: num(1) }) }]);
  });

  test("tabs indent one level", () => {
    expect(body("if a\n\tx := 1\n")).toEqual([{ kind: "If", cond: id("a"), then: block({ kind: "Assign", op: ":=", target: id("x"), value: num(1) }), else: null }]);
  });
});

describe("declarations", () => {
  const param = (name: string, typeAnn: unknown = null, defaultValue: unknown = null) => ({ kind: "Param", name: id(name), typeAnn, defaultValue });

  test("one-line function with a default", () => {
    expect(body("f(x, y = 2) => x + y\n")).toEqual([
      { kind: "FunctionDecl", name: id("f"), params: [param("x"), param("y", null, num(2))], body: block(exprStmt(bin("+", id("x"), id("y")))), exported: false, isMethod: false },
    ]);
  });

  test("block function returning a tuple", () => {
    expect(body("f(float a, simple int n) =>\n    b = a * n\n    [a, b]\n")).toEqual([
      {
        kind: "FunctionDecl",
        name: id("f"),
        params: [param("a", tref("float")), param("n", tref("int", [], "simple"))],
        body: block(decl("b", bin("*", id("a"), id("n"))), exprStmt({ kind: "TupleExpr", elements: [id("a"), id("b")] })),
        exported: false,
        isMethod: false,
      },
    ]);
  });

  test("export and method", () => {
    expect(body("export f(float x) => x\nmethod m(Point p) => p.x\n")).toEqual([
      { kind: "FunctionDecl", name: id("f"), params: [param("x", tref("float"))], body: block(exprStmt(id("x"))), exported: true, isMethod: false },
      { kind: "FunctionDecl", name: id("m"), params: [param("p", tref("Point"))], body: block(exprStmt(mem(id("p"), "x"))), exported: false, isMethod: true },
    ]);
  });

  test("type with defaults and varip", () => {
    expect(body("type Point\n    float x = 0.0\n    varip int n\n")).toEqual([
      {
        kind: "TypeDecl",
        name: id("Point"),
        fields: [
          { kind: "FieldDecl", typeAnn: tref("float"), name: id("x"), defaultValue: num(0, "0.0"), varip: false },
          { kind: "FieldDecl", typeAnn: tref("int"), name: id("n"), defaultValue: null, varip: true },
        ],
        exported: false,
      },
    ]);
  });

  test("enum with titles", () => {
    expect(body('export enum Dir\n    up = "Up"\n    down\n')).toEqual([
      {
        kind: "EnumDecl",
        name: id("Dir"),
        members: [
          { kind: "EnumMember", name: id("up"), title: str("Up") },
          { kind: "EnumMember", name: id("down"), title: null },
        ],
        exported: true,
      },
    ]);
  });
});

describe("version and spans", () => {
  test("//@version sets the version; absent means 6", () => {
    expect(parse("main.pine", "//@version=5\nx = 1\n").script.version).toBe(5);
    expect(parse("main.pine", "x = 1\n").script.version).toBe(6);
    expect(parse("main.pine", "//@version=4\nx = 1\n").script.versionSpan).toEqual({ file: "main.pine", line: 1, column: 1, endLine: 1, endColumn: 13 });
  });

  test("spans are 1-based with exclusive ends", () => {
    const s = parse("main.pine", "x = ta.sma(close, 14)\n").script.body[0];
    expect(s?.span).toEqual({ file: "main.pine", line: 1, column: 1, endLine: 1, endColumn: 22 });
    if (s?.kind !== "VarDecl") throw new Error("not a declaration");
    expect(s.init.span).toEqual({ file: "main.pine", line: 1, column: 5, endLine: 1, endColumn: 22 });
    expect(s.name.span).toEqual({ file: "main.pine", line: 1, column: 1, endLine: 1, endColumn: 2 });
  });

  test("a block statement spans its whole block", () => {
    const s = parse("main.pine", "if a\n    x := 1\n").script.body[0];
    expect(s?.span).toEqual({ file: "main.pine", line: 1, column: 1, endLine: 2, endColumn: 11 });
  });
});
