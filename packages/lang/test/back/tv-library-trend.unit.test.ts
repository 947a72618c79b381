// TradingView's ta library's trend tuples built from its documented definitions (docs/adr/0136):
// vStop, vStop2, supertrend2, aroon, williamsFractal and chandelier (docs/adr/0221), each run in a script that imports the
// library under its usual alias `ta` and under another alias. The bools of a tuple are plotted as
// 1 and 0. Expected values are worked by hand in the comments. barsOf(closes) gives high =
// close + 1 and low = close - 1, so hl2 is the close, a high's or low's extremes are the close's,
// and the true range is max(2, |close - close[1]| + 1) (2 on the first bar).
import { evaluateValid, outputsByName } from "../front/harness";
import { roundedTo9, taLibraryScript } from "./harness";

/** The script's outputs by name, each value rounded to 9 decimals (na stays null). */
async function run(body: string, closes: number[], alias: string): Promise<Record<string, Array<number | null>>> {
  return roundedTo9(outputsByName(await evaluateValid(taLibraryScript(body, alias), closes)));
}

// true ranges of these closes: 2, 3, 2, 4, 2, 5
const CLOSES = [10, 12, 11, 8, 9, 13];

describe.each(["ta", "TVta"])("TradingView/ta imported as %s", (alias) => {
  test("vStop(close, 2, 1): the stop trails the extreme since the trend changed by atr; flips down at bar 3, up at bar 5", async () => {
    const body = `[s, up] = ta.vStop(close, 2, 1)
plot(s, "stop")
plot(up ? 1 : 0, "up")
[s2, up2] = ta.vStop(bar_index == 2 ? na : close, 2)
plot(s2, "nz_source")
plot(up2 ? 1 : 0, "nz_up")
`;
    const out = await run(body, CLOSES, alias);
    // atr(2) = rma(tr, 2): na, 2.5, 2.25, 3.125, 2.5625, 3.78125; atrM = nz(atr, tr): 2 on bar 0
    // bar 0: max = min = 10, stop = max(0, 10 - 2) = 8, up (10 >= 8); trendUp[1] is false (a
    //   bool before the first bar), so the trend "changed": stop = 10 - 2 = 8
    // bar 1: max 12, stop = max(8, 12 - 2.5) = 9.5, up; bar 2: max(9.5, 12 - 2.25) = 9.75, up (11 >= 9.75)
    // bar 3: max(9.75, 12 - 3.125) = 9.75; 8 < 9.75: down, restart at 8: stop = 8 + 3.125 = 11.125
    // bar 4: min 8, stop = min(11.125, 8 + 2.5625) = 10.5625, down (9 < 10.5625)
    // bar 5: min(10.5625, 8 + 3.78125) = 10.5625; 13 >= it: up, restart at 13: 13 - 3.78125 = 9.21875
    expect(out.stop).toEqual([8, 9.5, 9.75, 11.125, 10.5625, 9.21875]);
    expect(out.up).toEqual([1, 1, 1, 0, 0, 1]);
    // an na source is the close (nz(source, close)); the factor is 1 by default
    expect(out.nz_source).toEqual(out.stop);
    expect(out.nz_up).toEqual(out.up);
  });

  test("vStop2(close, 2.5, 0.5): the library's atr2 (alpha 1 / 2.5, from the first bar)", async () => {
    const out = await run(`[s, up] = ta.vStop2(close, 2.5, 0.5)\nplot(s, "stop")\nplot(up ? 1 : 0, "up")\n`, CLOSES, alias);
    // atr2: 2, 0.4*3 + 0.6*2 = 2.4, 0.8 + 1.44 = 2.24, 1.6 + 1.344 = 2.944, 0.8 + 1.7664 = 2.5664,
    //   2 + 1.53984 = 3.53984; atrM = half: 1, 1.2, 1.12, 1.472, 1.2832, 1.76992
    // bar 0: stop 10 - 1 = 9, up; bar 1: max(9, 12 - 1.2) = 10.8; bar 2: max(10.8, 12 - 1.12) = 10.88, up (11 >= 10.88)
    // bar 3: max(10.88, 12 - 1.472) = 10.88, 8 below: down, 8 + 1.472 = 9.472
    // bar 4: min(9.472, 8 + 1.2832) = 9.2832, down (9 < 9.2832)
    // bar 5: min(9.2832, 8 + 1.76992) = 9.2832, 13 above: up, 13 - 1.76992 = 11.23008
    expect(out.stop).toEqual([9, 10.8, 10.88, 9.472, 9.2832, 11.23008]);
    expect(out.up).toEqual([1, 1, 1, 0, 0, 1]);
  });

  test("supertrend2(1, 2): bands hl2 -/+ atr2 kept unless they move with the trend; turns up at bar 5", async () => {
    const out = await run(`[st, dir] = ta.supertrend2(1, 2)\nplot(st, "st")\nplot(dir, "dir")\n`, CLOSES, alias);
    // atr2(2): 2, 2.5, 2.25, 3.125, 2.5625, 3.78125 (alpha 1/2 from the first bar); hl2 = close
    // bar 0: lower 8 (> nz(na) = 0); upper 12 is not < 0 and close[1] is na, so upper = 0; direction 1, line = upper = 0
    // bar 1: lower 9.5 (> 8); upper 14.5 (close[1] = 10 > 0); the line was the upper band: 12 > 14.5? no, 1; line 14.5
    // bar 2: lower 8.75 is not > 9.5 and 12 is not < 9.5: 9.5; upper 13.25 < 14.5; 11 > 13.25? no: 1, 13.25
    // bar 3: lower 9.5 (11 not < 9.5); upper 11.125 < 13.25; 8 > 11.125? no: 1, 11.125
    // bar 4: lower: close[1] 8 < 9.5, so 6.4375; upper 11.5625 is not < 11.125, 8 not > it: 11.125; 1, 11.125
    // bar 5: lower 9.21875 > 6.4375; upper stays 11.125; 13 > 11.125: -1, line = lower = 9.21875
    expect(out.st).toEqual([0, 14.5, 13.25, 11.125, 11.125, 9.21875]);
    expect(out.dir).toEqual([1, 1, 1, 1, 1, -1]);
  });

  test("supertrend2 with wicks reverses on the high: a high above the upper band the close stays under", async () => {
    const body = `[st, dir] = ta.supertrend2(1, 2)\nplot(st, "close_st")\nplot(dir, "close_dir")
[wst, wdir] = ta.supertrend2(1, 2, true)\nplot(wst, "wick_st")\nplot(wdir, "wick_dir")\n`;
    const out = await run(body, [10, 12, 11, 8, 9, 10.5], alias);
    // bars 0-4 as above (the wicks' previous highs and lows cross no band either way)
    // bar 5: tr = max(2, |11.5 - 9|, |9.5 - 9|) = 2.5, atr2 = (2.5625 + 2.5) / 2 = 2.53125;
    //   lower 7.96875 > 6.4375; upper 13.03125 is not < 11.125 (and 9 or 10 not > 11.125): 11.125
    //   close 10.5 > 11.125? no: 1, line 11.125; high 11.5 > 11.125: -1, line = lower = 7.96875
    expect(out.close_st).toEqual([0, 14.5, 13.25, 11.125, 11.125, 11.125]);
    expect(out.close_dir).toEqual([1, 1, 1, 1, 1, 1]);
    expect(out.wick_st).toEqual([0, 14.5, 13.25, 11.125, 11.125, 7.96875]);
    expect(out.wick_dir).toEqual([1, 1, 1, 1, 1, -1]);
  });

  test("aroon(2): 100 * (highestbars(high, 3) + 2) / 2 and the same of lowestbars(low); equal highs count from the earliest", async () => {
    const out = await run(`[up, down] = ta.aroon(2)\nplot(up, "up")\nplot(down, "down")\n`, [10, 12, 11, 8, 9, 13, 13], alias);
    // windows of 3 closes (high and low follow the close): na, na,
    // [10 12 11]: highest at -1 -> 50, lowest at -2 -> 0; [12 11 8]: -2 -> 0, 0 -> 100;
    // [11 8 9]: -2 -> 0, -1 -> 50; [8 9 13]: 0 -> 100, -2 -> 0;
    // [9 13 13]: two highest, the earliest at -1 -> 50 (docs/adr/0066); lowest at -2 -> 0
    expect(out.up).toEqual([null, null, 50, 0, 0, 100, 50]);
    expect(out.down).toEqual([null, null, 0, 100, 50, 0, 0]);
  });

  test("williamsFractal(2): the high (low) 2 bars back above (below) the 2 bars after it and the 2 before it, or a flat top", async () => {
    const out = await run(`[up, down] = ta.williamsFractal(2)\nplot(up ? 1 : 0, "up")\nplot(down ? 1 : 0, "down")\n`, [1, 2, 5, 5, 3, 2, 1, 3, 4], alias);
    // highs (close + 1): 2 3 6 6 4 3 2 4 5; lows (close - 1): 0 1 4 4 2 1 0 2 3
    // up at bar 5: bar 3's 6 is above bars 4 and 5 (4, 3); bar 2 equals it (a flat top of one bar), and
    //   bars 1 and 0 before that (3, 2) are below it. At bar 4, bar 2's 6 is not above bar 3's 6.
    // down at bar 8: bar 6's 0 is below bars 7, 8 (2, 3) and bars 5, 4 (1, 2). Bars before 4 lack
    //   history (na compares false); no other bar qualifies.
    expect(out.up).toEqual([0, 0, 0, 0, 0, 1, 0, 0, 0]);
    expect(out.down).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test("chandelier(length, atrLength, mult): [highest(high, length) - atr * mult, lowest(low, length) + atr * mult] (docs/adr/0221)", async () => {
    const body = `[l, s] = ta.chandelier(2, 2, 1)\nplot(l, "long")\nplot(s, "short")
[l3, s3] = ta.chandelier(3, 2, 0.5)\nplot(l3, "long3")\nplot(s3, "short3")\n`;
    const out = await run(body, CLOSES, alias);
    // atr(2) = rma(tr, 2): na, 2.5, 2.25, 3.125, 2.5625, 3.78125
    // highest(high, 2): na, 13, 13, 12, 10, 14; lowest(low, 2): na, 9, 10, 7, 7, 8
    expect(out.long).toEqual([null, 10.5, 10.75, 8.875, 7.4375, 10.21875]);
    expect(out.short).toEqual([null, 11.5, 12.25, 10.125, 9.5625, 11.78125]);
    // highest(high, 3): na, na, 13, 13, 12, 14; lowest(low, 3): na, na, 9, 7, 7, 7; atr * 0.5: 1.125, 1.5625, 1.28125, 1.890625
    expect(out.long3).toEqual([null, null, 11.875, 11.4375, 10.71875, 12.109375]);
    expect(out.short3).toEqual([null, null, 10.125, 8.5625, 8.28125, 8.890625]);
  });
});
