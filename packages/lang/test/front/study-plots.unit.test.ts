// A study measures what follows the events of the definitions it use()s; it has no output columns,
// so a plot-like call in one would be dropped without a word. The usual cause is Pine v4's
// `study(title)`, which declared an indicator: a v5/v6-labelled script still declared that way is
// told to write `indicator(...)`, as the v4-isms security(), iff() and transp= are named
// (docs/adr/0310).

import { brief, check } from "./harness";

const errors = async (src: string) => (await check(src)).diagnostics.filter((d) => d.severity === "error");

describe("plots in a study", () => {
  it("a v5 script declared with v4's study() and plotting is told to write indicator()", async () => {
    const ds = await errors('//@version=5\nstudy("Old style")\nplot(close)\n');
    expect(brief(ds)).toEqual(["invalid_context 3:1-3:5"]);
    expect(ds[0]!.message).toBe(
      "plot() has no effect in a study: this dialect's study() is the event-study extension, which measures what follows the events of the definitions it use()s and has no output columns. `study(...)` is Pine v4's declaration of an indicator: in v5 and later write `indicator(...)`.",
    );
  });

  it("every plot-like call is named, in v6 too", async () => {
    const ds = await errors('//@version=6\nstudy("S")\nuse("d")\nplotshape(close > open)\nplotchar(close > open)\nplotcandle(open, high, low, close)\nplotbar(open, high, low, close)\n');
    expect(ds.filter((d) => d.code === "invalid_context").map((d) => `${d.line} ${d.message.split("(")[0]}`)).toEqual(["4 plotshape", "5 plotchar", "6 plotcandle", "7 plotbar"]);
  });

  it("a study without plots, and an indicator with them, are unchanged", async () => {
    expect(await errors('//@version=6\nstudy("S")\ntrend = close > ta.sma(close, 20) ? "up" : "down"\n')).toEqual([]);
    expect(await errors('//@version=5\nindicator("I")\nplot(close)\n')).toEqual([]);
  });
});
