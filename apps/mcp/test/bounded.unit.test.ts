// Answers cut to fit, and the results summary, against hand-worked values.
import { fit, textPage } from "../src/bounded";
import { eventsSummary, indicatorSummary } from "../src/summary";

describe("bounded answers", () => {
  it("when a page is over the budget, then its list is cut until it fits and says how many were shown", () => {
    const page = { outputs: Array.from({ length: 1000 }, (_, i) => ({ t: i, v: i })), next_cursor: "c" };
    const cut = fit(page, 2_000) as { outputs: unknown[]; next_cursor: string; truncated: string };
    expect(JSON.stringify(cut).length).toBeLessThanOrEqual(2_000);
    expect(cut.outputs.length).toBeGreaterThan(50);
    expect(cut.outputs).toEqual(page.outputs.slice(0, cut.outputs.length));
    expect(cut.truncated).toBe(`${cut.outputs.length} of 1000 outputs shown: pass a smaller limit, or page with the cursor`);
    expect(fit({ a: 1 }, 2_000)).toEqual({ a: 1 });
  });

  it("when a text is long, then it comes in parts with the next offset", () => {
    expect(textPage("abcdefghij", 0, 4)).toEqual({ text: "abcd", offset: 0, total_chars: 10, next_offset: 4 });
    expect(textPage("abcdefghij", 8, 4)).toEqual({ text: "ij", offset: 8, total_chars: 10, next_offset: null });
  });
});

describe("results summary", () => {
  it("when points have numbers and na, then count, first, last and per output values, na, min, max and mean are worked out", () => {
    const points = [{ t: 1, a: 2, b: null }, { t: 2, a: 4, b: 1 }, { t: 3, a: 9, b: 3 }];
    expect(indicatorSummary(points)).toEqual({
      kind: "indicator", count: 3, first: points[0], last: points[2],
      outputs: { a: { values: 3, na: 0, min: 2, max: 9, mean: 5 }, b: { values: 2, na: 1, min: 1, max: 3, mean: 2 } },
    });
    expect(indicatorSummary([])).toEqual({ kind: "indicator", count: 0, first: null, last: null, outputs: {} });
  });

  it("when events are summarised, then they are counted by name", () => {
    expect(eventsSummary([{ name: "up" }, { name: "down" }, { name: "up" }])).toMatchObject({ count: 3, by_name: { up: 2, down: 1 }, first: { name: "up" } });
  });
});
