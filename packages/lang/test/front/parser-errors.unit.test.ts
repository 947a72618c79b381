// Source -> exact syntax errors (code, message, line, columns) of the indented forms that share the
// parser's block-of-items rule (parse-cursor.ts indentedItems): switch cases, type fields, enum
// members. Messages and positions are written by hand from the source text (1-based columns,
// exclusive ends).
import { parse } from "../../src/language/parser";

type Row = [code: string, message: string, line: number, column: number, endColumn: number];

function errors(src: string): Row[] {
  return parse("main.pine", src).diagnostics.map((d) => [d.code, d.message, d.line, d.column, d.end_column]);
}

describe("indented blocks of items: exact errors", () => {
  const cases: Array<[string, string, Row[]]> = [
    ["switch subject followed by more on its line", "switch x y\n    1 => 2\nz = 1\n", [["syntax_error", "Expected a new line after the switch, found 'y'.", 1, 10, 11]]],
    ["switch without its indented cases", "x = switch\ny = 1\n", [["syntax_error", "Expected the indented cases of the switch.", 2, 1, 2]]],
    ["switch case without =>", "x = switch\n    1 2\n", [["syntax_error", "Expected '=>', found '2'.", 2, 7, 8]]],
    ["type without its fields", "type T\ny = 1\n", [["syntax_error", "Expected an indented block of members.", 2, 1, 2]]],
    ["two names in a field", "type T\n    int a b\nx = 1\n", [["syntax_error", "Unexpected 'b'.", 2, 11, 12]]],
    ["enum title not a string", "enum E\n    a = 1\n", [["syntax_error", "An enum member's title must be a string literal.", 2, 9, 10]]],
    ["blank lines between items are skipped", "x = switch\n    1 => 2\n\n    => 3\ntype T\n    int a\n\n    float b\nenum E\n\n    a\n    b = \"B\"\n", []],
  ];
  test.each(cases)("%s", (_name, src, expected) => {
    expect(errors(src)).toEqual(expected);
  });

  test("after a broken field (its last line) the type keeps the others and the next statement parses", () => {
    const p = parse("main.pine", "type T\n    int a b\nx = 1\n");
    expect(p.diagnostics).toHaveLength(1);
    expect(p.script.body.map((s) => s.kind)).toEqual(["TypeDecl", "VarDecl"]);
  });

  test("a broken item is the block's only error: the items after it are still items, not statements", () => {
    const src = [
      "type P", "    float x = 1", "    float y = = 2", "    int z", "    string s",
      "enum E", "    a = \"A\"", "    b = = \"B\"", "    c", "    d",
      "v = switch close > open", "    true => 1", "    false => ) 5", "    close > 3 => 3", "    => 4",
      "plot(v)", "",
    ].join("\n");
    expect(errors(src)).toEqual([
      ["syntax_error", "Unexpected '='.", 3, 15, 16],
      ["syntax_error", "An enum member's title must be a string literal.", 8, 9, 10],
      ["syntax_error", "Unexpected ')'.", 13, 14, 15],
    ]);
    const [type, en, sw] = parse("main.pine", src).script.body;
    if (type?.kind !== "TypeDecl" || en?.kind !== "EnumDecl" || sw?.kind !== "VarDecl" || sw.init.kind !== "Switch") throw new Error("unexpected statements");
    expect(type.fields.map((f) => f.name.name)).toEqual(["x", "z", "s"]);
    expect(sw.init.cases).toHaveLength(3);
  });

  test("a switch's cases and a type's fields across blank lines", () => {
    const [sw, type] = parse("main.pine", "x = switch\n    1 => 2\n\n    => 3\ntype T\n    int a\n\n    float b\n").script.body;
    if (sw?.kind !== "VarDecl" || sw.init.kind !== "Switch" || type?.kind !== "TypeDecl") throw new Error("unexpected statements");
    expect(sw.init.cases.map((c) => (c.test === null ? null : c.test.kind))).toEqual(["NumberLit", null]);
    expect(type.fields.map((f) => f.name.name)).toEqual(["a", "b"]);
  });
});
