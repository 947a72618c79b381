// An hline's price and title written with const variables (`L = 70`, `hline(L, T)`) or const
// arithmetic are the Interface's hline price and title, as a plot's const title already is; they
// were null.

import { check } from "./harness";

describe("hlines written with constants", () => {
  it("const variables and arithmetic", async () => {
    const r = await check('//@version=6\nindicator("t")\nT = "Upper"\nL = 70\nhline(L, T, color.red)\nhline(100 - L, "Lower " + "band")\nhline(50)\nplot(close)\n');
    expect((r.interface!.hlines ?? []).map((h) => [h.price, h.title])).toEqual([
      [70, "Upper"],
      [30, "Lower band"],
      [50, null],
    ]);
  });

  it("an input price stays unknown", async () => {
    const r = await check('//@version=6\nindicator("t")\nhline(input.int(80, "Level"), "Level")\nplot(close)\n');
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect((r.interface!.hlines ?? []).map((h) => [h.price, h.title])).toEqual([[null, "Level"]]);
  });
});
