// An output's style and color written with const variables (`C = color.red`, `S =
// plot.style_columns`, `plot(x, color = C, style = S)`) are the Interface's, as when written in
// place; they were null and "line".

import { check } from "./harness";

describe("output appearance written with constants", () => {
  it("const variables for color, style and linestyle", async () => {
    const r = await check('//@version=6\nindicator("t")\nC = color.red\nS = plot.style_columns\nD = plot.linestyle_dashed\nplot(close, "a", color = C, style = S)\nplot(close, "b", color = C, linestyle = D)\nplot(close, "c", color = close > open ? C : color.blue)\n');
    expect(r.interface!.outputs.map((o) => [o.name, o.style, o.color])).toEqual([
      ["a", "columns", "#F23645FF"],
      ["b", "line", "#F23645FF"],
      ["c", "line", null],
    ]);
    expect((r.interface!.outputs[1] as { linestyle?: string }).linestyle).toBe("dashed");
  });
});
