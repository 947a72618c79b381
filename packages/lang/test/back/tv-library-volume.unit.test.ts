// TradingView's ta library's relativeVolume (docs/adr/0138) under the aliases ta and TVta, on
// daily bars with gaps and a weekly anchor, so that periods start on different weekdays. Expected
// values worked by hand in the comments.
import { compile, evaluate } from "../../src/index";
import type { Bars } from "../../src/types";
import { check, outputsByName, PLAIN_SYMBOL } from "../front/harness";
import { roundedTo9, taLibraryScript } from "./harness";

/** Daily bars (UTC midnight) on these days of January 2024 with these volumes; prices flat at 10. */
function bars(days: number[], volumes: number[]): Bars {
  return {
    length: days.length,
    time: Float64Array.from(days, (d) => Date.UTC(2024, 0, d) / 1000),
    open: Float64Array.from(days, () => 10),
    high: Float64Array.from(days, () => 11),
    low: Float64Array.from(days, () => 9),
    close: Float64Array.from(days, () => 10),
    volume: Float64Array.from(volumes),
  };
}

async function run(body: string, alias: string, b: Bars): Promise<Record<string, Array<number | null>>> {
  const r = await check(taLibraryScript(body, alias));
  const errors = r.diagnostics.filter((d) => d.severity === "error");
  if (!r.checked || errors.length > 0) throw new Error(JSON.stringify(errors));
  return roundedTo9(outputsByName(evaluate(compile(r.checked, r.interface ?? undefined), b, {}, { symbol: PLAIN_SYMBOL, windowStart: 0 })));
}

// 2024-01-01 is a Monday. Weeks: Mon 1 (bars on 1, 3, 5), Mon 8 (8, 9, 12), Mon 15 (16, 18: its
// first bar a Tuesday), Mon 22 (22).
const WEEKS = bars([1, 3, 5, 8, 9, 12, 16, 18, 22], [10, 20, 30, 40, 10, 50, 60, 30, 20]);

describe.each(["ta", "TVta"])("TradingView/ta imported as %s", (alias) => {
  test("relativeVolume(2, \"W\"): cumulative weekly volume against the last two weeks at the same time into the week", async () => {
    const out = await run(`[cur, past, ratio] = ta.relativeVolume(2, "W")\nplot(cur, "cur")\nplot(past, "past")\nplot(ratio, "ratio")\n`, alias, WEEKS);
    // timeframe.change("W"): on the 8th, 16th and 22nd. Cumulative volume: 10 30 60 | 40 50 100 | 60 90 | 20
    expect(out.cur).toEqual([10, 30, 60, 40, 50, 100, 60, 90, 20]);
    // no finished week before the 8th: na (0 / 0)
    // 8th (0 days in): week 1 at the 1st -> 10; 9th (1 day): week 1's last bar at or before the 2nd, the 1st -> 10;
    // 12th (4 days): week 1 at the 5th -> 60
    // 16th (1 day into the week of the 15th): week 1 at the 1st -> 10, week 2 at the 9th -> 50: 30
    // 18th (3 days): week 1 at the 3rd -> 30, week 2 at the 9th -> 50: 40
    // 22nd (0 days; weeks 2 and 3 kept): week 2 at the 8th -> 40; week 3 has no bar at or before the 15th: the
    //   library's index -1, read as its last value, 90: (40 + 90) / 2 = 65
    expect(out.past).toEqual([null, null, null, 10, 10, 60, 30, 40, 65]);
    expect(out.ratio).toEqual([null, null, null, 4, 5, Math.round((100 / 60) * 1e9) / 1e9, 2, 2.25, Math.round((20 / 65) * 1e9) / 1e9]);
  });

  test("relativeVolume(1, \"W\", false): the bar's own volume, one past week", async () => {
    const out = await run(`[cur, past, ratio] = ta.relativeVolume(1, "W", false)\nplot(cur, "cur")\nplot(past, "past")\nplot(ratio, "ratio")\n`, alias, WEEKS);
    expect(out.cur).toEqual([10, 20, 30, 40, 10, 50, 60, 30, 20]);
    // week 1's volumes 10 20 30 (1st, 3rd, 5th); week 2's 40 10 50 (8th, 9th, 12th); week 3's 60 30 (16th, 18th)
    // 8th: 10; 9th: 10; 12th: 30; 16th (week 2 only): at the 9th, 10; 18th: at the 11th -> the 9th, 10;
    // 22nd (week 3 only): none at or before the 15th, its last value 30
    expect(out.past).toEqual([null, null, null, 10, 10, 30, 10, 10, 30]);
    expect(out.ratio).toEqual([null, null, null, 4, 1, Math.round((50 / 30) * 1e9) / 1e9, 6, 3, Math.round((20 / 30) * 1e9) / 1e9]);
  });
});
