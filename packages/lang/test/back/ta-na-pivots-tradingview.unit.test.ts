// ta.pivothigh/ta.pivotlow of a source with na holes: the expected values are TradingView's, as
// recorded (September 2026) in a public test of an independent implementation (docs/adr/0304 gives the
// address): a 32-bar periodic series, na at k = 4, 9, 13, 17, 21, 22, 29 (k = bar_index % 32), read on
// the second period so every window is filled. Each side of a candidate is compared outward up to an
// na bar: k = 10's pivot 8 (k = 8) has [na, 9] on its right, the 9 never seen.
import { risingBars, run } from "./harness";

const PATTERN = [1, 2, 7, 4, 0, 9, 3, 2, 8, 0, 9, 6, 1, 0, 0, 3, 6, 0, 4, 3, 2, 0, 0, 6, 8, 7, 2, 1, 10, 0, 9, 5];
const HOLES = [4, 9, 13, 17, 21, 22, 29];
type V = number | "na";

/** TradingView's value at each k. */
const TV: Record<string, { expr: string; values: V[] }> = {
  ph: { expr: "ta.pivothigh(src, 2, 2)", values: [9, "na", "na", "na", 7, "na", "na", 9, "na", "na", 8, "na", 9, "na", "na", "na", "na", "na", 6, "na", 4, "na", "na", "na", "na", "na", 8, "na", "na", "na", 10, "na"] },
  pl: { expr: "ta.pivotlow(src, 2, 2)", values: ["na", "na", 1, "na", "na", "na", "na", "na", "na", 2, "na", "na", "na", "na", 1, "na", 0, "na", "na", "na", "na", "na", 2, "na", "na", 6, "na", "na", "na", 1, "na", "na"] },
  ph11: { expr: "ta.pivothigh(src, 1, 1)", values: ["na", "na", "na", 7, "na", "na", 9, "na", "na", 8, "na", 9, "na", "na", "na", "na", "na", 6, "na", 4, "na", "na", "na", "na", "na", 8, "na", "na", "na", 10, "na", 9] },
  pl33: { expr: "ta.pivotlow(src, 3, 3)", values: ["na", "na", "na", 1, "na", "na", "na", "na", "na", "na", 2, "na", "na", "na", "na", 1, "na", 0, "na", "na", "na", "na", "na", 2, "na", "na", "na", "na", "na", "na", 1, "na"] },
};

const SOURCE = `//@version=6
indicator("na holes")
var float[] pat = array.from(${PATTERN.map((v, i) => (i === 0 ? `${v}.` : String(v))).join(", ")})
int k = bar_index % 32
bool hole = ${HOLES.map((h) => `k == ${h}`).join(" or ")}
float src = hole ? na : array.get(pat, k)
${Object.entries(TV)
  .map(([title, t]) => `plot(${t.expr}, "${title}")`)
  .join("\n")}
`;

describe("pivots of a source with na give TradingView's values (docs/adr/0304)", () => {
  const result = run(SOURCE, risingBars(96));
  it.each(Object.keys(TV))("%s", (title) => {
    const column = Array.from(result.outputs.find((o) => o.title === title)!.values as ArrayLike<number>);
    const got: V[] = column.slice(32, 64).map((v) => (Number.isNaN(v) ? "na" : v + 0));
    expect(got).toEqual(TV[title]!.values);
  });
});
