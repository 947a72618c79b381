// `barscript drawings` and `barscript logs` as a person runs them: the CLI (its bundle,
// cli-harness.ts) as a real process against a real API and worker; piped they print the API's
// JSON, on a terminal a table.
// A table is shown as its grid of cells (docs/adr/0235), a polyline with its style and width.
import type { Barscript } from "@barscript/sdk";
import { startCliStack, type CliStack, type Result } from "./cli-harness";

jest.setTimeout(120_000);

/** Five labels on the last five bars, and 3 log lines on each of 60 bars (180 lines, two pages of 100). */
const SCRIPT = `//@version=6
indicator("marks", overlay = true, max_labels_count = 5)
label.new(time, high, "h", xloc = xloc.bar_time)
log.info("open {0}", open)
log.warning("close {0}", close)
log.error("x")
`;

/**
 * On the last bar: a 3 x 2 table at the bottom center, "Trend" and "up" in row 0, "RSI" (with a
 * tooltip) in row 1 and "merged" over its columns 1 and 2; a curved, dotted polyline 2 wide from
 * two bars before the last at 1 to the last at 2.
 */
const DESK = `//@version=6
indicator("desk", overlay = true)
var t = table.new(position.bottom_center, 3, 2, border_width = 1)
if barstate.islast
    t.cell(0, 0, "Trend")
    t.cell(1, 0, "up")
    t.cell(0, 1, "RSI", tooltip = "14 bars")
    t.cell(1, 1, "merged")
    t.merge_cells(1, 1, 2, 1)
    polyline.new(array.from(chart.point.from_index(bar_index - 2, 1), chart.point.from_index(bar_index, 2)), curved = true, line_style = line.style_dotted, line_width = 2)
`;

describe("barscript drawings and logs", () => {
  let stack: CliStack;
  let sdk: Barscript;
  let runId = "";
  const cli = (args: string[]): Promise<Result> => stack.cli(args);

  beforeAll(async () => {
    stack = await startCliStack("drawer");
    sdk = stack.sdk;
    await sdk.call("createScript", { body: { slug: "marks", files: [{ path: "main.pine", content: SCRIPT }] } });
    const run = await sdk.call("createRun", { body: { script: "marks", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 60 } });
    runId = run.id;
    await sdk.call("createScript", { body: { slug: "desk", files: [{ path: "main.pine", content: DESK }] } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when drawings are asked, then it prints the API's drawings: the five newest labels", async () => {
    const out = await cli(["drawings", runId]);
    expect(out.code).toBe(0);
    const printed = JSON.parse(out.stdout) as { labels: Array<{ text: string }> };
    expect(printed).toEqual(await sdk.call("getRunDrawings", { path: { run_id: runId } }));
    expect(printed.labels.map((l) => l.text)).toEqual(["h", "h", "h", "h", "h"]);
  });

  it("when logs are asked, then one page has 100 lines with a cursor; --all has the 180 lines in bar order", async () => {
    const page = JSON.parse((await cli(["logs", runId])).stdout) as { data: Array<{ level: string; message: string }>; next_cursor: string | null };
    expect(page.data).toHaveLength(100);
    expect(page.next_cursor).toEqual(expect.any(String));
    const all = JSON.parse((await cli(["logs", runId, "--all"])).stdout) as { data: Array<{ time: string; level: string; message: string }>; next_cursor: null };
    expect(all.data).toHaveLength(180);
    expect(all.data.slice(0, 3).map((l) => l.level)).toEqual(["info", "warning", "error"]);
    const run = await sdk.call("getRun", { path: { run_id: runId } });
    expect(all.data[177]!.time).toBe(run.window.to);
    const bad = await cli(["logs", runId, "--all", "--limit", "5"]);
    expect(bad.code).not.toBe(0);
  });

  it("when a table and a polyline are drawn, then a terminal shows the table's grid with its merge and tooltip and the polyline's style; --json is the API's answer", async () => {
    const run = await sdk.call("createRun", { body: { script: "desk", instrument: "AAPL", timeframe: "1d", bars: 60, wait: 60 } });
    const api = await sdk.call("getRunDrawings", { path: { run_id: run.id } });
    const json = await stack.tty(["--json", "drawings", run.id]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout.replace(/\r/g, ""))).toEqual(api);
    // worked by hand from DESK: one table, its four cells, the merge of table.merge_cells(t, 1, 1, 2, 1)
    const t = (api as unknown as { tables: Array<{ position: string; rows: number; columns: number; merges: unknown[]; cells: Array<{ row: number; column: number; text: string; tooltip: string | null }> }> }).tables;
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ position: "bottom_center", rows: 2, columns: 3, merges: [{ start_column: 1, start_row: 1, end_column: 2, end_row: 1 }] });
    expect(t[0]!.cells.map((c) => [c.row, c.column, c.text, c.tooltip])).toEqual([[0, 0, "Trend", null], [0, 1, "up", null], [1, 0, "RSI", "14 bars"], [1, 1, "merged", null]]);

    const human = await stack.tty(["--no-color", "drawings", run.id]);
    expect(human.code).toBe(0);
    const lines = human.stdout.replace(/\r/g, "").split("\n");
    // the polyline: from bar -2 at 1 to the last bar at 2 (AAPL's 60-bar window ends on Friday
    // 2013-03-01; two trading days before is Wednesday 2013-02-27), dotted, 2 wide, curved
    const poly = lines.find((l) => l.includes("polyline"))?.split("│").slice(1, -1).map((c) => c.trim());
    expect(poly).toEqual(["polyline", "2013-02-27T00:00:00Z @ 1", "2013-03-01T00:00:00Z @ 2", "2 points, dotted, width 2, curved"]);
    expect(lines).toContain("Table 1: bottom_center, 3 columns × 2 rows, 4 cells");
    expect(lines).toContain("merged: columns 1-2, row 1");
    expect(lines).toContain('tooltip of row 1, column 0: "14 bars"');
    // the grid: a header of column numbers, each row its number then its cells; row 1's merged
    // cell spans columns 1 and 2 (one cell fewer)
    const grid = lines.slice(lines.indexOf("Table 1: bottom_center, 3 columns × 2 rows, 4 cells")).filter((l) => l.startsWith("│")).map((l) => l.split("│").slice(1, -1).map((c) => c.trim()));
    expect(grid).toEqual([["", "0", "1", "2"], ["0", "Trend", "up", ""], ["1", "RSI", "merged"]]);
  });

  it("when the run is unknown, then it exits 4 (not_found)", async () => {
    expect((await cli(["drawings", "run_000000000000000000000000"])).code).toBe(4);
  });
});
