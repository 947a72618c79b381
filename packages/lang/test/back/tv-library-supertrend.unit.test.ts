// TradingView's ta library's supertrend(factor, atrLength, wicks = false) (docs/adr/0159): the
// built-in's bands over ta.atr(atrLength), reversing on the high and low instead of the close when
// `wicks`. Run through the library's import under `ta` and another alias. Expected values are
// worked by hand below. barsOf(closes) gives high = close + 1 and low = close - 1, so hl2 is the
// close.
// Without the library's import the 3-argument form, and the library's parameter names, are refused as
// TradingView's 2-argument built-in refuses them, the message naming the import line to add.
import { check, evaluateValid, outputsByName } from "../front/harness";
import { roundedTo9, taLibraryScript } from "./harness";

async function run(body: string, closes: number[], alias: string): Promise<Record<string, Array<number | null>>> {
  return roundedTo9(outputsByName(await evaluateValid(taLibraryScript(body, alias), closes)));
}

// closes 10 12 11 8 9 10.5; true ranges: 2 (high - low on the first bar), 3, 2, 4, 2,
//   max(2, |11.5 - 9|, |9.5 - 9|) = 2.5
// ta.atr(2) = rma(tr, 2) seeded with the mean of the first two: na, 2.5, 2.25, 3.125, 2.5625, 2.53125
// bar 0: atr na: both bands na, so each keeps nz(na[1]) = 0; direction 1 (atr[1] na); line = upper = 0
// bar 1: lower 12 - 2.5 = 9.5 (> 0); upper 14.5 (not < 0, but the price a bar before, 10 or the
//   high 11, is above 0): 14.5; direction 1 (atr[1] na); line 14.5
// bar 2: lower 8.75 not > 9.5, price a bar before (12, or the low 11) not below it: 9.5; upper 13.25 < 14.5;
//   the line was the upper band: 11 (or the high 12) > 13.25? no: 1, line 13.25
// bar 3: lower 4.875: 9.5 kept; upper 11.125 < 13.25; 8 (high 9) > 11.125? no: 1, 11.125
// bar 4: lower 6.4375: the price a bar before (8, or the low 7) is below 9.5, so 6.4375; upper 11.5625
//   not < 11.125, and 8 (high 9) not above it: 11.125; 9 (high 10) > 11.125? no: 1, 11.125
// bar 5: lower 10.5 - 2.53125 = 7.96875 > 6.4375; upper 13.03125: 11.125 kept;
//   close 10.5 > 11.125? no: 1, line 11.125; with wicks the high 11.5 > 11.125: -1, line = lower 7.96875
const CLOSES = [10, 12, 11, 8, 9, 10.5];
const CLOSE_LINE = [0, 14.5, 13.25, 11.125, 11.125, 11.125];
const WICK_LINE = [0, 14.5, 13.25, 11.125, 11.125, 7.96875];

describe.each(["ta", "TVta"])("TradingView/ta imported as %s", (alias) => {
  test("supertrend(1, 2, true) reverses on the high; supertrend(1, 2, false) and the 2-argument built-in on the close", async () => {
    const body = `[wst, wdir] = ta.supertrend(1, 2, true)
plot(wst, "wick_st")
plot(wdir, "wick_dir")
[cst, cdir] = ta.supertrend(1, 2, false)
plot(cst, "close_st")
plot(cdir, "close_dir")
[bst, bdir] = ta.supertrend(1, 2)
plot(bst, "builtin_st")
`;
    const out = await run(body, CLOSES, alias);
    expect(out.wick_st).toEqual(WICK_LINE);
    expect(out.wick_dir).toEqual([1, 1, 1, 1, 1, -1]);
    expect(out.close_st).toEqual(CLOSE_LINE);
    expect(out.close_dir).toEqual([1, 1, 1, 1, 1, 1]);
    expect(out.builtin_st).toEqual(CLOSE_LINE);
  });

  test("named as the library names them: factor, atrLength, wicks", async () => {
    const out = await run(`[st, dir] = ta.supertrend(wicks = true, factor = 1, atrLength = 2)\nplot(st, "st")\n`, CLOSES, alias);
    expect(out.st).toEqual(WICK_LINE);
  });

  test("an atrLength of 0 is the runtime error of the ta.atr the library's Pine passes it to", async () => {
    const res = await evaluateValid(taLibraryScript(`[st, dir] = ta.supertrend(1, 0, true)\nplot(st)\n`, alias), CLOSES);
    expect(res.runtimeErrors.map((e) => [e.message, e.count])).toEqual([["Invalid value of the 'length' argument (0) in the 'atr' function. It must be > 0.", 6]]);
  });
});

