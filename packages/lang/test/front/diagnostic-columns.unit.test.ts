// A diagnostic's span (docs/adr/0312): 1-based lines and columns, columns counted in UTF-16 code
// units (a character outside the Basic Multilingual Plane, such as an emoji, is two; a tab is one),
// the end one past the last character, so that `line.slice(column - 1, end_column - 1)` in
// JavaScript is the text the diagnostic is about.

import { check } from "./harness";

async function marked(src: string): Promise<string[]> {
  const r = await check(src);
  const lines = src.split("\n");
  return r.diagnostics.map((d) => (d.line === d.end_line ? lines[d.line - 1]!.slice(d.column - 1, d.end_column - 1) : `${d.line}-${d.end_line}`));
}

describe("diagnostic columns", () => {
  it("after an emoji, an accented letter and a tab", async () => {
    expect(await marked('//@version=6\nindicator("t")\nx = "😀é" + foo\nif true\n\ty = bar\nplot(close)\n')).toEqual(["foo", "bar"]);
  });

  it("a span's exact place", async () => {
    const r = await check('//@version=6\nindicator("t")\nx = "😀" + foo\nplot(close)\n');
    expect(r.diagnostics.map((d) => [d.line, d.column, d.end_line, d.end_column])).toEqual([[3, 12, 3, 15]]);
  });
});
