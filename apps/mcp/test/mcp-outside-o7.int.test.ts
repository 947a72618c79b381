// The connector used from outside, seventh pass (its bundle over stdio, mcp-harness.ts, against a
// real API and worker): every tool that names one script, run or sweep given an empty name. The
// README: "a refusal is a tool error `Error <code>: message`"; the model's own mistake is
// invalid_request naming the parameter (server.ts), never `internal`.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startMcpStack, text, type McpStack } from "./mcp-harness";

jest.setTimeout(180_000);

/** Each tool with arguments whose one fault is an empty name, and the parameter named. */
const EMPTY: Array<[string, Record<string, unknown>, string]> = [
  ["get_script", { slug: "" }, "slug"],
  ["save_script", { slug: "", files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(close)\n" }] }, "slug"],
  ["list_events", { slug: "" }, "slug"],
  ["collect_events", { slug: "", instrument: "AAPL", timeframe: "1d" }, "slug"],
  ["get_library_script", { owner: "", slug: "rsi" }, "owner"],
  ["start_run", { script: "", instrument: "AAPL", timeframe: "1d" }, "script"],
  ["get_run", { run_id: "" }, "run_id"],
  ["get_results", { run_id: "" }, "run_id"],
  ["cancel_run", { run_id: "" }, "run_id"],
  ["get_drawings", { run_id: "" }, "run_id"],
  ["get_logs", { run_id: "" }, "run_id"],
  ["cancel_sweep", { sweep_id: "" }, "sweep_id"],
];

describe("MCP tools given an empty name", () => {
  let stack: McpStack;
  let client: Client;

  beforeAll(async () => {
    stack = await startMcpStack("mcpo7");
    ({ client } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each(EMPTY)("when %s is given an empty name, then it is a tool error invalid_request naming the parameter (was Error internal from the SDK)", async (name, args, field) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(text(result)).toBe(`Error invalid_request: Parameter \`${field}\`: must not be empty.`);
  });

  it("when a name is empty, then the tool's schema says so: the required names have a minLength of 1", async () => {
    const tools = (await client.listTools()).tools;
    const minLength = (tool: string, field: string): unknown => (tools.find((t) => t.name === tool)?.inputSchema.properties?.[field] as { minLength?: number } | undefined)?.minLength;
    for (const [name, , field] of EMPTY) expect([name, minLength(name, field)]).toEqual([name, 1]);
  });

  it("when the server has refused every empty name, then it still answers (it did not crash)", async () => {
    const usage = await client.callTool({ name: "get_usage", arguments: {} });
    expect(usage.isError).toBeFalsy();
    expect(JSON.parse(text(usage))).toMatchObject({ plan: expect.any(String) });
  });
});