const V = "//@version=6\nindicator(\"x\")\n";
const FIX = "`ta.supertrend(factor, atrLength, wicks)` is TradingView's ta library's form, not the built-in's: TradingView calls it only through the library's import;";
const errors = async (src: string) => (await check(src)).diagnostics.filter((d) => d.severity === "error");

describe("without TradingView/ta imported", () => {
  test("supertrend(1, 2, true) is too many arguments for the built-in, the message naming the import line to add", async () => {
    expect(await errors(`${V}[st, dir] = ta.supertrend(1, 2, true)\nplot(st)\n`)).toEqual([
      {
        severity: "error",
        stage: "lint",
        code: "too_many_arguments",
        message: `ta.supertrend() takes at most 2 arguments. ${FIX} add \`import TradingView/ta/12 as ta\` to the script (after \`//@version=6\`).`,
        file: "main.pine",
        line: 3,
        column: 33,
        end_line: 3,
        end_column: 37,
      },
    ]);
  });

  test("the library's parameter names, wicks and atrLength, are not the built-in's", async () => {
    const ds = await errors(`${V}[a, b] = ta.supertrend(1, 2, wicks = true)\n[c, d] = ta.supertrend(factor = 1, atrLength = 2)\nplot(a + c)\n`);
    expect(ds.map((d) => [d.code, d.line, d.message])).toEqual([
      ["wrong_argument", 3, `ta.supertrend() has no parameter 'wicks'. ${FIX} add \`import TradingView/ta/12 as ta\` to the script (after \`//@version=6\`).`],
      ["wrong_argument", 4, `ta.supertrend() has no parameter 'atrLength'. ${FIX} add \`import TradingView/ta/12 as ta\` to the script (after \`//@version=6\`).`],
    ]);
  });

  test("imported under another alias, ta.supertrend(1, 2, true) is told the alias's spelling", async () => {
    const ds = await errors(`${V}import TradingView/ta/7 as TVta\n[st, dir] = ta.supertrend(1, 2, true)\nplot(st)\n`);
    expect(ds.map((d) => [d.code, d.message])).toEqual([["too_many_arguments", `ta.supertrend() takes at most 2 arguments. ${FIX} call it through the library's alias: \`TVta.supertrend\`.`]]);
  });

  test("a call neither form accepts is the built-in's error alone", async () => {
    const ds = await errors(`${V}[st, dir] = ta.supertrend(1, 2, true, 4)\nplot(st)\n`);
    expect(ds.map((d) => [d.code, d.message])).toEqual([
      ["too_many_arguments", "ta.supertrend() takes at most 2 arguments."],
      ["too_many_arguments", "ta.supertrend() takes at most 2 arguments."],
    ]);
  });

  test("the 2-argument built-in runs, by position and by its names", async () => {
    const out = roundedTo9(outputsByName(await evaluateValid(`${V}[a, b] = ta.supertrend(1, 2)\nplot(a, "pos")\n[c, d] = ta.supertrend(factor = 1, atrPeriod = 2)\nplot(c, "named")\n`, CLOSES)));
    expect(out.pos).toEqual(CLOSE_LINE);
    expect(out.named).toEqual(CLOSE_LINE);
  });
});

describe.each([
  ["import TradingView/ta/7 as ta", "ta"],
  ["import TradingView/ta/7 as TVta", "TVta"],
])("with %s", (head, alias) => {
  test("the 3-argument form and the 2-argument built-in run", async () => {
    const src = `${V}${head}\n[w, wd] = ${alias}.supertrend(1, 2, true)\nplot(w, "wick")\n[n, nd] = ${alias}.supertrend(1, 2, wicks = true)\nplot(n, "named")\n[b, bd] = ${alias}.supertrend(1, 2)\nplot(b, "builtin")\n`;
    const out = roundedTo9(outputsByName(await evaluateValid(src, CLOSES)));
    expect(out.wick).toEqual(WICK_LINE);
    expect(out.named).toEqual(WICK_LINE);
    expect(out.builtin).toEqual(CLOSE_LINE);
  });
});
