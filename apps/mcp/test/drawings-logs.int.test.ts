// The MCP tools get_drawings and get_logs over stdio against a real API and worker: answers stay
// bounded (the newest 20 of each kind with the counts; log pages of at most 100 lines).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Barscript } from "@barscript/sdk";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

jest.setTimeout(120_000);

/** A label on each of 100 bars (cap 100), a line on the last, and 2 log lines a bar (200 lines). */
const SCRIPT = `//@version=6
indicator("marks", overlay = true, max_labels_count = 100)
label.new(time, high, str.tostring(high), xloc = xloc.bar_time)
log.info("high {0}", high)
log.warning("low {0}", low)
if barstate.islast
    line.new(time, low, time + 86400000, high, xloc = xloc.bar_time)
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

  it("when get_drawings is called, then it gives the counts and the newest 20 labels, equal to the API's last 20", async () => {
    const all = (await sdk.call("getRunDrawings", { path: { run_id: runId } })) as { labels: unknown[]; lines: unknown[] };
    expect(all.labels).toHaveLength(100);
    const d = await json<{ counts: Record<string, number>; labels: unknown[]; lines: unknown[]; truncated: string }>("get_drawings", { run_id: runId });
    expect(d.counts).toEqual({ labels: 100, lines: 1, boxes: 0, polylines: 0, tables: 0 });
    expect(d.labels).toEqual(all.labels.slice(-20));
    expect(d.lines).toEqual(all.lines);
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
