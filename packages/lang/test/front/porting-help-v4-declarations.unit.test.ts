// Porting help found by issue 16's survey of public scripts: a v5-labelled script still declared
// with v4's `study(title, overlay = true)` is told to write `indicator(...)` (this dialect's
// `study()` is the event-study extension, which takes no `overlay`), and v4's
// `input(type = input.integer)` names `input.int(...)`.

import { check } from "./harness";

const messages = async (src: string): Promise<string[]> => (await check(src)).diagnostics.filter((d) => d.severity === "error").map((d) => d.message);

describe("v4 declarations in a v5 script", () => {
  it("study() with an indicator's parameter names indicator()", async () => {
    const m = await messages(`//@version=5
study("Old style", overlay = true)
plot(close)
`);
    expect(m).toEqual([
      // its plot is named too (docs/adr/0310)
      "plot() has no effect in a study: this dialect's study() is the event-study extension, which measures what follows the events of the definitions it use()s and has no output columns. `study(...)` is Pine v4's declaration of an indicator: in v5 and later write `indicator(...)`.",
      "study() has no parameter 'overlay'. `study(..., overlay = ...)` is Pine v4's declaration of an indicator: in v5 and later write `indicator(...)` (this dialect's `study()` is the event-study extension).",
    ]);
  });

  it("a misspelt parameter of another function still gets the closest one", async () => {
    const m = await messages(`//@version=5
indicator("x", overlayy = true)
plot(close)
`);
    expect(m).toEqual(["indicator() has no parameter 'overlayy'. Did you mean 'overlay'?"]);
  });

  it("input(type = input.integer) names input.int()", async () => {
    const m = await messages(`//@version=5
indicator("x")
len = input(14, type = input.integer)
plot(ta.sma(close, 14))
`);
    expect(m).toContain("'input.integer' is not a built-in. `input(type = input.integer)` is Pine v4: use `input.int(...)`.");
  });
});
