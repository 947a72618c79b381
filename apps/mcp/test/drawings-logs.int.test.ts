// The MCP tools get_drawings and get_logs over stdio against a real API and worker: answers stay
// bounded (the newest 20 of each kind with the counts, fills between the lines shown; log pages of
// at most 100 lines); tables with their merges and cells' tooltips (docs/adr/0235).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Barscript } from "@barscript/sdk";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

jest.setTimeout(120_000);

/**
 * A label on each of 100 bars (cap 100), 2 log lines a bar (200 lines); on the last bar 22 lines
 * (places 0 to 21) with a fill between the first two and one between the last two, and a 2 x 1
 * table whose two cells are merged, its first with a tooltip.
 */
const SCRIPT = `//@version=6
indicator("marks", overlay = true, max_labels_count = 100)
var t = table.new(position.top_right, 2, 1)
label.new(time, high, str.tostring(high), xloc = xloc.bar_time)
log.info("high {0}", high)
log.warning("low {0}", low)
if barstate.islast
    first = line.new(time, low, time + 86400000, high, xloc = xloc.bar_time)
    second = line.new(time, 1, time + 86400000, 1, xloc = xloc.bar_time)
    linefill.new(first, second, color.red)
    for i = 2 to 19
        line.new(time, i, time + 86400000, i, xloc = xloc.bar_time)
    twentieth = line.new(time, 20, time + 86400000, 20, xloc = xloc.bar_time)
    last = line.new(time, 21, time + 86400000, 21, xloc = xloc.bar_time)
    linefill.new(twentieth, last, #0000FF)
    t.cell(0, 0, "both", tooltip = "one cell over two")
    t.merge_cells(0, 0, 1, 0)
`;

describe("MCP drawings and logs", () => {
  let stack: McpStack;
  let client: Client;
  let sdk: Barscript;
  let runId = "";
  const json = async <T>(name: string, args: Record<string, unknown>): Promise<T> => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError ? text(result) : null).toBeNull();
    return JSON.parse(text(result)) as T;
  };

  beforeAll(async () => {
    stack = await startMcpStack("mcpdraw", async (sdk) => {
      await sdk.call("createScript", { body: { slug: "marks", files: [{ path: "main.pine", content: SCRIPT }] } });
      runId = (await sdk.call("createRun", { body: { script: "marks", instrument: "AAPL", timeframe: "1d", bars: 100, wait: 60 } })).id;
    });
    ({ sdk, client } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when get_drawings is called, then it gives the counts and the newest 20 labels and lines, equal to the API's last 20, the fills between lines shown, and the table whole", async () => {
    const all = (await sdk.call("getRunDrawings", { path: { run_id: runId } })) as { labels: unknown[]; lines: unknown[]; linefills: unknown[]; tables: unknown[] };
    expect(all.labels).toHaveLength(100);
    const d = await json<{ counts: Record<string, number>; labels: unknown[]; lines: unknown[]; linefills: Array<{ line1: number; line2: number; color: string }>; tables: unknown[]; truncated: string }>("get_drawings", { run_id: runId });
    expect(d.counts).toEqual({ labels: 100, lines: 22, boxes: 0, polylines: 0, linefills: 2, tables: 1 });
    expect(d.labels).toEqual(all.labels.slice(-20));
    expect(d.lines).toEqual(all.lines.slice(-20));
    // lines 0 and 1 are not shown, nor their fill; the blue one between lines 20 and 21 is between
    // the shown lines 18 and 19
    expect(d.linefills).toEqual([{ line1: 18, line2: 19, color: "#0000FFFF" }]);
    expect(d.tables).toEqual(all.tables);
    expect(d.tables).toMatchObject([{ position: "top_right", rows: 1, columns: 2, merges: [{ start_column: 0, start_row: 0, end_column: 1, end_row: 0 }], cells: [{ row: 0, column: 0, text: "both", tooltip: "one cell over two" }] }]);
    expect(d.truncated).toMatch(/newest 20/);
  });

  it("when get_logs is paged, then the pages join to the run's 200 lines", async () => {
    const first = await json<{ data: Array<{ level: string }>; next_cursor: string }>("get_logs", { run_id: runId });
    expect(first.data).toHaveLength(50);
    const second = await json<{ data: unknown[]; next_cursor: string }>("get_logs", { run_id: runId, limit: 100, cursor: first.next_cursor });
    expect(second.data).toHaveLength(100);
    const rest = await json<{ data: unknown[]; next_cursor: string | null }>("get_logs", { run_id: runId, limit: 100, cursor: second.next_cursor });
    expect(rest.data).toHaveLength(50);
    expect(rest.next_cursor).toBeNull();
    const bad = await client.callTool({ name: "get_logs", arguments: { run_id: runId, limit: 5000 } });
    expect(bad.isError).toBe(true);
  });
});
