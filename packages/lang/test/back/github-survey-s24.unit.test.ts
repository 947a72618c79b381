// Patterns met in issue 16's twenty-fourth survey (public v5 and v6 indicators hosted in GitHub
// repositories), written here in their style; expected values are worked by hand.
import { build, risingBars, run } from "./harness";
import { evaluate } from "../../src/evaluate";
import type { Bars, SymbolInfo } from "../../src/types";

describe("survey S24 patterns", () => {
  // A public levels indicator rebuilds its info table on every new day: table.clear(...) then 18
  // table.cell(...) calls. Each refilled cell was built by spreading a default cell holding NaN colors
  // into the call's fields, which V8 takes a slow path for (15-20 us of CPU and 40-60 us of wall time
  // a cell on this machine), so 3,270 daily bars took 3 to 6 s and a long run ran into its time limit.
  // Its cost is measured by `npm run bench -- lang` (table_refill); here, the cells it leaves.
  test("a table cleared and refilled on every bar keeps the refilled cells", () => {
    const src = `//@version=6
indicator("info table")
var table t = table.new(position.top_right, 2, 9)
table.clear(t, 0, 0, 1, 8)
for r = 0 to 8
    table.cell(t, 0, r, "row " + str.tostring(r), bgcolor = color.silver, text_halign = text.align_center)
    table.cell(t, 1, r, str.tostring(close + r), bgcolor = color.silver)
table.clear(t, 1, 8)
plot(close)`;
    const bars = risingBars(2500);
    const cells = run(src, bars).drawings.tables[0]!.cells.map((c) => ({ row: c.row, column: c.column, text: c.text }));
    // risingBars: the last close is 10 + 2499 = 2509; the last clear removed (column 1, row 8) only
    expect(cells).toHaveLength(17);
    expect(cells.find((c) => c.row === 0 && c.column === 0)?.text).toBe("row 0");
    expect(cells.find((c) => c.row === 7 && c.column === 1)?.text).toBe("2516");
    expect(cells.find((c) => c.row === 8 && c.column === 1)).toBeUndefined();
  });

  // A public RSI table requests 14 timeframes, "D" among them, on a 1-minute SPY chart. The store's
  // minutes end at 23:59 UTC of 31 March 2011 (19:59 New York, the post-market's last minute), so
  // the data ends at 00:00 UTC of 1 April, the close of the chart's last bar: that bar stands for
  // TradingView's realtime bar and shows the day still open (docs/adr/0074, 0270). The data end, an
  // instant, was moved to local midnight of its UTC date like a daily bar's date (04:00 UTC), later
  // than that close, and the last bar showed the day before.
  describe("a day requested on a minute chart whose data ends at 00:00 UTC", () => {
    const z = (iso: string): number => Date.parse(`${iso}Z`) / 1000;
    const bars = (rows: [number, number][]): Bars => {
      const col = (f: (r: [number, number]) => number) => Float64Array.from(rows, f);
      return { length: rows.length, time: col((r) => r[0]), open: col((r) => r[1]), high: col((r) => r[1] + 1), low: col((r) => r[1] - 1), close: col((r) => r[1]), volume: col(() => 100) };
    };
    // New York is UTC-4 (EDT) at the end of March 2011
    const minutes = bars([
      [z("2011-03-30T14:00:00"), 1], // 10:00 Wednesday
      [z("2011-03-30T23:59:00"), 2], // 19:59 Wednesday, the post-market's last minute
      [z("2011-03-31T14:00:00"), 3], // 10:00 Thursday
      [z("2011-03-31T23:59:00"), 4], // 19:59 Thursday, the data's last minute
    ]);
    // daily bars dated 00:00 UTC as the store dates them: Wednesday closed at 10, Thursday at 20
    const daily = bars([
      [z("2011-03-30T00:00:00"), 10],
      [z("2011-03-31T00:00:00"), 20],
    ]);
    const spy: SymbolInfo = { ticker: "SPY", timezone: "America/New_York", mintick: 0.01, timeframe: "1m", session: "0930-1600" };
    const dailyOf = (chart: Bars, dataEnd: number): (number | null)[] => {
      const program = build(`//@version=5\nindicator("d")\nplot(request.security(syminfo.tickerid, "D", close))`);
      const r = evaluate(program, chart, {}, { symbol: spy, windowStart: 0, contexts: [{ symbol: "SPY", timeframe: "1d", bars: daily, info: { ...spy, timeframe: "1d" }, dataEnd }] });
      expect(r.runtimeErrors).toEqual([]);
      return Array.from(r.outputs[0]!.values, (v) => (Number.isFinite(v) ? v : null));
    };

    test("the last bar, closing where the data ends, shows the day still open", () => {
      // the minutes' data ends at 00:00 UTC of 1 April (the last minute's close)
      expect(dailyOf(minutes, z("2011-04-01T00:00:00"))).toEqual([null, 10, 10, 20]);
    });

    test("a chart ending before the context's data does not see the day's later close", () => {
      const morning = bars([
        [z("2011-03-30T14:00:00"), 1],
        [z("2011-03-30T23:59:00"), 2],
        [z("2011-03-31T14:00:00"), 3],
      ]);
      expect(dailyOf(morning, z("2011-04-01T00:00:00"))).toEqual([null, 10, 10]);
    });
  });
});
