// The bootstrap interval found by selection (docs/adr/0055, addendum) is, bit for bit, the plain
// recipe's: the generator written as documented, a full sort of the 2,000 means, type 7 quantiles.
// Sizes from 2 to 200, ties and equal values, and other resample counts and seeds.
import { BOOTSTRAP_SEED, bootstrapMeanCi } from "../../src/study/inference";
import { bootstrapRecipe } from "../../../../test/support/bootstrap-recipe";

/** Deterministic returns of about a percent (a linear congruential walk from `g`). */
function returns(n: number, g: number): number[] {
  return Array.from({ length: n }, () => {
    g = (Math.imul(g, 1103515245) + 12345) >>> 0;
    return (g / 4294967296 - 0.5) * 0.02;
  });
}

describe("bootstrap interval by selection", () => {
  test.each([2, 3, 7, 50, 150])("n = %i: exactly the sorted recipe's interval", (n) => {
    const xs = returns(n, n);
    expect(bootstrapMeanCi(xs)).toEqual(bootstrapRecipe(xs, 2000, BOOTSTRAP_SEED));
  });

  test("ties: two values, many equal values, all equal", () => {
    for (const xs of [[0.01, -0.01], [0.02, 0.02, 0.02, -0.01, 0.02, 0.02], Array.from({ length: 40 }, (_, i) => (i % 3) * 0.005), [0.03, 0.03, 0.03]]) {
      expect(bootstrapMeanCi(xs)).toEqual(bootstrapRecipe(xs, 2000, BOOTSTRAP_SEED));
    }
  });

  test("other resample counts and seeds, and a typed array input", () => {
    const xs = returns(25, 99);
    for (const [resamples, seed] of [[1, 7], [2, 7], [3, 1], [101, 0xffffffff], [999, 0], [4000, 0x5eed2155]] as const) {
      expect(bootstrapMeanCi(xs, resamples, seed)).toEqual(bootstrapRecipe(xs, resamples, seed));
    }
    expect(bootstrapMeanCi(Float64Array.from(xs))).toEqual(bootstrapRecipe(xs, 2000, BOOTSTRAP_SEED));
  });

  test("the same interval after intervals of other sizes (the scratch it reuses holds nothing over)", () => {
    const xs = returns(60, 5);
    const first = bootstrapMeanCi(xs);
    bootstrapMeanCi(returns(200, 1));
    bootstrapMeanCi(returns(3, 2), 17);
    expect(bootstrapMeanCi(xs)).toEqual(first);
  });
});
