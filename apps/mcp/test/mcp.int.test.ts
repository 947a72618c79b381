// The MCP connector as a tool-calling client sees it: its bundle over stdio (mcp-harness.ts; the
// SDK's client and transport) talking to a real API and worker. Every answer fits a model's
// context by default; every refusal is a tool error `Error <code>: message`.
import { resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Barscript } from "@barscript/sdk";
import { startMcpStack, text, type McpStack, type ToolResult as Result } from "./mcp-harness";

const LIMIT = 20_000;
const SMA = "//@version=6\nindicator(\"SMA 3\")\nplot(ta.sma(close, 3), \"sma\")\nplot(close, \"close\")\n";

/** What the answer costs a model: its text and its structured copy. */
const size = (result: Result): number => text(result).length + (result.structuredContent ? JSON.stringify(result.structuredContent).length : 0);

describe("MCP connector", () => {
  let stack: McpStack;
  let api: McpStack["api"];
  let client: Client;
  let sdk: Barscript;
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<Result> => {
    const result = await client.callTool({ name, arguments: args });
    expect(size(result)).toBeLessThanOrEqual(LIMIT);
    return result;
  };
  const json = async <T>(name: string, args: Record<string, unknown> = {}): Promise<T> => {
    const result = await call(name, args);
    expect({ name, error: result.isError ? text(result) : null }).toEqual({ name, error: null });
    return JSON.parse(text(result)) as T;
  };

  beforeAll(async () => {
    stack = await startMcpStack("mcper");
    ({ sdk, client, api } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("when the server is initialized, then it gives instructions that send a model to the docs and name Pine v6", () => {
    const instructions = client.getInstructions() ?? "";
    expect(instructions).toMatch(/read_docs/);
    expect(instructions).toMatch(/Pine Script v6/);
  });

  it("when started as `npm run -s mcp` from the repository, then stdout carries only the protocol", async () => {
    const viaNpm = new Client({ name: "npm", version: "1.0.0" });
    await viaNpm.connect(new StdioClientTransport({
      command: "npm", args: ["run", "-s", "--prefix", resolve(__dirname, "../../.."), "mcp"], cwd: "/",
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "/tmp", BARSCRIPT_URL: `${api.url}/v1`, BARSCRIPT_API_KEY: "bsk_unused" },
      stderr: "pipe",
    }));
    expect((await viaNpm.listTools()).tools.length).toBeGreaterThan(10);
    await viaNpm.close();
  });

  it("when the tools are listed, then each has a description, hints, and every parameter a description and an example", async () => {
    const { tools } = await client.listTools();
    // These tools at least (other areas add theirs, e.g. sweep, drawings, logs); the checks below hold for every tool.
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining([
      "cancel_run", "collect_events", "find_instruments", "get_library_script", "get_results", "get_run", "get_script", "get_usage",
      "list_events", "list_runs", "list_scripts", "read_docs", "save_script", "search_library", "start_run", "validate_script",
    ]));
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(typeof tool.annotations?.readOnlyHint).toBe("boolean");
      for (const [name, schema] of Object.entries((tool.inputSchema.properties ?? {}) as Record<string, { description?: string; examples?: unknown[] }>)) {
        expect({ tool: tool.name, name, described: Boolean(schema.description), examples: (schema.examples ?? []).length }).toEqual({ tool: tool.name, name, described: true, examples: 1 });
      }
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get("cancel_run")?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get("get_results")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("get_run")?.outputSchema?.type).toBe("object");
  });

  it("when a model writes, saves, runs a script and reads its results, then each step answers within the size limit and the summary agrees with the API's points", async () => {
    const instruments = await json<{ data: Array<{ symbol: string }> }>("find_instruments", { q: "AAPL" });
    expect(instruments.data.map((i) => i.symbol)).toContain("AAPL");
    const files = [{ path: "main.pine", content: SMA }];
    expect((await json<{ valid: boolean }>("validate_script", { files })).valid).toBe(true);
    expect(await json("save_script", { slug: "sma-three", files })).toMatchObject({ slug: "sma-three", outputs: ["sma", "close"] });
    const run = await call("start_run", { script: "sma-three", instrument: "AAPL", timeframe: "1d", bars: 50000, wait: 60 });
    expect(run.structuredContent).toMatchObject({ status: "succeeded" });
    const runId = (run.structuredContent as { id: string }).id;
    const points = await sdk.all("getRunResults", { path: { run_id: runId } }) as Array<{ t: number; sma: number | null; close: number }>;
    expect(points.length).toBeGreaterThan(3000);

    const summary = await json<{ count: number; first: unknown; last: unknown; outputs: Record<string, { values: number; min: number; max: number; mean: number }> }>("get_results", { run_id: runId });
    expect(summary.count).toBe(points.length);
    expect(summary.first).toEqual(points[0]);
    expect(summary.last).toEqual(points[points.length - 1]);
    const closes = points.map((p) => p.close);
    expect(summary.outputs["close"]?.min).toBe(Math.min(...closes));
    expect(summary.outputs["close"]?.max).toBe(Math.max(...closes));
    expect(summary.outputs["close"]?.mean).toBeCloseTo(closes.reduce((a, b) => a + b, 0) / closes.length, 9);
    expect(summary.outputs["sma"]?.values).toBe(points.length - 2);

    const page = await json<{ outputs: unknown[]; next_cursor: string }>("get_results", { run_id: runId, mode: "page", limit: 50 });
    expect(page.outputs).toEqual(points.slice(0, 50));
    const next = await json<{ outputs: unknown[] }>("get_results", { run_id: runId, mode: "page", limit: 50, cursor: page.next_cursor });
    expect(next.outputs).toEqual(points.slice(50, 100));
    const big = await json<{ outputs: unknown[]; truncated?: string }>("get_results", { run_id: runId, mode: "page", limit: 500 });
    expect(big.outputs).toEqual(points.slice(0, big.outputs.length));

    expect((await call("get_run", { run_id: runId })).structuredContent).toMatchObject({ id: runId, status: "succeeded" });
    expect((await json<{ data: Array<{ id: string }> }>("list_runs")).data.map((r) => r.id)).toContain(runId);
    expect((await call("cancel_run", { run_id: runId })).structuredContent).toMatchObject({ status: "succeeded" });
    expect((await json<{ data: Array<{ slug: string }> }>("list_scripts")).data.map((s) => s.slug)).toEqual(["sma-three"]);
    expect((await json<{ source: { text: string } }>("get_script", { slug: "sma-three" })).source.text).toContain("ta.sma(close, 3)");
  });

  it("when the docs, library and usage are read with no arguments, then every answer fits and long topics come in parts", async () => {
    const topics = await json<{ data: Array<{ topic: string }> }>("read_docs");
    for (const { topic } of topics.data) {
      const part = await json<{ text: string; total_chars: number; next_offset: number | null }>("read_docs", { topic });
      expect(part.text.length).toBeGreaterThan(0);
      if (part.next_offset !== null) {
        const rest = await json<{ text: string; offset: number }>("read_docs", { topic, offset: part.next_offset });
        expect(rest.offset).toBe(part.next_offset);
      }
    }
    await json("search_library");
    await json("get_usage");
    expect(text(await call("list_events", { slug: "sma-three" }))).toMatch(/^Error \w+: |^\{/);
  });

  it("when arguments are wrong, then the refusal is `Error invalid_request:` naming the parameter, never a raw MCP error", async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ["get_run", {}, /^Error invalid_request: Parameter `run_id`: /],
      ["start_run", { script: "x", instrument: "AAPL", timeframe: "7d" }, /^Error invalid_request: Parameter `timeframe`: /],
      ["get_results", { run_id: "run_x", limit: "many" }, /^Error invalid_request: Parameter `limit`: /],
      ["find_instruments", { query: "AAPL" }, /^Error invalid_request: .*`query`/],
      ["validate_script", { files: [] }, /^Error invalid_request: Parameter `files`: /],
    ];
    for (const [name, args, expected] of cases) {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(expected);
      expect(text(result)).not.toMatch(/MCP error|-32602/);
    }
  });

  it("when a tool is unknown or the API refuses, then the text starts `Error <code>:`", async () => {
    const unknown = await call("delete_everything", {});
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/^Error not_found: No tool named `delete_everything`/);
    const missing = await call("get_run", { run_id: "run_000000000000000000000000" });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/^Error not_found: /);
    const invalid = await call("save_script", { slug: "broken", files: [{ path: "main.pine", content: "//@version=6\nindicator(\"x\")\nplot(nope)\n" }] });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/^Error script_invalid: [\s\S]*main\.pine:3:6: undeclared_identifier/);
  });
});
