// The MCP sweep tool as a tool-calling client sees it (its bundle over stdio, mcp-harness.ts, against
// a real API and worker): a definition swept over a grid answers its top rows, equal to the API's
// ranked rows, within the size limit; reading it again by sweep_id with another sort; a missing
// argument is a tool error. list_sweeps lists the account's sweeps (by status) and cancel_sweep
// stops a queued one (docs/reference/api.md #33, #36), as the CLI's sweeps and sweep-cancel do.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Barscript } from "@barscript/sdk";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

const LIMIT = 20_000;
const DEF = `//@version=6
definition("RSI below")
level = input.int(30, "Level", minval = 5, maxval = 95)
alertcondition(ta.rsi(close, 14) < level, "oversold", "x")
`;

jest.setTimeout(180_000);


describe("MCP sweep tool", () => {
  let stack: McpStack;
  let client: Client;
  let sdk: Barscript;

  beforeAll(async () => {
    stack = await startMcpStack("mcpsweeper", async (sdk) => {
      await sdk.call("createScript", { body: { slug: "rsi-below", files: [{ path: "main.pine", content: DEF }] } });
    });
    ({ sdk, client } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when a model sweeps a definition, then it gets the top rows as the API ranks them, within the size limit", async () => {
    const result = await client.callTool({ name: "sweep", arguments: { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", bars: 1500, grid: { level: [20, 25, 30, 35, 40, 45] }, horizons: [1, 5], top: 3, wait: 120 } });
    expect(result.isError ?? false).toBe(false);
    expect(text(result).length).toBeLessThanOrEqual(LIMIT);
    const answer = JSON.parse(text(result)) as { sweep: { id: string; status: string }; rows: Array<{ rank: number; inputs: { level: number }; horizons: Array<{ h: number; t_stat: number; p_adjusted: number }> }> };
    expect(answer.sweep.status).toBe("succeeded");
    expect(answer.rows).toHaveLength(3);
    const api = await sdk.call("getSweepResults", { path: { sweep_id: answer.sweep.id }, query: { limit: "3" } });
    expect(answer.rows.map((r) => r.inputs)).toEqual(api.data.map((r) => r.inputs));
    expect(answer.rows.map((r) => r.horizons[0]!.t_stat)).toEqual(api.data.map((r) => r.horizons[0]!.t_stat));

    const again = JSON.parse(text(await client.callTool({ name: "sweep", arguments: { sweep_id: answer.sweep.id, sort: "h5:p_adjusted", top: 6 } }))) as typeof answer;
    const ps = again.rows.map((r) => r.horizons.find((h) => h.h === 5)!.p_adjusted as number | null);
    // ascending, combinations without a p value (too few events) last
    const known = ps.filter((p): p is number => p !== null);
    expect(known).toEqual([...known].sort((a, b) => a - b));
    expect(ps.slice(known.length).every((p) => p === null)).toBe(true);
  });

  it("when the arguments are not enough to start one, then the answer is a tool error", async () => {
    const result = await client.callTool({ name: "sweep", arguments: { definition: "rsi-below" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^Error /);
  });

  it("when a model lists sweeps and cancels a queued one, then list_sweeps and cancel_sweep answer as the API does", async () => {
    // wait 0 answers at once, the sweep still queued or running; a sweep of 50 combinations on AAPL takes longer than the cancel
    const started = JSON.parse(text(await client.callTool({ name: "sweep", arguments: { definition: "rsi-below", instruments: ["AAPL"], timeframe: "1d", grid: { level: [...Array(50).keys()].map((i) => 10 + i) }, horizons: [1], wait: 0 } }))) as { sweep: { id: string } };
    const cancelled = await client.callTool({ name: "cancel_sweep", arguments: { sweep_id: started.sweep.id } });
    expect(cancelled.isError ?? false).toBe(false);
    const api = await sdk.call("getSweep", { path: { sweep_id: started.sweep.id } });
    expect((JSON.parse(text(cancelled)) as { id: string; status: string })).toMatchObject({ id: api.id, status: api.status });
    expect(["cancelled", "succeeded"]).toContain(api.status);

    const listed = JSON.parse(text(await client.callTool({ name: "list_sweeps", arguments: { limit: 50 } }))) as { data: Array<{ id: string; status: string }>; next_cursor: string | null };
    const all = await sdk.call("listSweeps", { query: { limit: 50 } });
    expect(listed.data.map((s) => [s.id, s.status])).toEqual(all.data.map((s) => [s.id, s.status]));
    const succeeded = JSON.parse(text(await client.callTool({ name: "list_sweeps", arguments: { status: "succeeded" } }))) as typeof listed;
    expect(succeeded.data.every((s) => s.status === "succeeded")).toBe(true);
    expect(succeeded.data.length).toBeGreaterThan(0);
  });
});
