// A plot's `offset` given as a series (docs/adr/0261). TradingView's v6 migration guide ("No series
// offset values"): v5 accepts a "series int" offset with a compiler warning and uses only the last
// calculated offset, on the whole chart (its example: `offset = bar_index / 2` on a chart whose last
// bar_index is 20 draws the whole plot 10 bars to the right); v6 refuses a series offset.
import { compile, evaluate, validate } from "../../src/index";
import { risingBars, SYMBOL } from "./harness";

async function check(source: string) {
  return validate([{ path: "main.pine", content: source }], { resolver: { resolve: async () => null } });
}

const BODY = `plot(close, "half", offset = bar_index / 2)
plot(close, "back", offset = -bar_index)
plotshape(close > 11, "shape", offset = bar_index > 2 ? 1 : 0)`;

describe("a series offset", () => {
  test("v5: a warning, and the whole plot shifted by the last bar's offset", async () => {
    const v = await check(`//@version=5\nindicator("series offset", overlay = true)\n${BODY}`);
    expect(v.valid).toBe(true);
    expect(v.diagnostics.filter((d) => d.code === "qualifier_mismatch").map((d) => [d.severity, d.line])).toEqual([
      ["warning", 3],
      ["warning", 4],
      ["warning", 5],
    ]);
    const r = evaluate(compile(v.checked!, v.interface!), risingBars(5), {}, { symbol: SYMBOL, windowStart: 0 });
    // risingBars: close = 10 ... 14, bar_index 0 ... 4; the last bar's offsets: 4 / 2 = 2, -4, 1
    expect(Object.fromEntries(r.outputs.map((o) => [o.title, Array.from(o.values)]))).toEqual({
      half: [NaN, NaN, 10, 11, 12],
      back: [14, NaN, NaN, NaN, NaN],
      // shown where close > 11 (bars 2, 3, 4), all one bar later, also bar 2 whose own offset was 0
      shape: [NaN, NaN, NaN, 1, 1],
    });
  });

  test("v6 refuses it", async () => {
    const v = await check(`//@version=6\nindicator("series offset", overlay = true)\n${BODY}`);
    expect(v.valid).toBe(false);
    expect(v.diagnostics.filter((d) => d.severity === "error").map((d) => [d.code, d.line])).toEqual([
      ["qualifier_mismatch", 3],
      ["qualifier_mismatch", 4],
      ["qualifier_mismatch", 5],
    ]);
  });
});
