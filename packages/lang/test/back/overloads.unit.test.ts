// Function overloads and library `export const` over bars: each call runs the overload its
// argument types pick, and `lib.X` reads the library's constant. Expected values are worked by
// hand from the closes (10, 20, 30).

import { evaluateValid, lib, outputsByName, resolverOf } from "../front/harness";

const LIBS = resolverOf([
  lib("acme", "k", 1, '//@version=6\nlibrary("k")\nexport const float GOLDEN = 1.618\nexport const string NAME = "xyz"\nexport const int STEP = 2 * 3\nconst float BASE = 1.5\nexport const float TWICE = BASE * 2\nexport const float MORE = TWICE + BASE\nexport f(float x) => x\nexport f(string s) => str.length(s)\n'),
]);

async function outputs(body: string, closes: number[]): Promise<Record<string, Array<number | null>>> {
  return outputsByName(await evaluateValid(`//@version=6\nindicator("t")\n${body}`, closes, { resolver: LIBS }));
}

const CLOSES = [10, 20, 30];

describe("overloads and export const: values", () => {
  const cases: Array<[string, string, Record<string, number[]>]> = [
    [
      "overloads by type and by count",
      'f(float x) => x * 2\nf(string s) => str.length(s)\nf(float x, float y) => x - y\nplot(f(close), "a")\nplot(f("abcd"), "b")\nplot(f(close, 1.0), "c")\n',
      { a: [20, 40, 60], b: [4, 4, 4], c: [9, 19, 29] },
    ],
    [
      "an int argument runs the int overload, a float one the float overload",
      'g(int x) => x + 100\ng(float x) => x\nplot(g(1), "i")\nplot(g(1.5), "f")\nplot(g(bar_index), "bi")\n',
      { i: [101, 101, 101], f: [1.5, 1.5, 1.5], bi: [100, 101, 102] },
    ],
    [
      "library constants and library overloads",
      'import acme/k/1 as k\nplot(close * k.GOLDEN, "d")\nplot(str.length(k.NAME), "e")\nplot(k.STEP, "s")\nplot(k.f(close) + k.f("ab"), "g")\n',
      { d: [16.18, 32.36, 48.54], e: [3, 3, 3], s: [6, 6, 6], g: [12, 22, 32] },
    ],
    [
      // TWICE = 1.5 * 2 = 3, MORE = 3 + 1.5 = 4.5; the script's own BASE and TWICE do not leak in
      "library constants built from other constants",
      'import acme/k/1 as k\nBASE = 100.0\nTWICE = close\nplot(k.TWICE, "t")\nplot(k.MORE + BASE, "m")\n',
      { t: [3, 3, 3], m: [104.5, 104.5, 104.5] },
    ],
  ];
  test.each(cases)("%s", async (_name, body, expected) => {
    const out = await outputs(body, CLOSES);
    for (const [name, values] of Object.entries(expected)) {
      const got = out[name] ?? [];
      expect(got).toHaveLength(values.length);
      values.forEach((v, i) => expect(got[i]).toBeCloseTo(v, 9));
    }
  });
});
