// Compiler-style diagnostics: the expected text is written out by hand from the format
// (`path:line:col: severity code: message`, the source line, a caret under the span).
import { createColors } from "picocolors";
import { displayPath, formatDiagnostics, withoutFollowOns, type Diagnostic } from "../src/diagnostics";

const plain = createColors(false);
const at = (line: number, column: number, endColumn: number, code = "undeclared_identifier", severity = "error"): Diagnostic => ({
  severity, code, message: `${code} here`, file: "main.pine", line, column, end_line: line, end_column: endColumn,
});
const SOURCE = "//@version=6\nindicator(\"x\")\nx = nope + 1\nplot(x, color = nah)\n";

describe("diagnostics", () => {
  it("when an error has a span, then the line, the source and a caret as wide as the span are printed", () => {
    expect(formatDiagnostics([at(3, 5, 9)], [{ path: "main.pine", content: SOURCE }], () => "rsi/main.pine", plain)).toEqual([
      "rsi/main.pine:3:5: error undeclared_identifier: undeclared_identifier here\n   3 | x = nope + 1\n     |     ^^^^",
    ]);
  });

  it("when a second error is on a line that has one, then it is a follow-on and left out; other lines keep theirs", () => {
    const kept = withoutFollowOns([at(4, 17, 20), at(3, 11, 12, "type_mismatch"), at(3, 5, 9), at(4, 1, 5, "unused", "warning")]);
    expect(kept.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(["3:5 undeclared_identifier", "4:1 unused", "4:17 undeclared_identifier"]);
  });

  it("when the span ends on another line or is empty, then one caret marks the column", () => {
    const d = { ...at(3, 5, 2), end_line: 4 };
    expect(formatDiagnostics([d], [{ path: "main.pine", content: SOURCE }], () => "main.pine", plain)[0]?.split("\n")[2]).toBe("     |     ^");
  });

  it("when the person named a file or a folder, then paths are relative to where they ran the command", () => {
    expect(displayPath("/home/a/rsi.pine", true, "main.pine", "/home/a")).toBe("rsi.pine");
    expect(displayPath("/home/a/scripts/rsi", false, "lib/util.pine", "/home/a")).toBe("scripts/rsi/lib/util.pine");
    expect(displayPath("/home/a/rsi", false, "main.pine", "/home/a/rsi")).toBe("main.pine");
  });
});
