// The MCP connector over stdio: `BARSCRIPT_API_KEY=... npx tsx apps/mcp/src/main.ts`.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { BarscriptClient } from "@barscript/client";
import { loadMcpConfig } from "./config";
import { registerTools } from "./tools";

async function main(): Promise<void> {
  const config = loadMcpConfig();
  const server = new McpServer({ name: "barscript", version: "0.1.0" });
  registerTools(server, new BarscriptClient({ baseUrl: config.baseUrl, apiKey: config.apiKey, userAgent: "barscript-mcp" }));
  await server.connect(new StdioServerTransport());
}

main().catch((error: unknown) => {
  // stdout is the protocol channel: errors go to stderr only.
  process.stderr.write(`barscript-mcp: ${(error as Error).message}\n`);
  process.exit(1);
});
