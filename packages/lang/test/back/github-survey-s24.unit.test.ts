// Patterns met in issue 16's twenty-fourth survey (public v5 and v6 indicators hosted in GitHub
// repositories), written here in their style; expected values are worked by hand.
import { risingBars, run } from "./harness";

/** CPU milliseconds (user + system) spent by `f`. */
function cpuMs(f: () => void): number {
  const t0 = process.cpuUsage();
  f();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
}

describe("survey S24 patterns", () => {
  // A public levels indicator rebuilds its info table on every new day: table.clear(...) then 18
  // table.cell(...) calls. Each refilled cell was built by spreading a default cell holding NaN colors
  // into the call's fields, which V8 takes a slow path for (15-20 us of CPU and 40-60 us of wall time
  // a cell on this machine), so 3,270 daily bars took 3 to 6 s and a long run ran into its time limit.
  test("a table cleared and refilled on every bar keeps the refilled cells and costs little", () => {
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
    let cells: Array<{ row: number; column: number; text: string | null }> = [];
    const ms = cpuMs(() => {
      const r = run(src, bars);
      cells = r.drawings.tables[0]!.cells.map((c) => ({ row: c.row, column: c.column, text: c.text }));
    });
    // risingBars: the last close is 10 + 2499 = 2509; the last clear removed (column 1, row 8) only
    expect(cells).toHaveLength(17);
    expect(cells.find((c) => c.row === 0 && c.column === 0)?.text).toBe("row 0");
    expect(cells.find((c) => c.row === 7 && c.column === 1)?.text).toBe("2516");
    expect(cells.find((c) => c.row === 8 && c.column === 1)).toBeUndefined();
    // 45,000 cells: 0.9 to 2 s of CPU with the slow path, about 0.15 s without it
    expect(ms).toBeLessThan(500);
  });
});
