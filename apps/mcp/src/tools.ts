// The MCP tools: each a thin call over the same client as the CLI. A refusal comes back as a
// tool result whose text starts `Error <code>:` (docs/reference/errors.md).
import { z } from "zod";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ClientError, type BarscriptClient } from "@barscript/client";
import { TIMEFRAMES } from "@barscript/contracts";

export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: "text"; text: string }>;
  isError?: boolean;
}

export async function asToolResult(call: () => Promise<unknown>): Promise<ToolResult> {
  try {
    const value = await call();
    return { content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value, null, 2) }] };
  } catch (error) {
    if (error instanceof ClientError) {
      const diagnostics = error.diagnostics?.length ? `\n${JSON.stringify(error.diagnostics, null, 2)}` : "";
      return { content: [{ type: "text", text: `Error ${error.code}: ${error.message}${diagnostics}` }], isError: true };
    }
    return { content: [{ type: "text", text: `Error internal: ${(error as Error).message}` }], isError: true };
  }
}

const file = z.object({ path: z.string().describe("relative path ending in .pine; the entry is main.pine"), content: z.string() });

export function registerTools(server: McpServer, client: BarscriptClient): void {
  server.registerTool("validate_script", {
    description: "Lint, link and derive a Barscript (Pine v6 dialect) script; returns diagnostics and its interface.",
    inputSchema: { files: z.array(file).min(1) },
  }, ({ files }) => asToolResult(async () => (await client.request("POST", "/scripts/validate", { body: { files } })).body));

  server.registerTool("save_script", {
    description: "Create a script (no base_version) or save a new version of it (base_version = its latest version).",
    inputSchema: { slug: z.string(), files: z.array(file).min(1), base_version: z.number().int().optional(), message: z.string().optional() },
  }, ({ slug, files, base_version, message }) => asToolResult(async () => base_version === undefined
    ? (await client.request("POST", "/scripts", { body: { slug, files, message } })).body
    : (await client.request("PUT", `/scripts/${encodeURIComponent(slug)}`, { body: { files, base_version, message } })).body));

  server.registerTool("start_run", {
    description: "Run a script over an instrument and timeframe; waits up to `wait` seconds (max 60) for the result.",
    inputSchema: {
      script: z.string(), instrument: z.string(), timeframe: z.enum(TIMEFRAMES),
      from: z.string().optional(), to: z.string().optional(), bars: z.number().int().optional(),
      inputs: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])).optional(), wait: z.number().int().optional(),
    },
  }, (args) => asToolResult(async () => (await client.request("POST", "/runs", { body: args, retry: "start-run" })).body));

  server.registerTool("get_run", {
    description: "A run's status, failure and summary.",
    inputSchema: { run_id: z.string(), wait: z.number().int().optional() },
  }, ({ run_id, wait }) => asToolResult(async () => (await client.request("GET", `/runs/${encodeURIComponent(run_id)}`, { query: { wait } })).body));

  server.registerTool("get_results", {
    description: "A finished run's results: indicator outputs, events, or a study result.",
    inputSchema: { run_id: z.string(), limit: z.number().int().optional(), cursor: z.string().optional() },
  }, ({ run_id, limit, cursor }) => asToolResult(async () => (await client.request("GET", `/runs/${encodeURIComponent(run_id)}/results`, { query: { limit, cursor } })).body));

  server.registerTool("search_library", {
    description: "Full-text search of public scripts (the built-in `core` library included).",
    inputSchema: { q: z.string().optional(), kind: z.enum(["indicator", "definition", "study", "library"]).optional() },
  }, ({ q, kind }) => asToolResult(async () => (await client.request("GET", "/library", { query: { q, kind } })).body));

  server.registerTool("find_instruments", {
    description: "Search instruments by symbol or name; shows coverage per timeframe.",
    inputSchema: { q: z.string().optional() },
  }, ({ q }) => asToolResult(async () => (await client.request("GET", "/instruments", { query: { q } })).body));

  server.registerTool("read_docs", {
    description: "The language documentation: without a topic, the list of topics; with one, its markdown.",
    inputSchema: { topic: z.string().optional() },
  }, ({ topic }) => asToolResult(async () => topic
    ? (await client.request<string>("GET", `/docs/${encodeURIComponent(topic)}`, { text: true })).body
    : (await client.request("GET", "/docs")).body));
}
